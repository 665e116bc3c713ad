import { ACCOUNT_PAGE_TEXTS, AUTH_TIMINGS, SIGN_IN_MESSAGES, SIGN_UP_MESSAGES, validateSignUp, type PopupMessage } from '@mandi/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, apiFetch } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { GoogleButton } from '../auth/google-button';
import { identityErrorCode, type IdentityUser } from '../auth/identity';
import { clearPendingSignUp, savePendingSignUp } from '../auth/pending-sign-up';
import { withOverlay } from '../auth/sign-in';
import { useSignIn } from '../auth/use-sign-in';
import { useUsernameCheck, type UsernameState } from '../auth/use-username-check';
import { useConfirm } from '../ui/confirm-dialog';
import { LeafIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
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
 * The sign-up page of 000 sections 2, 4 and 5: the form is checked, the identity account made, the
 * username kept for the verification page, the verification mail asked for, then /check-verification.
 */
export default function SignUpPage() {
  useDocumentTitle('Create an account');
  const { identity } = useAuth();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const google = useSignIn();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const usernameCheck = useUsernameCheck(username);
  const ids = { username: useId(), status: useId(), email: useId(), password: useId(), confirm: useId(), terms: useId() };

  const popup = (message: PopupMessage | { title: string; text: string }) => confirm({ title: message.title, message: message.text });

  /** Removes the half-made identity account so the same address can sign up again at once. */
  const undoIdentity = async () => {
    clearPendingSignUp();
    await identity.deleteCurrentUser().catch(() => identity.signOut().catch(() => undefined));
  };

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
      await popup({ title: SIGN_UP_MESSAGES.signupFailed.title, text: (failure instanceof ApiError && failure.serverMessage) || SIGN_UP_MESSAGES.signupFailed.text });
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
        await popup({ title: SIGN_UP_MESSAGES.signupFailed.title, text: SIGN_UP_MESSAGES.emailInUse });
        navigate('/signin', { state: { email: input.email } satisfies SignInPageState });
        return;
      }
      await popup({ title: SIGN_UP_MESSAGES.signupFailed.title, text: signUpFailureText(code) });
      return;
    }

    const agreedAt = new Date().toISOString();
    try {
      await apiFetch('/api/auth/send-verification', {
        method: 'POST',
        auth: true,
        body: { email: input.email, displayName: username, uid: user.uid },
      });
    } catch (failure) {
      await withOverlay(undoIdentity);
      if (failure instanceof ApiError && failure.statusCode === 409) {
        usernameCheck.markTaken();
        await popup(SIGN_UP_MESSAGES.usernameTaken);
      } else {
        await popup({ title: SIGN_UP_MESSAGES.signupFailed.title, text: (failure instanceof ApiError && failure.serverMessage) || SIGN_UP_MESSAGES.signupFailed.text });
      }
      return;
    }
    // The window starts when the mail is sent, as the server's own 90 s clean-up does.
    savePendingSignUp({ username, email: input.email, agreedAt, deadline: Date.now() + AUTH_TIMINGS.verificationWindowMs });
    navigate('/check-verification');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    try {
      await submit();
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const state = usernameCheck.state;

  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="signup-title">
        <span className={styles.icon}>
          <LeafIcon size={26} />
        </span>
        <h1 id="signup-title" className={styles.title}>
          Create your Mandi account
        </h1>
        <p className={styles.lead}>Keep a cart, order produce and sell your own harvest. We will email you a link to confirm your address.</p>
        {google.error && (
          <p className={styles.error} role="alert">
            {google.error}
          </p>
        )}
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className="field">
            <label htmlFor={ids.username}>Username</label>
            <input
              id={ids.username}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={30}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              aria-describedby={ids.status}
              aria-invalid={state === 'invalid' || state === 'taken' || undefined}
              required
            />
            <p id={ids.status} className={`${styles.status} ${statusClass[state]}`} aria-live="polite">
              {ACCOUNT_PAGE_TEXTS.username[state]}
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.email}>Email</label>
            <input
              id={ids.email}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={ids.password}>Password</label>
            <input
              id={ids.password}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={ids.confirm}>Confirm password</label>
            <input
              id={ids.confirm}
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
              required
            />
          </div>
          <div className={styles.check}>
            <input id={ids.terms} type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} required />
            <label htmlFor={ids.terms}>
              I agree to the <Link to="/terms-and-conditions">Terms and Conditions</Link> and the{' '}
              <Link to="/privacy-policy">Privacy Policy</Link>.
            </label>
          </div>
          <button type="submit" className={`btn btn-primary ${styles.full}`} disabled={submitting}>
            {submitting ? 'Creating account…' : 'Create account'}
          </button>
        </form>
        <div className={styles.divider}>or</div>
        <GoogleButton className={styles.full} onClick={() => void google.signInWithGoogle()} disabled={submitting || google.busy} />
        <p className={styles.links}>
          <span>
            Continuing with Google means you agree to our <Link to="/terms-and-conditions">Terms and Conditions</Link> and{' '}
            <Link to="/privacy-policy">Privacy Policy</Link>.
          </span>
        </p>
        <div className={styles.divider}>Already have an account?</div>
        <Link to="/signin" className={`btn btn-outline ${styles.full}`}>
          Sign in
        </Link>
      </section>
    </div>
  );
}
