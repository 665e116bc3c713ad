import { SIGN_IN_MESSAGES, TERMS_VERSION } from '@mandi/domain';
import { ApiError, api } from '../api/api-fetch';
import type { IdentityUser } from './identity';

/** Maps a Firebase Auth error code to the sign-in message of docs/accounts.md. */
export function signInErrorMessage(code: string | undefined): string {
  switch (code) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return SIGN_IN_MESSAGES.wrongPassword;
    case 'auth/user-not-found':
      return SIGN_IN_MESSAGES.noAccount;
    case 'auth/user-disabled':
      return SIGN_IN_MESSAGES.accountDisabled;
    case 'auth/invalid-email':
      return SIGN_IN_MESSAGES.invalidEmail;
    default:
      return SIGN_IN_MESSAGES.fallback;
  }
}

/**
 * With e-mail enumeration protection (on by default, and in the emulator) Firebase answers
 * 'auth/invalid-credential' for a wrong password and for an unknown address alike.
 */
function isAmbiguousCredentialError(code: string | undefined): boolean {
  return code === 'auth/invalid-credential' || code === 'auth/invalid-login-credentials';
}

/**
 * The message for a refused e-mail sign-in. An ambiguous refusal is settled by asking our API
 * whether the address has an account; if that call fails it stays "wrong password".
 */
export async function signInFailureMessage(code: string | undefined, email: string): Promise<string> {
  if (!isAmbiguousCredentialError(code)) return signInErrorMessage(code);
  try {
    const { exists } = await api('userExists', { query: { email } });
    return exists ? SIGN_IN_MESSAGES.wrongPassword : SIGN_IN_MESSAGES.noAccount;
  } catch {
    return SIGN_IN_MESSAGES.wrongPassword;
  }
}

/** An account's standing after the identity service accepted the sign-in: 'missing' when we have no record. */
export type AccountStanding = 'active' | 'suspended' | 'missing';

/** The userStatus route (by e-mail); other failures are thrown as ApiError. */
export async function accountStanding(email: string): Promise<AccountStanding> {
  try {
    const { status } = await api('userStatus', { query: { email } });
    return status === 'suspended' ? 'suspended' : 'active';
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return 'missing';
    throw error;
  }
}

/** The oauthLogin route after a Google sign-in: creates our user record the first time. */
export async function oauthLogin(user: IdentityUser): Promise<{ isNewUser: boolean; user: { username: string } }> {
  return api('oauthLogin', {
    auth: true,
    body: {
      provider: 'google',
      uid: user.uid,
      // A Google account has an address; without one the API refuses the call with its own message.
      email: user.email ?? '',
      displayName: user.displayName,
      photoURL: user.photoURL,
      agreedToTerms: true,
      agreedAt: new Date().toISOString(),
      termsVersion: TERMS_VERSION,
    },
  });
}
