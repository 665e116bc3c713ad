import { Link } from 'react-router-dom';
import { LeafIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import styles from './not-found.page.module.css';

/** The designed 404: any path that is not a route of either document. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <span className={styles.code} aria-hidden="true">
        4<LeafIcon size={64} />4
      </span>
      <h1 id="not-found-title">This page has gone to seed</h1>
      <p>We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.</p>
      <div className={styles.actions}>
        <Link to="/" className="btn btn-primary">
          Browse fresh produce
        </Link>
        <Link to="/contactus" className="btn btn-outline">
          Contact us
        </Link>
      </div>
    </section>
  );
}
