import { Injectable } from '@nestjs/common';
import { Prisma, queryRows, sqlRow, type Db, type Transaction } from '@mandi/database';
import {
  DOCUMENT_SEQUENCE_MAX,
  formatDocumentNumber,
  type AddressInput,
  type DocumentKind,
  type InvoiceKind,
  type InvoiceTotals,
  type TcsAmount,
} from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';

/** An order line as documents print it, with who sold it. */
export interface OrderLineForDocuments {
  id: number;
  /** The seller who listed it; null once unknown. */
  sellerId: number | null;
  productName: string;
  hsnCode: string;
  quantity: number;
  unitPricePaise: number;
  gstRatePercent: number;
}

/** A seller who supplies their own lines of an order (approved, not Mandi's official seller), as documents name them. */
export interface SellerSupplier {
  sellerId: number;
  legalName: string;
  businessKind: string;
  /** One line: the pickup address, where the goods are supplied from. */
  address: string;
  state: string;
  /** The profile's sealed GSTIN (context seller_profiles.gstin:<seller id>); null for an unregistered seller. */
  gstinSealed: Uint8Array | null;
}

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
  /** The delivery address copied at checkout; documents print all of it but the mobile number. */
  address: Omit<AddressInput, 'mobile'>;
  lines: OrderLineForDocuments[];
  /** The buyer's language now (users.language): a document issued now is printed in it. */
  buyerLanguage: string;
}

/** A recorded invoice (or bill of supply). */
export interface InvoiceRow {
  id: number;
  orderId: number;
  supplierKey: string;
  sellerId: number | null;
  /** The seller as named at issue; null on Mandi's own documents. */
  supplierName: string | null;
  supplierAddress: string | null;
  supplierState: string | null;
  supplierGstinSealed: Uint8Array | null;
  orderItemIds: number[];
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
  tcsCgstPaise: number;
  tcsSgstPaise: number;
  tcsIgstPaise: number;
  issuedAt: Date;
  pdfFileKey: string | null;
  /** The language its labels are printed in, recorded when it was issued ('en' or 'hi'). */
  language: string;
}

/** A recorded credit note. */
export interface CreditNoteRow {
  id: number;
  invoiceId: number;
  orderId: number;
  supplierKey: string;
  sellerId: number | null;
  number: string;
  reason: string;
  totalPaise: number;
  issuedAt: Date;
  pdfFileKey: string | null;
  /** The language its labels are printed in, recorded when it was issued ('en' or 'hi'). */
  language: string;
}

/** Where a document goes in its series: the financial year (its start year and label) and the moment of issue. */
export interface DocumentSlot {
  /** Starting calendar year: 2026 for 2026-27. */
  financialYear: number;
  /** '26-27'. */
  label: string;
  issuedAt: Date;
}

/** What every document is recorded with besides its slot: the language it is printed in (the buyer's at issue). */
interface DocumentDraftBase extends DocumentSlot {
  language: string;
}

/** Whose series a document is numbered in, and the seller it names (null: Mandi). */
interface DocumentSupplier {
  supplierKey: string;
  sellerId: number | null;
}

/** An invoice to record: one supplier's part of the order, its figures as libs/domain worked them out. */
export interface InvoiceDraft extends DocumentDraftBase, DocumentSupplier {
  orderId: number;
  kind: InvoiceKind;
  placeOfSupply: string;
  /** The seller as the document names them; null on Mandi's own. */
  seller: Omit<SellerSupplier, 'sellerId' | 'businessKind'> | null;
  orderItemIds: number[];
  totals: InvoiceTotals;
  tcs: TcsAmount;
}

/** A credit note to record: the invoice it reverses in full, in the invoice's supplier's series. */
export interface CreditNoteDraft extends DocumentDraftBase, DocumentSupplier {
  orderId: number;
  invoiceId: number;
  reason: string;
  totalPaise: number;
}

/** The draft each kind of document is recorded from. */
export interface DocumentDrafts {
  invoice: InvoiceDraft;
  credit_note: CreditNoteDraft;
}

/** What recording one kind of document takes; {@link InvoicesRepository.record} is the one path of both kinds. */
interface Recording<Draft> {
  /** Its table. */
  table: Prisma.Sql;
  /** Holds while the order is due the document and visibly has none: only spares the lock, the ON CONFLICT decides. */
  due(draft: Draft): Prisma.Sql;
  /**
   * The CTE `recorded`: inserts the document numbered `number` unless the order has one (ON CONFLICT DO NOTHING),
   * RETURNING at least id, order_id, number, financial_year and sequence.
   */
  insert(draft: Draft, number: string, sequence: number): Prisma.Sql;
  /** The CTE `published`: the document's 'issued' event in the outbox, from `recorded`. */
  published: Prisma.Sql;
  /** What the CTE `attached` returns of the document whose PDF it records: the ids of its 'rendered' event. */
  attachedColumns: Prisma.Sql;
  /** The CTE `announced`: the document's 'rendered' event in the outbox, from `attached` (the mails carry the PDF). */
  rendered: Prisma.Sql;
  /** Whether attaching a PDF first locks the document's order, so the order's documents are printed one at a time. */
  lockOrder?: boolean;
}

