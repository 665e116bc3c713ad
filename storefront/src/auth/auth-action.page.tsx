import { Trans } from '@lingui/react';
import {
  ACCOUNT_PAGE_TEXTS,
  AUTH_ACTION_MESSAGES,
  AUTH_TIMINGS,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_MESSAGES,
  validateNewPassword,
  type FieldProblem,
} from '@mandi/domain';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { withOverlay } from '../api/in-flight';
import { useT } from '../i18n/i18n';
import { AlertIcon, LockIcon, MailIcon, ShieldIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import { TextField } from '../ui/text-field';
import { useSingleFlight } from '../ui/use-single-flight';
import { useAccountText } from './account-texts';
import { useAuth } from './auth-context';
import { identityErrorCode } from './identity';
import type { SignInPageState } from './sign-in.page';
import styles from './auth-card.module.css';

const VERIFY = AUTH_ACTION_MESSAGES.verifyEmail;
const RESET = AUTH_ACTION_MESSAGES.resetPassword;

/** Firebase's refusals of a code that will never work again: used, expired, or its account removed since the mail. */
const deadCodeErrors = new Set(['auth/invalid-action-code', 'auth/expired-action-code', 'auth/user-not-found']);

/**
 * Where a mail's code stands: being checked, accepted (with what the service answered), dead, or refused for now
 * (`text` in English, shown with useAccountText).
 */
type CodeStep<T> =
  | { kind: 'checking' }
  | { kind: 'accepted'; value: T }
  | { kind: 'expired' }
  | { kind: 'failed'; text: string; canRetry: boolean };

/** The step a refused code leads to; `failedText` is the page's words for a refusal that may pass on a retry. */
function refusedStep(error: unknown, failedText: string): CodeStep<never> {
  const code = identityErrorCode(error);
  if (code && deadCodeErrors.has(code)) return { kind: 'expired' };
  if (code === 'auth/user-disabled') return { kind: 'failed', text: SIGN_IN_MESSAGES.accountDisabled, canRetry: false };
  return { kind: 'failed', text: failedText, canRetry: true };
}

/**
 * Runs `run(oobCode)` once per code (StrictMode runs effects twice, and a verification code works only once),
 * again on retry(), behind the loading overlay.
 */
function useActionCode<T>(oobCode: string, run: (oobCode: string) => Promise<T>, failedText: string) {
  const [attempt, setAttempt] = useState(0);
  const [step, setStep] = useState<CodeStep<T>>({ kind: 'checking' });
  const started = useRef<number | null>(null);

  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    withOverlay(() => run(oobCode)).then(
      (value) => setStep({ kind: 'accepted', value }),
      (error: unknown) => setStep(refusedStep(error, failedText)),
    );
  }, [oobCode, run, failedText, attempt]);

  const retry = useCallback(() => {
    setStep({ kind: 'checking' });
    setAttempt((count) => count + 1);
  }, []);
  return { step, setStep, retry };
}

/** The account pages' card; its heading takes the focus when the card's state changes, so the change is read out. */
function ActionCard({
  icon,
  alarming = false,
  title,
  children,
}: {
  icon: ReactNode;
  alarming?: boolean;
  title: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { language } = useT();
  const shown = useRef({ title, language });

  // Before paint, so the new state is never shown without the focus on it. The same state in another language is
  // not a change to read out: the focus stays on the language switch.
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = { title, language };
    if (before.title !== title && before.language === language) heading.current?.focus();
  }, [title, language]);

  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby={titleId}>
        <span className={alarming ? `${styles.icon} ${styles.iconAlarm}` : styles.icon}>{icon}</span>
        <h1 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

/** The pulsing line of a code being checked. */
function Checking({ text }: { text: string }) {
  return (
    <p className={`${styles.waiting} ${styles.checking}`} role="status">
      <span className={styles.pulse} aria-hidden="true" />
      {text}
    </p>
  );
}

/*
 * The two refusal cards are plain functions returning an ActionCard, not components of their own: every step then
 * renders the same ActionCard in the same place, so its heading takes the focus when the step changes.
 */

/** A refusal that may pass on a second try (offline for a moment). */
function failedCard(title: string, text: string, onRetry?: () => void) {
  return (
    <ActionCard icon={<AlertIcon size={26} />} alarming title={title}>
      <p className={styles.error} role="alert">
        {text}
      </p>
      {onRetry && (
        <button type="button" className={`btn btn-primary ${styles.full}`} onClick={onRetry}>
          <Trans id="auth.action.tryAgain" />
        </button>
      )}
      <p className={styles.links}>
        <Link to="/">
          <Trans id="auth.action.goHome" />
        </Link>
      </p>
    </ActionCard>
  );
}

