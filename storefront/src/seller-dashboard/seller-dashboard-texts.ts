import { DAY_MS, HOUR_MS, MINUTE_MS, SELLER_DASHBOARD_LIMITS, type SellerOrderPeriod } from '@mandi/domain';
import type { Translator } from '../i18n/i18n';

/*
 * The dashboard's words that hang on the domain's rules, in the reader's language. seller-dashboard.catalogue.test.ts
 * checks the English against libs/domain (SELLER_DASHBOARD_MESSAGES, the period labels, windowLeftText).
 */

type T = Translator['t'];

/** 'Extend 7 days' moves a validity on by this many days. */
export const EXTEND_DAYS = SELLER_DASHBOARD_LIMITS.extendByMs / DAY_MS;

/** A product whose validity ends within this many hours needs attention. */
export const EXPIRING_HOURS = SELLER_DASHBOARD_LIMITS.expiringWithinMs / HOUR_MS;

/** The sales cards' periods ('Last 7 days'). */
export function salesPeriodLabels(t: T): Record<SellerOrderPeriod, string> {
  return {
    today: t('sellerDashboard.period.today'),
    '7d': t('sellerDashboard.period.7d'),
    '30d': t('sellerDashboard.period.30d'),
    all: t('sellerDashboard.period.all'),
  };
}

/** The order list's period filter, short enough for four on a phone ('7 days'). */
export function periodFilterLabels(t: T): Record<SellerOrderPeriod, string> {
  return {
    today: t('sellerDashboard.filter.today'),
    '7d': t('sellerDashboard.filter.7d'),
    '30d': t('sellerDashboard.filter.30d'),
    all: t('sellerDashboard.filter.all'),
  };
}

/**
 * The time left in an order's window as windowLeftText counts it ('7h 05m left', '42m left', 'Window closed'): whole
 * minutes rounded up, at least 1, in hours and two-digit minutes from an hour on.
 */
export function windowLeftLabel(t: T, leftMs: number): string {
  if (!(leftMs > 0)) return t('sellerDashboard.window.closed');
  const total = Math.max(1, Math.ceil(leftMs / MINUTE_MS));
  const hours = Math.floor(total / 60);
  if (hours === 0) return t('sellerDashboard.window.minutesLeft', { minutes: total });
  return t('sellerDashboard.window.hoursLeft', { hours, minutes: String(total % 60).padStart(2, '0') });
}
