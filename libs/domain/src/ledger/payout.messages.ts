// What a seller reads of their money (issue 32, docs/payouts.md): the Payouts tab of their dashboard and the answers
// of its routes. The storefront's English catalogue is pinned to these texts (payouts.catalogue.test.tsx).
import { ORDER_WINDOW_MS } from '../orders/order.window.js';
import { HOUR_MS } from '../time/india-time.js';
import type { BalanceState, PayoutStatus } from './payouts.js';

const WINDOW_HOURS = ORDER_WINDOW_MS / HOUR_MS;

/**
 * Where a seller's payout account (their Razorpay Route linked account) stands, as the dashboard shows it: 'none'
 * before one is made (no approved business profile yet), then seller_route_accounts' own states.
 */
export const PAYOUT_ACCOUNT_STATES = ['none', 'creating', 'activated', 'failed'] as const;
/** One of {@link PAYOUT_ACCOUNT_STATES}. */
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];

/** The formats a weekly statement is kept in. */
export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
/** One of {@link STATEMENT_FORMATS}. */
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** Texts of the seller's payouts and their routes. */
export const PAYOUT_MESSAGES = {
  title: 'Payouts',
  /** 404: no statement of that week yet, or its file is still being written. */
  statementNotReady: 'This statement is not ready yet.',
  /** 404: no commission invoice of that id is the seller's. */
  commissionInvoiceNotFound: 'Commission invoice not found.',
  /** 404: the invoice is numbered but its PDF is still being printed. */
  commissionInvoiceNotReady: 'This commission invoice is not ready yet.',
  invalidWeek: 'week must be the Monday a statement starts, written YYYY-MM-DD, for example 2026-11-30.',
  invalidFormat: `format must be ${STATEMENT_FORMATS.join(' or ')}.`,
  /** Shown while the seller's payout account is not activated. */
  accountNotActive: 'Payouts start once your business profile is approved and your bank account is verified.',
  noPayouts: 'No payouts yet',
  noPayoutsText:
    'Each order you are paid for appears here with what Mandi deducted from it, where the money is, and the bank reference once it reaches you.',
} as const;

/** The names of the four balances. */
export const BALANCE_LABELS: Readonly<Record<BalanceState, string>> = {
  pending: 'Pending',
  held: 'Held',
  available: 'Available',
  paid: 'Paid',
};

/** What each balance holds, with the seller's settle-after period for the held one. */
export function balanceNote(state: BalanceState, settleAfterHours: number): string {
  switch (state) {
    case 'pending':
      return `Not yet delivered, or inside the ${WINDOW_HOURS}-hour window`;
    case 'held':
      return `Delivered, released after ${settleAfterHours} ${settleAfterHours === 1 ? 'hour' : 'hours'}`;
    case 'available':
      return 'Released to your bank account, settling';
    case 'paid':
      return 'In your bank';
  }
}

/** Each payout status as the seller reads it. */
export const PAYOUT_STATUS_LABELS: Readonly<Record<PayoutStatus, string>> = {
  awaiting_account: 'Waiting for your payout account',
  to_transfer: 'Being transferred',
  on_hold: 'On hold',
  scheduled: 'Scheduled',
  to_release: 'Being released',
  released: 'Released',
  settled: 'Settled',
  to_reverse: 'Being reversed',
  reversed: 'Reversed',
  cancelled: 'Cancelled',
  failed: 'Transfer failed',
};

/** The payout account's state beside 'Payout account'. */
export const PAYOUT_ACCOUNT_LABELS: Readonly<Record<PayoutAccountState, string>> = {
  none: 'Not set up yet',
  creating: 'Being set up',
  activated: 'Active',
  failed: 'Could not be set up',
};

/** A sale's breakdown, each figure's name (the order of the payouts table). */
export const SALE_BREAKDOWN_LABELS = {
  gross: 'Sale',
  resale_gst: 'GST on resale',
  commission: 'Commission',
  commission_gst: 'GST on commission',
  tcs: 'TCS',
  tds: 'TDS',
  net: 'Net',
} as const;

/** The name a weekly statement downloads under: 'mandi-statement-2026-11-30.pdf'. */
export function statementFileName(weekStart: string, format: StatementFormat): string {
  return `mandi-statement-${weekStart}.${format}`;
}
