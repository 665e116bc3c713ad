import { ACCESS_MESSAGES, DomainError } from '@mandi/domain';
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