const RECORDING: { [K in DocumentKind]: Recording<DocumentDrafts[K]> } = {
  invoice: {
    table: Prisma.raw('invoices'),
    due: (draft) => Prisma.sql`
      EXISTS (SELECT 1 FROM orders o WHERE o.id = ${draft.orderId} AND o.payment_status = 'paid')
      AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = ${draft.orderId} AND i.supplier_key = ${draft.supplierKey})`,
    insert: (draft, number, sequence) => Prisma.sql`
      INSERT INTO invoices (order_id, supplier_key, seller_id, supplier_name, supplier_address, supplier_state,
                            supplier_gstin_sealed, order_item_ids, kind, number, financial_year, sequence, place_of_supply,
                            taxable_paise, exempt_paise, cgst_paise, sgst_paise, igst_paise, shipping_paise, total_paise,
                            tcs_cgst_paise, tcs_sgst_paise, tcs_igst_paise, issued_at, language)
      VALUES (${draft.orderId}, ${draft.supplierKey}, ${draft.sellerId}, ${draft.seller?.legalName ?? null},
              ${draft.seller?.address ?? null}, ${draft.seller?.state ?? null},
              ${draft.seller?.gstinSealed ? Buffer.from(draft.seller.gstinSealed) : null}::bytea, ${draft.orderItemIds}::int[],
              ${draft.kind}::invoice_kind, ${number}, ${draft.financialYear}, ${sequence}, ${draft.placeOfSupply},
              ${draft.totals.taxablePaise}, ${draft.totals.exemptPaise}, ${draft.totals.cgstPaise}, ${draft.totals.sgstPaise},
              ${draft.totals.igstPaise}, ${draft.totals.shippingPaise}, ${draft.totals.totalPaise},
              ${draft.tcs.cgstPaise}, ${draft.tcs.sgstPaise}, ${draft.tcs.igstPaise}, ${draft.issuedAt}::timestamptz,
              ${draft.language})
      ON CONFLICT (order_id, supplier_key) DO NOTHING
      RETURNING id, order_id, number, financial_year, sequence`,
    published: outboxInsertSql({
      type: 'invoice.issued',
      from: 'recorded',
      ids: { invoiceId: 'id', orderId: 'order_id' },
    }),
    attachedColumns: Prisma.sql`id, order_id`,
    rendered: outboxInsertSql({
      type: 'invoice.rendered',
      from: 'attached',
      ids: { invoiceId: 'id', orderId: 'order_id' },
    }),
  },
  credit_note: {
    table: Prisma.raw('credit_notes'),
    due: (draft) => Prisma.sql`
      EXISTS (SELECT 1 FROM orders o WHERE o.id = ${draft.orderId} AND o.status = 'cancelled')
      AND EXISTS (SELECT 1 FROM invoices i WHERE i.id = ${draft.invoiceId} AND i.order_id = ${draft.orderId})
      AND NOT EXISTS (SELECT 1 FROM credit_notes c WHERE c.invoice_id = ${draft.invoiceId})`,
    insert: (draft, number, sequence) => Prisma.sql`
      INSERT INTO credit_notes (invoice_id, order_id, supplier_key, seller_id, number, financial_year, sequence, reason,
                                total_paise, issued_at, language)
      VALUES (${draft.invoiceId}, ${draft.orderId}, ${draft.supplierKey}, ${draft.sellerId}, ${number}, ${draft.financialYear},
              ${sequence}, ${draft.reason}, ${draft.totalPaise}, ${draft.issuedAt}::timestamptz, ${draft.language})
      ON CONFLICT (invoice_id) DO NOTHING
      RETURNING id, invoice_id, order_id, number, financial_year, sequence`,
    published: outboxInsertSql({
      type: 'credit_note.issued',
      from: 'recorded',
      ids: { creditNoteId: 'id', invoiceId: 'invoice_id', orderId: 'order_id' },
    }),
    attachedColumns: Prisma.sql`id, invoice_id, order_id`,
    // The cancellation mail carries every credit note of the order: announced once, by the last one printed (attachPdf
    // locks the order first, so two credit notes printed at once see each other's key).
    rendered: outboxInsertSql({
      type: 'credit_note.rendered',
      from: 'attached',
      ids: { creditNoteId: 'id', invoiceId: 'invoice_id', orderId: 'order_id' },
      where: Prisma.sql`NOT EXISTS (SELECT 1 FROM credit_notes o WHERE o.order_id = attached.order_id
                                     AND o.id <> attached.id AND o.pdf_file_key IS NULL)`,
    }),
    lockOrder: true,
  },
};

