import { GSTR1_CSV_TABLES, GSTR1_MESSAGES } from '@mandi/domain';
import { z } from 'zod';
import { isoDateTimeSchema } from '../common/fields.js';

/** Query of GET /api/admin/reports/gstr1 and its downloads: the month, 'YYYY-MM' (libs/domain's returnPeriod checks the range). */
export const gstr1QuerySchema = z.object({
  month: z.string({ error: GSTR1_MESSAGES.badMonth }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, GSTR1_MESSAGES.badMonth),
});
/** Type of {@link gstr1QuerySchema}. */
export type Gstr1Query = z.infer<typeof gstr1QuerySchema>;

/** Query of GET /api/admin/reports/gstr1/csv: the month and which table. */
export const gstr1CsvQuerySchema = gstr1QuerySchema.extend({
  table: z.enum(GSTR1_CSV_TABLES, { error: GSTR1_MESSAGES.badTable }),
});
/** Type of {@link gstr1CsvQuerySchema}. */
export type Gstr1CsvQuery = z.infer<typeof gstr1CsvQuerySchema>;

/** An amount in rupees with at most 2 decimals; negative where credit notes outweigh the month's invoices. */
const rupees = z.number();
const place = z.object({ code: z.string(), name: z.string() });
const supplyType = z.enum(['Intra-state', 'Inter-state']);
const taxes = { taxable: rupees, igst: rupees, cgst: rupees, sgst: rupees, cess: rupees };

/** Table 7 (B2C others): one place of supply and rate. */
export const gstr1B2csRowSchema = z.object({ placeOfSupply: place, supplyType, rate: z.number(), ...taxes });
/** Table 5 (B2C large) or 9B (its credit note): one document, invoice-wise. */
export const gstr1B2clRowSchema = z.object({
  number: z.string(),
  date: isoDateTimeSchema,
  placeOfSupply: place,
  invoiceValue: rupees,
  /** The invoice a credit note reverses (9B); null in Table 5. */
  againstNumber: z.string().nullable(),
  rates: z.array(z.object({ rate: z.number(), ...taxes })),
});
/** Table 8: nil-rated, exempt and non-GST supplies to unregistered buyers. */
export const gstr1NilRowSchema = z.object({ supplyType, nilRated: rupees, exempt: rupees, nonGst: rupees });
/** Table 12 (B2C): one HSN and rate. */
export const gstr1HsnRowSchema = z.object({
  hsn: z.string(),
  description: z.string(),
  uqc: z.string(),
  quantity: z.number().int(),
  rate: z.number(),
  totalValue: rupees,
  ...taxes,
});
/** Table 13: one document series. */
export const gstr1DocumentsRowSchema = z.object({
  nature: z.string(),
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  cancelled: z.number().int(),
  netIssued: z.number().int(),
});
/** The sales register: one document; a credit note's amounts are negative. */
export const gstr1RegisterRowSchema = z.object({
  document: z.enum(['Tax Invoice', 'Bill of Supply', 'Credit Note']),
  number: z.string(),
  date: isoDateTimeSchema,
  orderId: z.number().int(),
  againstNumber: z.string().nullable(),
  placeOfSupply: place,
  supplyType,
  taxable: rupees,
  exempt: rupees,
  cgst: rupees,
  sgst: rupees,
  igst: rupees,
  total: rupees,
});
const registerTotals = z.object({
  invoices: z.number().int(),
  creditNotes: z.number().int(),
  taxable: rupees,
  exempt: rupees,
  cgst: rupees,
  sgst: rupees,
  igst: rupees,
  total: rupees,
});

/**
 * Answer of GET /api/admin/reports/gstr1: the GSTR-1 tables of a month (India time) for the seller of record, with
 * their totals, computed from the invoices and credit notes issued in it (docs/gst-returns.md).
 */
export const gstr1ReportSchema = z.object({
  period: z.object({
    month: z.string(),
    fp: z.string(),
    label: z.string(),
    from: isoDateTimeSchema,
    to: isoDateTimeSchema,
  }),
  seller: z.object({ gstin: z.string(), state: place }),
  b2cs: z.object({ rows: z.array(gstr1B2csRowSchema), totals: z.object(taxes) }),
  b2cl: z.array(gstr1B2clRowSchema),
  cdnur: z.array(gstr1B2clRowSchema),
  nil: z.object({
    rows: z.array(gstr1NilRowSchema),
    totals: z.object({ nilRated: rupees, exempt: rupees, nonGst: rupees }),
  }),
  hsn: z.object({
    rows: z.array(gstr1HsnRowSchema),
    totals: z.object({ quantity: z.number().int(), totalValue: rupees, ...taxes }),
  }),
  documents: z.array(gstr1DocumentsRowSchema),
  register: z.object({
    rows: z.array(gstr1RegisterRowSchema),
    totals: z.object({ invoices: registerTotals, creditNotes: registerTotals, net: registerTotals }),
  }),
  /** When the return was worked out from the month's documents, which are unchanged since (docs/gst-returns.md). */
  readAt: isoDateTimeSchema,
});
/** Type of {@link gstr1ReportSchema}. */
export type Gstr1ReportAnswer = z.infer<typeof gstr1ReportSchema>;

/**
 * GSTR-8 Table 3 (docs/gst-returns.md, "GSTR-8"): one registered seller's supplies made through Mandi in the month, to
 * unregistered buyers (B2C), and the TCS Mandi collected on them. Rupees; the returned value and TCS of credit notes
 * issued in the month are subtracted.
 */
export const gstr8RowSchema = z.object({
  /** The seller's GSTIN, as printed on their documents. */
  gstin: z.string(),
  name: z.string(),
  invoices: z.number().int(),
  creditNotes: z.number().int(),
  /** Taxable value of the month's invoices (GST excluded; exempt goods are not taxable supplies). */
  supplied: rupees,
  /** Taxable value of the invoices the month's credit notes reverse. */
  returned: rupees,
  /** supplied - returned: what TCS is collected on. */
  net: rupees,
  igst: rupees,
  cgst: rupees,
  sgst: rupees,
});

/** Answer of GET /api/admin/reports/gstr8: the month's GSTR-8 of Mandi as e-commerce operator. */
export const gstr8ReportSchema = z.object({
  period: z.object({
    month: z.string(),
    fp: z.string(),
    label: z.string(),
    from: isoDateTimeSchema,
    to: isoDateTimeSchema,
  }),
  operator: z.object({ name: z.string(), gstin: z.string() }),
  rows: z.array(gstr8RowSchema),
  totals: gstr8RowSchema.omit({ gstin: true, name: true }),
});
/** Type of {@link gstr8ReportSchema}. */
export type Gstr8ReportAnswer = z.infer<typeof gstr8ReportSchema>;

/** Path of GET /api/seller-dashboard/{uid}/supplies: the seller's own uid. */
export { sellerDashboardParamsSchema as sellerSuppliesParamsSchema } from '../seller-dashboard/seller-dashboard.schema.js';
