import { Trans } from '@lingui/react';
import {
  AUTH_TIMINGS,
  CREATE_USER_SUCCESS_STATUSES,
  TERMS_VERSION,
  VERIFICATION_MESSAGES,
  type PopupMessage,
} from '@mandi/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, api } from '../api/api-fetch';
import { useT } from '../i18n/i18n';
import { MailIcon } from '../ui/icons';
import { useDocumentTitle } from '../ui/page';
import { useAccountPopup } from './account-texts';
import { useAuth } from './auth-context';
import type { IdentityUser } from './identity';
import { abandonSignUp, clearPendingSignUp, readPendingSignUp } from './pending-sign-up';
import type { SignInPageState } from './sign-in.page';
import styles from './auth-card.module.css';

/** '1:05' for 65 seconds. */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The verification page of docs/accounts.md: polls the identity service every 3 s; once the
 * address is verified it saves the account (the createUser route, with a fresh token) and
 * sends the user to sign in. After 90 s, or on a failed save, the identity account is deleted.
 */
export default function CheckVerificationPage() {
  const { t } = useT();
  useDocumentTitle(t('auth.verifyEmail'));
  const { user, loading, identity } = useAuth();
  const navigate = useNavigate();
  const popup = useAccountPopup();
  const [pending] = useState(readPendingSignUp);
  const [deadline] = useState(() => pending?.deadline ?? Date.now() + AUTH_TIMINGS.verificationWindowMs);
  const [now, setNow] = useState(() => Date.now());
  const [saving, setSaving] = useState(false);
  // Set once an outcome is chosen: the page then ignores the clock, the poll and the sign-out it causes.
  const finished = useRef(false);

  const saveAccount = useCallback(
    async (verified: IdentityUser) => {
      finished.current = true;
      setSaving(true);
      const email = verified.email ?? pending?.email ?? '';
      let failure: PopupMessage | null = null;
      try {
        if (!pending) throw new Error('The chosen username is not stored on this device.');
        // The cached token still says email_verified false; the server needs the new one.
        await verified.getIdToken(true);
        await api('createUser', {
          auth: true,
          body: {
            email,
            username: pending.username,
            agreedToTerms: true,
            agreedAt: pending.agreedAt,
            termsVersion: TERMS_VERSION,
          },
        });
      } catch (error) {
        if (error instanceof ApiError) {
          // 409: the record exists already, which is what this page wanted.
          if (!CREATE_USER_SUCCESS_STATUSES.includes(error.statusCode)) {
            failure = {
              title: VERIFICATION_MESSAGES.saveFailed.title,
              text: error.serverMessage || VERIFICATION_MESSAGES.saveFailed.text,
            };
          }
        } else {
          failure = VERIFICATION_MESSAGES.somethingWentWrong;
        }
      }
      if (failure) {
        await abandonSignUp(identity);
        await popup(failure);
        navigate('/signin', { replace: true });
        return;
      }
      clearPendingSignUp();
      await identity.signOut().catch(() => undefined);
      navigate('/signin', { replace: true, state: { verified: true, email } satisfies SignInPageState });
    },
    [identity, navigate, pending, popup],
  );

  const giveUp = useCallback(async () => {
    finished.current = true;
    await abandonSignUp(identity);
    await popup(VERIFICATION_MESSAGES.timeout);
    navigate('/signup', { replace: true });
  }, [identity, navigate, popup]);

  const startOver = async () => {
    finished.current = true;
    await abandonSignUp(identity);
    navigate('/signup', { replace: true });
  };

  useEffect(() => {
    // Nobody signed in: there is no sign-up to wait for.
    if (!loading && !user && !finished.current) navigate('/signup', { replace: true });
  }, [loading, user, navigate]);

  useEffect(() => {
    if (loading || !user) return;
    let checking = false;
    const poll = async () => {
      if (checking || finished.current) return;
      checking = true;
      try {
        const fresh = await identity.reloadCurrentUser();
        if (fresh?.emailVerified && !finished.current) await saveAccount(fresh);
      } catch {
        // A failed reload (offline for a moment) is simply tried again on the next tick.
      } finally {
        checking = false;
      }
    };
    const pollTimer = setInterval(() => void poll(), AUTH_TIMINGS.verificationPollMs);
    const clockTimer = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearInterval(pollTimer);
      clearInterval(clockTimer);
    };
  }, [loading, user, identity, saveAccount]);

  useEffect(() => {
    if (!loading && user && now >= deadline && !finished.current) void giveUp();
  }, [loading, user, now, deadline, giveUp]);

  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));
  const windowSeconds = AUTH_TIMINGS.verificationWindowMs / 1000;
  const address = user?.email ?? pending?.email;

  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-labelledby="verify-title">
        <span className={styles.icon}>
          <MailIcon size={26} />
        </span>
        <h1 id="verify-title" className={styles.title}>
          {t('auth.verify.title')}
        </h1>
        <p className={styles.lead}>
          {address ? (
            <Trans
              id="auth.verify.sentTo"
              values={{ address }}
              components={{ 0: <strong className={styles.address} /> }}
            />
          ) : (
            t('auth.verify.sentToYou')
          )}
        </p>
        <div className={styles.countdown}>
          <p
            className={styles.countdownText}
            role="timer"
            aria-label={t('auth.verify.secondsLeft', { seconds: secondsLeft })}
          >
            <span>{t('auth.verify.timeLeft')}</span>
            <strong>{clock(secondsLeft)}</strong>
          </p>
          <div className={styles.progress} aria-hidden="true">
            <span style={{ width: `${(secondsLeft / windowSeconds) * 100}%` }} />
          </div>
          <p className={styles.waiting} role="status">
            <span className={styles.pulse} aria-hidden="true" />
            {saving ? t('auth.verify.saving') : t('auth.verify.waiting')}
          </p>
        </div>
        <ol className={styles.steps}>
          <li>{t('auth.verify.step.find')}</li>
          <li>{t('auth.verify.step.tap')}</li>
          <li>{t('auth.verify.step.signIn')}</li>
        </ol>
        <p className={styles.small}>{t('auth.verify.window', { seconds: windowSeconds })}</p>
        <button
          type="button"
          className={`btn btn-outline ${styles.full}`}
          onClick={() => void startOver()}
          disabled={saving}
        >
          {t('auth.verify.startOver')}
        </button>
      </section>
    </div>
  );
}
