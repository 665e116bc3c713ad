/** After a cash-on-delivery order the buyer goes to their orders after 2 seconds (docs/payments.md). */
export const ORDER_REDIRECT_MS = 2_000;

/** Refunds reach the original payment method in 5–7 business days (text only, docs/payments.md). */
export const REFUND_BUSINESS_DAYS = '5–7';

/** Currency of every price. */
export const CURRENCY = 'INR';
