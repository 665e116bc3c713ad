import { HOUR_MS, ORDER_WINDOW_MS } from '@mandi/domain';

/*
 * The order rules as the buyer reads them in text (order pages, terms, privacy, about), taken from @mandi/domain
 * so the words never drift from the rules the API enforces. REFUND_BUSINESS_DAYS is used from the domain directly.
 */

/** The cancellation window in hours ('within 8 hours'). */
export const ORDER_WINDOW_HOURS = ORDER_WINDOW_MS / HOUR_MS;

/** The online payment provider of the checkout (the payment page loads Razorpay Checkout). */
export const PAYMENT_PROVIDER_NAME = 'Razorpay';
