import { Injectable } from '@nestjs/common';
import type { Db } from '@mandi/database';
import { DOCUMENT_PREFIXES, DOCUMENT_SEQUENCE_MAX, type DocumentKind, type InvoiceKind, type InvoiceTotals } from '@mandi/domain';

/** An order with what its documents print: the copied address and lines. */
export interface OrderForDocuments {
  id: number;
  status: string;
  paymentStatus: 'paid' | 'unpaid';
  paymentMethod: 'online' | 'cod';
  cancelReason: string | null;
  shippingPaise: number;
  totalPaise: number;
  createdAt: Date;
  address: {
    name: string;
    flatHouseBuilding: string;
    areaOrStreetOrVillage: string;
    landmark: string;
    taluk: string;
    district: string;
    state: string;
    pincode: string;
  };
  lines: { productName: string; hsnCode: string; quantity: number; unitPricePaise: number; gstRatePercent: number }[];
}

/** A recorded invoice (or bill of supply). */
export interface InvoiceRow {
  id: number;
  orderId: number;
  kind: InvoiceKind;
  number: string;
  placeOfSupply: string;
  taxablePaise: number;
  exemptPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  shippingPaise: number;
  totalPaise: number;
  issuedAt: Date;
  pdfFileKey: string | null;
}

/** A recorded credit note. */
export interface CreditNoteRow {
  id: number;
  invoiceId: number;
  orderId: number;
  number: string;
  reason: string;
  totalPaise: number;
  issuedAt: Date;
  pdfFileKey: string | null;
}

/** Where a document goes in its series: the financial year (its start year and label) and the moment of issue. */
export interface DocumentSlot {
  /** Starting calendar year: 2026 for 2026-27. */
  financialYear: number;
  /** '26-27'. */
  label: string;
  issuedAt: Date;
}

/** An invoice to record: the order's figures as libs/domain worked them out. */
export interface InvoiceDraft extends DocumentSlot {
  orderId: number;
  kind: InvoiceKind;
  placeOfSupply: string;
  totals: InvoiceTotals;
}

/** A credit note to record: the invoice it reverses in full. */
export interface CreditNoteDraft extends DocumentSlot {
  orderId: number;
  invoiceId: number;
  reason: string;
  totalPaise: number;
}

/**
 * The invoices, credit notes and their number series. Recording a document is ONE statement that takes the next
 * number of its series and records the document (and its outbox event) together, so a number is used exactly when a
 * document gets it:
 *
 * 1. `counter` locks the series row of the financial year with SELECT ... FOR UPDATE. Concurrent recordings queue on
 *    that lock, and each gets the row as the previous one committed it (READ COMMITTED re-reads a locked row).
 * 2. `recorded` inserts the document numbered last_value + 1, with ON CONFLICT DO NOTHING on the one document per
 *    order (invoices.order_id, credit_notes.invoice_id), which sees rows committed after the statement began.
 * 3. `counted` moves the series to the number just used, and only when `recorded` inserted a row.
 *
 * A run that finds its document already there therefore changes nothing, not even the series. (Incrementing the
 * series first and inserting after - `INSERT ... ON CONFLICT DO UPDATE SET last_value = last_value + 1` guarded by a
 * NOT EXISTS - leaves gaps: the NOT EXISTS reads the statement's snapshot, so a run that waited for the lock while
 * another recorded the same order's invoice still takes a number and then inserts nothing.)
 *
 * The series row of a new financial year is created on first use by a separate, idempotent insert (see
 * {@link openSeries}); the recording statement then runs again.
 */
@Injectable()
export class InvoicesRepository {
  /** The order with its address and lines, or null. */
  async order(db: Db, orderId: number): Promise<OrderForDocuments | null> {
    const order = await db.order.findUnique({
      where: { id: orderId },
      include: { items: { orderBy: { id: 'asc' } } },
    });
    if (!order) return null;
    return {
      id: order.id,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      cancelReason: order.cancelReason,
      shippingPaise: order.shippingPaise,
      totalPaise: order.totalPaise,
      createdAt: order.createdAt,
      address: {
        name: order.addressName,
        flatHouseBuilding: order.addressFlatHouseBuilding,
        areaOrStreetOrVillage: order.addressAreaOrStreetOrVillage,
        landmark: order.addressLandmark,
        taluk: order.addressTaluk,
        district: order.addressDistrict,
        state: order.addressState,
        pincode: order.addressPincode,
      },
      lines: order.items.map((item) => ({
        productName: item.productName,
        hsnCode: item.hsnCode,
        quantity: item.quantity,
        unitPricePaise: item.unitPricePaise,
        gstRatePercent: item.gstRatePercent,
      })),
    };
  }

