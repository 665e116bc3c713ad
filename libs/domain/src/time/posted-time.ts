import { DAY_MS, HOUR_MS, MINUTE_MS, formatMonthDay, parseInstant } from './india-time.js';

/** Shown when a post has no creation time (spec 000 section 4). */
export const POSTED_TIME_UNKNOWN = 'Unknown time';
/** Shown when a post's creation time cannot be read. */
export const POSTED_TIME_INVALID = 'Invalid date';

/**
 * The relative posted time of spec 000 section 4: under 1 minute 'Just now' (also for a time slightly in the
 * future, from clock skew), under 60 minutes 'N m', under 24 hours 'N h', under 7 days 'N d' (whole units, rounded
 * down), otherwise month and day in India ('Mar 5').
 */
export function postedTime(createdAt: Date | string | number | null | undefined, now: Date): string {
  if (createdAt === null || createdAt === undefined || createdAt === '') return POSTED_TIME_UNKNOWN;
  const created = parseInstant(createdAt);
  if (!created) return POSTED_TIME_INVALID;
  const ago = now.getTime() - created.getTime();
  if (ago < MINUTE_MS) return 'Just now';
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)} m`;
  if (ago < DAY_MS) return `${Math.floor(ago / HOUR_MS)} h`;
  if (ago < 7 * DAY_MS) return `${Math.floor(ago / DAY_MS)} d`;
  return formatMonthDay(created);
}