interface CardLink {
  to: string;
  label: string;
}

/** A code that will never work again: its message, the way on (`next`) and the link back under it. */
function expiredCard(message: { title: string; text: string }, next: CardLink, back: CardLink) {
  return (
    <ActionCard icon={<AlertIcon size={26} />} alarming title={message.title}>
      <p className={styles.error} role="alert">
        {message.text}
      </p>
      <Link to={next.to} className={`btn btn-primary ${styles.full}`}>
        {next.label}
      </Link>
      <p className={styles.links}>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </ActionCard>
  );
}

/** mode=verifyEmail: the code is applied at once; the sign-up tab, which polls, then creates the account. */
function VerifyEmail({ oobCode }: { oobCode: string }) {
  const { t } = useT();
  const text = useAccountText();
  useDocumentTitle(t('auth.verifyEmail'));
  const { identity } = useAuth();
  const apply = useCallback((code: string) => identity.applyEmailVerification(code), [identity]);
  const { step, retry } = useActionCode(oobCode, apply, VERIFY.failed.text);

  switch (step.kind) {
    case 'checking':
      return (
        <ActionCard icon={<MailIcon size={26} />} title={t('auth.verifyEmail')}>
          <Checking text={t('auth.action.verify.checking')} />
        </ActionCard>
      );
    case 'accepted':
      return (
        <ActionCard icon={<ShieldIcon size={26} />} title={t('auth.action.verify.verified')}>
          <p className={styles.lead}>{t('auth.action.verify.nextStep')}</p>
          <Link to="/signin" className={`btn btn-primary ${styles.full}`}>
            {t('auth.action.goToSignIn')}
          </Link>
        </ActionCard>
      );
    case 'expired':
      return expiredCard(
        { title: t('auth.action.expired.title'), text: t('auth.action.verify.expired') },
        { to: '/signup', label: t('auth.action.signUpAgain') },
        { to: '/signin', label: t('auth.action.goToSignIn') },
      );
    case 'failed':
      return failedCard(t('auth.action.verify.failed.title'), text(step.text), step.canRetry ? retry : undefined);
  }
}

