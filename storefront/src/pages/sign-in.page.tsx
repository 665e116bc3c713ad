import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { SIGN_IN_MESSAGES } from '@mandi/domain';
import { signInErrorMessage, signInWithEmail } from '../auth/sign-in';
import { beginRequest } from '../api/in-flight';
import { useConfirm } from '../ui/confirm-dialog';
import { LeafIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import styles from './auth-card.module.css';

/** The sign-in page of 000 section 2: e-mail and password, then home. */
export default function SignInPage() {
  useDocumentTitle('Sign In');
  const { user } = useAuth();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailId = useId();
  const passwordId = useId();

  useEffect(() => {
    if (user) navigate('/', { replace: true });
  }, [user, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!email.trim() || !password) {
      await confirm({ title: SIGN_IN_MESSAGES.missingFields.title, message: SIGN_IN_MESSAGES.missingFields.text });
      return;
    }
    setSubmitting(true);
    setError(null);
    const end = beginRequest();
    try {
      await signInWithEmail(email.trim(), password);
      navigate('/', { replace: true });
    } catch (failure) {
      setError(signInErrorMessage((failure as { code?: string }).code));
    } finally {
      end();
      setSubmitting(false);
    }
  };

  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="signin-title">
        <span className={styles.icon}>
          <LeafIcon size={26} />
        </span>
        <h1 id="signin-title" className={styles.title}>
          Sign in to Mandi
        </h1>
        <p className={styles.lead}>Welcome back. Sign in to manage your cart, orders and listings.</p>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className="field">
            <label htmlFor={emailId}>Email</label>
            <input
              id={emailId}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={passwordId}>Password</label>
            <input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </div>
          {error === SIGN_IN_MESSAGES.wrongPassword && (
            <p>
              <Link to="/forgot-password">Forgot password?</Link>
            </p>
          )}
          <button type="submit" className={`btn btn-primary ${styles.full}`} disabled={submitting}>
            Sign In
          </button>
        </form>
        <div className={styles.divider}>New to Mandi?</div>
        <Link to="/signup" className={`btn btn-outline ${styles.full}`}>
          Create an account
        </Link>
        <p className={styles.links}>
          <span>
            By signing in you agree to our <Link to="/terms-and-conditions">Terms and Conditions</Link> and{' '}
            <Link to="/privacy-policy">Privacy Policy</Link>.
          </span>
        </p>
      </section>
    </div>
  );
}
