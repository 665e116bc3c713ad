import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import type { DocumentId } from '@mandi/contracts';

/** An invoice or credit note as a download needs it: its number, its PDF (once rendered) and whose order it is. */
const DOWNLOADABLE_DOCUMENT_ROW = sqlRow('downloadable document', {
  number: 'text',
  pdf_file_key: 'text | null',
  user_id: 'int',
  /** The seller who is its supplier; null on Mandi's own. */
  seller_id: 'int | null',
});
/** A row of {@link DOWNLOADABLE_DOCUMENT_ROW}. */
export type DownloadableDocument = RowOf<typeof DOWNLOADABLE_DOCUMENT_ROW>;

/** An order with its invoice and credit note, as far as they exist. */
const ORDER_DOCUMENTS_ROW = sqlRow('order documents', {
  id: 'int',
  payment_status: narrowed<'paid' | 'unpaid'>('text'),
  status: 'text',
  invoice: narrowed<{ id: number; number: string; pdf_ready: boolean } | null>('json'),
  credit_note: narrowed<{ id: number; number: string; pdf_ready: boolean } | null>('json'),
});
/** A row of {@link ORDER_DOCUMENTS_ROW}. */
export type OrderDocuments = RowOf<typeof ORDER_DOCUMENTS_ROW>;

/**
 * Reads invoices and credit notes for the API. The worker writes them (apps/worker/src/invoices): the API never
 * numbers a document, so the series have one writer.
 */
@Injectable()
export class InvoicesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** An invoice or credit note with the buyer of its order, or null. */
  async document(document: DocumentId): Promise<DownloadableDocument | null> {
    const rows =
      document.kind === 'invoice'
        ? await queryRows(
            this.prisma,
            DOWNLOADABLE_DOCUMENT_ROW,
            Prisma.sql`
            SELECT i.number, i.pdf_file_key, o.user_id, i.seller_id FROM invoices i JOIN orders o ON o.id = i.order_id WHERE i.id = ${document.id}`,
          )
        : await queryRows(
            this.prisma,
            DOWNLOADABLE_DOCUMENT_ROW,
            Prisma.sql`
            SELECT c.number, c.pdf_file_key, o.user_id, c.seller_id FROM credit_notes c JOIN orders o ON o.id = c.order_id WHERE c.id = ${document.id}`,
          );
    return rows[0] ?? null;
  }

  /** An invoice of a network order (one in ondc_orders) with the buyer of its order, or null. */
  async networkInvoice(invoiceId: number): Promise<DownloadableDocument | null> {
    const rows = await queryRows(
      this.prisma,
      DOWNLOADABLE_DOCUMENT_ROW,
      Prisma.sql`
      SELECT i.number, i.pdf_file_key, o.user_id, i.seller_id
        FROM invoices i JOIN orders o ON o.id = i.order_id JOIN ondc_orders n ON n.order_id = o.id
       WHERE i.id = ${invoiceId}`,
    );
    return rows[0] ?? null;
  }

  /**
   * An order's payment and status with its invoice (Mandi's own when there is one, else the first issued: the one the
   * spec's calls name) and the credit note reversing it, in one query; null when unknown.
   */
  async orderDocuments(orderId: number): Promise<OrderDocuments | null> {
    const rows = await queryRows(
      this.prisma,
      ORDER_DOCUMENTS_ROW,
      Prisma.sql`
      SELECT o.id, o.payment_status::text AS payment_status, o.status::text AS status,
             CASE WHEN i.id IS NULL THEN NULL
                  ELSE jsonb_build_object('id', i.id, 'number', i.number, 'pdf_ready', i.pdf_file_key IS NOT NULL) END AS invoice,
             CASE WHEN c.id IS NULL THEN NULL
                  ELSE jsonb_build_object('id', c.id, 'number', c.number, 'pdf_ready', c.pdf_file_key IS NOT NULL) END AS credit_note
        FROM orders o
        LEFT JOIN LATERAL (SELECT * FROM invoices v WHERE v.order_id = o.id
                            ORDER BY v.seller_id IS NOT NULL, v.id LIMIT 1) i ON true
        LEFT JOIN credit_notes c ON c.invoice_id = i.id
       WHERE o.id = ${orderId}`,
    );
    return rows[0] ?? null;
  }
}
