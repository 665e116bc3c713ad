import {
  ADJUSTMENT_MESSAGES,
  LEDGER_ACCOUNTS,
  LEDGER_KINDS,
  PAYOUT_STATUSES,
  RECONCILIATION_MESSAGES,
  RECONCILIATION_MISMATCH_KINDS,
  type LedgerAccount,
} from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, uidSchema } from '../common/fields.js';
import { pageQuerySchema, queryText } from '../common/paging.js';

/** An optional query parameter: blank is the same as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const count = z.number().int().min(0);

/** Where a payout is (PAYOUT_STATUSES of libs/domain). */
export const adminPayoutStatusSchema = z.enum(PAYOUT_STATUSES, {
  error: `status must be one of ${PAYOUT_STATUSES.join(', ')}`,
});

/**
 * Query of GET /api/admin/payouts: optionally one status and one seller (their uid), and the page (20 a page, newest
 * first).
 */
export const adminPayoutsQuerySchema = z.object({
  status: optional(adminPayoutStatusSchema),
  seller: optional(queryText('seller', 128)),
  page: pageQuerySchema,
});
/** Type of {@link adminPayoutsQuerySchema}. */
export type AdminPayoutsQuery = z.infer<typeof adminPayoutsQuerySchema>;

/** How many payouts, and their amount in rupees. */
export const adminPayoutFigureSchema = z.object({ count, amount: z.number() });
/** Type of {@link adminPayoutFigureSchema}. */
export type AdminPayoutFigure = z.infer<typeof adminPayoutFigureSchema>;

/**
 * The payouts that want attention, in rupees: due (being released: to_release), held (on hold or scheduled, the order
 * delivered: the settle-after period runs), pending (on hold or scheduled, not delivered yet), failed (an admin
 * retries them) and awaiting an account (the seller has no activated Route account yet).
 */
export const adminPayoutSummarySchema = z.object({
  due: adminPayoutFigureSchema,
  held: adminPayoutFigureSchema,
  failed: adminPayoutFigureSchema,
  pending: adminPayoutFigureSchema,
  awaiting_account: adminPayoutFigureSchema,
});
/** Type of {@link adminPayoutSummarySchema}. */
export type AdminPayoutSummary = z.infer<typeof adminPayoutSummarySchema>;

/** A seller as the console names one: their uid, and their legal name (their username without a business profile). */
export const adminPayoutSellerSchema = z.object({ uid: z.string(), name: z.string() });

/** One payout as the console lists it: a seller's share of one document, in rupees. */
export const adminPayoutSchema = z.object({
  id: idSchema,
  order_id: idSchema,
  seller: adminPayoutSellerSchema,
  amount: z.number(),
  method: z.enum(['payment_transfer', 'direct_transfer']),
  status: adminPayoutStatusSchema,
  razorpay_transfer_id: z.string().nullable(),
  attempts: count,
  last_error: z.string().nullable(),
  created_at: isoDateTimeSchema,
  transferred_at: isoDateTimeSchema.nullable(),
  released_at: isoDateTimeSchema.nullable(),
  settled_at: isoDateTimeSchema.nullable(),
  utr: z.string().nullable(),
});
/** Type of {@link adminPayoutSchema}. */
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

/** Answer of GET /api/admin/payouts: the summary (of the seller's payouts, when one is asked for) and a page. */
export const adminPayoutListSchema = z.object({
  summary: adminPayoutSummarySchema,
  payouts: z.array(adminPayoutSchema),
  total: count,
  page: z.number().int().min(1),
});
/** Type of {@link adminPayoutListSchema}. */
export type AdminPayoutList = z.infer<typeof adminPayoutListSchema>;

/** Path of POST /api/admin/payouts/{payoutId}/retry. */
export const payoutIdParamsSchema = z.object({ payoutId: idSchema });
/** Path of the calls on one seller's money. */
export const payoutSellerParamsSchema = z.object({ uid: uidSchema });

/** Query of GET /api/admin/payouts/sellers/{uid}/ledger: the page of transactions, 20 a page, newest first. */
export const sellerLedgerQuerySchema = z.object({ page: pageQuerySchema });
/** Type of {@link sellerLedgerQuerySchema}. */
export type SellerLedgerQuery = z.infer<typeof sellerLedgerQuerySchema>;

const LEDGER_ACCOUNT_NAMES = Object.keys(LEDGER_ACCOUNTS) as [LedgerAccount, ...LedgerAccount[]];

/** One entry of a ledger transaction: debit positive, credit negative, in rupees. */
export const sellerLedgerEntrySchema = z.object({ account: z.enum(LEDGER_ACCOUNT_NAMES), amount: z.number() });

/** One ledger transaction of a seller's, with every entry (Mandi's accounts too), in rupees. */
export const sellerLedgerTransactionSchema = z.object({
  id: idSchema,
  kind: z.enum(LEDGER_KINDS),
  source_key: z.string(),
  order_id: idSchema.nullable(),
  /** An adjustment's reason, and the admin who made it (their username). */
  reason: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: isoDateTimeSchema,
  entries: z.array(sellerLedgerEntrySchema),
});
/** Type of {@link sellerLedgerTransactionSchema}. */
export type SellerLedgerTransaction = z.infer<typeof sellerLedgerTransactionSchema>;

