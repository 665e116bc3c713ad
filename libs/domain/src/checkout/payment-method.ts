/** How a buyer pays: online through the payment provider, or cash on delivery. */
export const PAYMENT_METHODS = ['online', 'cod'] as const;

/** One of {@link PAYMENT_METHODS}. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The checkout's default choice (docs/payments.md: 'default online'). */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'online';

/** Reads a payment method as clients send it; the earlier client calls online payment 'paynow'. */
export function parsePaymentMethod(value: string): PaymentMethod | null {
  const text = value.trim().toLowerCase();
  if (text === 'online' || text === 'paynow') return 'online';
  if (text === 'cod') return 'cod';
  return null;
}
