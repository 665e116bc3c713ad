import { ORDER_ACTION_MESSAGES } from '../orders/order.messages.js';
import { DEAD_JOB_RETRY_WITHIN_MS } from './admin.limits.js';

// Texts of the admin console that the spec leaves to us (docs/console.md names only the failure texts, in ADMIN_MESSAGES).

/**
 * ORDER_ACTION_MESSAGES (one text per move, keyed by its action) under the console's former camelCase names.
 * @deprecated Read ORDER_ACTION_MESSAGES by the move's action; this goes once the console names its moves so.
 */
export const ORDER_ACTION_DONE = {
  confirm: ORDER_ACTION_MESSAGES.confirm,
  markPaid: ORDER_ACTION_MESSAGES.mark_paid,
  markShipped: ORDER_ACTION_MESSAGES.mark_shipped,
  markDelivered: ORDER_ACTION_MESSAGES.mark_delivered,
  cancel: ORDER_ACTION_MESSAGES.cancel,
} as const;

/** Other texts of the console. */
export const CONSOLE_MESSAGES = {
  /** A suspend/unsuspend that failed without a message from the server. */
  toggleUserFailed: 'Error updating user status',
  /** The queue dashboard's session could not be opened. */
  queuesFailed: 'Could not open the queue dashboard. Please try again.',
  fetchSellersFailed: 'Failed to fetch interested sellers',
} as const;

/** What the API and the console say about dead jobs (docs/console.md, "Dead jobs"). */
export const DEAD_JOB_MESSAGES = {
  /** A retry was recorded; the worker's reconciler puts the job back in its queue on its next pass. */
  retryQueued: `Retry queued: the worker runs it within ${DEAD_JOB_RETRY_WITHIN_MS / 1000} seconds.`,
  /** No dead job has this id now: another admin (or bull-board) retried it, it succeeded since, or it never died. */
  notFound: 'This job is not dead any more: it was retried already, or it never failed. Reload the list.',
  /** The job's name is not one this version of Mandi runs (a job removed by a deploy): a retry could only fail. */
  notRetryable: 'This job no longer exists in this version of Mandi, so it cannot be retried.',
  /** A retry that failed without a message from the server. */
  retryFailed: 'Error retrying job',
  /** The list could not be read. */
  fetchFailed: 'Failed to fetch dead jobs',
} as const;
