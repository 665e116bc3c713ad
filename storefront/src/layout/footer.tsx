import { LAYOUT } from '@mandi/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import { SITE, siteAddress } from '../site/site-info';
import { FacebookIcon, InstagramIcon, LeafIcon, MailIcon, PhoneIcon, PinIcon, XIcon, YoutubeIcon } from '../ui/icons';
import styles from './footer.module.css';

const SOCIAL_ICONS = { Instagram: InstagramIcon, Facebook: FacebookIcon, X: XIcon, YouTube: YoutubeIcon } as const;

function nearBottom(): boolean {
  const scrolled = window.innerHeight + window.scrollY;
  return scrolled >= document.documentElement.scrollHeight - LAYOUT.footerRevealPx;
}

/** The shared footer of docs/frontends.md: Connect With Us, Know Us, Buy Now and the copyright line. */
export function Footer() {
  const [revealed, setRevealed] = useState(false);
  const { t } = useT();

  useEffect(() => {
    const check = () => {
      if (nearBottom()) setRevealed(true);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);

  const column = revealed ? `${styles.column} ${styles.revealed}` : styles.column;
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section className={column} aria-labelledby="footer-connect">
          <h2 id="footer-connect" className={styles.heading}>
            {t('layout.footer.connect')}
          </h2>
          <ul className={styles.social}>
            {SITE.social.map((link) => {
              const SocialIcon = SOCIAL_ICONS[link.name];
              return (
                <li key={link.name}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('layout.footer.social', { network: link.name })}
                  >
                    <SocialIcon size={20} />
                  </a>
                </li>
              );
            })}
          </ul>
          <Link to="/contactus" className={styles.link}>
            {t('layout.footer.contactUs')}
          </Link>
        </section>
        <section className={column} aria-labelledby="footer-know">
          <h2 id="footer-know" className={styles.heading}>
            {t('layout.footer.knowUs')}
          </h2>
          <address className={styles.address}>
            <span className={styles.line}>
              <PinIcon size={18} />
              <span>{siteAddress(t).join(', ')}</span>
            </span>
            <a className={styles.line} href={SITE.phoneHref}>
              <PhoneIcon size={18} />
              <span>{SITE.phone}</span>
            </a>
            <a className={styles.line} href={`mailto:${SITE.email}`}>
              <MailIcon size={18} />
              <span>{SITE.email}</span>
            </a>
          </address>
          <Link to="/aboutus" className={styles.link}>
            {t('layout.footer.aboutUs')}
          </Link>
        </section>
        <section className={column} aria-labelledby="footer-buy">
          <h2 id="footer-buy" className={styles.heading}>
            {t('layout.footer.buyNow')}
          </h2>
          <Link to="/" className={styles.link}>
            {t('layout.footer.products')}
          </Link>
          <p className={styles.blurb}>
            <LeafIcon size={18} /> {t('layout.footer.blurb')}
          </p>
        </section>
      </div>
      <div className={styles.bottom}>
        <p>{t('layout.footer.copyright', { year: LAYOUT.copyrightYear, name: SITE.legalName })}</p>
        <p className={styles.legal}>
          <Link to="/terms-and-conditions">{t('layout.footer.terms')}</Link>
          <Link to="/privacy-policy">{t('layout.footer.privacy')}</Link>
        </p>
      </div>
    </footer>
  );
}
