import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/fields.js';
import { rowIdOf } from '../common/ids.js';

/** Body of POST /api/invoices/generate and POST /api/invoices/cancel. */
export const invoiceOrderBodySchema = z.object({ orderId: idSchema });
/** Type of {@link invoiceOrderBodySchema}. */
export type InvoiceOrderBody = z.infer<typeof invoiceOrderBodySchema>;

/** Path of GET /api/invoices/{invoiceId}/download; the id is an invoice's or a credit note's download id. */
export const invoiceDownloadParamsSchema = z.object({ invoiceId: idSchema });

/** A reference to an invoice or credit note: the id used to download it and its document number. */
export const documentRefSchema = z.object({
  /** The download id: '123' for invoice 123, 'cn-7' for credit note 7 (see {@link documentDownloadId}). */
  invoice_id: idSchema,
  /** 'INV/26-27/000123' or 'CN/26-27/000007'. */
  number: z.string().max(16).optional(),
});
/** Type of {@link documentRefSchema}. */
export type DocumentRef = z.infer<typeof documentRefSchema>;

/** What a document is: a tax invoice, a bill of supply, or the credit note reversing one. */
export const ORDER_DOCUMENT_KINDS = ['tax_invoice', 'bill_of_supply', 'credit_note'] as const;

/**
 * One downloadable document of an order, as order details list them (`documents`): an order carries one invoice (or
 * bill of supply) per supplier, Mandi's own and each seller's, and a credit note against each when cancelled.
 */
export const orderDocumentSchema = documentRefSchema.extend({
  kind: z.enum(ORDER_DOCUMENT_KINDS),
  /** The supplier named on it: Mandi's legal name, or the seller's. */
  supplier: z.string().max(100),
  issued_at: isoDateTimeSchema,
});
/** Type of {@link orderDocumentSchema}. */
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

/** Type of {@link invoiceDownloadParamsSchema}. */
export type InvoiceDownloadParams = z.infer<typeof invoiceDownloadParamsSchema>;

/** What a download id names: an invoice (or bill of supply) or a credit note, by its row id. */
export interface DocumentId {
  kind: 'invoice' | 'credit_note';
  id: number;
}

/** Prefix of a credit note's download id: invoices and credit notes share one download route, so ids must not clash. */
export const CREDIT_NOTE_ID_PREFIX = 'cn-';

/**
 * The id under which a document is downloaded from GET /api/invoices/{invoiceId}/download, and which order details
 * carry as `invoice_id`: the invoice's own id ('123'), or 'cn-' and the credit note's id ('cn-7').
 */
export function documentDownloadId(document: DocumentId): string {
  return document.kind === 'invoice' ? String(document.id) : `${CREDIT_NOTE_ID_PREFIX}${document.id}`;
}

/** Reads a download id back ('123', 'cn-7'); null for anything else. */
export function parseDocumentDownloadId(text: string): DocumentId | null {
  // The id is written without leading zeros, as documentDownloadId writes it; its range is every row id's.
  const match = /^(cn-)?([1-9]\d{0,9})$/.exec(text);
  if (!match) return null;
  const id = rowIdOf(match[2]!);
  return id === null ? null : { kind: match[1] ? 'credit_note' : 'invoice', id };
}

/**
 * Where an order's document stands, as POST /api/invoices/generate and /cancel answer:
 * - `issued`: the document exists (`document` names it; `pdf_ready` says whether its PDF can be downloaded yet);
 * - `pending`: the worker is issuing it (the order is paid, or cancelled after it was invoiced), ask again shortly;
 * - `not_required`: there is nothing to reverse (a cancelled order that was never invoiced).
 */
export const documentStatusSchema = z.enum(['issued', 'pending', 'not_required']);
/** Type of {@link documentStatusSchema}. */
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** Answer of POST /api/invoices/generate (the invoice) and POST /api/invoices/cancel (the credit note). */
export const documentActionResponseSchema = z.object({
  orderId: idSchema,
  status: documentStatusSchema,
  document: documentRefSchema.extend({ number: z.string().max(16), pdf_ready: z.boolean() }).nullable(),
});
/** Type of {@link documentActionResponseSchema}. */
export type DocumentActionResponse = z.infer<typeof documentActionResponseSchema>;
