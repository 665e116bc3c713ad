import { applicationDefault, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { AppConfig } from '@mandi/config';
import { APP_CONFIG } from '../config/app-config.js';

/** Injection token of firebase-admin's Auth, which verifies ID tokens. */
export const FIREBASE_AUTH = Symbol('FIREBASE_AUTH');

/**
 * firebase-admin's Auth for our project. With FIREBASE_AUTH_EMULATOR_HOST set (development and tests) it talks to
 * the local Auth emulator and needs no credentials; in production it uses the application default credentials.
 */
export const firebaseAuthProvider = {
  provide: FIREBASE_AUTH,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): Auth => {
    const app =
      getApps()[0] ??
      initializeApp(
        config.FIREBASE_AUTH_EMULATOR_HOST
          ? { projectId: config.FIREBASE_PROJECT_ID }
          : { projectId: config.FIREBASE_PROJECT_ID, credential: applicationDefault() },
      );
    return getAuth(app);
  },
};
