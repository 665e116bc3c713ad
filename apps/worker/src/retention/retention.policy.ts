/**
 * How long the pipeline's bookkeeping is kept, in days. Constants rather than settings: they follow from the
 * pipeline's own limits (docs/events.md, Retention), not from a deployment.
 *
 * 30 days for published outbox rows and processed-event marks: every job of an event has run or failed for good
 * within about ten minutes of retries (8 hours more for the order deadline), BullMQ forgets completed jobs after
 * 7 days and failed ones after 30, and failed_jobs keeps its own copy of a failed job's data.
 */
export const EVENT_RETENTION_DAYS = 30;

/**
 * 180 days for processed Razorpay webhook events: they de-duplicate deliveries, and Razorpay retries a webhook for
 * 24 hours. A replay of a body older than this is processed again, and changes nothing: every payment change is a
 * conditional update from an open state (docs/payments.md, Paid exactly once).
 */
export const PAYMENT_EVENT_RETENTION_DAYS = 180;

/** Rows deleted per statement, so a large backlog never holds its locks or a transaction for long. */
export const RETENTION_BATCH = 5_000;

/** How often each worker prunes (and once at boot). */
export const RETENTION_SWEEP_EVERY_MS = 60 * 60_000;