/** The new-password form; `change` answers the problem to show, or null when the page moves on (changed, or the code died). */
function NewPasswordForm({
  email,
  change,
}: {
  email: string;
  change(newPassword: string): Promise<FieldProblem | null>;
}) {
  const { t } = useT();
  const text = useAccountText();
  const ids = { hint: useId(), error: useId() };
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const submission = useSingleFlight();
  const fields = useRef<Record<string, HTMLInputElement | null>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submission.run(async () => {
      let found = validateNewPassword({ password, confirmPassword });
      if (!found) {
        setProblem(null);
        found = await change(password);
        // The page has moved on and this form is gone.
        if (!found) return;
      }
      setProblem(found);
      fields.current[found.field]?.focus();
    });
  };

  const wrong = (field: string) => (problem?.field === field ? true : undefined);
  const describedBy = (field: string, own?: string) =>
    [own, problem?.field === field ? ids.error : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={onSubmit} noValidate>
      {problem && (
        <p id={ids.error} className={styles.error} role="alert">
          {text(problem.text)}
        </p>
      )}
      {/* Lets a password manager file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={t('auth.action.newPassword')}
        ref={(input) => {
          fields.current.password = input;
        }}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
        aria-invalid={wrong('password')}
        aria-describedby={describedBy('password', ids.hint)}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      >
        <p id={ids.hint} className={styles.fieldHint}>
          {t('auth.action.reset.passwordHint')}
        </p>
      </TextField>
      <TextField
        label={t('auth.action.confirmNewPassword')}
        ref={(input) => {
          fields.current.confirmPassword = input;
        }}
        type="password"
        autoComplete="new-password"
        required
        aria-invalid={wrong('confirmPassword')}
        aria-describedby={describedBy('confirmPassword')}
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <button type="submit" className={`btn btn-primary ${styles.full}`} disabled={submission.busy}>
        {submission.busy ? t('auth.action.changingPassword') : t('auth.action.changePassword')}
      </button>
    </form>
  );
}

/** mode=resetPassword: the code is checked first (naming the account), then the new password is set with it. */
function ResetPassword({ oobCode }: { oobCode: string }) {
  const { t } = useT();
  const text = useAccountText();
  useDocumentTitle(t('auth.action.chooseNewPassword'));
  const { identity } = useAuth();
  const navigate = useNavigate();
  const check = useCallback((code: string) => identity.passwordResetEmail(code), [identity]);
  const { step, setStep, retry } = useActionCode(oobCode, check, RESET.checkFailed.text);
  const [changed, setChanged] = useState(false);
  const email = step.kind === 'accepted' ? step.value : '';

  useEffect(() => {
    if (!changed) return;
    const state: SignInPageState = { email, passwordChanged: true };
    const timer = setTimeout(() => navigate('/signin', { replace: true, state }), AUTH_TIMINGS.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [changed, email, navigate]);

  const change = async (newPassword: string): Promise<FieldProblem | null> => {
    try {
      await withOverlay(() => identity.confirmNewPassword(oobCode, newPassword));
      setChanged(true);
      return null;
    } catch (error) {
      if (identityErrorCode(error) === 'auth/weak-password')
        return { field: 'password', text: ACCOUNT_PAGE_TEXTS.weakPassword };
      const refused = refusedStep(error, RESET.failed.text);
      if (refused.kind === 'failed') return { field: 'password', text: refused.text };
      // The code died between the check and the submission (used in another tab, or it expired meanwhile).
      setStep(refused);
      return null;
    }
  };

  if (changed) {
    return (
      <ActionCard icon={<ShieldIcon size={26} />} title={t('auth.action.reset.changed')}>
        <p className={styles.notice} role="status">
          {t('auth.returningToSignIn')}
        </p>
        <Link
          to="/signin"
          replace
          state={{ email, passwordChanged: true } satisfies SignInPageState}
          className={`btn btn-primary ${styles.full}`}
        >
          {t('auth.action.signInNow')}
        </Link>
      </ActionCard>
    );
  }

  switch (step.kind) {
    case 'checking':
      return (
        <ActionCard icon={<LockIcon size={26} />} title={t('auth.action.chooseNewPassword')}>
          <Checking text={t('auth.action.reset.checking')} />
        </ActionCard>
      );
    case 'accepted':
      return (
        <ActionCard icon={<LockIcon size={26} />} title={t('auth.action.chooseNewPassword')}>
          <p className={`${styles.lead} ${styles.account}`}>
            <Trans id="auth.action.reset.for" values={{ email: step.value }} components={{ 0: <strong /> }} />
          </p>
          <NewPasswordForm email={step.value} change={change} />
          <p className={styles.links}>
            <Link to="/signin">{t('auth.backToSignIn')}</Link>
          </p>
        </ActionCard>
      );
    case 'expired':
      return expiredCard(
        { title: t('auth.action.expired.title'), text: t('auth.action.reset.expired') },
        { to: '/forgot-password', label: t('auth.action.requestNewLink') },
        { to: '/signin', label: t('auth.backToSignIn') },
      );
    case 'failed':
      return failedCard(t('auth.action.reset.failed.title'), text(step.text), step.canRetry ? retry : undefined);
  }
}

/** A link without a known mode or without its code. */
function InvalidLink() {
  const { t } = useT();
  useDocumentTitle(t('auth.action.invalidLink.documentTitle'));
  return (
    <ActionCard icon={<AlertIcon size={26} />} alarming title={t('auth.action.invalidLink.title')}>
      <p className={styles.lead}>{t('auth.action.invalidLink.text')}</p>
      <Link to="/" className={`btn btn-primary ${styles.full}`}>
        {t('auth.action.goHome')}
      </Link>
    </ActionCard>
  );
}

/**
 * /auth/action, where the verification and password-reset mails lead (Firebase's "custom e-mail action handler"):
 * ?mode=verifyEmail|resetPassword&oobCode=<the mail's one-use code>.
 */
export default function AuthActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const oobCode = params.get('oobCode');
  // Keyed by the code: another mail's link opened in the same tab starts afresh.
  if (oobCode && mode === 'verifyEmail') return <VerifyEmail key={oobCode} oobCode={oobCode} />;
  if (oobCode && mode === 'resetPassword') return <ResetPassword key={oobCode} oobCode={oobCode} />;
  return <InvalidLink />;
}
