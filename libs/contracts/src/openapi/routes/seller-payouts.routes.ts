import { sellerDashboardParamsSchema } from '../../seller-dashboard/seller-dashboard.schema.js';
import {
  commissionInvoiceParamsSchema,
  sellerPayoutPageSchema,
  sellerPayoutsQuerySchema,
  sellerStatementParamsSchema,
  sellerStatementsSchema,
} from '../../seller-payouts/seller-payouts.schema.js';
import type { ApiRoute } from '../api-route.js';

/*
 * A seller's money (issue 32, docs/payouts.md): their balance, each payout with its breakdown and UTR, their weekly
 * statements and monthly commission invoices. The seller's own (uid is the caller's, or the caller is an admin, as the
 * access guard checks every uid in a path), 404 for a uid that names no user.
 */

export const sellerPayouts = {
  method: 'GET',
  path: '/api/seller-dashboard/{uid}/payouts',
  tag: 'Seller dashboard',
  summary:
    "The seller's payout account, balances (pending, held, available, paid) and adjustments, and their payouts with each sale's breakdown, newest first, 20 a page",
  access: 'user',
  params: sellerDashboardParamsSchema,
  query: sellerPayoutsQuerySchema,
  answers: { 200: { description: 'The balances and a page of payouts', schema: sellerPayoutPageSchema } },
  errors: [404],
} satisfies ApiRoute;

export const sellerStatements = {
  method: 'GET',
  path: '/api/seller-dashboard/{uid}/statements',
  tag: 'Seller dashboard',
  summary: "The seller's weekly settlement statements and monthly commission invoices, newest first",
  access: 'user',
  params: sellerDashboardParamsSchema,
  answers: { 200: { description: 'Statements and commission invoices', schema: sellerStatementsSchema } },
  errors: [404],
} satisfies ApiRoute;

export const downloadSellerStatement = {
  method: 'GET',
  path: '/api/seller-dashboard/{uid}/statements/{week}/{format}',
  tag: 'Seller dashboard',
  summary: "One week's statement (week: the Monday it starts) as PDF or CSV; 404 until it is ready",
  access: 'user',
  params: sellerStatementParamsSchema,
  answers: {
    200: {
      description: 'The statement as an attachment: application/pdf for pdf, text/csv for csv',
      contentType: 'application/pdf',
      headers: { 'Content-Disposition': 'attachment; filename="mandi-statement-<week>.<format>"' },
    },
  },
  errors: [404],
} satisfies ApiRoute;

export const downloadCommissionInvoice = {
  method: 'GET',
  path: '/api/seller-dashboard/{uid}/commission-invoices/{invoiceId}/pdf',
  tag: 'Seller dashboard',
  summary: "Mandi's invoice to the seller for a month's commission, as PDF: the seller's own only",
  access: 'user',
  params: commissionInvoiceParamsSchema,
  answers: {
    200: {
      description: 'The PDF, as an attachment',
      contentType: 'application/pdf',
      headers: { 'Content-Disposition': 'attachment; filename="<number>.pdf"' },
    },
  },
  errors: [404],
} satisfies ApiRoute;
