import type { AdminOrderAction } from './order.transitions.js';

// Texts of docs/orders.md (orders, cancellation, invoices), character for character.

/** Messages of the order pages, cancellation and invoice downloads. */
export const ORDER_MESSAGES = {
  notFound: 'Order not found.',
  missingReason: { title: 'Missing Reason', text: 'Please provide a reason for cancellation.' },
  /** Shown when the server gives no message. */
  cancelRequestFailed: 'Error submitting cancellation request',
  cancellationRequested: 'Cancellation Requested',
  invoiceDownloadFailed: 'Error downloading invoice PDF.',
  /** Ours: the server's answer for an unknown invoice or credit note. */
  invoiceNotFound: 'Invoice not found.',
  /** Ours: an order of another buyer (403). */
  notYours: 'You can only see your own orders.',
  /** Ours: a cancellation request for an order that is not the caller's (an admin cancels instead). */
  cancelRequestNotYours: 'Only the buyer can request cancellation of this order.',
  /** Ours: the answer to an accepted cancellation request. */
  cancelRequestReceived: 'Your cancellation request has been received.',
  /** Ours: a move that lost a race to a change no rule explains (the row changed between the update and the read). */
  changedMeanwhile: 'This order has just been changed. Please reload it.',
} as const;

/**
 * Ours: what each console move says when it succeeds, keyed by the move's action: the server's answer, and the
 * console's text when an answer carries none.
 */
export const ORDER_ACTION_MESSAGES = {
  confirm: 'Order confirmed.',
  mark_paid: 'Order marked as paid.',
  mark_shipped: 'Order marked as shipped.',
  mark_delivered: 'Order marked as delivered.',
  cancel: 'Order cancelled.',
} as const satisfies Record<AdminOrderAction, string>;

/** The invoice file name when the download names none: 'invoice-{id}.pdf'. */
export function defaultInvoiceFileName(invoiceId: string | number): string {
  return `invoice-${invoiceId}.pdf`;
}

/** The '+N more product(s)' line of an order card: singular for 1, plural otherwise. */
export function moreProductsText(count: number): string {
  return `+${count} more ${count === 1 ? 'product' : 'products'}`;
}
