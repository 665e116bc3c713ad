import type { FastifyRequest } from 'fastify';

/** A limit of `limit` requests per `windowMs` for each key (by default the client address). */
export interface RateLimitRule {
  /** Names the counter, so two routes sharing a name share a limit. */
  name: string;
  limit: number;
  windowMs: number;
  /** What to count by; defaults to the client address. Return null to not count this request. */
  key?: (request: FastifyRequest) => string | null;
  /** What a refused caller reads; defaults to ACCESS_MESSAGES.tooManyRequests. */
  message?: string;
}

/**
 * Counts by the signed-in caller's user id (the access guard has loaded it), not by address: one person behind many
 * addresses gets one budget, and many people behind one address (a carrier's NAT) get one each. A request without a
 * caller is counted by its address.
 */
export const perCaller = (request: FastifyRequest): string =>
  request.caller ? `user:${request.caller.id}` : `ip:${request.ip}`;
