import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RouteAccess } from '@mandi/contracts';
import { DomainError, ACCESS_MESSAGES } from '@mandi/domain';
import { routeEntryOf } from '../common/endpoint.decorator.js';
import { PerRoute } from '../common/per-route.js';
import { CallerCache } from './caller-cache.js';
import { IdTokenVerifier } from './id-token.verifier.js';
import type { Caller } from './caller.js';

/** Body and path keys that name a user: `uid` is the Firebase uid, `userId`/`user_id` our user id. */
const UID_KEYS = ['uid'] as const;
const USER_ID_KEYS = ['userId', 'user_id'] as const;

/**
 * The one access rule of the API, run before every route, by the `access` of the route's registry entry (@Endpoint):
 * 1. every route needs a verified Firebase ID token unless it is 'public';
 * 2. the token's uid must belong to an active user of ours (suspended and deleted users get 403, from the moment
 *    the change is answered: {@link CallerCache}),
 *    except on 'identity' routes used while the account is being created;
 * 3. 'admin' routes need the admin role stored in our database;
 * 4. a uid or userId in the path or body must be the caller's own, unless the caller is an admin.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  /** A route's access, from its registry entry; 'user' for a handler mounted without one (there is none). */
  private readonly access = new PerRoute<RouteAccess>(
    (context) => routeEntryOf(context.getHandler())?.access ?? 'user',
  );

  constructor(
    private readonly callers: CallerCache,
    private readonly tokens: IdTokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = this.access.of(context);
    // A network call proves itself by ONDC's signature, which its route verifies over the raw body (apps/api/src/ondc).
    if (access === 'public' || access === 'network') return true;

    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const decoded = await this.verify(request);
    request.identity = {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      signInProvider: typeof decoded.firebase?.sign_in_provider === 'string' ? decoded.firebase.sign_in_provider : null,
      authTime: decoded.auth_time,
    };
    if (access === 'identity') {
      // No user row yet, so no userId to compare; a uid named in the call must still be the token's own.
      assertOwnIds(request, { uid: decoded.uid });
      return true;
    }

    const user = await this.callers.find(decoded.uid);
    if (!user || user.deleted) throw new DomainError('not_allowed', ACCESS_MESSAGES.noAccount);
    if (user.suspended) throw new DomainError('not_allowed', ACCESS_MESSAGES.suspended);
    const caller: Caller = { id: user.id, uid: user.uid, email: user.email, role: user.role };
    request.caller = caller;

    if (access === 'admin' && caller.role !== 'admin') throw new DomainError('not_allowed', ACCESS_MESSAGES.notAllowed);
    if (caller.role !== 'admin') assertOwnIds(request, caller);
    return true;
  }

  private async verify(request: FastifyRequest) {
    const header = request.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new DomainError('unauthenticated', ACCESS_MESSAGES.signInRequired);
    }
    try {
      return await this.tokens.verify(token);
    } catch {
      throw new DomainError('unauthenticated', ACCESS_MESSAGES.invalidToken);
    }
  }
}

/** Refuses a request that names another user's uid or userId in its path or JSON body. */
export function assertOwnIds(request: FastifyRequest, caller: Pick<Caller, 'uid'> & Partial<Pick<Caller, 'id'>>): void {
  const sources = [request.params, request.body].filter(
    (source): source is Record<string, unknown> => typeof source === 'object' && source !== null,
  );
  for (const source of sources) {
    for (const key of UID_KEYS) {
      if (source[key] !== undefined && String(source[key]) !== caller.uid) {
        throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
      }
    }
    for (const key of USER_ID_KEYS) {
      if (source[key] !== undefined && (caller.id === undefined || String(source[key]) !== String(caller.id))) {
        throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
      }
    }
  }
}
