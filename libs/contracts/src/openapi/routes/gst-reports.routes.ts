import {
  gstr1CsvQuerySchema,
  gstr1QuerySchema,
  gstr1ReportSchema,
  gstr8ReportSchema,
  sellerSuppliesParamsSchema,
} from '../../admin/gst-reports.schema.js';
import type { ApiRoute } from '../api-route.js';

/* GST returns for the seller of record: GSTR-1 of a month (docs/gst-returns.md). */

export const gstr1Report = {
  method: 'GET',
  path: '/api/admin/reports/gstr1',
  tag: 'Admin',
  summary:
    'GSTR-1 of a month from the invoices and credit notes issued in it: Tables 5, 7, 8, 9B, 12 and 13 and the sales register',
  access: 'admin',
  query: gstr1QuerySchema,
  answers: { 200: { description: 'The return', schema: gstr1ReportSchema } },
  // 409: a document of the month disagrees with the invoice rules (the message names it).
  errors: [409],
} satisfies ApiRoute;

export const gstr1Csv = {
  method: 'GET',
  path: '/api/admin/reports/gstr1/csv',
  tag: 'Admin',
  summary: 'One table of the month’s GSTR-1 as CSV',
  access: 'admin',
  query: gstr1CsvQuerySchema,
  answers: {
    200: {
      description: 'The table with a total row, amounts with two decimals',
      contentType: 'text/csv',
      headers: { 'Content-Disposition': 'attachment; filename="GSTR1-<month>-<table>.csv"' },
    },
  },
  errors: [409],
} satisfies ApiRoute;

export const gstr1Portal = {
  method: 'GET',
  path: '/api/admin/reports/gstr1/portal',
  tag: 'Admin',
  summary: "The month's GSTR-1 in the GST portal's JSON layout, to upload",
  access: 'admin',
  query: gstr1QuerySchema,
  answers: {
    200: {
      description: 'gstin, fp, b2cs, b2cl, cdnur, nil, hsn and doc_issue, amounts in rupees',
      contentType: 'application/json',
      headers: { 'Content-Disposition': 'attachment; filename="GSTR1-<month>.json"' },
    },
  },
  errors: [409],
} satisfies ApiRoute;

/* GSTR-8 of Mandi as e-commerce operator: TCS on registered sellers' supplies (docs/gst-returns.md, "GSTR-8"). */

export const gstr8Report = {
  method: 'GET',
  path: '/api/admin/reports/gstr8',
  tag: 'Admin',
  summary:
    "GSTR-8 of a month: each registered seller's supplies through Mandi, the returns, the net value and the TCS collected",
  access: 'admin',
  query: gstr1QuerySchema,
  answers: { 200: { description: 'The return', schema: gstr8ReportSchema } },
  errors: [409],
} satisfies ApiRoute;

export const gstr8Csv = {
  method: 'GET',
  path: '/api/admin/reports/gstr8/csv',
  tag: 'Admin',
  summary: 'The month’s GSTR-8 as CSV, one row per seller GSTIN and a total row',
  access: 'admin',
  query: gstr1QuerySchema,
  answers: {
    200: {
      description: 'One row per seller GSTIN, amounts with two decimals',
      contentType: 'text/csv',
      headers: { 'Content-Disposition': 'attachment; filename="GSTR8-<month>.csv"' },
    },
  },
  errors: [409],
} satisfies ApiRoute;

export const gstr8Portal = {
  method: 'GET',
  path: '/api/admin/reports/gstr8/portal',
  tag: 'Admin',
  summary: "The month's GSTR-8 in the GST portal's JSON layout, to upload",
  access: 'admin',
  query: gstr1QuerySchema,
  answers: {
    200: {
      description: 'gstin, fp, tcs and tcsa, amounts in rupees',
      contentType: 'application/json',
      headers: { 'Content-Disposition': 'attachment; filename="GSTR8-<month>.json"' },
    },
  },
  errors: [409],
} satisfies ApiRoute;

export const sellerSupplies = {
  method: 'GET',
  path: '/api/seller-dashboard/{uid}/supplies',
  tag: 'Seller dashboard',
  summary:
    "One table of the seller's own GSTR-1 for a month, from the documents issued in their name through Mandi, as CSV",
  access: 'user',
  params: sellerSuppliesParamsSchema,
  query: gstr1CsvQuerySchema,
  answers: {
    200: {
      description: 'The table with a total row, amounts with two decimals',
      contentType: 'text/csv',
      headers: { 'Content-Disposition': 'attachment; filename="SUPPLIES-<month>-<table>.csv"' },
    },
  },
  errors: [403, 409],
} satisfies ApiRoute;
