import { HEADER_MESSAGES } from '@mandi/domain';
import { initializeApp, type FirebaseOptions } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import type { AdminIdentity } from './identity';

/*
 * The console's Firebase setup: the same environment variables, the same defaults and the same (default) app as the
 * storefront's (storefront/src/auth/firebase.ts), so both read and write ONE persisted session on this origin: signed
 * in on one is signed in on the other, and signing out of either signs out of both (docs/console.md, One sign-in).
 * Firebase keys the session by API key and app name, so neither may differ between the two.
 */
const env = import.meta.env;

const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-mandi';

const config: FirebaseOptions = {
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
  projectId,
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET || undefined,
  messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID || undefined,
  appId: env.VITE_FIREBASE_APP_ID || undefined,
  measurementId: env.VITE_FIREBASE_MEASUREMENT_ID || undefined,
};

const app = initializeApp(config);
const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});
const emulatorUrl = env.VITE_FIREBASE_AUTH_EMULATOR_URL;
if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });

// Resolves once Firebase has restored (or not) the session persisted by an earlier visit.
const restored = new Promise<void>((resolve) => {
  const stop = onAuthStateChanged(auth, () => {
    stop();
    resolve();
  });
});

/** Starts Analytics where supported, never against the emulator. */
async function startAnalytics(): Promise<void> {
  if (emulatorUrl || !config.measurementId) return;
  try {
    const { getAnalytics, isSupported } = await import('firebase/analytics');
    if (await isSupported()) getAnalytics(app);
  } catch {
    console.warn(HEADER_MESSAGES.analyticsInitFailed);
  }
}
void startAnalytics();

/** The Firebase-backed identity of the console. */
export const firebaseIdentity: AdminIdentity = {
  async currentUser() {
    await restored;
    return auth.currentUser;
  },
  async signIn(email, password) {
    const credential = await signInWithEmailAndPassword(auth, email, password);
    return credential.user;
  },
  async signOut() {
    await signOut(auth);
  },
  watch(listener) {
    return onAuthStateChanged(auth, (user) => listener(user?.uid ?? null));
  },
};
