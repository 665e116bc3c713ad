import { AlertIcon } from '../ui/icons';
import styles from './not-found.page.module.css';

/*
 * Shown when a page fails to render or its code cannot be loaded (for example after a
 * deployment replaced the chunk the browser asked for). It sits outside the header, so it
 * uses plain links and a reload.
 */
export function RouteErrorPage() {
  return (
    <section className={styles.notFound} aria-labelledby="route-error-title" role="alert">
      <span className={styles.code} aria-hidden="true">
        <AlertIcon size={64} />
      </span>
      <h1 id="route-error-title">Something went wrong</h1>
      <p>This page could not be shown. Reloading usually fixes it; if it does not, please try again in a few minutes.</p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <a href="/" className="btn btn-outline">
          Go to the home page
        </a>
      </div>
    </section>
  );
}
