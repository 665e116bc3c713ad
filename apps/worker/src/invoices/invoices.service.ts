import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Db } from '@mandi/database';
import { DOCUMENT_SEQUENCE_MAX, financialYearOf, type DocumentKind } from '@mandi/domain';
import { FILE_STORE, newFileKey, type FileStore } from '@mandi/storage';
import { UnrecoverableError } from 'bullmq';
import { computeOrderInvoice, creditNoteView, DocumentMismatchError, invoiceView, type DocumentView, type Seller } from './invoice-document.js';
import { InvoiceTemplates } from './invoice-templates.js';
import { InvoicesRepository, type DocumentSlot } from './invoices.repository.js';
import { PdfRenderer } from './pdf-renderer.js';

/** Injection token of the seller printed on documents ({@link sellerFromConfig}). */
export const SELLER = Symbol('SELLER');

/** Injection token of the clock that dates documents (and so picks their financial year); tests set their own. */
export const DOCUMENT_CLOCK = Symbol('DOCUMENT_CLOCK');
/** What {@link DOCUMENT_CLOCK} provides. */
export type DocumentClock = () => Date;

/** The folder of an order's documents in the file store: `invoices/<order id>/<random>.pdf`. */
export function documentFolder(orderId: number): string {
  return `invoices/${orderId}`;
}

/** What issuing a document came to. */
export type IssueOutcome =
  | { kind: 'recorded'; id: number; number: string }
  | { kind: 'exists'; id: number; number: string }
  /** Nothing to issue: the order is unknown, not paid (invoice), not cancelled or never invoiced (credit note). */
  | { kind: 'skipped'; reason: string };

/**
 * Issues and renders invoices (or bills of supply) and credit notes. Issuing records the document with its number
 * in one statement (InvoicesRepository); rendering happens in a job of its own, started by the document's 'issued'
 * event, so a worker that dies while printing leaves a numbered document without a PDF, which the retried render
 * job completes. Every step can run twice with the same result.
 */
@Injectable()
export class InvoicesService {
  private readonly logger = new Logger(InvoicesService.name);

  constructor(
    private readonly repository: InvoicesRepository,
    private readonly templates: InvoiceTemplates,
    private readonly renderer: PdfRenderer,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(SELLER) private readonly seller: Seller,
    @Inject(DOCUMENT_CLOCK) private readonly clock: DocumentClock,
  ) {}

  /** Issues the invoice of a paid order, once: a second call answers the invoice the first recorded. */
  async issueInvoice(db: Db, orderId: number): Promise<IssueOutcome> {
    const order = await this.repository.order(db, orderId);
    if (!order) return { kind: 'skipped', reason: 'no such order' };
    if (order.paymentStatus !== 'paid') return { kind: 'skipped', reason: 'the order is not paid' };
    const existing = await this.repository.invoiceOfOrder(db, orderId);
    if (existing) return { kind: 'exists', id: existing.id, number: existing.number };

    const computation = computeOrderInvoice(this.seller, order);
    if (computation.totals.totalPaise !== order.totalPaise) {
      // The lines and shipping do not add up to what the buyer was charged: no retry can fix that.
      throw new UnrecoverableError(`Order ${orderId} totals ${order.totalPaise} but its lines and shipping make ${computation.totals.totalPaise}`);
    }
    const draft = { ...this.slot(), orderId, kind: computation.kind, placeOfSupply: order.address.state, totals: computation.totals };
    return this.record(db, 'invoice', draft.financialYear, () => this.repository.recordInvoice(db, draft), async () => {
      const invoice = await this.repository.invoiceOfOrder(db, orderId);
      if (invoice) return { kind: 'exists', id: invoice.id, number: invoice.number };
      const now = await this.repository.order(db, orderId);
      return now?.paymentStatus === 'paid' ? null : { kind: 'skipped', reason: 'the order is no longer paid' };
    });
  }

