import type { AppConfig } from '@mandi/config';
import { FIREBASE_AUTH, firebaseAuthFor } from '@mandi/identity';
import { APP_CONFIG } from '../config/app-config.js';

export { FIREBASE_AUTH };

/** firebase-admin's Auth for the API (see @mandi/identity). */
export const firebaseAuthProvider = {
  provide: FIREBASE_AUTH,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => firebaseAuthFor(config),
};
