import { formatRupees, type Paise } from '../money/money.js';
import { problem, type FieldProblem } from '../messages/popup-message.js';
import { DAY_MS, IST_OFFSET_MS, indiaDateParts } from '../time/india-time.js';
import type { PayoutStatus } from './payouts.js';

/**
 * The reconciliation of payouts against Razorpay (docs/payouts.md): every transfer Razorpay made in a period of India
 * days compared with the payout that asked for it and with the ledger's record of the money it moved. What counts as
 * a mismatch is decided here; the API only gathers the two sides.
 */
export const RECONCILIATION_PERIOD = {
  /** Days the console reconciles when no period is given: the last 30, today included. */
  defaultDays: 30,
  /** The longest period one run covers (a quarter), so a run reads a bounded number of Razorpay's pages. */
  maxDays: 92,
  /** Mismatches one answer lists (all are counted): past these, Razorpay and the books disagree wholesale. */
  maxMismatches: 1000,
} as const;

/** The refusals of a period and the failure of a run, as the API answers them. */
export const RECONCILIATION_MESSAGES = {
  fromInvalid: 'from must be a date, YYYY-MM-DD.',
  toInvalid: 'to must be a date, YYYY-MM-DD.',
  periodReversed: 'The period must end on or after the day it starts.',
  periodTooLong: `The period may be at most ${RECONCILIATION_PERIOD.maxDays} days.`,
  periodInFuture: 'The period cannot start after today.',
  razorpayFailed: 'Razorpay did not answer, so the payouts could not be reconciled. Try again in a few minutes.',
} as const;

/** A period of India days: its first and last day ('YYYY-MM-DD') and the instants it runs between (end excluded). */
export interface ReconciliationPeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of the calendar day `text` names, or null when it names none ('2026-02-30'). */
function dayNumber(text: string): number | null {
  const match = DAY_TEXT.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day
    ? utc
    : null;
}

const dayText = (utc: number) => new Date(utc).toISOString().slice(0, 10);

/**
 * The period of a run: `from` and `to` as given (India days), `to` today when absent and `from` the
 * {@link RECONCILIATION_PERIOD}.defaultDays up to it; at most maxDays long, not starting after today. Or the problems
 * of the fields given wrong.
 */
export function reconciliationPeriodOf(
  given: { from?: string | undefined; to?: string | undefined },
  now: Date,
): ReconciliationPeriod | { problems: FieldProblem[] } {
  const today = indiaDateParts(now);
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
  const toUtc = given.to === undefined ? todayUtc : dayNumber(given.to);
  const fromUtc =
    given.from === undefined
      ? toUtc === null
        ? null
        : toUtc - (RECONCILIATION_PERIOD.defaultDays - 1) * DAY_MS
      : dayNumber(given.from);
  const problems: FieldProblem[] = [];
  if (given.from !== undefined && fromUtc === null) problems.push(problem('from', RECONCILIATION_MESSAGES.fromInvalid));
  if (toUtc === null) problems.push(problem('to', RECONCILIATION_MESSAGES.toInvalid));
  if (problems.length > 0 || fromUtc === null || toUtc === null) return { problems };
  if (fromUtc > todayUtc) return { problems: [problem('from', RECONCILIATION_MESSAGES.periodInFuture)] };
  if (toUtc < fromUtc) return { problems: [problem('to', RECONCILIATION_MESSAGES.periodReversed)] };
  if ((toUtc - fromUtc) / DAY_MS + 1 > RECONCILIATION_PERIOD.maxDays)
    return { problems: [problem('from', RECONCILIATION_MESSAGES.periodTooLong)] };
  return {
    from: dayText(fromUtc),
    to: dayText(toUtc),
    start: new Date(fromUtc - IST_OFFSET_MS),
    end: new Date(toUtc + DAY_MS - IST_OFFSET_MS),
  };
}

/**
 * What a reconciliation finds wrong:
 * - `missing_in_mandi`: Razorpay made a transfer that no payout has as its own (a stray or a second transfer);
 * - `missing_at_razorpay`: a payout's transfer that Razorpay does not have, or failed;
 * - `amount_differs`: the transfer's amount is not the payout's;
 * - `hold_differs`: a payout on hold whose transfer Razorpay has released, or a released one Razorpay still holds;
 * - `reversal_differs`: Razorpay reversed another amount of the transfer than the payout records;
 * - `ledger_differs`: the ledger's payout and payout_reversal entries for the payout do not add up to what it moved.
 */
export const RECONCILIATION_MISMATCH_KINDS = [
  'missing_in_mandi',
  'missing_at_razorpay',
  'amount_differs',
  'hold_differs',
  'reversal_differs',
  'ledger_differs',
] as const;
export type ReconciliationMismatchKind = (typeof RECONCILIATION_MISMATCH_KINDS)[number];