/**
 * The invoices, credit notes and their number series. Recording a document takes the next number of its series and
 * records the document (and its outbox event) so that a number is used exactly when a document gets it, in two
 * statements of the caller's transaction:
 *
 * 1. The series row of the supplier and financial year is locked with SELECT ... FOR UPDATE and read. Concurrent recordings queue
 *    on that lock until this transaction ends, and each then reads the row as the previous one committed it (READ
 *    COMMITTED re-reads a locked row). The number is last_value + 1, written by formatDocumentNumber (libs/domain).
 * 2. One statement: `recorded` inserts the document with ON CONFLICT DO NOTHING on the one document per order
 *    (invoices.order_id, credit_notes.invoice_id); `counted` moves the series to the number just used, and only when
 *    `recorded` inserted a row; `published` writes the event from the same row.
 *
 * A run that finds its document already there therefore changes nothing, not even the series. (Incrementing the
 * series first and inserting after - `INSERT ... ON CONFLICT DO UPDATE SET last_value = last_value + 1` guarded by a
 * NOT EXISTS - leaves gaps: the NOT EXISTS reads the statement's snapshot, so a run that waited for the lock while
 * another recorded the same order's invoice still takes a number and then inserts nothing.)
 *
 * The series row of a new financial year is created on first use by a separate, idempotent insert (see
 * {@link openSeries}); the recording runs again.
 */
@Injectable()
export class InvoicesRepository {
  /** The order with its address and lines, or null. */
  async order(db: Db, orderId: number): Promise<OrderForDocuments | null> {
    const order = await db.order.findUnique({
      where: { id: orderId },
      include: { items: { orderBy: { id: 'asc' } }, user: { select: { language: true } } },
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
        flat_house_building: order.addressFlatHouseBuilding,
        area_or_street_or_village: order.addressAreaOrStreetOrVillage,
        landmark: order.addressLandmark,
        taluk: order.addressTaluk,
        district: order.addressDistrict,
        state: order.addressState,
        pincode: order.addressPincode,
      },
      lines: order.items.map((item) => ({
        id: item.id,
        sellerId: item.sellerId,
        productName: item.productName,
        hsnCode: item.hsnCode,
        quantity: item.quantity,
        unitPricePaise: item.unitPricePaise,
        gstRatePercent: item.gstRatePercent,
      })),
      buyerLanguage: order.user.language,
    };
  }

  /** The invoices of an order, one per supplier, in the order they were recorded. */
  invoicesOfOrder(db: Db, orderId: number): Promise<InvoiceRow[]> {
    return db.invoice.findMany({ where: { orderId }, select: INVOICE_COLUMNS, orderBy: { id: 'asc' } });
  }

  /**
   * The sellers among `sellerIds` who supply their own lines: an approved business profile, and not Mandi's official
   * seller (`officialSellerUid`), whose lines are Mandi's. The others' lines stay on Mandi's document.
   */
  async sellerSuppliers(db: Db, sellerIds: number[], officialSellerUid: string | null): Promise<SellerSupplier[]> {
    if (sellerIds.length === 0) return [];
    const profiles = await db.sellerProfile.findMany({
      where: {
        userId: { in: sellerIds },
        status: 'approved',
        ...(officialSellerUid === null ? {} : { user: { firebaseUid: { not: officialSellerUid } } }),
      },
      orderBy: { userId: 'asc' },
    });
    return profiles.map((p) => ({
      sellerId: p.userId,
      legalName: p.legalName,
      businessKind: p.businessKind,
      address: [
        p.pickupFlatHouseBuilding,
        p.pickupAreaOrStreetOrVillage,
        p.pickupTaluk,
        p.pickupDistrict,
        `${p.pickupState} ${p.pickupPincode}`,
      ].join(', '),
      state: p.pickupState,
      gstinSealed: p.gstinSealed,
    }));
  }

  /** An invoice by id, or null. */
  invoice(db: Db, invoiceId: number): Promise<InvoiceRow | null> {
    return db.invoice.findUnique({ where: { id: invoiceId }, select: INVOICE_COLUMNS });
  }

