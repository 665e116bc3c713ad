import type { Db } from '@mandi/database';
import type { DocumentKind } from '@mandi/domain';
import { UnrecoverableError } from 'bullmq';
import {
  computeOrderInvoice,
  creditNoteView,
  DEFAULT_CREDIT_NOTE_REASON,
  invoiceView,
  type DocumentView,
  type Seller,
} from './invoice-document.js';
import type { DocumentDrafts, DocumentSlot, InvoicesRepository, OrderForDocuments } from './invoices.repository.js';

/** What issuing a document came to. */
export type IssueOutcome =
  | { kind: 'recorded'; id: number; number: string }
  | { kind: 'exists'; id: number; number: string }
  /** Nothing to issue: the order is unknown, not paid (invoice), not cancelled or never invoiced (credit note). */
  | { kind: 'skipped'; reason: string };

/** A document that still needs its PDF: the order whose folder the PDF goes in, and what the PDF prints. */
export interface Printable {
  orderId: number;
  /** Throws DocumentMismatchError when the record and the rules disagree. */
  view: () => DocumentView;
}

/** The steps in which an invoice and a credit note differ; InvoicesService runs everything around them once. */
export interface DocumentKindSteps<K extends DocumentKind> {
  /** The draft of the order's document, placed by `slot`, or the outcome when there is none to record: not due, or recorded. */
  prepare(
    db: Db,
    order: OrderForDocuments,
    slot: () => DocumentSlot,
  ): Promise<{ draft: DocumentDrafts[K] } | { outcome: IssueOutcome }>;
  /** Why recording `draft` recorded nothing: the document is there now, or the order is no longer due one; else null. */
  explain(db: Db, draft: DocumentDrafts[K]): Promise<IssueOutcome | null>;
  /** The document `id` when it exists without its PDF yet, with what printing it needs; else null. */
  printable(db: Db, id: number): Promise<Printable | null>;
}

/** Every kind's steps. */
export type DocumentKinds = { [K in DocumentKind]: DocumentKindSteps<K> };

const exists = (document: { id: number; number: string }): IssueOutcome => ({
  kind: 'exists',
  id: document.id,
  number: document.number,
});

/**
 * The invoice (or bill of supply) of a paid order, and the credit note reversing the invoice of a cancelled order in
 * full: when an order is due each, what is recorded, and what is printed.
 */
export function documentKinds(repository: InvoicesRepository, seller: Seller): DocumentKinds {
  return {
    invoice: {
      async prepare(db, order, slot) {
        if (order.paymentStatus !== 'paid') return { outcome: { kind: 'skipped', reason: 'the order is not paid' } };
        const existing = await repository.invoiceOfOrder(db, order.id);
        if (existing) return { outcome: exists(existing) };
        const computation = computeOrderInvoice(seller, order);
        if (computation.totals.totalPaise !== order.totalPaise) {
          // The lines and shipping do not add up to what the buyer was charged: no retry can fix that.
          throw new UnrecoverableError(
            `Order ${order.id} totals ${order.totalPaise} but its lines and shipping make ${computation.totals.totalPaise}`,
          );
        }
        // Printed in the buyer's language of this moment, recorded with it: a later render reads the same.
        const language = order.buyerLanguage;
        return {
          draft: {
            ...slot(),
            language,
            orderId: order.id,
            kind: computation.kind,
            placeOfSupply: order.address.state,
            totals: computation.totals,
          },
        };
      },
      async explain(db, draft) {
        const invoice = await repository.invoiceOfOrder(db, draft.orderId);
        if (invoice) return exists(invoice);
        const now = await repository.order(db, draft.orderId);
        return now?.paymentStatus === 'paid' ? null : { kind: 'skipped', reason: 'the order is no longer paid' };
      },
      async printable(db, invoiceId) {
        const invoice = await repository.invoice(db, invoiceId);
        if (!invoice || invoice.pdfFileKey) return null;
        const order = await repository.order(db, invoice.orderId);
        return order && { orderId: invoice.orderId, view: () => invoiceView(seller, order, invoice) };
      },
    },
    credit_note: {
      // Runs when the order is cancelled and when its invoice is issued, so whichever comes last issues it.
      async prepare(db, order, slot) {
        if (order.status !== 'cancelled') return { outcome: { kind: 'skipped', reason: 'the order is not cancelled' } };
        const invoice = await repository.invoiceOfOrder(db, order.id);
        if (!invoice) return { outcome: { kind: 'skipped', reason: 'the order has no invoice' } };
        const existing = await repository.creditNoteOfInvoice(db, invoice.id);
        if (existing) return { outcome: exists(existing) };
        const reason = (order.cancelReason ?? '').trim() || DEFAULT_CREDIT_NOTE_REASON;
        const language = order.buyerLanguage;
        return {
          draft: {
            ...slot(),
            language,
            orderId: order.id,
            invoiceId: invoice.id,
            reason,
            totalPaise: invoice.totalPaise,
          },
        };
      },
      async explain(db, draft) {
        const note = await repository.creditNoteOfInvoice(db, draft.invoiceId);
        return note ? exists(note) : null;
      },
      async printable(db, creditNoteId) {
        const creditNote = await repository.creditNote(db, creditNoteId);
        if (!creditNote || creditNote.pdfFileKey) return null;
        const invoice = await repository.invoice(db, creditNote.invoiceId);
        const order = await repository.order(db, creditNote.orderId);
        if (!invoice || !order) return null;
        return { orderId: creditNote.orderId, view: () => creditNoteView(seller, order, invoice, creditNote) };
      },
    },
  };
}
