import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  SELLER_DASHBOARD_LIMITS,
  type BalanceState,
  type PayoutAccountState,
  type PayoutStatus,
  type SellerOrderPeriod,
} from '@mandi/domain';
import type { Translator } from '../i18n/i18n';
import { ORDER_WINDOW_HOURS } from '../orders/order-policy';

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

/** The four balances' names ('Held'). */
export function balanceLabels(t: T): Record<BalanceState, string> {
  return {
    pending: t('sellerDashboard.payouts.balance.pending'),
    held: t('sellerDashboard.payouts.balance.held'),
    available: t('sellerDashboard.payouts.balance.available'),
    paid: t('sellerDashboard.payouts.balance.paid'),
  };
}

/** What a balance holds, as balanceNote writes it ('Delivered, released after 48 hours'). */
export function balanceNoteLabel(t: T, state: BalanceState, settleAfterHours: number): string {
  switch (state) {
    case 'pending':
      return t('sellerDashboard.payouts.balance.pending.note', { hours: ORDER_WINDOW_HOURS });
    case 'held':
      return t('sellerDashboard.payouts.balance.held.note', { hours: settleAfterHours });
    case 'available':
      return t('sellerDashboard.payouts.balance.available.note');
    case 'paid':
      return t('sellerDashboard.payouts.balance.paid.note');
  }
}

/** Each payout status as the seller reads it ('On hold'). */
export function payoutStatusLabels(t: T): Record<PayoutStatus, string> {
  return {
    awaiting_account: t('sellerDashboard.payouts.status.awaiting_account'),
    to_transfer: t('sellerDashboard.payouts.status.to_transfer'),
    on_hold: t('sellerDashboard.payouts.status.on_hold'),
    scheduled: t('sellerDashboard.payouts.status.scheduled'),
    to_release: t('sellerDashboard.payouts.status.to_release'),
    released: t('sellerDashboard.payouts.status.released'),
    settled: t('sellerDashboard.payouts.status.settled'),
    to_reverse: t('sellerDashboard.payouts.status.to_reverse'),
    reversed: t('sellerDashboard.payouts.status.reversed'),
    cancelled: t('sellerDashboard.payouts.status.cancelled'),
    failed: t('sellerDashboard.payouts.status.failed'),
  };
}

/** The payout account's state ('Being set up'). */
export function payoutAccountLabels(t: T): Record<PayoutAccountState, string> {
  return {
    none: t('sellerDashboard.payouts.account.none'),
    creating: t('sellerDashboard.payouts.account.creating'),
    activated: t('sellerDashboard.payouts.account.activated'),
    failed: t('sellerDashboard.payouts.account.failed'),
  };
}

/** A sale's figures, in the order the payouts table shows them ('GST on commission'). */
export function saleBreakdownLabels(t: T) {
  return {
    gross: t('sellerDashboard.payouts.sale.gross'),
    resale_gst: t('sellerDashboard.payouts.sale.resale_gst'),
    commission: t('sellerDashboard.payouts.sale.commission'),
    commission_gst: t('sellerDashboard.payouts.sale.commission_gst'),
    tcs: t('sellerDashboard.payouts.sale.tcs'),
    tds: t('sellerDashboard.payouts.sale.tds'),
    net: t('sellerDashboard.payouts.sale.net'),
  };
}
