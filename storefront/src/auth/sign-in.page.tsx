import { Trans } from '@lingui/react';
import { SIGN_IN_MESSAGES, validateSignIn } from '@mandi/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../i18n/i18n';
import { LeafIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import { TextField } from '../ui/text-field';
import { useAccountPopup, useAccountText } from './account-texts';
import { useAuth } from './auth-context';
import { GoogleButton } from './google-button';
import { LEGAL_LINKS } from './legal-links';
import { useSignIn } from './use-sign-in';
import styles from './auth-card.module.css';

/**
 * What other pages hand to /signin: the verification page's "verified", the reset page's "password changed", and
 * the address to prefill (sign-up's address already in use, the account just verified or reset).
 */
export interface SignInPageState {
  verified?: boolean;
  passwordChanged?: boolean;
  email?: string;
}

/** The sign-in page of docs/accounts.md: e-mail and password or Google, then home. */
export default function SignInPage() {
  const { t } = useT();
  const text = useAccountText();
  useDocumentTitle(t('auth.signIn.documentTitle'));
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const popup = useAccountPopup();
  const arrived = (useLocation().state ?? {}) as SignInPageState;
  const { error, setError, busy, running, signInWithEmail, signInWithGoogle, resumeGoogleRedirect } = useSignIn();
  const [email, setEmail] = useState(arrived.email ?? '');
  const [password, setPassword] = useState('');
  const [redirectChecked, setRedirectChecked] = useState(false);
  const resumed = useRef(false);
  const errorId = useId();

  useEffect(() => {
    // Once per visit (StrictMode runs effects twice in development): finish a Google redirect sign-in.
    if (resumed.current) return;
    resumed.current = true;
    void resumeGoogleRedirect().finally(() => setRedirectChecked(true));
  }, [resumeGoogleRedirect]);

  useEffect(() => {
    // Someone already signed in has nothing to do here; while a sign-in is settled the flow navigates itself.
    if (redirectChecked && !loading && user?.emailVerified && !running.current) navigate('/', { replace: true });
  }, [redirectChecked, loading, user, running, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = validateSignIn({ email, password });
    if (problem?.title) {
      await popup({ title: problem.title, text: problem.text });
      return;
    }
    if (problem) {
      setError(problem.text);
      return;
    }
    await signInWithEmail(email.trim(), password);
  };

  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="signin-title">
        <span className={styles.icon}>
          <LeafIcon size={26} />
        </span>
        <h1 id="signin-title" className={styles.title}>
          {t('auth.signIn.title')}
        </h1>
        <p className={styles.lead}>{t('auth.signIn.lead')}</p>
        {(arrived.verified || arrived.passwordChanged) && !error && (
          <p className={styles.notice} role="status">
            {arrived.verified ? t('auth.signIn.emailVerified') : t('auth.signIn.passwordChanged')}
          </p>
        )}
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-describedby={error ? errorId : undefined}>
          {error && (
            <p id={errorId} className={styles.error} role="alert">
              {text(error)}
            </p>
          )}
          <TextField
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
          <TextField
            label={t('auth.field.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          {error === SIGN_IN_MESSAGES.wrongPassword && (
            <p className={styles.forgot}>
              <Link to="/forgot-password">{t('auth.signIn.forgotPassword')}</Link>
            </p>
          )}
          <button type="submit" className={`btn btn-primary ${styles.full}`} disabled={busy}>
            {t('auth.signIn.submit')}
          </button>
        </form>
        <div className={styles.divider}>{t('auth.or')}</div>
        <GoogleButton className={styles.full} onClick={() => void signInWithGoogle()} disabled={busy} />
        <p className={styles.links}>
          <span>
            <Trans id="auth.signIn.agreement" components={LEGAL_LINKS} />
          </span>
        </p>
        <div className={styles.divider}>{t('auth.signIn.newToMandi')}</div>
        <Link to="/signup" className={`btn btn-outline ${styles.full}`}>
          {t('auth.signIn.createAccount')}
        </Link>
      </section>
    </div>
  );
}
