import { HEADER_MESSAGES } from '@mandi/domain';
import { initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';

/*
 * The one place the Firebase browser SDK is configured. It is imported lazily by the
 * AuthProvider so the SDK stays out of the home page's entry chunk.
 */
const env = import.meta.env;

/** The 7 client configuration fields of the hosted identity service (000 section 3). */
export const firebaseConfig: FirebaseOptions = {
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || undefined,
  projectId: env.VITE_FIREBASE_PROJECT_ID || 'demo-mandi',
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET || undefined,
  messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID || undefined,
  appId: env.VITE_FIREBASE_APP_ID || undefined,
  measurementId: env.VITE_FIREBASE_MEASUREMENT_ID || undefined,
};

const emulatorUrl: string | undefined = env.VITE_FIREBASE_AUTH_EMULATOR_URL || undefined;

export const firebaseApp: FirebaseApp = initializeApp(firebaseConfig);

/** Sign-in survives reloads: indexedDB first, then local storage, then session storage (000 section 5). */
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
