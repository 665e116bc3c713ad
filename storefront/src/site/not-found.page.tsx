import { Link } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import { LeafIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import styles from './not-found.page.module.css';

/** The designed 404: any path that is not a route of either document. */
export default function NotFoundPage() {
  const { t } = useT();
  useDocumentTitle(t('site.notFound.documentTitle'));
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <span className={styles.code} aria-hidden="true">
        4<LeafIcon size={64} />4
      </span>
      <h1 id="not-found-title">{t('site.notFound.title')}</h1>
      <p>{t('site.notFound.text')}</p>
      <div className={styles.actions}>
        <Link to="/" className="btn btn-primary">
          {t('site.notFound.browse')}
        </Link>
        <Link to="/contactus" className="btn btn-outline">
          {t('site.contactUs')}
        </Link>
      </div>
    </section>
  );
}
