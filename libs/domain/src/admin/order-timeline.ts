import { AUDIT_ACTIONS, type AuditAction } from './audit.js';
import {
  buyerCancellationMail,
  sellerOrderMailDue,
  sellersPack,
  type OrderMailTiming,
} from '../orders/order-mail.rules.js';
import { DEADLINE_CANCEL_REASON } from '../orders/order.transitions.js';

/**
 * The timeline of one order on the console's order page (docs/console.md, "The order page"): what happened to it,
 * oldest first, drawn from the order's own columns, its payments, refunds and documents, the outbox events that
 * survive the retention sweep, the audit trail and the mail jobs' marks. The kinds and their texts live here, so the
 * API and the console say them the same way.
 */
export const ORDER_TIMELINE_KINDS = {
  placed: 'Order placed',
  payment_created: 'Payment started',
  payment_captured: 'Payment received',
  payment_failed: 'Payment failed',
  confirmed: 'Order confirmed',
  paid: 'Order paid',
  cancel_requested: 'Buyer asked to cancel',
  shipped: 'Order shipped',
  delivered: 'Order delivered',
  cancelled: 'Order cancelled',
  cancelled_at_deadline: 'Cancelled at the deadline',
  refund_requested: 'Refund started',
  refund_processed: 'Refund processed',
  refund_failed: 'Refund failing',
  invoice_issued: 'Invoice issued',
  invoice_rendered: 'Invoice PDF ready',
  credit_note_issued: 'Credit note issued',
  credit_note_rendered: 'Credit note PDF ready',
  mail_sent: 'Mail sent',
  admin_action: 'Admin action',
} as const;

/** One kind of timeline entry. */
export type OrderTimelineKind = keyof typeof ORDER_TIMELINE_KINDS;
/** Every timeline kind, in the order above (a tie-break for entries at the same instant). */
export const ORDER_TIMELINE_KIND_NAMES = Object.keys(ORDER_TIMELINE_KINDS) as OrderTimelineKind[];

/** Who did it: the buyer, an admin by username ('admin meera'; 'admin' when the audit trail did not exist yet), or the system. */
export type OrderTimelineActor = 'buyer' | 'system' | 'admin' | `admin ${string}`;

/** The actor text of an admin, by username. */
export function adminActor(username: string | null | undefined): OrderTimelineActor {
  return username ? `admin ${username}` : 'admin';
}

/** The step of the order each admin action of the audit trail is (an audit row merges into that step's entry). */
export const AUDIT_ACTION_STEPS: Partial<Record<AuditAction, OrderTimelineKind>> = {
  'order.confirm': 'confirmed',
  'order.mark_paid': 'paid',
  'order.mark_shipped': 'shipped',
  'order.mark_delivered': 'delivered',
  'order.cancel': 'cancelled',
};

/** The label of an audit action, e.g. 'Confirmed the order'; the action's own name when this version does not know it. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction].label : action;
}

/** Whether a cancellation was the deadline's: its reason is the deadline's text, or it came when the window had closed. */
export function isDeadlineCancellation(
  reason: string | null | undefined,
  cancelledAt: Date,
  windowClosesAt: Date,
): boolean {
  return reason === DEADLINE_CANCEL_REASON || cancelledAt.getTime() >= windowClosesAt.getTime();
}

/** The order mails (job names of libs/events' registry) and what the timeline says each one was. */
export const ORDER_MAIL_LABELS: Readonly<Record<string, { to: 'buyer' | 'sellers'; label: string }>> = {
  'mail.order_placed': { to: 'buyer', label: 'Mailed the buyer: order placed' },
  'mail.order_confirmed': { to: 'buyer', label: 'Mailed the buyer: order confirmed' },
  'mail.order_shipped': { to: 'buyer', label: 'Mailed the buyer: order on its way' },
  'mail.order_delivered': { to: 'buyer', label: 'Mailed the buyer: order delivered' },
  'mail.order_cancelled': { to: 'buyer', label: 'Mailed the buyer: order cancelled' },
  'mail.invoice': { to: 'buyer', label: 'Mailed the buyer the invoice' },
  'mail.refund_processed': { to: 'buyer', label: 'Mailed the buyer: refund processed' },
  'mail.seller_order': { to: 'sellers', label: 'Mailed the sellers what to pack' },
  'mail.seller_order_cancelled': { to: 'sellers', label: 'Mailed the sellers: order cancelled' },
};

/** What decides which of its two events a two-event order mail is sent at: how the order is paid and when. */
export type OrderMailTimes = OrderMailTiming;

/**
 * Whether mail job `job`, recorded as handled at event `eventType`, sent its mail then. Most order mails have one
 * event, and handling it sends the mail; `mail.seller_order` and `mail.order_cancelled` are routed from two events and
 * send at one of them, which the worker decides with the rules of order-mail.rules.ts, read here off the same recorded
 * times.
 */
export function orderMailSentAt(job: string, eventType: string, order: OrderMailTimes): boolean {
  if (job === 'mail.seller_order') return sellerOrderMailDue(order, eventType);
  if (job === 'mail.order_cancelled')
    return buyerCancellationMail({ ...order, status: 'cancelled' }, eventType) !== null;
  if (job === 'mail.seller_order_cancelled') return sellersPack(order);
  return Object.hasOwn(ORDER_MAIL_LABELS, job);
}
