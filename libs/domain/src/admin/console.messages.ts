import { DEAD_JOB_RETRY_WITHIN_MS } from './admin.limits.js';

// Texts of the admin console that the spec leaves to us (docs/console.md names only the failure texts, in ADMIN_MESSAGES).

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
