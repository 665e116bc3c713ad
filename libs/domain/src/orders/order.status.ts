/** Every state an order can be in (docs/orders.md). */
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'shipped',
  'delivered',
  'cancel_requested',
  'cancelled',
] as const;

/** One of {@link ORDER_STATUSES}. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** States an order never leaves. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled'];

/** Words for each state, as screens and messages show them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancel_requested: 'Cancellation Requested',
  cancelled: 'Cancelled',
};

/** True when `value` is one of {@link ORDER_STATUSES}. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

/** Payment states of an order. */
export const PAYMENT_STATUSES = ['paid', 'unpaid'] as const;

/** One of {@link PAYMENT_STATUSES}. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Whether a payment status counts as paid: 'paid', the payment provider's 'success' (docs/orders.md), and
 * Razorpay's 'captured' (money taken).
 */
export function isPaid(status: string | null | undefined): boolean {
  return status === 'paid' || status === 'success' || status === 'captured';
}

/** The screen's Paid/Unpaid word for a payment status. */
export function paymentStatusLabel(status: string | null | undefined): 'Paid' | 'Unpaid' {
  return isPaid(status) ? 'Paid' : 'Unpaid';
}
