import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { FIREBASE_AUTH } from '@mandi/identity';

/** How long a verified token is trusted without verifying it again (never past its own expiry). */
const REMEMBER_MS = 60_000;
const MAX_REMEMBERED = 10_000;

/**
 * Verifies Firebase ID tokens and remembers each verified one for a minute. A browser sends the same token with
 * every call for up to an hour, and firebase-admin's check costs a signature verification against Google's
 * certificates, or against the Auth emulator a network round trip per call. Suspension and deletion are still
 * checked on every call against our own database, so remembering a token never lets a blocked user in.
 */
@Injectable()
export class IdTokenVerifier {
  private readonly remembered = new Map<string, { token: DecodedIdToken; until: number }>();

  constructor(@Inject(FIREBASE_AUTH) private readonly auth: Auth) {}

  async verify(idToken: string): Promise<DecodedIdToken> {
    const key = createHash('sha256').update(idToken).digest('base64url');
    const now = Date.now();
    const hit = this.remembered.get(key);
    if (hit && hit.until > now) return hit.token;

    const token = await this.auth.verifyIdToken(idToken);
    if (this.remembered.size >= MAX_REMEMBERED) {
      // Maps iterate in insertion order: dropping the first entry drops the oldest.
      this.remembered.delete(this.remembered.keys().next().value!);
    }
    this.remembered.set(key, { token, until: Math.min(now + REMEMBER_MS, token.exp * 1000) });
    return token;
  }
}
