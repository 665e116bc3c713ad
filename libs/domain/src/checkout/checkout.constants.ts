/** After a cash-on-delivery order the buyer goes to their orders after 2 seconds (spec 001 section 4). */
export const ORDER_REDIRECT_MS = 2_000;

/** Refunds reach the original payment method in 5–7 business days (text only, spec 001 section 9). */
export const REFUND_BUSINESS_DAYS = '5–7';

/** Currency of every price. */
export const CURRENCY = 'INR';
