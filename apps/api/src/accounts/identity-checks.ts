import { ACCESS_MESSAGES, DomainError } from '@mandi/domain';
import type { Identity } from '../auth/caller.js';

/** A uid named in an account call must be the token's own (the access guard checks too; this keeps the rule local). */
export function assertOwnUid(identity: Identity, uid: string): void {
  if (uid !== identity.uid) throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
}

/** An e-mail named in an account call must be the token's own, compared without regard to case. */
export function assertOwnEmail(identity: Identity, email: string): void {
  if (identity.email === null || identity.email.toLowerCase() !== email.toLowerCase()) {
    throw new DomainError('not_allowed', ACCESS_MESSAGES.emailNotYours);
  }
}
