import { Link } from 'react-router-dom';
import { LeafIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import styles from './auth-card.module.css';

/** The sign-up page of 000 section 2: what an account needs, and the way back to sign in. */
export default function SignUpPage() {
  useDocumentTitle('Create an account');
  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="signup-title">
        <span className={styles.icon}>
          <LeafIcon size={26} />
        </span>
        <h1 id="signup-title" className={styles.title}>
          Create your Mandi account
        </h1>
        <p className={styles.lead}>An account lets you keep a cart, order produce and sell your own harvest.</p>
        <ol className={styles.steps}>
          <li>Choose a username of 3 to 15 letters, digits or underscores.</li>
          <li>Enter your email address and a password, twice.</li>
          <li>Accept the Terms and Conditions and the Privacy Policy.</li>
          <li>Open the verification link we email you, and you are in.</li>
        </ol>
        <Link to="/signin" className={`btn btn-primary ${styles.full}`}>
          Already have an account? Sign in
        </Link>
        <p className={styles.links}>
          <span>
            Read our <Link to="/terms-and-conditions">Terms and Conditions</Link> and{' '}
            <Link to="/privacy-policy">Privacy Policy</Link>.
          </span>
        </p>
      </section>
    </div>
  );
}
