import type { Db } from '@mandi/database';
import {
  documentTcs,
  MANDI_SUPPLIER_KEY,
  NO_TCS,
  splitOrderDocuments,
  supplierKeyOf,
  type DocumentKind,
} from '@mandi/domain';
import { UnrecoverableError } from 'bullmq';
import {
  computeDocument,
  creditNoteView,
  DEFAULT_CREDIT_NOTE_REASON,
  invoiceView,
  type DocumentView,
  type Supplier,
} from './invoice-document.js';
import type {
  DocumentDrafts,
  DocumentSlot,
  InvoiceRow,
  InvoicesRepository,
  OrderForDocuments,
} from './invoices.repository.js';

/** A recorded document: its id and number. */
export interface RecordedDocument {
  id: number;
  number: string;
}

/** What issuing an order's documents of one kind came to. */
export type IssueOutcome =
  /** Recorded now (`documents`), besides any recorded before. */
  | { kind: 'recorded'; documents: RecordedDocument[] }
  /** Every document due was recorded before. */
  | { kind: 'exists'; documents: RecordedDocument[] }
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
  /**
   * The drafts of the order's documents of this kind still to record (one per supplier), placed by `slot`, or the
   * outcome when there are none: not due, or all recorded.
   */
  prepare(
    db: Db,
    order: OrderForDocuments,
    slot: () => DocumentSlot,
  ): Promise<{ drafts: DocumentDrafts[K][] } | { outcome: IssueOutcome }>;
  /** Why recording `draft` recorded nothing: the document is there now, or the order is no longer due one; else null. */
  explain(db: Db, draft: DocumentDrafts[K]): Promise<IssueOutcome | null>;
  /** The document `id` when it exists without its PDF yet, with what printing it needs; else null. */
  printable(db: Db, id: number): Promise<Printable | null>;
}

/** Every kind's steps. */
export type DocumentKinds = { [K in DocumentKind]: DocumentKindSteps<K> };

/** What the kinds need besides the repository: who supplies, and how a recorded supplier is named again. */
export interface DocumentParties {
  /** Mandi as the supplier of its own documents. */
  mandi: Supplier;
  /** Mandi's official seller (OFFICIAL_SELLER_UID), whose lines are Mandi's own; null when none is configured. */
  officialSellerUid: string | null;
  /** The supplier a recorded invoice names (a seller's GSTIN opened from its sealed copy). */
  supplierOf(invoice: InvoiceRow): Supplier;
}

const exists = (documents: readonly RecordedDocument[]): IssueOutcome => ({
  kind: 'exists',
  documents: documents.map(({ id, number }) => ({ id, number })),
});

/**
 * The invoices (or bills of supply) of a paid order, one per supplier, and the credit notes reversing each in full
 * when the order is cancelled: when an order is due them, what is recorded, and what is printed.
 */
