import type { RateLimitRule } from '../rate-limit/rate-limit.rule.js';

/**
 * The contact form: 5 messages per 10 minutes per client address. Each message mails the operators, so the form
 * must not become a way to flood their inbox; a person writing to us sends one or two.
 */
export const CONTACT_RATE_LIMIT = {
  name: 'contact',
  limit: 5,
  windowMs: 10 * 60_000,
  message: 'Too many messages from this address. Please try again in a few minutes.',
} as const satisfies RateLimitRule;
