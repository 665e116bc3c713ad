import { HOUR_MS } from '../time/india-time.js';

/**
 * Paying sellers through Razorpay Route (docs/payouts.md). A seller's share of each document they are paid for is one
 * payout: transferred to their Route linked account (held, for an online payment), released once the order is
 * delivered and the settle-after period has passed, settled to their bank by Razorpay.
 */

/**
 * How long after delivery a seller's money stays held, for the buyer to report a problem with what arrived before the
 * seller is paid: two days, Mandi's choice (Amazon and Flipkart hold 7 days; fresh produce is judged on arrival).
 * An admin can set another period for one seller.
 */
export const PAYOUT_SETTLE_AFTER_HOURS = 48;
export const PAYOUT_SETTLE_AFTER_MS = PAYOUT_SETTLE_AFTER_HOURS * HOUR_MS;

/** The bounds of a seller's own settle-after period, in hours (0 pays at delivery; at most 30 days). */
export const PAYOUT_SETTLE_AFTER_LIMITS = { minHours: 0, maxHours: 720 } as const;

/**
 * Where a payout is:
 * - `awaiting_account`: the seller has no activated Route linked account yet (no approved profile, or Route is still
 *   setting it up); the money waits in the ledger.
 * - `to_transfer`: an online payment's share, to be transferred from the payment on hold.
 * - `on_hold`: transferred from the payment to the linked account, on hold.
 * - `scheduled`: a cash-on-delivery share, paid by a direct transfer once due.
 * - `to_release`: due (delivered, settle-after passed): the hold is being released (or the direct transfer made).
 * - `released`: the seller's at Razorpay, awaiting Razorpay's settlement to their bank.
 * - `settled`: in the seller's bank, with the settlement's UTR.
 * - `to_reverse`, `reversed`: the order was cancelled or refunded after a transfer; the transfer is being (or was)
 *   reversed.
 * - `cancelled`: the sale was reversed before any money moved.
 * - `failed`: Razorpay refused or failed the transfer; an admin retries it.
 */
export const PAYOUT_STATUSES = [
  'awaiting_account',
  'to_transfer',
  'on_hold',
  'scheduled',
  'to_release',
  'released',
  'settled',
  'to_reverse',
  'reversed',
  'cancelled',
  'failed',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The balances a seller sees: money not yet theirs, theirs but held, released to them, and in their bank. */
export const BALANCE_STATES = ['pending', 'held', 'available', 'paid'] as const;
export type BalanceState = (typeof BALANCE_STATES)[number];

/** What decides a payout's balance state besides its status. */
export interface PayoutStanding {
  status: PayoutStatus;
  /** Whether the order is delivered and its 8-hour window closed: the sale can no longer be cancelled. */
  orderDelivered: boolean;
  windowClosed: boolean;
}

/**
 * The balance a payout counts in, or null once no money is owed on it (reversed or cancelled):
 * pending until the order is delivered and its window closed; held from then until released (settle-after running, no
 * linked account, a failed transfer); available once released; paid once settled.
 */
export function balanceStateOf(payout: PayoutStanding): BalanceState | null {
  switch (payout.status) {
    case 'reversed':
    case 'cancelled':
    case 'to_reverse':
      return null;
    case 'settled':
      return 'paid';
    case 'released':
      return 'available';
    default:
      return payout.orderDelivered && payout.windowClosed ? 'held' : 'pending';
  }
}
