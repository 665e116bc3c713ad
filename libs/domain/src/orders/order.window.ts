/** How long after creation a customer may request cancellation and an admin may confirm or cancel: 8 hours. */
export const ORDER_WINDOW_MS = 8 * 60 * 60 * 1000;

/** How often screens recheck whether an order may still be cancelled: every minute (docs/orders.md). */
export const ORDER_ELIGIBILITY_RECHECK_MS = 60 * 1000;

/**
 * The instant the window of an order created at `createdAt` closes. `windowMs` is the deployment's window
 * (ORDER_DECISION_WINDOW_MS, which tests shorten); 8 hours unless told otherwise.
 */
export function windowClosesAt(createdAt: Date, windowMs: number = ORDER_WINDOW_MS): Date {
  return new Date(createdAt.getTime() + windowMs);
}

/** True while `now` is strictly before createdAt + the window (8 h by default); at the closing instant it is shut. */
export function isWithinWindow(createdAt: Date, now: Date, windowMs: number = ORDER_WINDOW_MS): boolean {
  return now.getTime() < createdAt.getTime() + windowMs;
}
