import { z } from 'zod';
import { idSchema } from '../common/fields.js';

/** Body of POST /api/invoices/generate and POST /api/invoices/cancel. */
export const invoiceOrderBodySchema = z.object({ orderId: idSchema });
/** Type of {@link invoiceOrderBodySchema}. */
export type InvoiceOrderBody = z.infer<typeof invoiceOrderBodySchema>;

/** Path of GET /api/invoices/{invoiceId}/download. */
export const invoiceDownloadParamsSchema = z.object({ invoiceId: idSchema });

/** A reference to an invoice or credit note: the id used to download it and its document number. */
export const documentRefSchema = z.object({
  invoice_id: idSchema,
  /** 'INV/26-27/000123' or 'CN/26-27/000007'. */
  number: z.string().max(16).optional(),
});
/** Type of {@link documentRefSchema}. */
export type DocumentRef = z.infer<typeof documentRefSchema>;

/** Type of {@link invoiceDownloadParamsSchema}. */
export type InvoiceDownloadParams = z.infer<typeof invoiceDownloadParamsSchema>;