export function documentKinds(repository: InvoicesRepository, parties: DocumentParties): DocumentKinds {
  return {
    invoice: {
      async prepare(db, order, slot) {
        if (order.paymentStatus !== 'paid') return { outcome: { kind: 'skipped', reason: 'the order is not paid' } };
        // An order's documents are recorded in one transaction: one found means all were.
        const existing = await repository.invoicesOfOrder(db, order.id);
        if (existing.length > 0) return { outcome: exists(existing) };
        const sellerIds = [...new Set(order.lines.flatMap((line) => (line.sellerId === null ? [] : [line.sellerId])))];
        const sellers = new Map(
          (await repository.sellerSuppliers(db, sellerIds, parties.officialSellerUid)).map((s) => [s.sellerId, s]),
        );
        const supplied = order.lines.map((line) => ({
          ...line,
          supplierKey: supplierKeyOf(line.sellerId !== null && sellers.has(line.sellerId) ? line.sellerId : null),
          grossPaise: line.unitPricePaise * line.quantity,
        }));
        const { issuedAt, ...place } = slot();
        // Printed in the buyer's language of this moment, recorded with it: a later render reads the same.
        const language = order.buyerLanguage;
        const drafts = splitOrderDocuments(supplied, order.shippingPaise).map((part): DocumentDrafts['invoice'] => {
          const seller = part.supplierKey === MANDI_SUPPLIER_KEY ? null : sellers.get(part.lines[0]!.sellerId!)!;
          const registered = seller === null || seller.gstinSealed !== null;
          const computation = computeDocument(
            { state: seller?.state ?? parties.mandi.state, registered },
            part,
            order.address.state,
          );
          return {
            ...place,
            issuedAt,
            language,
            orderId: order.id,
            supplierKey: part.supplierKey,
            sellerId: seller?.sellerId ?? null,
            seller: seller && {
              legalName: seller.legalName,
              address: seller.address,
              state: seller.state,
              gstinSealed: seller.gstinSealed,
            },
            orderItemIds: part.lines.map((line) => line.id),
            kind: computation.kind,
            placeOfSupply: order.address.state,
            totals: computation.totals,
            // Mandi collects TCS on what registered sellers supply through it; on its own supplies it pays GST itself.
            tcs:
              seller !== null && registered
                ? documentTcs(computation.totals.taxablePaise, computation.supply, issuedAt)
                : NO_TCS,
          };
        });
        const documentsTotal = drafts.reduce((sum, draft) => sum + draft.totals.totalPaise, 0);
        if (documentsTotal !== order.totalPaise) {
          // The lines and shipping do not add up to what the buyer was charged: no retry can fix that.
          throw new UnrecoverableError(
            `Order ${order.id} totals ${order.totalPaise} but its lines and shipping make ${documentsTotal}`,
          );
        }
        return { drafts };
      },
      async explain(db, draft) {
        const invoice = (await repository.invoicesOfOrder(db, draft.orderId)).find(
          (recorded) => recorded.supplierKey === draft.supplierKey,
        );
        if (invoice) return exists([invoice]);
        const now = await repository.order(db, draft.orderId);
        return now?.paymentStatus === 'paid' ? null : { kind: 'skipped', reason: 'the order is no longer paid' };
      },
      async printable(db, invoiceId) {
        const invoice = await repository.invoice(db, invoiceId);
        if (!invoice || invoice.pdfFileKey) return null;
        const order = await repository.order(db, invoice.orderId);
        return (
          order && { orderId: invoice.orderId, view: () => invoiceView(parties.supplierOf(invoice), order, invoice) }
        );
      },
    },
    credit_note: {
      // Runs when the order is cancelled and when its invoices are issued, so whichever comes last issues them.
      async prepare(db, order, slot) {
        if (order.status !== 'cancelled') return { outcome: { kind: 'skipped', reason: 'the order is not cancelled' } };
        const invoices = await repository.invoicesOfOrder(db, order.id);
        if (invoices.length === 0) return { outcome: { kind: 'skipped', reason: 'the order has no invoice' } };
        const notes = await repository.creditNotesOfOrder(db, order.id);
        const credited = new Set(notes.map((note) => note.invoiceId));
        const due = invoices.filter((invoice) => !credited.has(invoice.id));
        if (due.length === 0) return { outcome: exists(notes) };
        const reason = (order.cancelReason ?? '').trim() || DEFAULT_CREDIT_NOTE_REASON;
        const language = order.buyerLanguage;
        const at = slot();
        return {
          drafts: due.map((invoice) => ({
            ...at,
            language,
            orderId: order.id,
            invoiceId: invoice.id,
            supplierKey: invoice.supplierKey,
            sellerId: invoice.sellerId,
            reason,
            totalPaise: invoice.totalPaise,
          })),
        };
      },
      async explain(db, draft) {
        const note = await repository.creditNoteOfInvoice(db, draft.invoiceId);
        return note ? exists([note]) : null;
      },
      async printable(db, creditNoteId) {
        const creditNote = await repository.creditNote(db, creditNoteId);
        if (!creditNote || creditNote.pdfFileKey) return null;
        const invoice = await repository.invoice(db, creditNote.invoiceId);
        const order = await repository.order(db, creditNote.orderId);
        if (!invoice || !order) return null;
        return {
          orderId: creditNote.orderId,
          view: () => creditNoteView(parties.supplierOf(invoice), order, invoice, creditNote),
        };
      },
    },
  };
}
