import { useT } from '../i18n/i18n';
import { regionLine, streetLine, type SavedAddress } from './address';
import styles from './addresses.module.css';

/** An address as the buyer reads it: name, the street and region lines, the mobile number. */
export function AddressView({ address }: { address: SavedAddress }) {
  const { t } = useT();
  return (
    <address className={styles.view}>
      <span className={styles.viewName}>
        <strong>{address.name}</strong>
        {Number(address.is_default) === 1 && <span className={styles.badge}>{t('addresses.default')}</span>}
      </span>
      <span>{streetLine(address, t)}</span>
      <span>{regionLine(address)}</span>
      <span className={styles.viewMobile}>{t('addresses.mobile', { mobile: address.mobile })}</span>
    </address>
  );
}
