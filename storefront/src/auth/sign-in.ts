import { SIGN_IN_MESSAGES } from '@mandi/domain';

/** Maps a Firebase Auth error code to the sign-in message of 000 section 8. */
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

/** Signs in with e-mail and password through Firebase (loaded on demand). */
export async function signInWithEmail(email: string, password: string): Promise<void> {
  const [{ auth }, { signInWithEmailAndPassword }] = await Promise.all([import('./firebase'), import('firebase/auth')]);
  await signInWithEmailAndPassword(auth, email, password);
}
