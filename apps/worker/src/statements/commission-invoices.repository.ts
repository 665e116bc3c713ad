import { Injectable } from '@nestjs/common';
import {
  executeStatement,
  ID_ROW,
  Prisma,
  PrismaService,
  queryRows,
  sqlRow,
  type Db,
  type Transaction,
} from '@mandi/database';
import {
  COMMISSION_INVOICE_SERIES,
  DOCUMENT_SEQUENCE_MAX,
  formatCommissionInvoiceNumber,
  type CommissionBooked,
  type CommissionInvoiceFigures,
} from '@mandi/domain';

/** A seller's month whose sales carried commission and that has no commission invoice yet. */
const DUE_MONTH_ROW = sqlRow('due commission month', {
  seller_id: 'int',
  month_start: 'text',
  commission_revenue: 'bigint',
  commission_gst: 'bigint',
});

/** The commission series row, locked: its last number (named as the invoices' own series row). */
const SERIES_ROW = sqlRow('document series', { last_value: 'int' });

/** A commission invoice as recorded: its id and number. */
const RECORDED_ROW = sqlRow('recorded commission invoice', { id: 'int', number: 'text' });

/** A seller's month due its commission invoice, with what the ledger booked of it. */
export interface DueMonth extends CommissionBooked {
  sellerId: number;
  /** Its first day, 'YYYY-MM-01'. */
  monthStart: string;
}

/** A commission invoice to record: the seller's month, the seller as billed, the figures, and where it goes. */
export interface CommissionInvoiceDraft {
  sellerId: number;
  monthStart: string;
  /** Starting year of the financial year of `issuedAt` (2026 for 2026-27), and its label ('26-27'). */
  financialYear: number;
  label: string;
  issuedAt: Date;
  seller: { name: string; address: string; state: string; gstinSealed: Uint8Array | null };
  figures: CommissionInvoiceFigures;
}

/** A recorded commission invoice. */
export interface CommissionInvoiceRow {
  id: number;
  sellerId: number;
  /** Its month's first day, 'YYYY-MM-01'. */
  monthStart: string;
  number: string;
  sellerName: string;
  sellerAddress: string;
  sellerState: string;
  sellerGstinSealed: Uint8Array | null;
  commissionPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  issuedAt: Date;
  pdfFileKey: string | null;
}

const COLUMNS = {
  id: true,
  sellerId: true,
  monthStart: true,
  number: true,
  sellerName: true,
  sellerAddress: true,
  sellerState: true,
  sellerGstinSealed: true,
  commissionPaise: true,
  cgstPaise: true,
  sgstPaise: true,
  igstPaise: true,
  totalPaise: true,
  issuedAt: true,
  pdfFileKey: true,
} as const;

/** A `date` column as Prisma reads it (midnight UTC) back to its day. */
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

const { kind: SERIES_KIND, supplierKey: SERIES_SUPPLIER } = COMMISSION_INVOICE_SERIES;

/**
 * Mandi's commission invoices to sellers (commission_invoices) and their number series, the document_sequences row of
 * kind 'commission_invoice' and supplier 'mandi' per financial year. Recording takes the next number and inserts the
 * invoice in two statements of one transaction, as the invoices' own series does (InvoicesRepository): the series row
 * is locked (FOR UPDATE) and read, then one statement inserts the invoice unless the seller's month has one (ON
 * CONFLICT DO NOTHING) and moves the series to its number only when it inserted. A number is therefore used exactly
 * when an invoice gets it: a run that finds the month invoiced changes nothing, not even the series.
 */
