import { Trans } from '@lingui/react';
import { ACCOUNT_PAGE_TEXTS, AUTH_TIMINGS, SIGN_IN_MESSAGES, SIGN_UP_MESSAGES, validateSignUp } from '@mandi/domain';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, api } from '../api/api-fetch';
import { withOverlay } from '../api/in-flight';
import { useT } from '../i18n/i18n';
import { LeafIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import { TextField } from '../ui/text-field';
import { useSingleFlight } from '../ui/use-single-flight';
import { useAccountPopup, useAccountText } from './account-texts';
import { useAuth } from './auth-context';
import { GoogleButton } from './google-button';
import { identityErrorCode, type IdentityUser } from './identity';
import { LEGAL_LINKS } from './legal-links';
import { abandonSignUp, savePendingSignUp } from './pending-sign-up';
import { useSignIn } from './use-sign-in';
import { useUsernameCheck, type UsernameState } from './use-username-check';
import type { SignInPageState } from './sign-in.page';
import styles from './auth-card.module.css';

/** How each username state reads beside the field. */
const statusClass: Record<UsernameState, string> = {
  short: styles.hint,
  invalid: styles.bad,
  valid: styles.hint,
  checking: styles.hint,
  available: styles.good,
  taken: styles.bad,
};

/** The identity service's refusal of a new account, in the page's words. */
function signUpFailureText(code: string | undefined): string {
  if (code === 'auth/weak-password') return ACCOUNT_PAGE_TEXTS.weakPassword;
  if (code === 'auth/invalid-email') return SIGN_IN_MESSAGES.invalidEmail;
  return SIGN_UP_MESSAGES.signupFailed.text;
}

/**
 * The sign-up page of docs/accounts.md: the form is checked, the identity account made, the
 * username kept for the verification page, the verification mail asked for, then /check-verification.
 */
export default function SignUpPage() {
  const { t } = useT();
  const text = useAccountText();
  useDocumentTitle(t('auth.signUp.documentTitle'));
  const { identity } = useAuth();
  const popup = useAccountPopup();
  const navigate = useNavigate();
  const google = useSignIn();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const submission = useSingleFlight();
  const usernameCheck = useUsernameCheck(username);
  const ids = { status: useId(), terms: useId() };
  /** The Signup Failed popup, with the server's or the identity service's words where there are some. */
  const failed = (text: string | null) =>
    popup({ title: SIGN_UP_MESSAGES.signupFailed.title, text: text || SIGN_UP_MESSAGES.signupFailed.text });

  const submit = async () => {
    const input = { username, email: email.trim(), password, confirmPassword, agreedToTerms: agreed };
    const problem = validateSignUp(input);
    if (problem) {
      await popup({ title: problem.title ?? SIGN_UP_MESSAGES.signupFailed.title, text: problem.text });
      return;
    }

    let availability;
    try {
      availability = await usernameCheck.confirmAvailable();
    } catch (failure) {
      await failed(failure instanceof ApiError ? failure.serverMessage : null);
      return;
    }
    if (availability === 'taken') return void (await popup(SIGN_UP_MESSAGES.usernameTaken));
    if (availability === 'invalid') return void (await popup(SIGN_UP_MESSAGES.invalidUsername));

    let user: IdentityUser;
    try {
      user = await withOverlay(() => identity.signUpWithEmail(input.email, password));
    } catch (failure) {
      const code = identityErrorCode(failure);
      if (code === 'auth/email-already-in-use') {
        await failed(SIGN_UP_MESSAGES.emailInUse);
        navigate('/signin', { state: { email: input.email } satisfies SignInPageState });
        return;
      }
      await failed(signUpFailureText(code));
      return;
    }

    const agreedAt = new Date().toISOString();
    try {
      await api('sendVerification', {
        auth: true,
        body: { email: input.email, displayName: username, uid: user.uid },
      });
    } catch (failure) {
      await abandonSignUp(identity);
      if (failure instanceof ApiError && failure.statusCode === 409) {
        usernameCheck.markTaken();
        await popup(SIGN_UP_MESSAGES.usernameTaken);
      } else {
        await failed(failure instanceof ApiError ? failure.serverMessage : null);
      }
      return;
    }
    // The window starts when the mail is sent, as the server's own 90 s clean-up does.
    savePendingSignUp({
      username,
      email: input.email,
      agreedAt,
      deadline: Date.now() + AUTH_TIMINGS.verificationWindowMs,
    });
    navigate('/check-verification');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submission.run(submit);
  };

  const state = usernameCheck.state;

  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="signup-title">
        <span className={styles.icon}>
          <LeafIcon size={26} />
        </span>
        <h1 id="signup-title" className={styles.title}>
          {t('auth.signUp.title')}
        </h1>
        <p className={styles.lead}>{t('auth.signUp.lead')}</p>
        {google.error && (
          <p className={styles.error} role="alert">
            {text(google.error)}
          </p>
        )}
        <form onSubmit={onSubmit} noValidate>
          <TextField
            label={t('auth.field.username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={30}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-describedby={ids.status}
            aria-invalid={state === 'invalid' || state === 'taken' || undefined}
            required
          >
            <p id={ids.status} className={`${styles.status} ${statusClass[state]}`} aria-live="polite">
              {text(ACCOUNT_PAGE_TEXTS.username[state])}
            </p>
          </TextField>
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
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <TextField
            label={t('auth.field.confirmPassword')}
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            required
          />
          <div className={styles.check}>
            <input
              id={ids.terms}
              type="checkbox"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              required
            />
            <label htmlFor={ids.terms}>
              <Trans id="auth.signUp.agreement" components={LEGAL_LINKS} />
            </label>
          </div>
          <button type="submit" className={`btn btn-primary ${styles.full}`} disabled={submission.busy}>
            {submission.busy ? t('auth.signUp.submitting') : t('auth.signUp.submit')}
          </button>
        </form>
        <div className={styles.divider}>{t('auth.or')}</div>
        <GoogleButton
          className={styles.full}
          onClick={() => void google.signInWithGoogle()}
          disabled={submission.busy || google.busy}
        />
        <p className={styles.links}>
          <span>
            <Trans id="auth.signUp.googleAgreement" components={LEGAL_LINKS} />
          </span>
        </p>
        <div className={styles.divider}>{t('auth.signUp.haveAccount')}</div>
        <Link to="/signin" className={`btn btn-outline ${styles.full}`}>
          {t('auth.signUp.signIn')}
        </Link>
      </section>
    </div>
  );
}
