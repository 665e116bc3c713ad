import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useSaveAccountLanguage } from '../i18n/account-language';
import { useT } from '../i18n/i18n';
import { LoadingOverlay } from '../ui/loading-overlay';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';
import styles from './layout.module.css';

/** The frame of every route: header, the page (its code loaded on demand), footer and the loading overlay. */
export function Layout() {
  const { t } = useT();
  // The signed-in account follows the storefront's language, for its mails and invoices.
  useSaveAccountLanguage();
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<div className={styles.routePending} aria-busy="true" aria-label={t('layout.loadingPage')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <OfflineBanner />
      <LoadingOverlay />
      <ScrollRestoration />
    </div>
  );
}