@Injectable()
export class CommissionInvoicesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Sellers' months before `closedBefore` (the first of a month: every month before it is complete) whose sale and
   * sale_reversal transactions carry commission, net of the reversals, with no invoice yet; oldest month first, then
   * by seller, the order they are numbered in. The month is the India month of each transaction.
   */
  async dueMonths(closedBefore: Date, limit: number): Promise<DueMonth[]> {
    const rows = await queryRows(
      this.prisma,
      DUE_MONTH_ROW,
      Prisma.sql`
      WITH months AS (
        SELECT t.seller_id, date_trunc('month', t.created_at AT TIME ZONE 'Asia/Kolkata')::date AS month_start,
               COALESCE(sum(e.amount_paise) FILTER (WHERE e.account = 'commission_revenue'), 0)::bigint AS commission_revenue,
               COALESCE(sum(e.amount_paise) FILTER (WHERE e.account = 'commission_gst'), 0)::bigint AS commission_gst
          FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         WHERE t.kind IN ('sale', 'sale_reversal') AND t.seller_id IS NOT NULL
           AND t.created_at < ${closedBefore}::timestamptz
           AND e.account IN ('commission_revenue', 'commission_gst')
         GROUP BY 1, 2
      )
      SELECT m.seller_id, to_char(m.month_start, 'YYYY-MM-DD') AS month_start, m.commission_revenue, m.commission_gst
        FROM months m
       WHERE m.commission_revenue < 0
         AND NOT EXISTS (SELECT 1 FROM commission_invoices c
                          WHERE c.seller_id = m.seller_id AND c.month_start = m.month_start)
       ORDER BY m.month_start, m.seller_id
       LIMIT ${limit}`,
    );
    return rows.map((row) => ({
      sellerId: row.seller_id,
      monthStart: row.month_start,
      commissionRevenuePaise: Number(row.commission_revenue),
      commissionGstPaise: Number(row.commission_gst),
    }));
  }

  /** The last number used in a financial year's series, or null while that year has no series row yet. */
  async seriesLastValue(db: Db, financialYear: number): Promise<number | null> {
    const row = await db.documentSequence.findUnique({
      where: {
        kind_supplierKey_financialYear: { kind: SERIES_KIND, supplierKey: SERIES_SUPPLIER, financialYear },
      },
    });
    return row?.lastValue ?? null;
  }

  /** Creates a financial year's series row at 0 unless it exists: takes no number, so it may run any time. */
  async openSeries(db: Db, financialYear: number): Promise<void> {
    await executeStatement(
      db,
      Prisma.sql`
      INSERT INTO document_sequences (kind, supplier_key, financial_year, last_value)
      VALUES (${SERIES_KIND}::document_kind, ${SERIES_SUPPLIER}, ${financialYear}, 0)
      ON CONFLICT (kind, supplier_key, financial_year) DO NOTHING`,
    );
  }

  /** Whether the seller's month has its invoice. */
  async exists(db: Db, sellerId: number, monthStart: string): Promise<boolean> {
    const row = await db.commissionInvoice.findUnique({
      where: { sellerId_monthStart: { sellerId, monthStart: new Date(`${monthStart}T00:00:00Z`) } },
      select: { id: true },
    });
    return row !== null;
  }

  /**
   * Records the invoice with the next number of its financial year's series (see the class comment). Null when
   * nothing was recorded: the month has its invoice already, the year's series has no row yet, or it is full. A
   * transaction, not any client: the series row stays locked from the number's choice to the commit.
   */
  async record(tx: Transaction, draft: CommissionInvoiceDraft): Promise<{ id: number; number: string } | null> {
    const [counter] = await queryRows(
      tx,
      SERIES_ROW,
      Prisma.sql`
      SELECT s.last_value FROM document_sequences s
       WHERE s.kind = ${SERIES_KIND}::document_kind AND s.supplier_key = ${SERIES_SUPPLIER}
         AND s.financial_year = ${draft.financialYear}
         AND NOT EXISTS (SELECT 1 FROM commission_invoices c
                          WHERE c.seller_id = ${draft.sellerId} AND c.month_start = ${draft.monthStart}::date)
         AND s.last_value < ${DOCUMENT_SEQUENCE_MAX}
       FOR UPDATE OF s`,
    );
    if (!counter) return null;
    const sequence = counter.last_value + 1;
    const number = formatCommissionInvoiceNumber(draft.label, sequence);
    const { seller, figures: f } = draft;
    const rows = await queryRows(
      tx,
      RECORDED_ROW,
      Prisma.sql`
      WITH recorded AS (
        INSERT INTO commission_invoices (seller_id, month_start, number, financial_year, sequence, seller_name,
                                         seller_address, seller_state, seller_gstin_sealed, commission_paise,
                                         cgst_paise, sgst_paise, igst_paise, total_paise, issued_at)
        VALUES (${draft.sellerId}, ${draft.monthStart}::date, ${number}, ${draft.financialYear}, ${sequence},
                ${seller.name}, ${seller.address}, ${seller.state},
                ${seller.gstinSealed ? Buffer.from(seller.gstinSealed) : null}::bytea, ${f.commissionPaise},
                ${f.cgstPaise}, ${f.sgstPaise}, ${f.igstPaise}, ${f.totalPaise}, ${draft.issuedAt}::timestamptz)
        ON CONFLICT (seller_id, month_start) DO NOTHING
        RETURNING id, number, financial_year, sequence
      ), counted AS (
        UPDATE document_sequences s SET last_value = recorded.sequence
          FROM recorded
         WHERE s.kind = ${SERIES_KIND}::document_kind AND s.supplier_key = ${SERIES_SUPPLIER}
           AND s.financial_year = recorded.financial_year
        RETURNING 1
      )
      SELECT id, number FROM recorded`,
    );
    return rows[0] ?? null;
  }

  /** A commission invoice by id, or null. */
  async invoice(db: Db, id: number): Promise<CommissionInvoiceRow | null> {
    const row = await db.commissionInvoice.findUnique({ where: { id }, select: COLUMNS });
    return row ? { ...row, monthStart: dayOf(row.monthStart) } : null;
  }

  /** The ids of recorded invoices without a PDF yet (one whose render failed or whose worker died), oldest first. */
  async unrendered(limit: number): Promise<number[]> {
    const rows = await this.prisma.commissionInvoice.findMany({
      where: { pdfFileKey: null },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  /** Records an invoice's PDF unless one is recorded already; false when another run got there first. */
  async attachPdf(id: number, fileKey: string): Promise<boolean> {
    const rows = await queryRows(
      this.prisma,
      ID_ROW,
      Prisma.sql`UPDATE commission_invoices SET pdf_file_key = ${fileKey}
                  WHERE id = ${id} AND pdf_file_key IS NULL RETURNING id`,
    );
    return rows.length === 1;
  }

  /**
   * The oldest rendered invoice not mailed yet (of a seller whose account is not deleted), other than `skip`, locked
   * until the transaction ends; null when none is left or every one left is being mailed by another run.
   */
  async lockUnmailed(tx: Transaction, skip: readonly number[]): Promise<CommissionInvoiceRow | null> {
    const [row] = await queryRows(
      tx,
      ID_ROW,
      Prisma.sql`
      SELECT c.id FROM commission_invoices c JOIN users u ON u.id = c.seller_id
       WHERE c.mailed_at IS NULL AND c.pdf_file_key IS NOT NULL AND u.deleted_at IS NULL
         AND c.id <> ALL(${[...skip]}::int[])
       ORDER BY c.id
       LIMIT 1
       FOR UPDATE OF c SKIP LOCKED`,
    );
    return row ? this.invoice(tx, row.id) : null;
  }

  /** Marks a locked invoice mailed. */
  async markMailed(tx: Transaction, id: number): Promise<void> {
    await tx.commissionInvoice.updateMany({ where: { id, mailedAt: null }, data: { mailedAt: new Date() } });
  }
}
