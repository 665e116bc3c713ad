import { Link } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import { ORDER_WINDOW_HOURS, PAYMENT_PROVIDER_NAME } from '../orders/order-policy';
import { LeafIcon, PackageIcon, ShieldIcon, TruckIcon, UserIcon, CartIcon } from '../ui/icons';
import { Page } from '../ui/page';
import styles from './marketing.module.css';

/** The about page of docs/frontends.md: marketing sections and a way to contact us. */
export default function AboutPage() {
  const { t } = useT();
  return (
    <Page title={t('site.about.title')}>
      <section className={styles.banner} aria-labelledby="about-mission">
        <h2 id="about-mission">{t('site.about.mission.title')}</h2>
        <p>{t('site.about.mission.text')}</p>
        <ul className={styles.stats}>
          <li>
            <strong>1</strong>
            <span>{t('site.about.stat.steps')}</span>
          </li>
          <li>
            <strong>{t('site.about.stat.window', { hours: ORDER_WINDOW_HOURS })}</strong>
            <span>{t('site.about.stat.windowLabel')}</span>
          </li>
          <li>
            <strong>₹0</strong>
            <span>{t('site.about.stat.listing')}</span>
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="about-how">
        <h2 id="about-how">{t('site.about.how.title')}</h2>
        <ul className={styles.grid}>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <UserIcon />
            </span>
            <h3>{t('site.about.how.list.title')}</h3>
            <p>{t('site.about.how.list.text')}</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <CartIcon />
            </span>
            <h3>{t('site.about.how.choose.title')}</h3>
            <p>{t('site.about.how.choose.text')}</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <TruckIcon />
            </span>
            <h3>{t('site.about.how.delivered.title')}</h3>
            <p>{t('site.about.how.delivered.text')}</p>
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="about-promise">
        <h2 id="about-promise">{t('site.about.promise.title')}</h2>
        <ul className={styles.grid}>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <LeafIcon />
            </span>
            <h3>{t('site.about.promise.fresh.title')}</h3>
            <p>{t('site.about.promise.fresh.text')}</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <ShieldIcon />
            </span>
            <h3>{t('site.about.promise.payments.title')}</h3>
            <p>{t('site.about.promise.payments.text', { provider: PAYMENT_PROVIDER_NAME })}</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <PackageIcon />
            </span>
            <h3>{t('site.about.promise.originals.title')}</h3>
            <p>{t('site.about.promise.originals.text')}</p>
          </li>
        </ul>
      </section>

      <section className={styles.cta} aria-labelledby="about-contact">
        <div>
          <h2 id="about-contact">{t('site.about.contact.title')}</h2>
          <p>{t('site.about.contact.text')}</p>
        </div>
        <Link to="/contactus" className="btn btn-primary">
          {t('site.contactUs')}
        </Link>
      </section>
    </Page>
  );
}
