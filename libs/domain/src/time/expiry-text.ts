import { DAY_MS, HOUR_MS, MINUTE_MS, YEAR_MS, parseInstant } from './india-time.js';

/** The expiry line of a product card: its words and whether it is past (shown in red). */
export interface ExpiryText {
  text: string;
  expired: boolean;
}

/**
 * The unit an expiry is told in: whole years, days, hours or minutes, 'tomorrow' (24 to 48 hours ahead) or 'just now'
 * (under a minute past).
 */
export type ExpiryUnit = 'years' | 'days' | 'tomorrow' | 'hours' | 'minutes' | 'justNow';

/** An expiry as a unit and a count, for a front end to put in its reader's language; {@link expiryText} is the English. */
export interface Expiry {
  expired: boolean;
  unit: ExpiryUnit;
  /** How many of the unit (1 for 'tomorrow', 0 for 'justNow'). */
  count: number;
}

/**
 * The expiry of docs/domain.md as a unit and a count. A product is expired from the instant validUntil is
 * reached. Before: whole years (365 days) when at least one, else whole days for 2+ days, 'tomorrow' for 24 to 48
 * hours, whole hours, else whole minutes (at least 1: the last minute reads 'Expires in 1 min'). After: the largest
 * whole unit of years, days, hours and minutes, under a minute 'just now'. Returns null when validUntil is missing or
 * unreadable.
 */
export function expiryOf(validUntil: Date | string | number | null | undefined, now: Date): Expiry | null {
  if (validUntil === null || validUntil === undefined || validUntil === '') return null;
  const until = parseInstant(validUntil);
  if (!until) return null;
  const diff = until.getTime() - now.getTime();
  if (diff > 0) {
    const ahead = (unit: ExpiryUnit, count: number): Expiry => ({ expired: false, unit, count });
    const years = Math.floor(diff / YEAR_MS);
    if (years >= 1) return ahead('years', years);
    const days = Math.floor(diff / DAY_MS);
    if (days > 1) return ahead('days', days);
    if (days === 1) return ahead('tomorrow', 1);
    const hours = Math.floor(diff / HOUR_MS);
    if (hours >= 1) return ahead('hours', hours);
    return ahead('minutes', Math.max(1, Math.floor(diff / MINUTE_MS)));
  }
  const ago = -diff;
  const past = (unit: ExpiryUnit, count: number): Expiry => ({ expired: true, unit, count });
  const years = Math.floor(ago / YEAR_MS);
  if (years >= 1) return past('years', years);
  const days = Math.floor(ago / DAY_MS);
  if (days >= 1) return past('days', days);
  const hours = Math.floor(ago / HOUR_MS);
  if (hours >= 1) return past('hours', hours);
  const minutes = Math.floor(ago / MINUTE_MS);
  if (minutes >= 1) return past('minutes', minutes);
  return past('justNow', 0);
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The English words of each unit: 'N years', 'N hrs', 'N min'. */
function unitText({ unit, count }: Expiry): string {
  if (unit === 'years') return plural(count, 'year', 'years');
  if (unit === 'days') return plural(count, 'day', 'days');
  if (unit === 'hours') return plural(count, 'hr', 'hrs');
  return `${count} min`;
}

/**
 * The expiry text of docs/domain.md ({@link expiryOf} in the spec's English): 'Expires in N years/days/hrs/min',
 * 'Expires tomorrow', 'Expired N year(s)/day(s)/hr(s)/min ago', 'Expired just now'. Returns null when validUntil is
 * missing or unreadable.
 */
export function expiryText(validUntil: Date | string | number | null | undefined, now: Date): ExpiryText | null {
  const expiry = expiryOf(validUntil, now);
  if (!expiry) return null;
  if (expiry.unit === 'tomorrow') return { text: 'Expires tomorrow', expired: false };
  if (expiry.unit === 'justNow') return { text: 'Expired just now', expired: true };
  return {
    text: expiry.expired ? `Expired ${unitText(expiry)} ago` : `Expires in ${unitText(expiry)}`,
    expired: expiry.expired,
  };
}
