import { useT } from '../i18n/i18n';
import { AlertIcon } from '../ui/icons';
import styles from './not-found.page.module.css';

/*
 * Shown when a page fails to render or its code cannot be loaded (for example after a
 * deployment replaced the chunk the browser asked for). It sits outside the header, so it
 * uses plain links and a reload.
 */
export function RouteErrorPage() {
  const { t } = useT();
  return (
    <section className={styles.notFound} aria-labelledby="route-error-title" role="alert">
      <span className={styles.code} aria-hidden="true">
        <AlertIcon size={64} />
      </span>
      <h1 id="route-error-title">{t('site.routeError.title')}</h1>
      <p>{t('site.routeError.text')}</p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('site.routeError.reload')}
        </button>
        <a href="/" className="btn btn-outline">
          {t('site.routeError.home')}
        </a>
      </div>
    </section>
  );
}
