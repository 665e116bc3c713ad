// Texts of docs/console.md (admin panel), character for character unless marked ours.

/** Messages of the admin panel. */
export const ADMIN_MESSAGES = {
  unauthorized: { title: 'Unauthorized Access', text: 'You are not allowed to access this page.' },
  fetchOrdersFailed: 'Failed to fetch orders',
  fetchUsersFailed: 'Failed to fetch users',
  /** Each is shown when the server gives no message. */
  confirmFailed: 'Error confirming order',
  paymentUpdateFailed: 'Error updating payment',
  statusUpdateFailed: 'Error updating order status',
  cancelFailed: 'Error cancelling order',
  invitesFailed: { title: 'Failed to Send Invites', text: 'Something went wrong while sending invites.' },
  /** Ours: the spec requires at least one selected seller without naming a text. */
  selectSellers: 'Select at least one seller.',
} as const;
