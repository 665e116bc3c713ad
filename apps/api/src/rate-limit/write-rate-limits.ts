import { WRITE_LIMIT_MESSAGES, WRITE_RATE_LIMITS } from '@mandi/domain';
import { perCaller, type RateLimitRule } from './rate-limit.decorator.js';

// The per-user limits of signed-in writes (libs/domain's WRITE_RATE_LIMITS, which says why each is where it is), as
// rules of @RateLimit: counted per caller in Redis, 429 with Retry-After and the message past them.

const rule = (limit: (typeof WRITE_RATE_LIMITS)[keyof typeof WRITE_RATE_LIMITS], message: string): RateLimitRule => ({
  ...limit,
  key: perCaller,
  message,
});

/** @RateLimit rules of the signed-in writes, by what they limit. */
export const WRITE_LIMITS = {
  orders: rule(WRITE_RATE_LIMITS.orders, WRITE_LIMIT_MESSAGES.tooManyOrders),
  productPosts: rule(WRITE_RATE_LIMITS.productPosts, WRITE_LIMIT_MESSAGES.tooManyProductPosts),
  productEdits: rule(WRITE_RATE_LIMITS.productEdits, WRITE_LIMIT_MESSAGES.tooManyProductEdits),
  imageUploads: rule(WRITE_RATE_LIMITS.imageUploads, WRITE_LIMIT_MESSAGES.tooManyImageUploads),
  addressWrites: rule(WRITE_RATE_LIMITS.addressWrites, WRITE_LIMIT_MESSAGES.tooManyAddressChanges),
  cartAdds: rule(WRITE_RATE_LIMITS.cartAdds, WRITE_LIMIT_MESSAGES.tooManyCartAdds),
} as const;
