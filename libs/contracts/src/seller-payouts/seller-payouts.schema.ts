// A seller's money (issue 32, docs/payouts.md): requests and answers of the Payouts tab's routes under
// /api/seller-dashboard/{uid}. Money in rupees; the ledger keeps paise.
import {
  BALANCE_STATES,
  PAYOUT_ACCOUNT_STATES,
  PAYOUT_MESSAGES,
  PAYOUT_STATUSES,
  STATEMENT_FORMATS,
} from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, uidSchema } from '../common/fields.js';
import { pageQuerySchema } from '../common/paging.js';

/** Payouts per page of the seller's list, newest first. */
export const SELLER_PAYOUTS_PER_PAGE = 20;

/** Query of GET /api/seller-dashboard/{uid}/payouts: the page, 1 unless asked for another. */
export const sellerPayoutsQuerySchema = z.object({ page: pageQuerySchema });
/** Type of {@link sellerPayoutsQuerySchema}. */
export type SellerPayoutsQuery = z.infer<typeof sellerPayoutsQuerySchema>;

/** A calendar day written YYYY-MM-DD that is a Monday: the first day of a statement's week (India). */
function isMondayText(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text && day.getUTCDay() === 1;
}

/** Path of a statement's download: the seller, the Monday its week starts, and the file's format. */
export const sellerStatementParamsSchema = z.object({
  uid: uidSchema,
  week: z.string({ error: PAYOUT_MESSAGES.invalidWeek }).refine(isMondayText, PAYOUT_MESSAGES.invalidWeek),
  format: z.enum(STATEMENT_FORMATS, { error: PAYOUT_MESSAGES.invalidFormat }),
});
/** Type of {@link sellerStatementParamsSchema}. */
export type SellerStatementParams = z.infer<typeof sellerStatementParamsSchema>;

/** Path of a commission invoice's download: the seller and one of their commission invoices. */
export const commissionInvoiceParamsSchema = z.object({ uid: uidSchema, invoiceId: idSchema });
/** Type of {@link commissionInvoiceParamsSchema}. */
export type CommissionInvoiceParams = z.infer<typeof commissionInvoiceParamsSchema>;

/** The seller's four balances in rupees, each the sum of their payouts in that state (BALANCE_STATES). */
export const payoutBalancesSchema = z.object(
  Object.fromEntries(BALANCE_STATES.map((state) => [state, z.number()])) as Record<
    (typeof BALANCE_STATES)[number],
    z.ZodNumber
  >,
);
/** Type of {@link payoutBalancesSchema}. */
export type PayoutBalances = z.infer<typeof payoutBalancesSchema>;

/**
 * What one sale paid the seller, in rupees, from the entries of its ledger transaction: what the buyer paid for the
 * seller's part, the GST Mandi owes on a part it resold, Mandi's commission and its GST, TCS, TDS, and the net owed.
 */
export const payoutSaleSchema = z.object({
  gross: z.number(),
  resale_gst: z.number(),
  commission: z.number(),
  commission_gst: z.number(),
  tcs: z.number(),
  tds: z.number(),
  net: z.number(),
});
/** Type of {@link payoutSaleSchema}. */
export type PayoutSale = z.infer<typeof payoutSaleSchema>;

/** One payout: the seller's share of one document of an order, where it is, and when it moved. */
export const sellerPayoutSchema = z.object({
  id: idSchema,
  order_id: idSchema,
  /** The number of the document whose sale it pays; null for a sale booked without one. */
  invoice_number: z.string().nullable(),
  status: z.enum(PAYOUT_STATUSES),
  /** The balance it counts in (balanceStateOf), null once reversed or cancelled. */
  balance_state: z.enum(BALANCE_STATES).nullable(),
  method: z.enum(['payment_transfer', 'direct_transfer']),
  sale: payoutSaleSchema,
  /** When it becomes due: the order's delivery plus the settle-after period; null until delivered. */
  release_due_at: isoDateTimeSchema.nullable(),
  transferred_at: isoDateTimeSchema.nullable(),
  released_at: isoDateTimeSchema.nullable(),
  settled_at: isoDateTimeSchema.nullable(),
  /** The bank's reference of the settlement that paid it. */
  utr: z.string().nullable(),
});
/** Type of {@link sellerPayoutSchema}. */
export type SellerPayout = z.infer<typeof sellerPayoutSchema>;

/**
 * Answer of GET /api/seller-dashboard/{uid}/payouts: the payout account, the balances, the admins' adjustments
 * (positive: Mandi owes the seller more), and a page of payouts, newest first, with how many there are.
 */
export const sellerPayoutPageSchema = z.object({
  account: z.object({
    status: z.enum(PAYOUT_ACCOUNT_STATES),
    /** Hours after delivery a payout is held: the seller's own period, else PAYOUT_SETTLE_AFTER_HOURS. */
    settle_after_hours: z.number().int(),
  }),
  balances: payoutBalancesSchema,
  adjustments: z.number(),
  payouts: z.array(sellerPayoutSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
/** Type of {@link sellerPayoutPageSchema}. */
export type SellerPayoutPage = z.infer<typeof sellerPayoutPageSchema>;

/** A weekly statement (Monday to Sunday in India): the balance Mandi owes the seller and how it moved, in rupees. */
export const sellerStatementSchema = z.object({
  week_start: z.iso.date(),
  week_end: z.iso.date(),
  opening: z.number(),
  sales_net: z.number(),
  paid_out: z.number(),
  adjusted: z.number(),
  closing: z.number(),
  pdf_ready: z.boolean(),
  csv_ready: z.boolean(),
});
/** Type of {@link sellerStatementSchema}. */
export type SellerStatement = z.infer<typeof sellerStatementSchema>;

/** Mandi's invoice to the seller for a month's commission, with its GST, in rupees. */
export const commissionInvoiceSchema = z.object({
  id: idSchema,
  /** The month it covers, YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  number: z.string(),
  commission: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  issued_at: isoDateTimeSchema,
  pdf_ready: z.boolean(),
});
/** Type of {@link commissionInvoiceSchema}. */
export type CommissionInvoice = z.infer<typeof commissionInvoiceSchema>;

/** Answer of GET /api/seller-dashboard/{uid}/statements: the weekly statements and commission invoices, newest first. */
export const sellerStatementsSchema = z.object({
  statements: z.array(sellerStatementSchema),
  commission_invoices: z.array(commissionInvoiceSchema),
});
/** Type of {@link sellerStatementsSchema}. */
export type SellerStatements = z.infer<typeof sellerStatementsSchema>;
