import type { OrderConflictDetails } from '@mandi/contracts';
import { DomainError } from '@mandi/domain';
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
  const message = refusal?.message ?? 'This order has just been changed. Please reload it.';
  return new DomainError('invalid_transition', message, { details });
}
