import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FORGOT_PASSWORD_MESSAGES } from '@mandi/domain';
import { ApiError, apiFetch } from '../api/api-fetch';
import { LockIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import styles from './auth-card.module.css';

/** After a request the button stays disabled this long (000 section 9: 120 s). */
const LOCKOUT_MS = 120_000;
/** After any answer the page returns to sign-in after this long (000 section 9: 5 s). */
const REDIRECT_MS = 5_000;

/** The forgot-password page of 000 section 2: POST /api/user/reset-password {email}. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const navigate = useNavigate();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [locked, setLocked] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!locked) return;
    const timer = setTimeout(() => setLocked(false), LOCKOUT_MS);
    return () => clearTimeout(timer);
  }, [locked]);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => navigate('/signin'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked || !email.trim()) return;
    setLocked(true);
    try {
      const answer = await apiFetch<{ message?: string } | null>('/api/user/reset-password', {
        method: 'POST',
        body: { email: email.trim() },
      });
      setOutcome({ ok: true, text: answer?.message || FORGOT_PASSWORD_MESSAGES.sent });
    } catch (error) {
      setOutcome({ ok: false, text: (error instanceof ApiError && error.serverMessage) || FORGOT_PASSWORD_MESSAGES.fallback });
    }
  };

  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <span className={styles.icon}>
          <LockIcon size={26} />
        </span>
        <h1 id="forgot-title" className={styles.title}>
          Reset your password
        </h1>
        <p className={styles.lead}>Enter the email of your account and we will send you a link to choose a new password.</p>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          {outcome && (
            <p className={outcome.ok ? styles.lead : styles.error} role="status">
              {outcome.text} Returning to sign in…
            </p>
          )}
          <div className="field">
            <label htmlFor={emailId}>Email</label>
            <input
              id={emailId}
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <button type="submit" className={`btn btn-primary ${styles.full}`} disabled={locked || !email.trim()}>
            Send reset link
          </button>
        </form>
        <p className={styles.links}>
          <Link to="/signin">Back to sign in</Link>
        </p>
      </section>
    </div>
  );
}
