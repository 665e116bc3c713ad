/**
 * India Standard Time is UTC+05:30 all year (no daylight saving since 1945), so India wall-clock times are a
 * fixed shift of the instant. Doing the shift ourselves keeps results identical in Node and in every browser,
 * whatever time-zone data the browser ships.
 */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The IANA name of India's time zone, for Intl calls that people read. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** One minute, hour, day and (365-day) year in milliseconds, the units of the relative texts. */
export const MINUTE_MS = 60 * 1000;
/** One hour in milliseconds. */
export const HOUR_MS = 60 * MINUTE_MS;
/** One day in milliseconds. */
export const DAY_MS = 24 * HOUR_MS;
/** One year of 365 days in milliseconds. */
export const YEAR_MS = 365 * DAY_MS;

/** Calendar parts of an instant as read on a clock in India; month is 1..12. */
export interface IndiaDateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Reads an instant on an Indian clock. */
export function indiaDateParts(date: Date): IndiaDateParts {
  const shifted = new Date(date.getTime() + IST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** The pattern of the spec's date-time text 'YYYY-MM-DD HH:MM:SS' (validUntil). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

// A date, optionally followed by a time, with no zone: read as India time.
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * Reads an instant from a Date, epoch milliseconds or text. Text without a zone ('2026-03-05 18:00:00',
 * '2026-03-05') is India time; ISO text with 'Z' or an offset is read as written. Returns null when the
 * value cannot be read as a real calendar date and time.
 */
export function parseInstant(value: Date | string | number): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const text = value.trim();
  const local = LOCAL_DATE_TIME.exec(text);
  if (local) {
    const [year, month, day, hour = 0, minute = 0, second = 0] = local.slice(1, 7).map((part) => Number(part ?? 0));
    const millis = Number((local[7] ?? '0').padEnd(3, '0'));
    const utc = Date.UTC(year!, month! - 1, day!, hour, minute, second, millis);
    const check = new Date(utc);
    // Date.UTC rolls 2026-02-30 over into March; such a text is not a real date.
    if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
      return null;
    }
    return new Date(utc - IST_OFFSET_MS);
  }
  if (!/^\d{4}-\d{2}-\d{2}T.+(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) return null;
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : new Date(parsed);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Writes an instant as India time in the spec's 'YYYY-MM-DD HH:MM:SS' form. */
export function formatIndiaDateTime(date: Date): string {
  const p = indiaDateParts(date);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Month (1..12) and day in the spec's English, e.g. 'Mar 5'. */
export function monthDayText(month: number, day: number): string {
  return `${MONTHS[month - 1]!} ${day}`;
}

/** Month and day of an instant in India, e.g. 'Mar 5' (the posted-time text for posts older than a week). */
export function formatMonthDay(date: Date): string {
  const p = indiaDateParts(date);
  return monthDayText(p.month, p.day);
}
