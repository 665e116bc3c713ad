import { Global, Module } from '@nestjs/common';
import { CallerCache } from './caller-cache.js';
import { CallersRepository } from './callers.repository.js';
import { IdTokenVerifier } from './id-token.verifier.js';
import { firebaseAuthProvider, FIREBASE_AUTH } from '@mandi/identity';

/** Identity for the whole API: what the access guard (registered in AppModule) needs to check a caller. */
@Global()
@Module({
  providers: [firebaseAuthProvider, IdTokenVerifier, CallersRepository, CallerCache],
  exports: [FIREBASE_AUTH, IdTokenVerifier, CallersRepository, CallerCache],
})
export class AuthModule {}
