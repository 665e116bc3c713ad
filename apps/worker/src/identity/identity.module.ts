import { Module } from '@nestjs/common';
import { FIREBASE_AUTH, firebaseAuthProvider } from '@mandi/identity';

/**
 * firebase-admin's Auth for the worker's handlers (action links for mails, removing accounts): inject it with
 * `@Inject(FIREBASE_AUTH)`. Against the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set.
 */
@Module({ providers: [firebaseAuthProvider], exports: [FIREBASE_AUTH] })
export class IdentityModule {}
