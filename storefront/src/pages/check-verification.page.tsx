import { Link } from 'react-router-dom';
import { MailIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import styles from './auth-card.module.css';

/** The e-mail verification page of 000 section 2. */
export default function CheckVerificationPage() {
  useDocumentTitle('Verify your email');
  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="verify-title">
        <span className={styles.icon}>
          <MailIcon size={26} />
        </span>
        <h1 id="verify-title" className={styles.title}>
          Check your inbox
        </h1>
        <p className={styles.lead}>
          We have sent a verification link to your email address. Open it on this device to activate your account;
          please do it within 90 seconds, or you will need to sign up again.
        </p>
        <ol className={styles.steps}>
          <li>Look for an email from Mandi, and check your spam folder too.</li>
          <li>Tap the verification link.</li>
          <li>Come back here and sign in.</li>
        </ol>
        <Link to="/signin" className={`btn btn-primary ${styles.full}`}>
          Go to sign in
        </Link>
        <p className={styles.links}>
          <Link to="/signup">Used the wrong email? Sign up again</Link>
        </p>
      </section>
    </div>
  );
}
