import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import { MANDI_SUPPLIER_KEY, type Gstr1Document, type InvoiceKind, type ProductCategory } from '@mandi/domain';

/** An invoice or credit note of the month with its invoice's figures and its order's lines. */
const DOCUMENT_ROW = sqlRow('gst document', {
  type: narrowed<'invoice' | 'credit_note'>('text'),
  number: 'text',
  sequence: 'int',
  financial_year: 'int',
  issued_at: 'timestamptz',
  order_id: 'int',
  credited_paise: 'int | null',
  invoice_number: 'text',
  invoice_issued_at: 'timestamptz',
  kind: narrowed<InvoiceKind>('text'),
  place_of_supply: 'text',
  taxable_paise: 'int',
  exempt_paise: 'int',
  cgst_paise: 'int',
  sgst_paise: 'int',
  igst_paise: 'int',
  invoice_shipping_paise: 'int',
  total_paise: 'int',
  order_shipping_paise: 'int',
  /** [hsn, rate, unit price, quantity, category] per line, in line order. */
  lines: narrowed<[string, number, number, number, ProductCategory][]>('json'),
});

/** A registered seller's invoice or credit note for GSTR-8, with the invoice's taxable value and TCS. */
const TCS_DOCUMENT_ROW = sqlRow('tcs document', {
  type: narrowed<'invoice' | 'credit_note'>('text'),
  number: 'text',
  seller_id: 'int',
  seller_name: 'text',
  gstin_sealed: 'bytea',
  taxable_paise: 'int',
  tcs_cgst_paise: 'int',
  tcs_sgst_paise: 'int',
  tcs_igst_paise: 'int',
});
/** A row of {@link TCS_DOCUMENT_ROW}. */
export type TcsDocumentRow = RowOf<typeof TCS_DOCUMENT_ROW>;

/** The seller-series documents of one seller, or of every seller (null), in the fingerprint's terms. */
const supplierFilter = (supplierKey: string | null) =>
  supplierKey === null ? Prisma.sql`d.seller_id IS NOT NULL` : Prisma.sql`d.supplier_key = ${supplierKey}`;

/** What the documents of a month are, in one short text. */
const FINGERPRINT_ROW = sqlRow('gst fingerprint', { fingerprint: 'text' });