  /** The invoice of an order, or null. */
  invoiceOfOrder(db: Db, orderId: number): Promise<InvoiceRow | null> {
    return db.invoice.findUnique({ where: { orderId }, select: INVOICE_COLUMNS });
  }

  /** An invoice by id, or null. */
  invoice(db: Db, invoiceId: number): Promise<InvoiceRow | null> {
    return db.invoice.findUnique({ where: { id: invoiceId }, select: INVOICE_COLUMNS });
  }

  /** The credit note reversing an invoice, or null. */
  creditNoteOfInvoice(db: Db, invoiceId: number): Promise<CreditNoteRow | null> {
    return db.creditNote.findUnique({ where: { invoiceId }, select: CREDIT_NOTE_COLUMNS });
  }

  /** A credit note by id, or null. */
  creditNote(db: Db, creditNoteId: number): Promise<CreditNoteRow | null> {
    return db.creditNote.findUnique({ where: { id: creditNoteId }, select: CREDIT_NOTE_COLUMNS });
  }

  /** The last number used in a series, or null while the series of that year has no row yet. */
  async seriesLastValue(db: Db, kind: DocumentKind, financialYear: number): Promise<number | null> {
    const row = await db.documentSequence.findUnique({ where: { kind_financialYear: { kind, financialYear } } });
    return row?.lastValue ?? null;
  }

  /** Creates the series row of a financial year at 0, unless it exists: takes no number, so it may run any time. */
  async openSeries(db: Db, kind: DocumentKind, financialYear: number): Promise<void> {
    await db.$executeRaw`
      INSERT INTO document_sequences (kind, financial_year, last_value) VALUES (${kind}::document_kind, ${financialYear}, 0)
      ON CONFLICT (kind, financial_year) DO NOTHING`;
  }

  /**
   * Records the invoice of a paid order with the next number of its financial year, and 'invoice.issued' in the
   * outbox, in one statement (see the class comment). Null when nothing was recorded: the order has its invoice
   * already, is not paid, or the year's series has no row yet.
   */
  async recordInvoice(db: Db, draft: InvoiceDraft): Promise<{ id: number; number: string } | null> {
    const { totals } = draft;
    const rows = await db.$queryRaw<{ id: number; number: string }[]>`
      WITH counter AS (
        SELECT s.last_value FROM document_sequences s
         WHERE s.kind = 'invoice' AND s.financial_year = ${draft.financialYear}
           AND EXISTS (SELECT 1 FROM orders o WHERE o.id = ${draft.orderId} AND o.payment_status = 'paid')
           -- Only spares the lock when the invoice is visibly there; the ON CONFLICT below is what decides.
           AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = ${draft.orderId})
           AND s.last_value < ${DOCUMENT_SEQUENCE_MAX}
         FOR UPDATE OF s
      ), recorded AS (
        INSERT INTO invoices (order_id, kind, number, financial_year, sequence, place_of_supply, taxable_paise, exempt_paise,
                              cgst_paise, sgst_paise, igst_paise, shipping_paise, total_paise, issued_at)
        SELECT ${draft.orderId}, ${draft.kind}::invoice_kind,
               ${DOCUMENT_PREFIXES.invoice} || '/' || ${draft.label} || '/' || lpad((counter.last_value + 1)::text, 6, '0'),
               ${draft.financialYear}, counter.last_value + 1, ${draft.placeOfSupply}, ${totals.taxablePaise}, ${totals.exemptPaise},
               ${totals.cgstPaise}, ${totals.sgstPaise}, ${totals.igstPaise}, ${totals.shippingPaise}, ${totals.totalPaise},
               ${draft.issuedAt}::timestamptz
          FROM counter
        ON CONFLICT (order_id) DO NOTHING
        RETURNING id, order_id, number, financial_year, sequence
      ), counted AS (
        UPDATE document_sequences s SET last_value = recorded.sequence
          FROM recorded
         WHERE s.kind = 'invoice' AND s.financial_year = recorded.financial_year
        RETURNING 1
      ), published AS (
        -- The outbox row publish() would write (libs/events): 'invoice.issued' with { invoiceId, orderId }.
        INSERT INTO outbox_events (type, aggregate_id, payload)
        SELECT 'invoice.issued', recorded.id::text, jsonb_build_object('invoiceId', recorded.id, 'orderId', recorded.order_id)
          FROM recorded
        RETURNING 1
      )
      SELECT id, number FROM recorded`;
    return rows[0] ?? null;
  }

