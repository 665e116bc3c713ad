import type { OrderConflictDetails } from '@mandi/contracts';
import { DomainError, ORDER_MESSAGES, checkTransition, type OrderAction } from '@mandi/domain';
import type { OrderStateRow } from './order-sql.js';

/**
 * The 409 of an order move that did not happen: the rule's message, with the order as it is now in `details`, so the
 * loser of a race (two admins, an admin and the deadline) sees what the winner did.
 */
export function orderRefusal(state: OrderStateRow, refusal: DomainError | null): DomainError {
  const details: OrderConflictDetails = {
    order_id: String(state.id),
    status: state.status,
    payment_status: state.payment_status,
    window_closes_at: state.window_closes_at.toISOString(),
  };
  // Without a rule that refuses (the row changed between the update and this read), the move simply lost a race.
  return new DomainError('invalid_transition', refusal?.message ?? ORDER_MESSAGES.changedMeanwhile, { details });
}

/** Why the order process refuses `action` on the order as it is now (its window by the database clock), or null. */
export function moveRefusal(state: OrderStateRow, action: OrderAction): DomainError | null {
  const check = checkTransition(state.status, action, { closesAt: state.window_closes_at, now: state.now });
  return check.allowed ? null : check.error;
}
