import { Module } from '@nestjs/common';
import type { AppConfig } from '@mandi/config';
import { FIREBASE_AUTH, firebaseAuthFor } from '@mandi/identity';
import { APP_CONFIG } from '../config/worker-config.module.js';

/**
 * firebase-admin's Auth for the worker's handlers (action links for mails, removing accounts): inject it with
 * `@Inject(FIREBASE_AUTH)`. Against the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set.
 */
@Module({
  providers: [{ provide: FIREBASE_AUTH, inject: [APP_CONFIG], useFactory: (config: AppConfig) => firebaseAuthFor(config) }],
  exports: [FIREBASE_AUTH],
})
export class IdentityModule {}
