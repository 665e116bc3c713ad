import type { RateLimitName } from '@mandi/contracts';
import { WRITE_LIMIT_MESSAGES, WRITE_RATE_LIMITS } from '@mandi/domain';
import { ACCOUNT_RATE_LIMITS } from '../accounts/account.rate-limits.js';
import { CONTACT_RATE_LIMIT } from '../contact/contact.rate-limits.js';
import { perCaller, type RateLimitRule } from './rate-limit.rule.js';

// The rules of each limit a registry entry may name (`rateLimit`, libs/contracts' RATE_LIMIT_NAMES). The per-address
// public limit of the other public routes is the guard's own (RATE_LIMIT_PUBLIC_PER_MINUTE).

/** A per-user limit of signed-in writes (libs/domain's WRITE_RATE_LIMITS, which says why each is where it is). */
const perUser = (
  limit: (typeof WRITE_RATE_LIMITS)[keyof typeof WRITE_RATE_LIMITS],
  message: string,
): RateLimitRule => ({
  ...limit,
  key: perCaller,
  message,
});

/**
 * Each named limit's rules, all of which a request must pass: counted in Redis, 429 with Retry-After and the rule's
 * message past one. A name the registry may use and this table lacks fails to compile.
 */
export const RATE_LIMIT_RULES: { readonly [N in RateLimitName]: readonly [RateLimitRule, ...RateLimitRule[]] } = {
  orders: [perUser(WRITE_RATE_LIMITS.orders, WRITE_LIMIT_MESSAGES.tooManyOrders)],
  productPosts: [perUser(WRITE_RATE_LIMITS.productPosts, WRITE_LIMIT_MESSAGES.tooManyProductPosts)],
  productEdits: [perUser(WRITE_RATE_LIMITS.productEdits, WRITE_LIMIT_MESSAGES.tooManyProductEdits)],
  imageUploads: [perUser(WRITE_RATE_LIMITS.imageUploads, WRITE_LIMIT_MESSAGES.tooManyImageUploads)],
  addressWrites: [perUser(WRITE_RATE_LIMITS.addressWrites, WRITE_LIMIT_MESSAGES.tooManyAddressChanges)],
  cartAdds: [perUser(WRITE_RATE_LIMITS.cartAdds, WRITE_LIMIT_MESSAGES.tooManyCartAdds)],
  sellerProfileWrites: [
    perUser(WRITE_RATE_LIMITS.sellerProfileWrites, WRITE_LIMIT_MESSAGES.tooManySellerProfileWrites),
  ],
  accountLookup: [ACCOUNT_RATE_LIMITS.accountLookup],
  // Per client address first, then per e-mail: a client past its budget does not spend the address's one mail.
  passwordReset: [ACCOUNT_RATE_LIMITS.resetPerClient, ACCOUNT_RATE_LIMITS.resetPerEmail],
  sendVerification: [ACCOUNT_RATE_LIMITS.sendVerification],
  contact: [CONTACT_RATE_LIMIT],
};
