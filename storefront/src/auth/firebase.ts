import { HEADER_MESSAGES } from '@mandi/domain';
import { initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';
import {
  GoogleAuthProvider,
  applyActionCode,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  getRedirectResult,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from 'firebase/auth';

/*
 * The one place the Firebase browser SDK is configured and called. It is imported lazily by
 * firebaseIdentity() (identity.ts) so the SDK stays out of the home page's entry chunk.
 */
const env = import.meta.env;

const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-mandi';

/** The 7 client configuration fields of the hosted identity service (docs/accounts.md). */
export const firebaseConfig: FirebaseOptions = {
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-key',
  // Google sign-in (popup or redirect) refuses to start without an auth domain, even against the emulator;
  // the project's default one is what Firebase itself hands out.
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
  projectId,
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET || undefined,
  messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID || undefined,
  appId: env.VITE_FIREBASE_APP_ID || undefined,
  measurementId: env.VITE_FIREBASE_MEASUREMENT_ID || undefined,
};

const emulatorUrl: string | undefined = env.VITE_FIREBASE_AUTH_EMULATOR_URL || undefined;

export const firebaseApp: FirebaseApp = initializeApp(firebaseConfig);

/** Sign-in survives reloads: indexedDB first, then local storage, then session storage (docs/accounts.md). */
export const auth: Auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  popupRedirectResolver: browserPopupRedirectResolver,
});

if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });

/** Starts Analytics where the browser supports it; never against the emulator (demo project). */
export async function startAnalytics(): Promise<void> {
  if (emulatorUrl || !firebaseConfig.measurementId) return;
  try {
    const { getAnalytics, isSupported } = await import('firebase/analytics');
    if (await isSupported()) getAnalytics(firebaseApp);
  } catch {
    console.warn(HEADER_MESSAGES.analyticsInitFailed);
  }
}

export function watchUser(callback: (user: User | null) => void): () => void {
  return onAuthStateChanged(auth, callback);
}

export async function signUpWithEmail(email: string, password: string): Promise<User> {
  return (await createUserWithEmailAndPassword(auth, email, password)).user;
}

export async function signInWithEmail(email: string, password: string): Promise<User> {
  return (await signInWithEmailAndPassword(auth, email, password)).user;
}

/** Popups where the browser allows them (desktop); a full-page redirect where it blocks them. */
const popupRefusals = new Set(['auth/popup-blocked', 'auth/operation-not-supported-in-this-environment']);

export async function signInWithGoogle(): Promise<User | null> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  try {
    return (await signInWithPopup(auth, provider)).user;
  } catch (error) {
    if (!popupRefusals.has((error as { code?: string } | null)?.code ?? '')) throw error;
    // Leaves the page; the sign-in page picks the result up with googleRedirectResult() on its return.
    await signInWithRedirect(auth, provider);
    return null;
  }
}

export async function googleRedirectResult(): Promise<User | null> {
  return (await getRedirectResult(auth))?.user ?? null;
}

export async function reloadCurrentUser(): Promise<User | null> {
  await auth.currentUser?.reload();
  return auth.currentUser;
}

export async function deleteCurrentUser(): Promise<void> {
  if (auth.currentUser) await deleteUser(auth.currentUser);
}

export async function signOutUser(): Promise<void> {
  await signOut(auth);
}

/*
 * The codes of the verification and password-reset mails. The worker's mails link to our own /auth/action page
 * (Firebase's "custom e-mail action handler") instead of Firebase's hosted one, so the page applies them here.
 */

export async function applyEmailVerification(oobCode: string): Promise<void> {
  await applyActionCode(auth, oobCode);
}

export async function passwordResetEmail(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(auth, oobCode);
}

export async function confirmNewPassword(oobCode: string, newPassword: string): Promise<void> {
  await confirmPasswordReset(auth, oobCode, newPassword);
}