/** The documents a GST return is prepared from. */
@Injectable()
export class GstReportsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * What the documents issued in [from, to) are, in one short text: how many invoices and credit notes, and the
   * highest id of each. Documents are never edited or deleted (docs/invoices.md), so a new document issued in the
   * month is the only way a month's return can change, and it changes this text. Two index range scans
   * (invoices_issued_at_idx, credit_notes_issued_at_idx).
   */
  async fingerprint(from: Date, to: Date, supplierKey: string | null = MANDI_SUPPLIER_KEY): Promise<string> {
    const whose = supplierFilter(supplierKey);
    const [row] = await queryRows(
      this.prisma,
      FINGERPRINT_ROW,
      Prisma.sql`
      SELECT (SELECT count(*) || '/' || coalesce(max(id), 0) FROM invoices d
               WHERE issued_at >= ${from}::timestamptz AND issued_at < ${to}::timestamptz AND ${whose}) || ' ' ||
             (SELECT count(*) || '/' || coalesce(max(id), 0) FROM credit_notes d
               WHERE issued_at >= ${from}::timestamptz AND issued_at < ${to}::timestamptz AND ${whose}) AS fingerprint`,
    );
    return row!.fingerprint;
  }

  /**
   * Every invoice and credit note of one supplier's series (Mandi's, or a seller's) issued in [from, to), each with the
   * invoice it is (or reverses) as recorded and the part of its order it covers (its lines and its share of shipping):
   * one statement, so a month of 10,000 documents is one round trip. A credit note carries its invoice's figures
   * whatever month that invoice was issued in.
   */
  async documentsIssued(from: Date, to: Date, supplierKey: string): Promise<Gstr1Document[]> {
    const rows = await queryRows(
      this.prisma,
      DOCUMENT_ROW,
      Prisma.sql`
      WITH docs AS (
        SELECT 'invoice' AS type, i.number, i.sequence, i.financial_year, i.issued_at, i.order_id,
               NULL::int AS credited_paise, i.id AS invoice_id
          FROM invoices i
         WHERE i.issued_at >= ${from}::timestamptz AND i.issued_at < ${to}::timestamptz AND i.supplier_key = ${supplierKey}
        UNION ALL
        SELECT 'credit_note', c.number, c.sequence, c.financial_year, c.issued_at, c.order_id, c.total_paise, c.invoice_id
          FROM credit_notes c
         WHERE c.issued_at >= ${from}::timestamptz AND c.issued_at < ${to}::timestamptz AND c.supplier_key = ${supplierKey}
      )
      SELECT d.type, d.number, d.sequence, d.financial_year, d.issued_at, d.order_id, d.credited_paise,
             i.number AS invoice_number, i.issued_at AS invoice_issued_at, i.kind::text AS kind, i.place_of_supply,
             i.taxable_paise, i.exempt_paise, i.cgst_paise, i.sgst_paise, i.igst_paise,
             i.shipping_paise AS invoice_shipping_paise, i.total_paise, i.shipping_paise AS order_shipping_paise,
             COALESCE((SELECT json_agg(json_build_array(oi.hsn_code, oi.gst_rate_percent, oi.unit_price_paise, oi.quantity, oi.category) ORDER BY oi.id)
                         FROM order_items oi WHERE oi.id = ANY(i.order_item_ids)), '[]'::json) AS lines
        FROM docs d
        JOIN invoices i ON i.id = d.invoice_id
       ORDER BY d.type DESC, d.issued_at, d.sequence`,
    );
    return rows.map((row) => ({
      type: row.type,
      number: row.number,
      sequence: row.sequence,
      financialYear: row.financial_year,
      issuedAt: row.issued_at,
      orderId: row.order_id,
      creditedPaise: row.credited_paise,
      invoice: {
        number: row.invoice_number,
        issuedAt: row.invoice_issued_at,
        kind: row.kind,
        placeOfSupply: row.place_of_supply,
        taxablePaise: row.taxable_paise,
        exemptPaise: row.exempt_paise,
        cgstPaise: row.cgst_paise,
        sgstPaise: row.sgst_paise,
        igstPaise: row.igst_paise,
        shippingPaise: row.invoice_shipping_paise,
        totalPaise: row.total_paise,
      },
      orderShippingPaise: row.order_shipping_paise,
      lines: row.lines.map(([hsn, ratePercent, unitPaise, quantity, category]) => ({
        hsn,
        ratePercent,
        unitPaise,
        quantity,
        category,
      })),
    }));
  }

  /**
   * Every invoice and credit note of a registered seller (a GSTIN on the document) issued in [from, to), with the
   * taxable value and TCS of the invoice (a credit note reverses its invoice's): GSTR-8's documents, one statement.
   */
  tcsDocuments(from: Date, to: Date): Promise<TcsDocumentRow[]> {
    return queryRows(
      this.prisma,
      TCS_DOCUMENT_ROW,
      Prisma.sql`
      SELECT d.type, d.number, i.seller_id, i.supplier_name AS seller_name, i.supplier_gstin_sealed AS gstin_sealed,
             i.taxable_paise, i.tcs_cgst_paise, i.tcs_sgst_paise, i.tcs_igst_paise
        FROM (SELECT 'invoice' AS type, v.number, v.id AS invoice_id, v.issued_at, v.id
                FROM invoices v
               WHERE v.issued_at >= ${from}::timestamptz AND v.issued_at < ${to}::timestamptz AND v.seller_id IS NOT NULL
              UNION ALL
              SELECT 'credit_note', c.number, c.invoice_id, c.issued_at, c.id
                FROM credit_notes c
               WHERE c.issued_at >= ${from}::timestamptz AND c.issued_at < ${to}::timestamptz AND c.seller_id IS NOT NULL) d
        JOIN invoices i ON i.id = d.invoice_id
       WHERE i.supplier_gstin_sealed IS NOT NULL
       ORDER BY d.type DESC, d.issued_at, d.id`,
    );
  }

  /**
   * The user of `uid` as a supplier: their id and the state their documents are issued from (the latest document's,
   * else their profile's pickup state; null when neither exists). Null for no such user.
   */
  async sellerOf(uid: string): Promise<{ id: number; state: string | null } | null> {
    const [row] = await queryRows(
      this.prisma,
      SELLER_ROW,
      Prisma.sql`
      SELECT u.id, coalesce((SELECT v.supplier_state FROM invoices v WHERE v.seller_id = u.id ORDER BY v.id DESC LIMIT 1),
                            (SELECT p.pickup_state FROM seller_profiles p WHERE p.user_id = u.id)) AS state
        FROM users u WHERE u.firebase_uid = ${uid}`,
    );
    return row ?? null;
  }
}

/** A supplier's id and state. */
const SELLER_ROW = sqlRow('gst seller', { id: 'int', state: 'text | null' });
