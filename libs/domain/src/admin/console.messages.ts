// Texts of the admin console that the spec leaves to us (001 names only the failure texts, in ADMIN_MESSAGES).

/** What the console says after an order action succeeds, when the server's answer carries no message. */
export const ORDER_ACTION_DONE = {
  confirm: 'Order confirmed.',
  markPaid: 'Order marked as paid.',
  markShipped: 'Order marked as shipped.',
  markDelivered: 'Order marked as delivered.',
  cancel: 'Order cancelled.',
} as const;

/** Other texts of the console. */
export const CONSOLE_MESSAGES = {
  /** A suspend/unsuspend that failed without a message from the server. */
  toggleUserFailed: 'Error updating user status',
  /** The queue dashboard's session could not be opened. */
  queuesFailed: 'Could not open the queue dashboard. Please try again.',
  fetchSellersFailed: 'Failed to fetch interested sellers',
} as const;
