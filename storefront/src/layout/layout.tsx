import { Suspense, useEffect, useRef, type RefObject } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { useSaveAccountLanguage } from '../i18n/account-language';
import { useT } from '../i18n/i18n';
import { LoadingOverlay, useLoading } from '../ui/loading-overlay';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';
import styles from './layout.module.css';

/**
 * After a move to another page whose control that led there went with the old page, the focus goes to the new page's
 * content, where a full page load would put a screen reader; otherwise the keyboard would start again from the top.
 * Focus that is still somewhere (a page's own field, a header link, a menu opened while a slow page was on its way)
 * stays where the user put it.
 */
function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

/** The frame of every route: header, the page (its code loaded on demand), footer and the loading overlay. */
export function Layout() {
  const { t } = useT();
  // The signed-in account follows the storefront's language, for its mails and invoices.
  useSaveAccountLanguage();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  // Screen readers hold back reading the content while the loading overlay says it is changing.
  const loading = useLoading();
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <Header />
      <main ref={main} id="main" className={styles.main} tabIndex={-1} aria-busy={loading || undefined}>
        <Suspense
          fallback={<div className={styles.routePending} aria-busy="true" aria-label={t('layout.loadingPage')} />}
        >
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
