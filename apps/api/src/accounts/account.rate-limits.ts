import type { FastifyRequest } from 'fastify';
import { AUTH_TIMINGS, EMAIL_MAX_LENGTH, FORGOT_PASSWORD_MESSAGES } from '@mandi/domain';
import type { RateLimitRule } from '../rate-limit/rate-limit.rule.js';

// Every limit of the account routes, in one place (docs/accounts.md lists them). They hold in every environment:
// unlike the general public limit they are part of the product's behaviour.

const TEN_MINUTES_MS = 10 * 60_000;

/**
 * The e-mail a request names (query or body), trimmed and lower-cased, or null when it names none. The guard runs
 * before the body's schema, so the text is cut to an address's longest length: a 1 MB "e-mail" never becomes a key.
 */
function requestedEmail(request: FastifyRequest): string | null {
  const source = { ...(request.query as object | undefined), ...(request.body as object | undefined) } as {
    email?: unknown;
  };
  return typeof source.email === 'string' && source.email.trim() !== ''
    ? source.email
        .slice(0, EMAIL_MAX_LENGTH + 64)
        .trim()
        .toLowerCase()
    : null;
}

/** Per verified Firebase uid (identity routes run after the access guard has set it). */
const identityUid = (request: FastifyRequest): string | null => request.identity?.uid ?? null;

export const ACCOUNT_RATE_LIMITS = {
  /** Verification mails: 5 per 10 minutes per uid, so one sign-up cannot be made to mail-bomb an address. */
  sendVerification: { name: 'send-verification', limit: 5, windowMs: TEN_MINUTES_MS, key: identityUid },
  /**
   * user-status and user-exists answer whether an address has an account: 30 per 10 minutes per client address,
   * one counter for both (asking the other route does not double the budget). Enough for people signing in
   * behind one shared address, too slow to walk a list of addresses.
   */
  accountLookup: { name: 'account-lookup', limit: 30, windowMs: TEN_MINUTES_MS },
  /** Password reset: one mail per address per lockout (docs/accounts.md: 120 s), the same on the server as on the button. */
  resetPerEmail: {
    name: 'reset-password-email',
    limit: 1,
    windowMs: AUTH_TIMINGS.resetLockoutMs,
    key: requestedEmail,
    message: FORGOT_PASSWORD_MESSAGES.tooSoon,
  },
  /** Password reset: 10 per 10 minutes per client address, whatever addresses it names. */
  resetPerClient: { name: 'reset-password-client', limit: 10, windowMs: TEN_MINUTES_MS },
} as const satisfies Record<string, RateLimitRule>;
