import { formatRupees, rupeesToPaise } from '@mandi/domain';

/** A price the API sent in rupees, shown en-IN with the rupee sign (₹1,23,456.00). */
export function formatPrice(rupees: number | string | null | undefined): string {
  if (rupees === null || rupees === undefined || rupees === '') return '—';
  try {
    return formatRupees(rupeesToPaise(rupees));
  } catch {
    const value = Number(rupees);
    return Number.isFinite(value) ? formatRupees(Math.round(value * 100)) : '—';
  }
}
