import { ACCESS_MESSAGES, DomainError, mayUseOauthSignIn } from '@mandi/domain';
import type { Identity } from '../auth/caller.js';

/**
 * An e-mail named in an account call must be the token's own, compared without regard to case. (A uid is checked
 * by the access guard, on every route.)
 */
export function assertOwnEmail(identity: Identity, email: string): void {
  if (identity.email === null || identity.email.toLowerCase() !== email.toLowerCase()) {
    throw new DomainError('not_allowed', ACCESS_MESSAGES.emailNotYours);
  }
}

/**
 * The identity-provider sign-in makes an account without a verification mail of ours, so it takes only a token from
 * an identity provider (Google ...) that vouches for the e-mail; a password account's token would let anyone claim
 * any address.
 */
export function assertOauthIdentity(identity: Identity): void {
  if (!mayUseOauthSignIn(identity)) throw new DomainError('not_allowed', ACCESS_MESSAGES.oauthOnly);
}
