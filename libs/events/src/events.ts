import { z } from 'zod';

/**
 * Every domain event of Mandi, in one place: `<aggregate>.<past-tense>` -> payload schema.
 *
 * Payloads carry ids only. A consumer loads the current rows itself, so an event never carries a
 * stale copy of the data, nor personal data that would then live on in Redis and in the outbox.
 */

/** The id of a row, as an event carries it: our tables' integer primary keys. */
export const entityId = z.number().int().positive();

/** The shape every payload has: an object of ids, nothing else. */
type IdsShape = Record<string, typeof entityId>;

/** One event: its payload schema and the payload field that names the aggregate it happened to. */
export interface EventDefinition<S extends IdsShape = IdsShape> {
  readonly payload: z.ZodObject<S, z.core.$strict>;
  readonly aggregate: keyof S & string;
}

function event<S extends IdsShape>(shape: S, aggregate: keyof S & string): EventDefinition<S> {
  return { payload: z.strictObject(shape), aggregate };
}

/** The registry of domain events; publish them with `publish(tx, event)`. */
export const domainEvents = {
  // Accounts. Firebase owns credentials; these record what our side must follow up.
  'user.created': event({ userId: entityId }, 'userId'),
  'user.suspended': event({ userId: entityId }, 'userId'),
  'user.reactivated': event({ userId: entityId }, 'userId'),
  'user.deleted': event({ userId: entityId }, 'userId'),
  // A sign-up (before any user row exists) asked for its verification mail; starts the window.
  'signup.verification_requested': event({ signupId: entityId }, 'signupId'),
  'account.password_reset_requested': event({ userId: entityId }, 'userId'),

  // Catalog.
  'product.created': event({ productId: entityId }, 'productId'),
  'product.updated': event({ productId: entityId }, 'productId'),
  'product.deleted': event({ productId: entityId }, 'productId'),
  // An admin took the product off the shop (its seller is mailed the reason), or listed it again (issue 17).
  'product.unlisted': event({ productId: entityId }, 'productId'),
  'product.relisted': event({ productId: entityId }, 'productId'),

  // Orders, following the state machine of libs/domain.
  'order.placed': event({ orderId: entityId }, 'orderId'),
  'order.confirmed': event({ orderId: entityId }, 'orderId'),
  'order.paid': event({ orderId: entityId }, 'orderId'),
  'order.cancel_requested': event({ orderId: entityId }, 'orderId'),
  'order.cancelled': event({ orderId: entityId }, 'orderId'),
  'order.shipped': event({ orderId: entityId }, 'orderId'),
  'order.delivered': event({ orderId: entityId }, 'orderId'),

  // A seller's part of an order (issue 31, docs/shipments.md).
  'shipment.packed': event({ shipmentId: entityId, orderId: entityId }, 'shipmentId'),
  'shipment.handed_over': event({ shipmentId: entityId, orderId: entityId }, 'shipmentId'),

  // Money.
  'payment.captured': event({ paymentId: entityId, orderId: entityId }, 'paymentId'),
  'payment.failed': event({ paymentId: entityId, orderId: entityId }, 'paymentId'),
  'refund.requested': event({ refundId: entityId, paymentId: entityId, orderId: entityId }, 'refundId'),
  'refund.processed': event({ refundId: entityId, paymentId: entityId, orderId: entityId }, 'refundId'),

  // Paying sellers (issue 32, docs/payouts.md): a payout (one seller's share of one document) can be transferred on hold,
  // is due for release (or its direct transfer), or must be reversed; each starts the job that asks Razorpay Route.
  'payout.ready': event({ payoutId: entityId, orderId: entityId }, 'payoutId'),
  'payout.due': event({ payoutId: entityId, orderId: entityId }, 'payoutId'),
  'payout.reversal_requested': event({ payoutId: entityId, orderId: entityId }, 'payoutId'),
  // Razorpay's transfer.failed webhook named the payout's transfer; the worker asks Razorpay and books it back.
  'payout.transfer_failed': event({ payoutId: entityId, orderId: entityId }, 'payoutId'),

  // Tax documents.
  'invoice.issued': event({ invoiceId: entityId, orderId: entityId }, 'invoiceId'),
  'credit_note.issued': event({ creditNoteId: entityId, invoiceId: entityId, orderId: entityId }, 'creditNoteId'),
  // The document's PDF is in the file store (its key recorded), so a mail can carry it.
  'invoice.rendered': event({ invoiceId: entityId, orderId: entityId }, 'invoiceId'),
  'credit_note.rendered': event({ creditNoteId: entityId, invoiceId: entityId, orderId: entityId }, 'creditNoteId'),

  // ONDC (issue 33, docs/ondc.md): a buyer app's call was verified and recorded (ondc_calls), and the worker answers it;
  // a callback is recorded and the worker sends it, signed, until the buyer app acknowledges it.
  'ondc.request_received': event({ callId: entityId }, 'callId'),
  'ondc.callback_ready': event({ callId: entityId }, 'callId'),

  // Sellers and contact.
  'seller.interest_recorded': event({ interestedSellerId: entityId }, 'interestedSellerId'),
  'seller.invited': event({ interestedSellerId: entityId }, 'interestedSellerId'),
  // An admin reviewed a seller's business profile (issue 31); the seller is mailed the outcome.
  'seller_profile.approved': event({ userId: entityId }, 'userId'),
  'seller_profile.rejected': event({ userId: entityId }, 'userId'),
  'contact.message_received': event({ contactMessageId: entityId }, 'contactMessageId'),
} as const;

/** The name of a domain event, e.g. `'order.placed'`. */
export type EventType = keyof typeof domainEvents;

/** The payload of event `T`, e.g. `{ orderId: string }` for `'order.placed'`. */
export type EventPayload<T extends EventType> = z.infer<(typeof domainEvents)[T]['payload']>;

/** An event ready to publish: its name and a payload of exactly that event's shape. */
export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; payload: EventPayload<K> };
}[T];

/** Every event name, in registry order. */
export const eventTypes = Object.keys(domainEvents) as EventType[];

/** Whether `name` is a known event name (for data read back from the outbox). */
export function isEventType(name: string): name is EventType {
  return Object.hasOwn(domainEvents, name);
}
