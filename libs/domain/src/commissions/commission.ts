import { problem, type FieldProblem } from '../messages/popup-message.js';

/**
 * Mandi's commission on a seller's sales (docs/commissions.md). The rules live in the database (commission_rules), a
 * percentage per product category and a per-seller override, each with an optional fixed fee per order line; the
 * order_items_commission trigger fixes them onto each line at the moment of sale. These are the bounds an admin is
 * held to (a business choice, not a law) and the console's texts.
 */
export const COMMISSION_LIMITS = {
  /** At most 30% of a line's total, in basis points. */
  maxBasisPoints: 3000,
  /** At most Rs 100 a line, in paise. */
  maxFixedFeePaise: 10_000,
} as const;

/** A rule as an admin sets it: a percentage (up to two decimals) and a fixed fee per line in rupees (up to paise). */
export interface CommissionRuleInput {
  percent: number;
  fixed_fee: number;
}

export const COMMISSION_MESSAGES = {
  percentInvalid: `The commission must be a percentage from 0 to ${COMMISSION_LIMITS.maxBasisPoints / 100}, with at most two decimals.`,
  feeInvalid: `The fixed fee must be an amount from ₹0 to ₹${COMMISSION_LIMITS.maxFixedFeePaise / 100}, in rupees and paise.`,
  noOverride: 'This seller has no commission of their own.',
} as const;

/** Whether `value` has at most two decimals (exactly, as a decimal written number). */
const twoDecimals = (value: number) => Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** The rule's basis points and fee in paise, or the problems of the fields an admin got wrong. */
export function commissionRuleOf(
  input: CommissionRuleInput,
): { basisPoints: number; fixedFeePaise: number } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const basisPoints = Math.round(input.percent * 100);
  const fixedFeePaise = Math.round(input.fixed_fee * 100);
  if (!twoDecimals(input.percent) || basisPoints < 0 || basisPoints > COMMISSION_LIMITS.maxBasisPoints)
    problems.push(problem('percent', COMMISSION_MESSAGES.percentInvalid));
  if (!twoDecimals(input.fixed_fee) || fixedFeePaise < 0 || fixedFeePaise > COMMISSION_LIMITS.maxFixedFeePaise)
    problems.push(problem('fixed_fee', COMMISSION_MESSAGES.feeInvalid));
  return problems.length > 0 ? { problems } : { basisPoints, fixedFeePaise };
}
