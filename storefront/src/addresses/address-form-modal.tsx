import { addressFieldsSchema } from '@mandi/contracts';
import { ADDRESS_MESSAGES, addressFieldsOf, checkAddressLimit, isValidPincode } from '@mandi/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { usePopup } from '../ui/confirm-dialog';
import { Modal } from '../ui/modal';
import { useSingleFlight } from '../ui/use-single-flight';
import { addressMessageText, type SavedAddress } from './address';
import {
  ADDRESS_FORM_ORDER,
  AddressFields,
  EMPTY_ADDRESS,
  addressErrorsOf,
  isAddressField,
  useAddressFields,
  type AddressErrors,
} from './address-fields';
import { createAddress, updateAddress, useRefreshAddresses } from './address-queries';
import styles from './addresses.module.css';

/** Add a new address, or edit a saved one. */
export type AddressFormMode = { kind: 'add' } | { kind: 'edit'; address: SavedAddress };

/** True when the server's answer is the 10-address limit, however it split the spec's 'title: text'. */
function isAddressLimit(error: ApiError): boolean {
  const { title, text } = ADDRESS_MESSAGES.maxAddressesReached;
  const fields = (error.body as { fields?: Record<string, string> } | null)?.fields ?? {};
  return [error.serverMessage ?? '', ...Object.values(fields)].some(
    (message) => message.includes(text) || message.startsWith(title),
  );
}

/**
 * The address form of docs/addresses.md in a modal: the fields with the contract's rules (messages under each
 * field), a PIN code lookup that fills State, District and Taluk and suggests the area (on 'Get Address' and as soon
 * as 6 digits are typed), no submission until the lookup succeeded for the PIN code in the field, and the server's
 * answer shown in the form: field messages under their fields, the 10-address limit as its popup, anything else as a
 * short message (docs/decisions.md: the earlier client only logged it).
 */
export function AddressFormModal({
  mode,
  userId,
  addressCount,
  onClose,
  onSaved,
}: {
  mode: AddressFormMode;
  userId: string;
  /** How many active addresses the user has (for the 10-address limit). */
  addressCount: number;
  onClose(): void;
  /** Called with the saved address (its id at least) after a successful save. */
  onSaved(address: Pick<SavedAddress, 'id'> & Partial<SavedAddress>): void;
}) {
  const translator = useT();
  const { t } = translator;
  const popup = usePopup();
  const refreshAddresses = useRefreshAddresses(userId);
  const { busy, run } = useSingleFlight();
  // A saved address's fields to edit, or empty fields (the first address of a user is the default).
  const address = useAddressFields(mode.kind === 'edit' ? addressFieldsOf(mode.address) : EMPTY_ADDRESS);
  const [isDefault, setIsDefault] = useState(() =>
    mode.kind === 'edit' ? Number(mode.address.is_default) === 1 : addressCount === 0,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const getAddressRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const idOf = (key: string) => `${formId}-${key}`;
  const title = mode.kind === 'add' ? t('addresses.addNew') : t('addresses.form.editTitle');

  const limitPopup = { title: t('addresses.limit.title'), text: t('addresses.limit.text') };
  const { values, setErrors, verified, runLookup } = address;

  // A saved address was looked up when it was made: check its PIN code again quietly, so it can be saved unchanged
  // and its area suggestions are there, without overwriting what the buyer chose.
  const editedPincode = mode.kind === 'edit' ? mode.address.pincode : null;
  useEffect(() => {
    if (editedPincode && isValidPincode(editedPincode)) void runLookup(editedPincode, false, true);
    // Once, for the address the modal opened with.
  }, []);

  const focusField = (key: string) => document.getElementById(idOf(key))?.focus();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setFormError(null);
      const parsed = addressFieldsSchema.safeParse({ ...values, is_default: isDefault ? 1 : 0 });
      const found: AddressErrors = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? '');
          if (isAddressField(key)) found[key] ??= issue.message;
        }
      }
      setErrors(found);
      if (!found.pincode && !verified) {
        await popup({
          title: t('addresses.form.pincodeNotVerified.title'),
          text: t('addresses.form.pincodeNotVerified.text'),
        });
        getAddressRef.current?.focus();
        return;
      }
      const firstWrong = ADDRESS_FORM_ORDER.find((key) => found[key]);
      if (firstWrong || !parsed.success) {
        if (firstWrong) focusField(firstWrong);
        return;
      }
      if (mode.kind === 'add' && checkAddressLimit(addressCount)) {
        await popup(limitPopup);
        return;
      }

      let saved: Pick<SavedAddress, 'id'> & Partial<SavedAddress>;
      try {
        if (mode.kind === 'add') {
          saved = await createAddress(userId, parsed.data);
        } else {
          const answer = await updateAddress(mode.address.id, parsed.data);
          saved = answer && typeof answer === 'object' && 'id' in answer ? answer : { ...mode.address, ...parsed.data };
        }
      } catch (error) {
        if (error instanceof ApiError && isAddressLimit(error)) {
          await popup(limitPopup);
          return;
        }
        if (error instanceof ApiError && error.statusCode < 500) {
          const fromServer = addressErrorsOf((error.body as { fields?: Record<string, unknown> } | null)?.fields);
          setErrors(fromServer);
          const wrong = ADDRESS_FORM_ORDER.find((key) => fromServer[key]);
          if (wrong) focusField(wrong);
          else setFormError(error.serverMessage ?? ADDRESS_MESSAGES.saveFailed);
          return;
        }
        // A network failure or a fault of ours: say so (docs/decisions.md), the form keeps what was typed.
        setFormError(ADDRESS_MESSAGES.saveFailed);
        return;
      }
      await refreshAddresses();
      onSaved(saved);
    });
  };

  const problemText = (message: string) => addressMessageText(translator, message);

  return (
    <Modal
      title={title}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t('addresses.form.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {busy ? t('addresses.form.saving') : t('addresses.form.save')}
          </button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {formError && (
          <p className={styles.formError} role="alert">
            {problemText(formError)}
          </p>
        )}
        <AddressFields
          fields={address}
          idOf={idOf}
          problemText={problemText}
          getAddressRef={getAddressRef}
          onEdit={() => setFormError(null)}
        />

        <label className={styles.checkbox}>
          <input
            type="checkbox"
            name="is_default"
            checked={isDefault}
            onChange={(event) => setIsDefault(event.target.checked)}
          />
          {t('addresses.form.default')}
        </label>
      </form>
    </Modal>
  );
}
