import { SIGN_IN_MESSAGES } from '@mandi/domain';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/api-fetch';
import { withOverlay } from '../api/in-flight';
import { useSingleFlight } from '../ui/use-single-flight';
import { useAccountPopup } from './account-texts';
import { useAuth } from './auth-context';
import { identityErrorCode, type IdentityUser } from './identity';
import { abandonSignUp } from './pending-sign-up';
import { accountStanding, oauthLogin, signInErrorMessage, signInFailureMessage } from './sign-in';

/** Closing Google's window is the user's choice, not a failure to report. */
const googleCancelled = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

/**
 * The sign-in outcomes of docs/accounts.md, for e-mail/password and for Google: an unverified
 * account is deleted, a suspended one signed out with the spec's popup, any other success goes to /.
 * `running` is true while an outcome is being settled, so the page does not redirect on its own meanwhile. `error` is
 * the English text (a domain message or the server's); the page shows it with useAccountText.
 */
export function useSignIn() {
  const { identity, refreshAccount } = useAuth();
  const popup = useAccountPopup();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const flight = useSingleFlight();
  const signOutQuietly = useCallback(() => identity.signOut().catch(() => undefined), [identity]);

  /** The status check both ways in share; true when the user may go on. */
  const mayEnter = useCallback(
    async (email: string | null): Promise<boolean> => {
      if (!email) return true;
      let standing;
      try {
        standing = await accountStanding(email);
      } catch (failure) {
        await signOutQuietly();
        setError((failure instanceof ApiError && failure.serverMessage) || SIGN_IN_MESSAGES.fallback);
        return false;
      }
      if (standing === 'active') return true;
      await signOutQuietly();
      if (standing === 'suspended') await popup(SIGN_IN_MESSAGES.accountSuspended);
      // A verified identity without our record (the verification page was left before it saved the account).
      else setError(SIGN_IN_MESSAGES.noAccount);
      return false;
    },
    [popup, signOutQuietly],
  );

  const finishGoogle = useCallback(
    async (user: IdentityUser) => {
      try {
        await oauthLogin(user);
      } catch (failure) {
        await signOutQuietly();
        if (failure instanceof ApiError && failure.statusCode === 403) await popup(SIGN_IN_MESSAGES.accountSuspended);
        else setError((failure instanceof ApiError && failure.serverMessage) || SIGN_IN_MESSAGES.fallback);
        return;
      }
      if (!(await mayEnter(user.email))) return;
      // The first read of userId and role ran before oauth-login made the record.
      refreshAccount();
      navigate('/', { replace: true });
    },
    [mayEnter, navigate, popup, refreshAccount, signOutQuietly],
  );

  const runFlight = flight.run;
  const run = useCallback(
    (work: () => Promise<void>) =>
      runFlight(async () => {
        setError(null);
        await work();
      }),
    [runFlight],
  );

  const signInWithEmail = useCallback(
    (email: string, password: string) =>
      run(async () => {
        let user: IdentityUser;
        try {
          user = await withOverlay(() => identity.signInWithEmail(email, password));
        } catch (failure) {
          setError(await signInFailureMessage(identityErrorCode(failure), email));
          return;
        }
        if (!user.emailVerified) {
          await abandonSignUp(identity);
          await popup(SIGN_IN_MESSAGES.unverifiedAccount);
          return;
        }
        if (await mayEnter(user.email ?? email)) navigate('/', { replace: true });
      }),
    [identity, mayEnter, navigate, popup, run],
  );

  const signInWithGoogle = useCallback(
    () =>
      run(async () => {
        let user: IdentityUser | null;
        try {
          user = await identity.signInWithGoogle();
        } catch (failure) {
          const code = identityErrorCode(failure);
          if (!googleCancelled.has(code ?? '')) setError(signInErrorMessage(code));
          return;
        }
        // null: the browser is on its way to Google; the sign-in page resumes on its return.
        if (user) await finishGoogle(user);
      }),
    [finishGoogle, identity, run],
  );

  /** On load: a Google sign-in that went by redirect comes back here. */
  const resumeGoogleRedirect = useCallback(
    () =>
      run(async () => {
        let user: IdentityUser | null;
        try {
          user = await identity.googleRedirectResult();
        } catch (failure) {
          setError(signInErrorMessage(identityErrorCode(failure)));
          return;
        }
        if (user) await finishGoogle(user);
      }),
    [finishGoogle, identity, run],
  );

  return {
    error,
    setError,
    busy: flight.busy,
    running: flight.running,
    signInWithEmail,
    signInWithGoogle,
    resumeGoogleRedirect,
  };
}