  /**
   * Issues the credit note reversing the invoice of a cancelled order, once. Runs when the order is cancelled and
   * when its invoice is issued, so whichever comes last issues it; an order without an invoice needs none.
   */
  async issueCreditNote(db: Db, orderId: number): Promise<IssueOutcome> {
    const order = await this.repository.order(db, orderId);
    if (!order) return { kind: 'skipped', reason: 'no such order' };
    if (order.status !== 'cancelled') return { kind: 'skipped', reason: 'the order is not cancelled' };
    const invoice = await this.repository.invoiceOfOrder(db, orderId);
    if (!invoice) return { kind: 'skipped', reason: 'the order has no invoice' };
    const existing = await this.repository.creditNoteOfInvoice(db, invoice.id);
    if (existing) return { kind: 'exists', id: existing.id, number: existing.number };

    const draft = {
      ...this.slot(),
      orderId,
      invoiceId: invoice.id,
      reason: (order.cancelReason ?? '').trim() || 'Order cancelled',
      totalPaise: invoice.totalPaise,
    };
    return this.record(db, 'credit_note', draft.financialYear, () => this.repository.recordCreditNote(db, draft), async () => {
      const note = await this.repository.creditNoteOfInvoice(db, invoice.id);
      return note ? { kind: 'exists', id: note.id, number: note.number } : null;
    });
  }

  /** Renders and stores the PDF of an invoice that has none yet. */
  async renderInvoice(db: Db, invoiceId: number): Promise<void> {
    const invoice = await this.repository.invoice(db, invoiceId);
    if (!invoice || invoice.pdfFileKey) return;
    const order = await this.repository.order(db, invoice.orderId);
    if (!order) return;
    const key = await this.store(invoice.orderId, this.view(() => invoiceView(this.seller, order, invoice)));
    if (!(await this.repository.attachInvoicePdf(db, invoiceId, key))) await this.files.delete(key);
  }

  /** Renders and stores the PDF of a credit note that has none yet. */
  async renderCreditNote(db: Db, creditNoteId: number): Promise<void> {
    const creditNote = await this.repository.creditNote(db, creditNoteId);
    if (!creditNote || creditNote.pdfFileKey) return;
    const invoice = await this.repository.invoice(db, creditNote.invoiceId);
    const order = await this.repository.order(db, creditNote.orderId);
    if (!invoice || !order) return;
    const key = await this.store(creditNote.orderId, this.view(() => creditNoteView(this.seller, order, invoice, creditNote)));
    if (!(await this.repository.attachCreditNotePdf(db, creditNoteId, key))) await this.files.delete(key);
  }

  /** Prints a document view to PDF with the warm browser. */
  renderPdf(view: DocumentView): Promise<Buffer> {
    return this.renderer.render(this.templates.html(view), view.footer);
  }

  private view(build: () => DocumentView): DocumentView {
    try {
      return build();
    } catch (error) {
      // The record and the rules disagree (a rule changed after the document was numbered): a person must look.
      if (error instanceof DocumentMismatchError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  private async store(orderId: number, view: DocumentView): Promise<string> {
    const pdf = await this.renderPdf(view);
    const key = newFileKey(documentFolder(orderId), 'pdf');
    await this.files.put(key, pdf, 'application/pdf');
    return key;
  }

  /** The financial year and moment a document issued now gets. */
  private slot(): DocumentSlot {
    const issuedAt = this.clock();
    const { startYear, label } = financialYearOf(issuedAt);
    return { financialYear: startYear, label, issuedAt };
  }

  /**
   * Runs a recording statement; when it records nothing, `explain` says why (null: no reason found). The one reason
   * handled here is a financial year whose series had no row when the statement ran: the row is created (or was, by
   * a job issuing at the same moment, as the seed's two paid orders do on a first start) and the statement runs again.
   */
  private async record(
    db: Db,
    kind: DocumentKind,
    financialYear: number,
    statement: () => Promise<{ id: number; number: string } | null>,
    explain: () => Promise<IssueOutcome | null>,
  ): Promise<IssueOutcome> {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const recorded = await statement();
      if (recorded) {
        this.logger.log({ msg: `${kind} issued`, id: recorded.id, number: recorded.number });
        return { kind: 'recorded', ...recorded };
      }
      const reason = await explain();
      if (reason) return reason;
      const last = await this.repository.seriesLastValue(db, kind, financialYear);
      if (last === null) {
        await this.repository.openSeries(db, kind, financialYear);
        continue;
      }
      if (last >= DOCUMENT_SEQUENCE_MAX) {
        throw new UnrecoverableError(`The ${kind} series of ${financialYear} has used all ${DOCUMENT_SEQUENCE_MAX} numbers`);
      }
      if (attempt > 1) break;
    }
    // Not recorded and no reason found: let the job retry.
    throw new Error(`The ${kind} was not recorded; retrying`);
  }
}
