import type { ProductShopState } from '@mandi/contracts';
import { useT } from '../i18n/i18n';
import styles from './shop-state-note.module.css';

/**
 * On the seller's own profile, under a product the shop does not show: 'Unlisted by Mandi' with the admin's reason,
 * or that it is hidden while the account is suspended (issue 17). The API sends shop_state to the seller and admins
 * only, so other visitors never see this (nor the product).
 */
export function ShopStateNote({ state }: { state: ProductShopState | undefined }) {
  const { t } = useT();
  if (!state) return null;
  return (
    <p className={styles.note} role="note">
      <strong>
        {state.status === 'unlisted' ? t('profiles.shopState.unlisted') : t('profiles.shopState.suspended')}
      </strong>
      {state.unlisted_reason && <span className={styles.reason}>{state.unlisted_reason}</span>}
    </p>
  );
}
