import { applicationDefault, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '@mandi/config';

/** Injection token of firebase-admin's Auth (verifies ID tokens, makes action links, deletes accounts). */
export const FIREBASE_AUTH = Symbol('FIREBASE_AUTH');

/**
 * firebase-admin's Auth for our project. With FIREBASE_AUTH_EMULATOR_HOST set (development and tests) it talks to
 * the local Auth emulator and needs no credentials; in production it uses the application default credentials.
 */
export function firebaseAuthFor(config: Pick<AppConfig, 'FIREBASE_PROJECT_ID' | 'FIREBASE_AUTH_EMULATOR_HOST'>): Auth {
  const app =
    getApps()[0] ??
    initializeApp(
      config.FIREBASE_AUTH_EMULATOR_HOST
        ? { projectId: config.FIREBASE_PROJECT_ID }
        : { projectId: config.FIREBASE_PROJECT_ID, credential: applicationDefault() },
    );
  return getAuth(app);
}

/** The Nest provider of {@link FIREBASE_AUTH}, built from the app's APP_CONFIG (the API and the worker use it). */
export const firebaseAuthProvider = {
  provide: FIREBASE_AUTH,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): Auth => firebaseAuthFor(config),
};

/**
 * True when firebase-admin failed because the account does not exist: looked up by uid ('auth/user-not-found') or
 * by e-mail, as the action-link calls do ('auth/email-not-found'). Already gone counts as done for a deletion.
 */
export function isUserNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'auth/user-not-found' || code === 'auth/email-not-found';
}

/** The Firebase account `uid`, or null when it does not exist (any more). */
export async function findFirebaseAccount(auth: Auth, uid: string): Promise<UserRecord | null> {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if (isUserNotFound(error)) return null;
    throw error;
  }
}

/** Deletes the Firebase account `uid`; one that is gone already counts as deleted, so a retry succeeds. */
export async function deleteFirebaseAccount(auth: Auth, uid: string): Promise<void> {
  try {
    await auth.deleteUser(uid);
  } catch (error) {
    if (!isUserNotFound(error)) throw error;
  }
}
