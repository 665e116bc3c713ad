import { expiryOf, postedAgo } from '@mandi/domain';
import type { Translator } from '../i18n/i18n';

type T = Translator['t'];

/** Month (1..12) and day, as the language writes them: 'Mar 5', '5 मार्च'. */
export function monthDay(t: T, month: number, day: number): string {
  return t('products.posted.date', { month, day });
}

/**
 * How long ago a product was posted (libs/domain postedAgo), in the page's language: '5 m' or '5 मिनट पहले',
 * the month and day for posts a week old or more.
 */
export function postedText(t: T, createdAt: Date | string | number | null | undefined, now: Date): string {
  const posted = postedAgo(createdAt, now);
  switch (posted.unit) {
    case 'unknown':
      return t('products.posted.unknown');
    case 'invalid':
      return t('products.posted.invalid');
    case 'justNow':
      return t('products.posted.justNow');
    case 'minutes':
      return t('products.posted.minutes', { count: posted.count });
    case 'hours':
      return t('products.posted.hours', { count: posted.count });
    case 'days':
      return t('products.posted.days', { count: posted.count });
    case 'date':
      return monthDay(t, posted.month, posted.day);
  }
}

/** A product's expiry line (libs/domain expiryOf) in the page's language, and whether it is past; null without a date. */
export function expiryLine(
  t: T,
  validUntil: Date | string | number | null | undefined,
  now: Date,
): { text: string; expired: boolean } | null {
  const expiry = expiryOf(validUntil, now);
  if (!expiry) return null;
  const { count, expired } = expiry;
  switch (expiry.unit) {
    case 'years':
      return {
        text: expired ? t('products.expiry.yearsAgo', { count }) : t('products.expiry.inYears', { count }),
        expired,
      };
    case 'days':
      return {
        text: expired ? t('products.expiry.daysAgo', { count }) : t('products.expiry.inDays', { count }),
        expired,
      };
    case 'tomorrow':
      return { text: t('products.expiry.tomorrow'), expired };
    case 'hours':
      return {
        text: expired ? t('products.expiry.hoursAgo', { count }) : t('products.expiry.inHours', { count }),
        expired,
      };
    case 'minutes':
      return {
        text: expired ? t('products.expiry.minutesAgo', { count }) : t('products.expiry.inMinutes', { count }),
        expired,
      };
    case 'justNow':
      return { text: t('products.expiry.justNow'), expired };
  }
}
