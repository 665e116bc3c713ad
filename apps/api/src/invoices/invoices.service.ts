import { Inject, Injectable } from '@nestjs/common';
import { documentDownloadId, parseDocumentDownloadId, rowIdOf, type DocumentActionResponse } from '@mandi/contracts';
import { DomainError, documentFileName, INVOICE_MESSAGES, ORDER_MESSAGES } from '@mandi/domain';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import type { Caller } from '../auth/caller.js';
import { InvoicesRepository } from './invoices.repository.js';

/** A document ready to send: its bytes and the name it downloads under. */
export interface DocumentDownload {
  fileName: string;
  bytes: Buffer;
}

/**
 * Downloads of invoices and credit notes for their buyer or an admin, and the admin's generate and cancel calls of
 * docs/invoices.md. The documents themselves are issued by the worker from order.paid and order.cancelled, so generate and
 * cancel only report where the order's document stands: they are safe to repeat and never number anything.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly invoices: InvoicesRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** The PDF of invoice '123' or credit note 'cn-7', for the buyer of its order, the seller it is issued by, or an admin. */
  async download(caller: Caller, downloadId: string): Promise<DocumentDownload> {
    const id = parseDocumentDownloadId(downloadId);
    const document = id && (await this.invoices.document(id));
    if (!document) throw new DomainError('not_found', INVOICE_MESSAGES.notFound);
    if (caller.role !== 'admin' && document.user_id !== caller.id && document.seller_id !== caller.id)
      throw new DomainError('not_allowed', INVOICE_MESSAGES.notYours);
    // Numbered but not printed yet: the worker's render job is on it (or retrying).
    if (!document.pdf_file_key) throw new DomainError('conflict', INVOICE_MESSAGES.pdfPending);
    return this.pdfOf({ ...document, pdf_file_key: document.pdf_file_key });
  }

  /**
   * The PDF of invoice `invoiceId` of a network order (an ONDC buyer app's, table ondc_orders), printed; null for any
   * other. Whoever asks was checked before (the ONDC module's signed link).
   */
  async networkInvoice(invoiceId: number): Promise<DocumentDownload | null> {
    const document = await this.invoices.networkInvoice(invoiceId);
    return document?.pdf_file_key ? this.pdfOf({ ...document, pdf_file_key: document.pdf_file_key }) : null;
  }

  /** A printed document's PDF from the file store, named after its number. */
  private async pdfOf(document: { number: string; pdf_file_key: string }): Promise<DocumentDownload> {
    const file = await this.files.get(document.pdf_file_key);
    if (!file)
      throw new Error(`The PDF of ${document.number} is missing from the file store (${document.pdf_file_key})`);
    return { fileName: documentFileName(document.number), bytes: file.bytes };
  }

  /** Where the invoice of a paid order stands: issued, or being issued; 409 for an unpaid order. */
  async generate(orderId: string): Promise<DocumentActionResponse> {
    const order = await this.orderDocuments(orderId);
    if (!order) throw new DomainError('not_found', ORDER_MESSAGES.notFound);
    if (order.invoice) {
      const { id, number, pdf_ready } = order.invoice;
      return {
        orderId: String(order.id),
        status: 'issued',
        document: { invoice_id: documentDownloadId({ kind: 'invoice', id }), number, pdf_ready },
      };
    }
    if (order.payment_status !== 'paid') throw new DomainError('conflict', INVOICE_MESSAGES.notPaid);
    return { orderId: String(order.id), status: 'pending', document: null };
  }

  /**
   * Where the credit note of a cancelled order stands: issued, being issued, or not required (never invoiced, and no
   * invoice coming); 409 for an order that is not cancelled.
   */
  async cancel(orderId: string): Promise<DocumentActionResponse> {
    const order = await this.orderDocuments(orderId);
    if (!order) throw new DomainError('not_found', ORDER_MESSAGES.notFound);
    if (order.status !== 'cancelled') throw new DomainError('conflict', INVOICE_MESSAGES.notCancelled);
    if (order.credit_note) {
      const { id, number, pdf_ready } = order.credit_note;
      return {
        orderId: String(order.id),
        status: 'issued',
        document: { invoice_id: documentDownloadId({ kind: 'credit_note', id }), number, pdf_ready },
      };
    }
    // Invoiced, or paid and about to be: the worker reverses the invoice once both exist.
    const pending = order.invoice !== null || order.payment_status === 'paid';
    return { orderId: String(order.id), status: pending ? 'pending' : 'not_required', document: null };
  }

  private async orderDocuments(orderId: string) {
    const rowId = rowIdOf(orderId);
    return rowId === null ? null : this.invoices.orderDocuments(rowId);
  }
}
