import { applicationDefault, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { AppConfig } from '@mandi/config';

/** Injection token of firebase-admin's Auth (verifies ID tokens, makes action links, deletes accounts). */
export const FIREBASE_AUTH = Symbol('FIREBASE_AUTH');

/**
 * firebase-admin's Auth for our project. With FIREBASE_AUTH_EMULATOR_HOST set (development and tests) it
 * talks to the local Auth emulator and needs no credentials; in production it uses the application default
 * credentials.
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

/** True when firebase-admin failed because the account does not exist (already deleted counts as done). */
export function isUserNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'auth/user-not-found';
}
