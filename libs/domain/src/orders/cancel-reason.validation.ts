import { problem, type FieldProblem } from '../messages/popup-message.js';
import { ORDER_MESSAGES } from './order.messages.js';

/** Longest cancellation reason we keep (ours; the spec sets none). */
export const CANCEL_REASON_MAX = 500;

/** A cancellation reason must be non-empty once trimmed (docs/orders.md). */
export function validateCancelReason(reason: string | null | undefined): FieldProblem | null {
  if (!reason || reason.trim() === '') return problem('reason', ORDER_MESSAGES.missingReason);
  if (Array.from(reason.trim()).length > CANCEL_REASON_MAX) {
    return problem('reason', `Reason must be at most ${CANCEL_REASON_MAX} characters.`);
  }
  return null;
}
