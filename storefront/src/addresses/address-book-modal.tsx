import { ADDRESS_MESSAGES } from '@mandi/domain';
import { useId, useState } from 'react';
import { ApiError } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { useConfirm } from '../ui/confirm-dialog';
import { PlusIcon } from '../ui/icons';
import { Modal } from '../ui/modal';
import { useSingleFlight } from '../ui/use-single-flight';
import { addressMessageText, regionLine, sameAddress, streetLine, type SavedAddress } from './address';
import { deleteAddress, setDefaultAddress, useRefreshAddresses } from './address-queries';
import styles from './addresses.module.css';

/**
 * The 'Change Delivery Address' modal of docs/addresses.md: the saved addresses with a radio, a Delete action per address
 * (after a confirmation) and a 'Change Address' button that makes the chosen one the delivery address. Choosing
 * another address also makes it the default (the setDefaultAddress route), so the next checkout starts there.
 */
export function AddressBookModal({
  addresses,
  selected,
  userId,
  onChoose,
  onAddNew,
  onClose,
}: {
  addresses: readonly SavedAddress[];
  selected: SavedAddress | null;
  userId: string;
  onChoose(address: SavedAddress): void;
  onAddNew(): void;
  onClose(): void;
}) {
  const translator = useT();
  const { t } = translator;
  const confirm = useConfirm();
  const { busy, run } = useSingleFlight();
  const [chosenId, setChosenId] = useState<string | null>(selected ? String(selected.id) : null);
  /** Why a deletion failed, in English as the server or the domain gave it; shown in the visitor's language. */
  const [message, setMessage] = useState<string | null>(null);
  const name = useId();
  const chosen = addresses.find((address) => String(address.id) === chosenId) ?? null;

  const refresh = useRefreshAddresses(userId);

  const onDelete = (address: SavedAddress) =>
    void run(async () => {
      setMessage(null);
      const sure = await confirm({
        title: t('addresses.book.confirmDelete.title'),
        message: t('addresses.book.confirmDelete.text'),
        confirm: true,
        okLabel: t('addresses.book.delete'),
      });
      if (!sure) return;
      try {
        await deleteAddress(address.id);
      } catch (error) {
        setMessage(
          error instanceof ApiError && error.statusCode < 500 && error.serverMessage
            ? error.serverMessage
            : ADDRESS_MESSAGES.deleteFailed,
        );
        return;
      }
      if (String(address.id) === chosenId) setChosenId(null);
      await refresh();
    });

  const onChange = () =>
    void run(async () => {
      if (!chosen) return;
      if (Number(chosen.is_default) !== 1) {
        try {
          await setDefaultAddress(chosen.id);
          await refresh();
        } catch {
          // The order names its address by id, so this checkout still goes to the chosen one; only the
          // default for next time stays as it was.
        }
      }
      onChoose(chosen);
    });

  return (
    <Modal
      title={t('addresses.book.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onAddNew} disabled={busy}>
            <PlusIcon size={18} /> {t('addresses.addNew')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onChange} disabled={busy || !chosen}>
            {t('addresses.book.change')}
          </button>
        </>
      }
    >
      {message && (
        <p className={styles.formError} role="alert">
          {addressMessageText(translator, message)}
        </p>
      )}
      {addresses.length === 0 ? (
        <p className={styles.none}>{t('addresses.book.none')}</p>
      ) : (
        <ul className={styles.book} aria-label={t('addresses.book.label')}>
          {addresses.map((address) => {
            const id = String(address.id);
            const inputId = `${name}-${id}`;
            return (
              <li key={id} className={`${styles.entry} ${chosenId === id ? styles.entryChosen : ''}`}>
                <input
                  id={inputId}
                  type="radio"
                  name={name}
                  value={id}
                  checked={chosenId === id}
                  onChange={() => setChosenId(id)}
                  aria-labelledby={`${inputId}-name ${inputId}-street`}
                  aria-describedby={`${inputId}-region ${inputId}-mobile`}
                  data-autofocus={chosenId === id || (!chosenId && address === addresses[0]) ? true : undefined}
                />
                <label htmlFor={inputId} className={styles.entryText}>
                  <span className={styles.viewName}>
                    <strong id={`${inputId}-name`}>{address.name}</strong>
                    {Number(address.is_default) === 1 && <span className={styles.badge}>{t('addresses.default')}</span>}
                    {sameAddress(address, selected) && (
                      <span className={styles.badgeCurrent}>{t('addresses.book.deliveringHere')}</span>
                    )}
                  </span>
                  <span className={styles.entryLines}>
                    <span id={`${inputId}-street`}>{streetLine(address, t)}</span>
                    <span id={`${inputId}-region`}>{regionLine(address)}</span>
                    <span id={`${inputId}-mobile`}>{t('addresses.mobile', { mobile: address.mobile })}</span>
                  </span>
                </label>
                <button
                  type="button"
                  className={styles.delete}
                  aria-label={t('addresses.book.deleteLabel', { name: address.name })}
                  onClick={() => onDelete(address)}
                >
                  {t('addresses.book.delete')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
