import type { PaymentMethod } from '../checkout/payment-method.js';

/** What the rules look at: how the order is paid, and when it was paid and cancelled (null: not yet). */
export interface OrderMailTiming {
  readonly paymentMethod: PaymentMethod;
  readonly paidAt: Date | null;
  readonly cancelledAt: Date | null;
}

/**
 * Whether the order was paid while it stood: paid, and not cancelled before it was paid. Such an order has an
 * invoice (order.paid issues it), so a cancellation gives it a credit note. A payment that arrives after the order was
 * cancelled (the deadline cancelled it, then the buyer paid on a page still open) is only refunded.
 *
 * Decided on the recorded times, never on the moment a job runs, so each of the two events of a two-event mail makes
 * the same decision however late it is handled.
 */
export function paidWhileStanding(order: OrderMailTiming): boolean {
  return order.paidAt !== null && (order.cancelledAt === null || order.paidAt.getTime() <= order.cancelledAt.getTime());
}

/**
 * Whether the order's sellers are told to pack it: a cash-on-delivery order as soon as it is placed, an online order
 * once it is paid (an unpaid online order is not yet something to pack), unless it was cancelled first. Exactly these
 * sellers get the cancellation mail if it is cancelled.
 */
export function sellersPack(order: OrderMailTiming): boolean {
  return order.paymentMethod === 'cod' || paidWhileStanding(order);
}

/**
 * Whether `eventType` is the event that sends the sellers' 'to pack' mail (`mail.seller_order`, routed from both):
 * order.placed for cash on delivery, order.paid for an online order paid while it stood.
 */
export function sellerOrderMailDue(order: OrderMailTiming, eventType: string): boolean {
  if (order.paymentMethod === 'cod') return eventType === 'order.placed';
  return eventType === 'order.paid' && paidWhileStanding(order);
}

/** Which cancellation mail the buyer gets at an event of `mail.order_cancelled`, if any. */
export type BuyerCancellationMail = 'with_credit_note' | 'without_credit_note' | null;

/**
 * The buyer's cancellation mail (`mail.order_cancelled`, routed from order.cancelled and credit_note.rendered): an
 * order paid while it stood gets a credit note, so its mail waits for the credit note's PDF and carries it; any other
 * order is told at its cancellation. (A payment after the cancellation also ends in a credit note: that buyer gets the
 * cancellation mail, then a second one with the credit note.)
 */
export function buyerCancellationMail(
  order: OrderMailTiming & { status: string },
  eventType: string,
): BuyerCancellationMail {
  if (order.status !== 'cancelled') return null;
  if (eventType === 'credit_note.rendered') return 'with_credit_note';
  if (eventType === 'order.cancelled') return paidWhileStanding(order) ? null : 'without_credit_note';
  return null;
}
