import { formatRupees, rupeesToPaise, type LanguageLocale } from '@mandi/domain';

/** A price the API sent in rupees, shown with the rupee sign and Indian grouping (₹1,23,456.00), en-IN or hi-IN. */
export function formatPrice(rupees: number | string | null | undefined, locale: LanguageLocale = 'en-IN'): string {
  if (rupees === null || rupees === undefined || rupees === '') return '—';
  try {
    return formatRupees(rupeesToPaise(rupees), locale);
  } catch {
    const value = Number(rupees);
    return Number.isFinite(value) ? formatRupees(Math.round(value * 100), locale) : '—';
  }
}