/** A seller's Razorpay Route linked account; `settle_after_hours` null is PAYOUT_SETTLE_AFTER_HOURS. */
export const adminRouteAccountSchema = z.object({
  status: z.enum(['creating', 'activated', 'failed']),
  razorpay_account_id: z.string().nullable(),
  settle_after_hours: z.number().int().nullable(),
  last_error: z.string().nullable(),
});
/** Type of {@link adminRouteAccountSchema}. */
export type AdminRouteAccount = z.infer<typeof adminRouteAccountSchema>;

/**
 * Answer of GET /api/admin/payouts/sellers/{uid}/ledger: what Mandi owes the seller (less their seller_payable
 * entries, in rupees; negative when they owe Mandi), their Route account (null before one is made) and a page of
 * their ledger transactions.
 */
export const sellerLedgerSchema = z.object({
  seller: adminPayoutSellerSchema,
  balance: z.number(),
  route_account: adminRouteAccountSchema.nullable(),
  transactions: z.array(sellerLedgerTransactionSchema),
  total: count,
  page: z.number().int().min(1),
});
/** Type of {@link sellerLedgerSchema}. */
export type SellerLedger = z.infer<typeof sellerLedgerSchema>;

/**
 * Body of POST /api/admin/payouts/sellers/{uid}/adjustments: rupees (positive: Mandi owes the seller more; not zero, at
 * most Rs 1,00,000 either way, two decimals) and why (1 to 500 characters). ADJUSTMENT_LIMITS of libs/domain.
 */
export const adjustmentBodySchema = z.strictObject({
  amount: z.number({ error: ADJUSTMENT_MESSAGES.amountInvalid }),
  reason: z.string({ error: ADJUSTMENT_MESSAGES.reasonRequired }),
});
/** Type of {@link adjustmentBodySchema}. */
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;

/** Answer of an adjustment: its ledger transaction and the seller's balance after it, in rupees. */
export const adjustmentAnswerSchema = z.object({ transaction: sellerLedgerTransactionSchema, balance: z.number() });
/** Type of {@link adjustmentAnswerSchema}. */
export type AdjustmentAnswer = z.infer<typeof adjustmentAnswerSchema>;

/** Body of PUT /api/admin/payouts/sellers/{uid}/settle-after: whole hours, 0 to 720, or null for Mandi's default. */
export const settleAfterBodySchema = z.strictObject({
  hours: z
    .number({ error: ADJUSTMENT_MESSAGES.settleAfterInvalid })
    .int(ADJUSTMENT_MESSAGES.settleAfterInvalid)
    .nullable(),
});
/** Type of {@link settleAfterBodySchema}. */
export type SettleAfterBody = z.infer<typeof settleAfterBodySchema>;

const dayQuery = (message: string) => optional(z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message));

/** Query of GET /api/admin/payouts/reconciliation: a period of India days (the last 30 by default, at most 92). */
export const payoutReconciliationQuerySchema = z.object({
  from: dayQuery(RECONCILIATION_MESSAGES.fromInvalid),
  to: dayQuery(RECONCILIATION_MESSAGES.toInvalid),
});
/** Type of {@link payoutReconciliationQuerySchema}. */
export type PayoutReconciliationQuery = z.infer<typeof payoutReconciliationQuerySchema>;

/** One thing the reconciliation found wrong, each side in words (RECONCILIATION_MISMATCH_KINDS of libs/domain). */
export const payoutReconciliationMismatchSchema = z.object({
  kind: z.enum(RECONCILIATION_MISMATCH_KINDS),
  payout_id: idSchema.nullable(),
  transfer_id: z.string().nullable(),
  mandi: z.string(),
  razorpay: z.string(),
});
/** Type of {@link payoutReconciliationMismatchSchema}. */
export type PayoutReconciliationMismatch = z.infer<typeof payoutReconciliationMismatchSchema>;

/**
 * Answer of GET /api/admin/payouts/reconciliation: the transfers Razorpay made in the period, the payouts compared
 * with them (those transferred in it, and those its transfers belong to), how many agreed with their transfer and the
 * ledger, and the mismatches.
 */
export const payoutReconciliationSchema = z.object({
  checked_at: isoDateTimeSchema,
  period: z.object({ from: z.string(), to: z.string() }),
  razorpay_transfers: count,
  payouts: count,
  matched: count,
  /** Every mismatch found; `mismatches` lists the first RECONCILIATION_PERIOD.maxMismatches of them. */
  mismatch_count: count,
  mismatches: z.array(payoutReconciliationMismatchSchema),
});
/** Type of {@link payoutReconciliationSchema}. */
export type PayoutReconciliation = z.infer<typeof payoutReconciliationSchema>;
