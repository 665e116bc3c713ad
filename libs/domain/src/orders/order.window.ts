/** How long after creation a customer may request cancellation and an admin may confirm or cancel: 8 hours. */
export const ORDER_WINDOW_MS = 8 * 60 * 60 * 1000;

/** How often screens recheck whether an order may still be cancelled: every minute (spec 001 section 4). */
export const ORDER_ELIGIBILITY_RECHECK_MS = 60 * 1000;

/** The instant the 8-hour window of an order created at `createdAt` closes. */
export function windowClosesAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + ORDER_WINDOW_MS);
}

/** True while `now` is strictly before createdAt + 8 h; at the closing instant the window is shut. */
export function isWithinWindow(createdAt: Date, now: Date): boolean {
  return now.getTime() < createdAt.getTime() + ORDER_WINDOW_MS;
}
