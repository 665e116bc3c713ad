import { Link } from 'react-router-dom';
import { ORDER_WINDOW_HOURS, PAYMENT_PROVIDER_NAME } from '../orders/order-policy';
import { LeafIcon, PackageIcon, ShieldIcon, TruckIcon, UserIcon, CartIcon } from '../ui/icons';
import { Page } from '../ui/page';
import styles from './marketing.module.css';

/** The about page of 001 section 2: marketing sections and a way to contact us. */
export default function AboutPage() {
  return (
    <Page title="About Us">
      <section className={styles.banner} aria-labelledby="about-mission">
        <h2 id="about-mission">From the farm gate to your kitchen, without the long chain in between.</h2>
        <p>
          A mandi is where India’s harvest has always been traded. Mandi brings that market online: farmers and small
          sellers list what they grow, set their own prices, and sell directly to households across the country.
        </p>
        <ul className={styles.stats}>
          <li>
            <strong>1</strong>
            <span>step from farm to you</span>
          </li>
          <li>
            <strong>{ORDER_WINDOW_HOURS} h</strong>
            <span>to change your mind</span>
          </li>
          <li>
            <strong>₹0</strong>
            <span>to list as a seller</span>
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="about-how">
        <h2 id="about-how">How Mandi works</h2>
        <ul className={styles.grid}>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <UserIcon />
            </span>
            <h3>Farmers list their harvest</h3>
            <p>Sellers post fresh produce with photos, price, weight and how long it stays fresh.</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <CartIcon />
            </span>
            <h3>You choose and pay your way</h3>
            <p>Search, compare sellers, add to cart, and pay online or with cash on delivery.</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <TruckIcon />
            </span>
            <h3>Delivered to your door</h3>
            <p>Shipping is priced by weight and shown before you pay — no surprises at the door.</p>
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="about-promise">
        <h2 id="about-promise">What we promise</h2>
        <ul className={styles.grid}>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <LeafIcon />
            </span>
            <h3>Fresh and honest</h3>
            <p>Every listing shows when it was posted and when it expires, so you always know how fresh it is.</p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <ShieldIcon />
            </span>
            <h3>Safe payments</h3>
            <p>
              Online payments go through {PAYMENT_PROVIDER_NAME}, a trusted payment provider; we never store your card
              details.
            </p>
          </li>
          <li className={styles.tile}>
            <span className={styles.tileIcon}>
              <PackageIcon />
            </span>
            <h3>Mandi Originals</h3>
            <p>Look for the Original badge: produce we source and sell ourselves, with GST invoices for every order.</p>
          </li>
        </ul>
      </section>

      <section className={styles.cta} aria-labelledby="about-contact">
        <div>
          <h2 id="about-contact">Questions, ideas or a harvest to sell?</h2>
          <p>We read every message and reply within two working days.</p>
        </div>
        <Link to="/contactus" className="btn btn-primary">
          Contact us
        </Link>
      </section>
    </Page>
  );
}