  /** The credit notes of an order's invoices. */
  creditNotesOfOrder(db: Db, orderId: number): Promise<CreditNoteRow[]> {
    return db.creditNote.findMany({ where: { orderId }, select: CREDIT_NOTE_COLUMNS, orderBy: { id: 'asc' } });
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
  async seriesLastValue(
    db: Db,
    kind: DocumentKind,
    supplierKey: string,
    financialYear: number,
  ): Promise<number | null> {
    const row = await db.documentSequence.findUnique({
      where: { kind_supplierKey_financialYear: { kind, supplierKey, financialYear } },
    });
    return row?.lastValue ?? null;
  }

  /** Creates the series row of a financial year at 0, unless it exists: takes no number, so it may run any time. */
  async openSeries(db: Db, kind: DocumentKind, supplierKey: string, financialYear: number): Promise<void> {
    await db.$executeRaw`
      INSERT INTO document_sequences (kind, supplier_key, financial_year, last_value)
      VALUES (${kind}::document_kind, ${supplierKey}, ${financialYear}, 0)
      ON CONFLICT (kind, supplier_key, financial_year) DO NOTHING`;
  }

  /**
   * Records the document of `kind` with the next number of its series and financial year, and its 'issued' event in
   * the outbox (see the class comment). Null when nothing was recorded: the order has its document already, is not
   * due one (an invoice: not paid; a credit note: not cancelled, or not this invoice's order), or the year's series
   * has no row yet. A transaction, not any client: the series row stays locked from the number's choice to the commit.
   */
  async record<K extends DocumentKind>(
    tx: Transaction,
    kind: K,
    draft: DocumentDrafts[K],
  ): Promise<{ id: number; number: string } | null> {
    const recording: Recording<DocumentDrafts[K]> = RECORDING[kind];
    const [counter] = await queryRows(
      tx,
      SERIES_ROW,
      Prisma.sql`
      SELECT s.last_value FROM document_sequences s
       WHERE s.kind = ${kind}::document_kind AND s.supplier_key = ${draft.supplierKey}
         AND s.financial_year = ${draft.financialYear}
         AND ${recording.due(draft)}
         AND s.last_value < ${DOCUMENT_SEQUENCE_MAX}
       FOR UPDATE OF s`,
    );
    if (!counter) return null;
    const sequence = counter.last_value + 1;
    const rows = await queryRows(
      tx,
      RECORDED_DOCUMENT_ROW,
      Prisma.sql`
      WITH recorded AS (${recording.insert(draft, formatDocumentNumber(kind, draft.label, sequence), sequence)}
      ), counted AS (
        UPDATE document_sequences s SET last_value = recorded.sequence
          FROM recorded
         WHERE s.kind = ${kind}::document_kind AND s.supplier_key = ${draft.supplierKey}
           AND s.financial_year = recorded.financial_year
        RETURNING 1
      ), published AS (${recording.published}
      )
      SELECT id, number FROM recorded`,
    );
    return rows[0] ?? null;
  }

  /**
   * Records the PDF of a document unless one is recorded already, with the document's 'rendered' event in the same
   * statement (so it is announced once, when its PDF can be read); false when another run got there first.
   */
  async attachPdf(db: Db, kind: DocumentKind, id: number, fileKey: string): Promise<boolean> {
    const { table, attachedColumns, rendered, lockOrder } = RECORDING[kind];
    if (lockOrder)
      await queryRows(
        db,
        LOCKED_ORDER_ROW,
        Prisma.sql`SELECT id FROM orders WHERE id = (SELECT order_id FROM ${table} WHERE id = ${id}) FOR UPDATE`,
      );
    const [row] = await queryRows(
      db,
      ATTACHED_ROW,
      Prisma.sql`
      WITH attached AS (
        UPDATE ${table} SET pdf_file_key = ${fileKey} WHERE id = ${id} AND pdf_file_key IS NULL
        RETURNING ${attachedColumns}
      ), announced AS (${rendered}
      )
      SELECT count(*)::int AS attached FROM attached`,
    );
    return row?.attached === 1;
  }
}

/** The series row of a kind and financial year, locked: its last number. */
const SERIES_ROW = sqlRow('document series', { last_value: 'int' });

/** A document as recorded: its id and number. */
const RECORDED_DOCUMENT_ROW = sqlRow('recorded document', { id: 'int', number: 'text' });

/** The order locked while one of its documents gets its PDF. */
const LOCKED_ORDER_ROW = sqlRow('locked order', { id: 'int' });

/** How many PDFs were attached (0 or 1). */
const ATTACHED_ROW = sqlRow('attached pdf', { attached: 'int' });

const INVOICE_COLUMNS = {
  id: true,
  orderId: true,
  supplierKey: true,
  sellerId: true,
  supplierName: true,
  supplierAddress: true,
  supplierState: true,
  supplierGstinSealed: true,
  orderItemIds: true,
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
  tcsCgstPaise: true,
  tcsSgstPaise: true,
  tcsIgstPaise: true,
  issuedAt: true,
  pdfFileKey: true,
  language: true,
} as const;

const CREDIT_NOTE_COLUMNS = {
  id: true,
  invoiceId: true,
  orderId: true,
  supplierKey: true,
  sellerId: true,
  number: true,
  reason: true,
  totalPaise: true,
  issuedAt: true,
  pdfFileKey: true,
  language: true,
} as const;