/** A payout as Mandi has it: its transfer, its amounts and what the ledger says it paid out (payout less reversals). */
export interface PayoutAsBooked {
  id: number;
  status: PayoutStatus;
  amountPaise: Paise;
  reversedPaise: Paise;
  transferId: string | null;
  /** The seller_payable entries of the payout's 'payout' and 'payout_reversal' transactions, added up. */
  ledgerPaidPaise: Paise;
}

/** A transfer as Razorpay has it; `payoutId` is the payout its notes name (mandi_payout_id), if any. */
export interface TransferAtRazorpay {
  id: string;
  status: string;
  amountPaise: Paise;
  reversedPaise: Paise;
  onHold: boolean;
  recipient: string | null;
  payoutId: number | null;
}

/** One thing a reconciliation found wrong, each side said in words. */
export interface ReconciliationMismatch {
  kind: ReconciliationMismatchKind;
  payoutId: number | null;
  transferId: string | null;
  mandi: string;
  razorpay: string;
}

const statusWords = (status: string) => status.replace(/_/g, ' ');

/** A payout as a sentence: 'payout 12 on hold, ₹600.00'. */
const payoutText = (payout: PayoutAsBooked) =>
  `payout ${payout.id} ${statusWords(payout.status)}, ${formatRupees(payout.amountPaise)}` +
  (payout.reversedPaise > 0 ? ` (${formatRupees(payout.reversedPaise)} reversed)` : '');

/** A transfer as a sentence: 'trf_… processed, ₹600.00 on hold'. */
const transferText = (transfer: TransferAtRazorpay) =>
  `${transfer.id} ${statusWords(transfer.status)}, ${formatRupees(transfer.amountPaise)}` +
  (transfer.reversedPaise > 0 ? ` (${formatRupees(transfer.reversedPaise)} reversed)` : '') +
  (transfer.onHold ? ' on hold' : '');

/** Statuses whose transfer Razorpay must hold, and those it must not. */
const HELD: readonly PayoutStatus[] = ['on_hold'];
const RELEASED: readonly PayoutStatus[] = ['released', 'settled'];

/**
 * What is wrong between a payout that has a transfer and that transfer at Razorpay (null: Razorpay has no such
 * transfer); an empty list when they and the ledger agree. A failed transfer moved no money, so a payout that still
 * counts on it is missing at Razorpay.
 */
export function payoutMismatches(
  payout: PayoutAsBooked,
  transfer: TransferAtRazorpay | null,
): ReconciliationMismatch[] {
  const of = (kind: ReconciliationMismatchKind, mandi: string, razorpay: string): ReconciliationMismatch => ({
    kind,
    payoutId: payout.id,
    transferId: transfer?.id ?? payout.transferId,
    mandi,
    razorpay,
  });
  if (!transfer) return [of('missing_at_razorpay', payoutText(payout), 'no such transfer')];
  if (transfer.status === 'failed') return [of('missing_at_razorpay', payoutText(payout), transferText(transfer))];
  const found: ReconciliationMismatch[] = [];
  if (transfer.amountPaise !== payout.amountPaise)
    found.push(of('amount_differs', formatRupees(payout.amountPaise), formatRupees(transfer.amountPaise)));
  if (HELD.includes(payout.status) && !transfer.onHold)
    found.push(of('hold_differs', statusWords(payout.status), 'released'));
  if (RELEASED.includes(payout.status) && transfer.onHold)
    found.push(of('hold_differs', statusWords(payout.status), 'on hold'));
  if (transfer.reversedPaise !== payout.reversedPaise)
    found.push(
      of(
        'reversal_differs',
        `${formatRupees(payout.reversedPaise)} reversed`,
        `${formatRupees(transfer.reversedPaise)} reversed`,
      ),
    );
  const moved = payout.amountPaise - payout.reversedPaise;
  if (payout.ledgerPaidPaise !== moved)
    found.push(
      of(
        'ledger_differs',
        `ledger ${formatRupees(payout.ledgerPaidPaise)} paid out, payout ${formatRupees(moved)}`,
        `${formatRupees(transfer.amountPaise - transfer.reversedPaise)} transferred`,
      ),
    );
  return found;
}

/**
 * A transfer Razorpay made that no payout has as its own: missing in Mandi, naming the payout its notes name when
 * there is one (`payout`, whose own transfer is another or none). A failed transfer moved no money: nothing is wrong.
 */
export function strayTransferMismatch(
  transfer: TransferAtRazorpay,
  payout: PayoutAsBooked | null,
): ReconciliationMismatch | null {
  if (transfer.status === 'failed') return null;
  const mandi = payout
    ? `${payoutText(payout)}, its transfer ${payout.transferId ?? 'none'}`
    : transfer.payoutId !== null
      ? `no payout ${transfer.payoutId}`
      : 'no payout names this transfer';
  return {
    kind: 'missing_in_mandi',
    payoutId: payout?.id ?? null,
    transferId: transfer.id,
    mandi,
    razorpay: `${transferText(transfer)}${transfer.recipient ? ` to ${transfer.recipient}` : ''}`,
  };
}
