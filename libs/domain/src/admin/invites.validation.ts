import { problem, type FieldProblem } from '../messages/popup-message.js';
import { ADMIN_MESSAGES } from './admin.messages.js';

/** Interested-seller states (docs/console.md); 'interested' is the state before any invite. */
export const INTERESTED_SELLER_STATUSES = ['interested', 'invited', 'onboarded'] as const;
/** One of {@link INTERESTED_SELLER_STATUSES}. */
export type InterestedSellerStatus = (typeof INTERESTED_SELLER_STATUSES)[number];

/** Bulk invites need at least one selected seller (docs/console.md). */
export function validateInviteSelection(sellerIds: readonly unknown[]): FieldProblem | null {
  return sellerIds.length === 0 ? problem('sellerIds', ADMIN_MESSAGES.selectSellers) : null;
}
