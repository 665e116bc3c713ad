import { COMMISSION_LIMITS } from '@mandi/domain';
import { HttpError } from 'react-admin';
import { rupees } from '../layout/format';

/** The fields of a commission rule an admin types, and the seller's uid of a new seller's rule. */
export type RuleField = 'uid' | 'percent' | 'fixed_fee';

/** A message per field, as the server's 400 names them ({percent, fixed_fee}) or as the dialog checks them. */
export type FieldMessages = Partial<Record<RuleField, string>>;

const PERCENT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** 8 -> '8%', 7.5 -> '7.5%'. */
export function percentText(percent: number): string {
  return `${PERCENT.format(percent)}%`;
}

/** A rule in a sentence: '7.5% + ₹2.00 a line', or '8%' with no fee. */
export function ruleText({ percent, fixed_fee }: { percent: number; fixed_fee: number }): string {
  return fixed_fee > 0 ? `${percentText(percent)} + ${rupees(fixed_fee)} a line` : percentText(percent);
}

const MAX_PERCENT = COMMISSION_LIMITS.maxBasisPoints / 100;
const MAX_FEE = COMMISSION_LIMITS.maxFixedFeePaise / 100;

/** The console's texts of the Commissions page; the server's own messages are shown as it gives them. */
export const COMMISSION_TEXTS = {
  percentHint: `0 to ${MAX_PERCENT}, at most two decimals`,
  feeHint: `₹0 to ₹${MAX_FEE} on each order line; empty for none`,
  uidHint: "The seller's account uid, as on their seller review or in Users",
  percentMissing: 'Enter the commission as a percentage, such as 8 or 7.5.',
  feeNotNumber: 'Enter the fee in rupees, such as 2 or 2.50, or leave it empty for none.',
  uidMissing: "Enter the seller's uid.",
  fetchFailed: 'Could not load the commission rules',
  saveFailed: 'Could not save the commission. Try again.',
  removeFailed: "Could not remove the seller's rule. Try again.",
  categorySaved: (label: string, rule: { percent: number; fixed_fee: number }) =>
    `${label}: ${ruleText(rule)} on sales from now on.`,
  sellerSaved: (username: string, rule: { percent: number; fixed_fee: number }) =>
    `${username}'s own rule: ${ruleText(rule)} on their sales from now on.`,
  sellerRemoved: (username: string) =>
    `${username}'s own rule is removed: their categories' commissions apply from now on.`,
} as const;

/**
 * The figure typed in a field, or null when it is not a number. An empty fee is no fee (0); an empty percent is not a
 * number. Whether the number is within the limits is the server's to say (its 400 names the field).
 */
export function typedFigure(text: string, emptyIs: number | null): number | null {
  const given = text.trim().replace(/,/g, '');
  if (given === '') return emptyIs;
  const value = Number(given);
  return Number.isFinite(value) ? value : null;
}

/** The per-field messages of a refused call (the 400's `fields`), or null when it named no field of ours. */
export function fieldMessagesOf(error: unknown): FieldMessages | null {
  if (!(error instanceof HttpError) || error.status !== 400) return null;
  const body: unknown = error.body;
  if (!body || typeof body !== 'object' || !('fields' in body)) return null;
  const { fields } = body as { fields: unknown };
  if (!fields || typeof fields !== 'object') return null;
  const found: FieldMessages = {};
  for (const field of ['uid', 'percent', 'fixed_fee'] as const) {
    const message = (fields as Record<string, unknown>)[field];
    if (typeof message === 'string' && message !== '') found[field] = message;
  }
  return Object.keys(found).length > 0 ? found : null;
}

/** Whether a call was answered 404 (no such seller, or no rule of theirs left to remove). */
export const notFound = (error: unknown) => error instanceof HttpError && error.status === 404;
