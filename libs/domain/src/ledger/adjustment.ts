import { formatRupees } from '../money/money.js';
import { problem, type FieldProblem } from '../messages/popup-message.js';
import { PAYOUT_SETTLE_AFTER_HOURS, PAYOUT_SETTLE_AFTER_LIMITS } from './payouts.js';

/**
 * An admin's corrections to a seller's money in the console (docs/payouts.md): an adjustment to their balance, the
 * retry of a failed payout, and a settle-after period of the seller's own. An adjustment is a ledger transaction
 * (kind 'adjustment') that records a correction in the books: Mandi owes the seller more (a positive amount) or less
 * (a negative one). It moves no money by itself; the seller's next payouts and statements carry it.
 */
export const ADJUSTMENT_LIMITS = {
  /** At most Rs 1,00,000 either way in one adjustment, in paise: a bigger correction is two, each with its reason. */
  maxPaise: 10_000_000,
  /** The reason, once trimmed (ledger_transactions.reason is 500 characters). */
  reasonMax: 500,
} as const;

/** The refusals of an adjustment and of the console's other payout actions, as the API answers them. */
export const ADJUSTMENT_MESSAGES = {
  amountInvalid: `The amount must be in rupees and paise, not zero, and at most ${formatRupees(ADJUSTMENT_LIMITS.maxPaise)} either way.`,
  reasonRequired: 'Say why the balance is adjusted.',
  reasonTooLong: `The reason may be at most ${ADJUSTMENT_LIMITS.reasonMax} characters.`,
  settleAfterInvalid: `The settle-after period must be a whole number of hours from ${PAYOUT_SETTLE_AFTER_LIMITS.minHours} to ${PAYOUT_SETTLE_AFTER_LIMITS.maxHours}, or none for Mandi's ${PAYOUT_SETTLE_AFTER_HOURS} hours.`,
  payoutNotFound: 'Payout not found.',
  onlyFailedRetried: 'Only a failed payout can be retried.',
} as const;

/** An adjustment as an admin gives it: rupees (positive: Mandi owes the seller more) and why. */
export interface AdjustmentInput {
  amount: number;
  reason: string;
}

/** Whether `value` is a number of rupees with at most two decimals, exactly as written. */
const twoDecimals = (value: number) => Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** The adjustment in paise with its trimmed reason, or the problems of the fields an admin got wrong. */
export function adjustmentOf(
  input: AdjustmentInput,
): { amountPaise: number; reason: string } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const amountPaise = Math.round(input.amount * 100);
  if (!twoDecimals(input.amount) || amountPaise === 0 || Math.abs(amountPaise) > ADJUSTMENT_LIMITS.maxPaise)
    problems.push(problem('amount', ADJUSTMENT_MESSAGES.amountInvalid));
  const reason = input.reason.trim();
  if (reason === '') problems.push(problem('reason', ADJUSTMENT_MESSAGES.reasonRequired));
  else if (reason.length > ADJUSTMENT_LIMITS.reasonMax)
    problems.push(problem('reason', ADJUSTMENT_MESSAGES.reasonTooLong));
  return problems.length > 0 ? { problems } : { amountPaise, reason };
}

/** Whether `hours` may be a seller's own settle-after period (null: back to PAYOUT_SETTLE_AFTER_HOURS). */
export function isSettleAfterHours(hours: number | null): boolean {
  return (
    hours === null ||
    (Number.isInteger(hours) &&
      hours >= PAYOUT_SETTLE_AFTER_LIMITS.minHours &&
      hours <= PAYOUT_SETTLE_AFTER_LIMITS.maxHours)
  );
}
