import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CallersRepository } from '../auth/callers.repository.js';
import type { Caller } from '../auth/caller.js';
import { IdTokenVerifier } from '../auth/id-token.verifier.js';

/**
 * Who is looking at a public profile, when they sent a token: the profile call is public (seller pages), but its
 * answer says the role only to the user themselves and to admins (the admin pages learn the caller's role from it).
 * A missing, bad or blocked token is an anonymous visitor, never an error.
 */
@Injectable()
export class ProfileViewer {
  constructor(
    private readonly tokens: IdTokenVerifier,
    private readonly callers: CallersRepository,
  ) {}

  async of(request: FastifyRequest): Promise<Caller | null> {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
    try {
      const decoded = await this.tokens.verify(token);
      const user = await this.callers.findByFirebaseUid(decoded.uid);
      if (!user || user.deleted || user.suspended) return null;
      return { id: user.id, uid: user.uid, email: user.email, role: user.role };
    } catch {
      return null;
    }
  }
}