  /**
   * Records the credit note reversing the invoice of a cancelled order with the next number of its financial year,
   * and 'credit_note.issued' in the outbox, in one statement. Null when nothing was recorded: the invoice has its
   * credit note already, the order is not cancelled, or the year's series has no row yet.
   */
  async recordCreditNote(db: Db, draft: CreditNoteDraft): Promise<{ id: number; number: string } | null> {
    const rows = await db.$queryRaw<{ id: number; number: string }[]>`
      WITH counter AS (
        SELECT s.last_value FROM document_sequences s
         WHERE s.kind = 'credit_note' AND s.financial_year = ${draft.financialYear}
           AND EXISTS (SELECT 1 FROM orders o WHERE o.id = ${draft.orderId} AND o.status = 'cancelled')
           AND EXISTS (SELECT 1 FROM invoices i WHERE i.id = ${draft.invoiceId} AND i.order_id = ${draft.orderId})
           AND NOT EXISTS (SELECT 1 FROM credit_notes c WHERE c.invoice_id = ${draft.invoiceId})
           AND s.last_value < ${DOCUMENT_SEQUENCE_MAX}
         FOR UPDATE OF s
      ), recorded AS (
        INSERT INTO credit_notes (invoice_id, order_id, number, financial_year, sequence, reason, total_paise, issued_at)
        SELECT ${draft.invoiceId}, ${draft.orderId},
               ${DOCUMENT_PREFIXES.credit_note} || '/' || ${draft.label} || '/' || lpad((counter.last_value + 1)::text, 6, '0'),
               ${draft.financialYear}, counter.last_value + 1, ${draft.reason}, ${draft.totalPaise}, ${draft.issuedAt}::timestamptz
          FROM counter
        ON CONFLICT (invoice_id) DO NOTHING
        RETURNING id, invoice_id, order_id, number, financial_year, sequence
      ), counted AS (
        UPDATE document_sequences s SET last_value = recorded.sequence
          FROM recorded
         WHERE s.kind = 'credit_note' AND s.financial_year = recorded.financial_year
        RETURNING 1
      ), published AS (
        -- The outbox row publish() would write: 'credit_note.issued' with { creditNoteId, invoiceId, orderId }.
        INSERT INTO outbox_events (type, aggregate_id, payload)
        SELECT 'credit_note.issued', recorded.id::text,
               jsonb_build_object('creditNoteId', recorded.id, 'invoiceId', recorded.invoice_id, 'orderId', recorded.order_id)
          FROM recorded
        RETURNING 1
      )
      SELECT id, number FROM recorded`;
    return rows[0] ?? null;
  }

  /** Records the PDF of an invoice unless one is recorded already; false when another run got there first. */
  async attachInvoicePdf(db: Db, invoiceId: number, fileKey: string): Promise<boolean> {
    const count = await db.$executeRaw`UPDATE invoices SET pdf_file_key = ${fileKey} WHERE id = ${invoiceId} AND pdf_file_key IS NULL`;
    return count === 1;
  }

  /** Records the PDF of a credit note unless one is recorded already; false when another run got there first. */
  async attachCreditNotePdf(db: Db, creditNoteId: number, fileKey: string): Promise<boolean> {
    const count = await db.$executeRaw`UPDATE credit_notes SET pdf_file_key = ${fileKey} WHERE id = ${creditNoteId} AND pdf_file_key IS NULL`;
    return count === 1;
  }
}

const INVOICE_COLUMNS = {
  id: true,
  orderId: true,
  kind: true,
  number: true,
  placeOfSupply: true,
  taxablePaise: true,
  exemptPaise: true,
  cgstPaise: true,
  sgstPaise: true,
  igstPaise: true,
  shippingPaise: true,
  totalPaise: true,
  issuedAt: true,
  pdfFileKey: true,
} as const;

const CREDIT_NOTE_COLUMNS = {
  id: true,
  invoiceId: true,
  orderId: true,
  number: true,
  reason: true,
  totalPaise: true,
  issuedAt: true,
  pdfFileKey: true,
} as const;
