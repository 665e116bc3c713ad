import { DAY_MS, HOUR_MS, MINUTE_MS, YEAR_MS, parseInstant } from './india-time.js';

/** The expiry line of a product card: its words and whether it is past (shown in red). */
export interface ExpiryText {
  text: string;
  expired: boolean;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * The expiry text of spec 000 section 4. A product is expired from the instant validUntil is reached.
 * Before: whole years (365 days) when at least one, else 'Expires in N days' for 2+ whole days, 'Expires tomorrow'
 * for 24 to 48 hours, whole hours, else whole minutes (at least 1: the last minute reads 'Expires in 1 min').
 * After: 'Expired N year(s)/day(s)/hr(s)/min ago' by the largest whole unit, under a minute 'Expired just now'.
 * Returns null when validUntil is missing or unreadable.
 */
export function expiryText(validUntil: Date | string | number | null | undefined, now: Date): ExpiryText | null {
  if (validUntil === null || validUntil === undefined || validUntil === '') return null;
  const until = parseInstant(validUntil);
  if (!until) return null;
  const diff = until.getTime() - now.getTime();
  if (diff > 0) {
    const years = Math.floor(diff / YEAR_MS);
    if (years >= 1) return { text: `Expires in ${plural(years, 'year', 'years')}`, expired: false };
    const days = Math.floor(diff / DAY_MS);
    if (days > 1) return { text: `Expires in ${days} days`, expired: false };
    if (days === 1) return { text: 'Expires tomorrow', expired: false };
    const hours = Math.floor(diff / HOUR_MS);
    if (hours >= 1) return { text: `Expires in ${plural(hours, 'hr', 'hrs')}`, expired: false };
    return { text: `Expires in ${Math.max(1, Math.floor(diff / MINUTE_MS))} min`, expired: false };
  }
  const ago = -diff;
  const years = Math.floor(ago / YEAR_MS);
  if (years >= 1) return { text: `Expired ${plural(years, 'year', 'years')} ago`, expired: true };
  const days = Math.floor(ago / DAY_MS);
  if (days >= 1) return { text: `Expired ${plural(days, 'day', 'days')} ago`, expired: true };
  const hours = Math.floor(ago / HOUR_MS);
  if (hours >= 1) return { text: `Expired ${plural(hours, 'hr', 'hrs')} ago`, expired: true };
  const minutes = Math.floor(ago / MINUTE_MS);
  if (minutes >= 1) return { text: `Expired ${minutes} min ago`, expired: true };
  return { text: 'Expired just now', expired: true };
}
