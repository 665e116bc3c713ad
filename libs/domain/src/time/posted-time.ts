import { DAY_MS, HOUR_MS, MINUTE_MS, indiaDateParts, monthDayText, parseInstant } from './india-time.js';

/** Shown when a post has no creation time (docs/domain.md). */
export const POSTED_TIME_UNKNOWN = 'Unknown time';
/** Shown when a post's creation time cannot be read. */
export const POSTED_TIME_INVALID = 'Invalid date';

/**
 * How long ago a post was made, for a front end to put in its reader's language ({@link postedTime} is the English):
 * whole minutes, hours or days, 'just now', the month (1..12) and day in India for posts a week old or more, or that
 * the time is missing or unreadable.
 */
export type PostedAgo =
  | { unit: 'unknown' | 'invalid' | 'justNow' }
  | { unit: 'minutes' | 'hours' | 'days'; count: number }
  | { unit: 'date'; month: number; day: number };

/**
 * The relative posted time of docs/domain.md as a unit: under 1 minute 'just now' (also for a time slightly in
 * the future, from clock skew), under 60 minutes minutes, under 24 hours hours, under 7 days days (whole units,
 * rounded down), otherwise the month and day in India.
 */
export function postedAgo(createdAt: Date | string | number | null | undefined, now: Date): PostedAgo {
  if (createdAt === null || createdAt === undefined || createdAt === '') return { unit: 'unknown' };
  const created = parseInstant(createdAt);
  if (!created) return { unit: 'invalid' };
  const ago = now.getTime() - created.getTime();
  if (ago < MINUTE_MS) return { unit: 'justNow' };
  if (ago < HOUR_MS) return { unit: 'minutes', count: Math.floor(ago / MINUTE_MS) };
  if (ago < DAY_MS) return { unit: 'hours', count: Math.floor(ago / HOUR_MS) };
  if (ago < 7 * DAY_MS) return { unit: 'days', count: Math.floor(ago / DAY_MS) };
  const { month, day } = indiaDateParts(created);
  return { unit: 'date', month, day };
}

/**
 * The relative posted time of docs/domain.md in the spec's English ({@link postedAgo}): 'Just now', 'N m',
 * 'N h', 'N d', otherwise month and day in India ('Mar 5'); 'Unknown time' or 'Invalid date' without a readable time.
 */
export function postedTime(createdAt: Date | string | number | null | undefined, now: Date): string {
  const posted = postedAgo(createdAt, now);
  switch (posted.unit) {
    case 'unknown':
      return POSTED_TIME_UNKNOWN;
    case 'invalid':
      return POSTED_TIME_INVALID;
    case 'justNow':
      return 'Just now';
    case 'minutes':
      return `${posted.count} m`;
    case 'hours':
      return `${posted.count} h`;
    case 'days':
      return `${posted.count} d`;
    case 'date':
      return monthDayText(posted.month, posted.day);
  }
}
