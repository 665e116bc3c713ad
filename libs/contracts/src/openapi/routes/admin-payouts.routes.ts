import {
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  adminPayoutListSchema,
  adminPayoutSchema,
  adminPayoutsQuerySchema,
  adminRouteAccountSchema,
  payoutIdParamsSchema,
  payoutReconciliationQuerySchema,
  payoutReconciliationSchema,
  payoutSellerParamsSchema,
  sellerLedgerQuerySchema,
  sellerLedgerSchema,
  settleAfterBodySchema,
} from '../../admin/payouts.schema.js';
import { errorBodySchema } from '../../common/error-body.schema.js';
import type { ApiRoute } from '../api-route.js';

/*
 * Payouts in the console (issue 32, docs/payouts.md): what is due and held, failed transfers and their retry, each
 * seller's ledger and adjustments, and the reconciliation against Razorpay. Admins only; every change audited.
 */

export const adminPayouts = {
  method: 'GET',
  path: '/api/admin/payouts',
  tag: 'Admin',
  summary: 'Payouts due, held, pending, failed and awaiting an account, and a page of payouts by status and seller',
  access: 'admin',
  query: adminPayoutsQuerySchema,
  answers: { 200: { description: 'The summary and a page of payouts, newest first', schema: adminPayoutListSchema } },
  // 404: the seller asked for is no user.
  errors: [404],
} satisfies ApiRoute;

export const retryPayout = {
  method: 'POST',
  path: '/api/admin/payouts/{payoutId}/retry',
  tag: 'Admin',
  summary: 'Sends a failed payout to be transferred again (audited)',
  access: 'admin',
  params: payoutIdParamsSchema,
  answers: { 200: { description: 'The payout, on its way again', schema: adminPayoutSchema } },
  // 404: no such payout; 409: it is not failed (another admin retried it first, or it never failed).
  errors: [404, 409],
} satisfies ApiRoute;

export const sellerLedger = {
  method: 'GET',
  path: '/api/admin/payouts/sellers/{uid}/ledger',
  tag: 'Admin',
  summary: "A seller's balance, Route account and ledger transactions, newest first",
  access: 'admin',
  params: payoutSellerParamsSchema,
  query: sellerLedgerQuerySchema,
  answers: { 200: { description: "The seller's ledger", schema: sellerLedgerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const adjustSellerBalance = {
  method: 'POST',
  path: '/api/admin/payouts/sellers/{uid}/adjustments',
  tag: 'Admin',
  summary: 'Records a correction of what Mandi owes a seller in the ledger; it moves no money by itself (audited)',
  access: 'admin',
  params: payoutSellerParamsSchema,
  body: adjustmentBodySchema,
  answers: { 201: { description: 'Booked', schema: adjustmentAnswerSchema } },
  errors: [404],
} satisfies ApiRoute;

export const setSellerSettleAfter = {
  method: 'PUT',
  path: '/api/admin/payouts/sellers/{uid}/settle-after',
  tag: 'Admin',
  summary: "Sets how long after delivery a seller's money is held, or back to Mandi's default (audited)",
  access: 'admin',
  params: payoutSellerParamsSchema,
  body: settleAfterBodySchema,
  answers: { 200: { description: "The seller's Route account with the period", schema: adminRouteAccountSchema } },
  errors: [404],
} satisfies ApiRoute;

export const payoutReconciliation = {
  method: 'GET',
  path: '/api/admin/payouts/reconciliation',
  tag: 'Admin',
  summary: 'Compares every Razorpay transfer of a period with the payouts and the ledger, and lists what differs',
  access: 'admin',
  query: payoutReconciliationQuerySchema,
  answers: {
    200: { description: 'What was compared, and every mismatch', schema: payoutReconciliationSchema },
    // An answer of the route, not a fault of the API: a run is only as good as Razorpay's answers (the fuzz pass,
    // which has no Razorpay, meets it on every valid request).
    502: { description: 'Razorpay did not answer; nothing was compared', schema: errorBodySchema },
  },
  errors: [],
} satisfies ApiRoute;
