import { useOnline } from '../api/offline';
import { useT } from '../i18n/i18n';
import styles from './offline-banner.module.css';

/**
 * The bar at the foot of the screen while the device is offline: what the buyer sees comes from the pages already
 * seen (the service worker, docs/offline.md). The status region is always in the page, empty while online, so screen
 * readers announce the text when it appears; a spacer as tall as the bar keeps the end of the page reachable.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useT();
  return (
    <>
      <div role="status" className={styles.region}>
        {!online && <p className={styles.banner}>{t('offline.banner')}</p>}
      </div>
      {!online && <div className={styles.spacer} aria-hidden="true" />}
    </>
  );
}
