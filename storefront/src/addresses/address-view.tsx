import { regionLine, streetLine, type SavedAddress } from './address';
import styles from './addresses.module.css';

/** An address as the buyer reads it: name, the street and region lines, the mobile number. */
export function AddressView({ address }: { address: SavedAddress }) {
  return (
    <address className={styles.view}>
      <span className={styles.viewName}>
        <strong>{address.name}</strong>
        {Number(address.is_default) === 1 && <span className={styles.badge}>Default</span>}
      </span>
      <span>{streetLine(address)}</span>
      <span>{regionLine(address)}</span>
      <span className={styles.viewMobile}>Mobile: +91 {address.mobile}</span>
    </address>
  );
}
