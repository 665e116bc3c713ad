// Texts of docs/payments.md (checkout and payment), character for character unless marked ours.

/** Messages of checkout step 1 and the payment page. */
export const CHECKOUT_MESSAGES = {
  selectAddress: { title: 'Select Address', text: 'Please select a delivery address to continue.' },
  missingCheckoutInformation: 'Missing checkout information.',
  fetchCheckoutItemsFailed: 'Failed to fetch checkout items.',
  /** Ours: the server's 409 when the client's totals differ from the server's (docs/decisions.md). */
  totalsChanged: 'Prices or shipping have changed. Please review your order.',
  /** Ours: a product that is gone, unlisted or past its validity cannot be bought through checkout. */
  productUnavailable: 'This product can no longer be ordered.',
  /**
   * Ours (docs/orders.md, "Sellers cannot buy their own products"): a seller's order of their own product would fake
   * sales and ratings, so neither the cart nor checkout takes one.
   */
  ownProduct: 'You cannot buy your own product.',
} as const;

/** Messages of paying online or placing a cash-on-delivery order. */
export const PAYMENT_MESSAGES = {
  sdkNotLoaded: 'Razorpay SDK is not loaded yet. Try again in a moment.',
  userNotLoggedIn: 'User not logged in',
  paymentFailed: { title: 'Payment Failed', text: 'Something went wrong, please try again.' },
  confirmFailed: 'Failed to confirm payment. Try again later.',
  paymentError: 'Payment error. Please try again later.',
  userNotReady: 'User not ready, please try again.',
  placeOrderFailed: 'Failed to place order.',
  /** Ours: the server's answer when the payment signature does not verify. */
  signatureInvalid: 'Payment could not be verified.',
  /** Ours: a payment reported for an order we do not have. */
  orderNotFound: 'Payment order not found.',
  /** Ours: the provider's amount is not the order's; the order is not marked paid. */
  amountMismatch: 'The amount paid does not match the order.',
  /** Ours: a webhook whose signature does not verify. */
  webhookSignatureInvalid: 'Invalid webhook signature.',
  /** Ours: a signed webhook we cannot read. */
  webhookUnreadable: 'Unreadable webhook event.',
} as const;
