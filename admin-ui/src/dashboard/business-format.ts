const COMPACT_RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const WHOLE = new Intl.NumberFormat('en-IN');
const DAY = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const LONG_DAY = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** Rupees for a chart's axis, in India's units: '₹950', '₹12.5K', '₹1.2L', '₹3.4Cr'. */
export function compactRupees(amount: number): string {
  return COMPACT_RUPEES.format(amount);
}

/** A count with India's digit grouping: '1,23,456'. */
export function wholeNumber(value: number): string {
  return WHOLE.format(value);
}

/** An India date of the API ('2026-11-24') as an axis label: '24 Nov'. */
export function shortDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** An India date of the API as a tooltip reads it: 'Tue, 24 Nov, 2026'. */
export function longDay(day: string): string {
  return LONG_DAY.format(new Date(`${day}T00:00:00Z`));
}

/** `part` of `whole` as a whole percentage ('38%'); '—' when there is nothing to share. */
export function share(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—';
}

/** Minutes from `now` until `instant`, as the closing list says it: 'closes in 12 min', 'closing now'. */
export function closesIn(instant: string, now: Date): string {
  const minutes = Math.floor((new Date(instant).getTime() - now.getTime()) / 60_000);
  return minutes < 1 ? 'closing now' : `closes in ${minutes} min`;
}
