import { AUTH_TIMINGS, FORGOT_PASSWORD_MESSAGES } from '@mandi/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, api } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { LockIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import { TextField } from '../ui/text-field';
import { useSingleFlight } from '../ui/use-single-flight';
import { useAccountText } from './account-texts';
import styles from './auth-card.module.css';

/** The lockout survives leaving and re-opening the page in the same tab (the server enforces it anyway). */
const LOCK_KEY = 'mandi.resetLockedUntil';

function storedLockEnd(): number {
  try {
    return Number(sessionStorage.getItem(LOCK_KEY)) || 0;
  } catch {
    return 0;
  }
}

function storeLockEnd(until: number): void {
  try {
    sessionStorage.setItem(LOCK_KEY, String(until));
  } catch {
    // Without storage the lockout lasts as long as the page.
  }
}

/**
 * The forgot-password page of docs/accounts.md: the resetPassword route {email}; the
 * button then stays disabled for 120 s, the answer is shown and the page returns to /signin after 5 s.
 */
export default function ForgotPasswordPage() {
  const { t } = useT();
  const text = useAccountText();
  useDocumentTitle(t('auth.forgot.title'));
  const navigate = useNavigate();
  const outcomeId = useId();
  const [email, setEmail] = useState('');
  const [lockedUntil, setLockedUntil] = useState(storedLockEnd);
  const [now, setNow] = useState(() => Date.now());
  const sending = useSingleFlight();
  // The answer's English text (the server's or ours), shown in the reader's language.
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const secondsLeft = Math.max(0, Math.ceil((lockedUntil - now) / 1000));
  const locked = secondsLeft > 0;

  useEffect(() => {
    if (!locked) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [locked]);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => navigate('/signin'), AUTH_TIMINGS.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (locked || !email.trim()) return;
    void sending.run(async () => {
      const until = Date.now() + AUTH_TIMINGS.resetLockoutMs;
      storeLockEnd(until);
      setLockedUntil(until);
      setNow(Date.now());
      try {
        const answer = await api('resetPassword', { body: { email: email.trim() } });
        setOutcome({ ok: true, text: answer?.message || FORGOT_PASSWORD_MESSAGES.sent });
      } catch (error) {
        setOutcome({
          ok: false,
          text: (error instanceof ApiError && error.serverMessage) || FORGOT_PASSWORD_MESSAGES.fallback,
        });
      }
    });
  };

  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <span className={styles.icon}>
          <LockIcon size={26} />
        </span>
        <h1 id="forgot-title" className={styles.title}>
          {t('auth.forgot.title')}
        </h1>
        <p className={styles.lead}>{t('auth.forgot.lead')}</p>
        <form onSubmit={onSubmit} noValidate aria-describedby={outcome ? outcomeId : undefined}>
          {outcome && (
            <div
              id={outcomeId}
              className={outcome.ok ? styles.notice : styles.error}
              role={outcome.ok ? 'status' : 'alert'}
            >
              <p className={styles.outcomeText}>{text(outcome.text)}</p>
              <p className={styles.outcomeNext}>{t('auth.returningToSignIn')}</p>
            </div>
          )}
          <TextField
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button
            type="submit"
            className={`btn btn-primary ${styles.full}`}
            disabled={locked || sending.busy || !email.trim()}
          >
            {locked ? t('auth.forgot.retryIn', { seconds: secondsLeft }) : t('auth.forgot.submit')}
          </button>
        </form>
        <p className={styles.links}>
          <Link to="/signin">{t('auth.backToSignIn')}</Link>
        </p>
      </section>
    </div>
  );
}
