import { formatRupees, rupeesToPaise } from '@mandi/domain';

const INDIA_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** An instant as people in India read it, whatever the admin's own time zone: '25 Nov 2026, 9:30 am IST'. */
export function formatIndiaTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return `${INDIA_TIME.format(date)} IST`;
}

/** Rupees from the API (2 decimals) in en-IN with the rupee sign: '₹1,23,456.00'. */
export function rupees(amount: number): string {
  return formatRupees(rupeesToPaise(amount));
}
