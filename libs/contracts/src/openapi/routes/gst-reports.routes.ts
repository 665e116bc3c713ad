import { gstr1CsvQuerySchema, gstr1QuerySchema, gstr1ReportSchema } from '../../admin/gst-reports.schema.js';
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
