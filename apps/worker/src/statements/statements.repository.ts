import { Injectable } from '@nestjs/common';
import { ID_ROW, narrowed, Prisma, PrismaService, queryRows, sqlRow, type Transaction } from '@mandi/database';
import type { LedgerKind, StatementFigures, StatementTransaction } from '@mandi/domain';

/** A seller's week that has ledger activity and no statement yet. */
const DUE_WEEK_ROW = sqlRow('due statement week', { seller_id: 'int', week_start: 'text' });

/** The sum of a seller's seller_payable entries before an instant. */
const PAYABLE_ROW = sqlRow('payable before', { payable: 'bigint' });

/** One ledger transaction of a seller's week, its entries summed by account. */
const WEEK_TRANSACTION_ROW = sqlRow('statement transaction', {
  kind: narrowed<LedgerKind>('text'),
  at: 'timestamptz',
  order_id: 'int | null',
  invoice_number: 'text | null',
  credit_note_number: 'text | null',
  transfer_id: 'text | null',
  utr: 'text | null',
  reason: 'text | null',
  seller_payable: 'int',
  buyer_funds: 'int',
  commission_revenue: 'int',
  commission_gst: 'int',
  tcs_payable: 'int',
  tds_payable: 'int',
  mandi_output_gst: 'int',
});

/** A statement still to be mailed, locked for the mail. */
const UNMAILED_STATEMENT_ROW = sqlRow('statement to mail', {
  id: 'int',
  seller_id: 'int',
  week_start: 'text',
  opening_paise: 'int',
  sales_net_paise: 'int',
  paid_out_paise: 'int',
  adjusted_paise: 'int',
  closing_paise: 'int',
  pdf_file_key: 'text',
  csv_file_key: 'text',
});

/** A seller's week due its statement. */
export interface DueWeek {
  sellerId: number;
  /** Its Monday, 'YYYY-MM-DD'. */
  weekStart: string;
}

/** The seller a statement or commission invoice names, and where its mail goes. */
export interface SellerParty {
  sellerId: number;
  /** The business profile's legal name (or the one kept after the account's deletion), else the username. */
  legalName: string;
  username: string;
  email: string;
  language: string;
  /** Deleted accounts are not mailed: their address is a placeholder. */
  deleted: boolean;
  /** The pickup address in one line, and its state; null without a profile. */
  address: string | null;
  state: string | null;
  /**
   * The GSTIN as the profile seals it (context seller_profiles.gstin:<seller id>): an approved profile's, or the one
   * kept after the account's deletion; null for an unregistered (or not yet verified) seller.
   */
  gstinSealed: Uint8Array | null;
}

/** A recorded statement to mail: its figures and files. */
export interface UnmailedStatement {
  id: number;
  sellerId: number;
  weekStart: string;
  figures: StatementFigures;
  pdfFileKey: string;
  csvFileKey: string;
}

/** A statement to record: the seller's week, its figures and its two files. */
export interface StatementDraft extends DueWeek {
  figures: StatementFigures;
  pdfFileKey: string;
  csvFileKey: string;
}

/**
 * The sellers' weekly statements (seller_statements) and the ledger reads they are built from. A statement is written
 * once per seller and week (its unique key decides between replicas), and mailed once: the mail is sent while its row
 * is locked, and `mailed_at` is set in the same transaction.
 */
@Injectable()
export class StatementsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Sellers' weeks with ledger activity before `closedBefore` (the start of a week: every week before it is complete)
   * and no statement yet, oldest first. The week is PostgreSQL's ISO week of the India day, Monday to Sunday, as
   * libs/domain's statementWeekOf counts it.
   */
  async dueWeeks(closedBefore: Date, limit: number): Promise<DueWeek[]> {
    const rows = await queryRows(
      this.prisma,
      DUE_WEEK_ROW,
      Prisma.sql`
      WITH weeks AS (
        SELECT t.seller_id, date_trunc('week', t.created_at AT TIME ZONE 'Asia/Kolkata')::date AS week_start
          FROM ledger_transactions t
         WHERE t.seller_id IS NOT NULL AND t.created_at < ${closedBefore}::timestamptz
         GROUP BY 1, 2
      )
      SELECT w.seller_id, to_char(w.week_start, 'YYYY-MM-DD') AS week_start
        FROM weeks w
       WHERE NOT EXISTS (SELECT 1 FROM seller_statements s WHERE s.seller_id = w.seller_id AND s.week_start = w.week_start)
       ORDER BY w.week_start, w.seller_id
       LIMIT ${limit}`,
    );
    return rows.map((row) => ({ sellerId: row.seller_id, weekStart: row.week_start }));
  }

  /** The sum of the seller's seller_payable entries booked before `before` (credits negative). */
  async payableBefore(sellerId: number, before: Date): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      PAYABLE_ROW,
      Prisma.sql`
      SELECT COALESCE(sum(e.amount_paise), 0)::bigint AS payable
        FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
       WHERE e.account = 'seller_payable' AND e.seller_id = ${sellerId} AND t.created_at < ${before}::timestamptz`,
    );
    return Number(row?.payable ?? 0n);
  }

  /**
   * The seller's ledger transactions booked from `from` to before `until`, oldest first, each with its entries summed
   * by account, the invoice (and credit note) of a sale or reversal, the transfer and UTR of a payout, an adjustment's
   * reason. The transfer is the one the transaction's source key names ('payout:<id>:<transfer>'), which a failed
   * transfer's payout no longer remembers.
   */
  async weekTransactions(sellerId: number, from: Date, until: Date): Promise<StatementTransaction[]> {
    const on = (account: string) =>
      Prisma.sql`COALESCE(sum(e.amount_paise) FILTER (WHERE e.account = ${account}::ledger_account), 0)::int`;
    const rows = await queryRows(
      this.prisma,
      WEEK_TRANSACTION_ROW,
      Prisma.sql`
      SELECT t.kind::text AS kind, t.created_at AS at, t.order_id, i.number AS invoice_number,
             c.number AS credit_note_number,
             CASE WHEN t.kind IN ('payout', 'payout_reversal')
                  THEN COALESCE(NULLIF(split_part(t.source_key, ':', 3), ''), p.razorpay_transfer_id) END AS transfer_id,
             p.utr, t.reason,
             COALESCE(sum(e.amount_paise) FILTER (WHERE e.account = 'seller_payable' AND e.seller_id = t.seller_id), 0)::int
               AS seller_payable,
             ${on('buyer_funds')} AS buyer_funds, ${on('commission_revenue')} AS commission_revenue,
             ${on('commission_gst')} AS commission_gst, ${on('tcs_payable')} AS tcs_payable,
             ${on('tds_payable')} AS tds_payable, ${on('mandi_output_gst')} AS mandi_output_gst
        FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id
        LEFT JOIN invoices i ON i.id = t.invoice_id
        LEFT JOIN credit_notes c ON c.id = t.credit_note_id
        LEFT JOIN seller_payouts p ON p.id = t.payout_id
       WHERE t.seller_id = ${sellerId} AND t.created_at >= ${from}::timestamptz AND t.created_at < ${until}::timestamptz
       GROUP BY t.id, i.number, c.number, p.razorpay_transfer_id, p.utr
       ORDER BY t.created_at, t.id`,
    );
    return rows.map((row) => ({
      kind: row.kind,
      at: row.at,
      orderId: row.order_id,
      invoiceNumber: row.invoice_number,
      creditNoteNumber: row.credit_note_number,
      transferId: row.transfer_id,
      utr: row.utr,
      reason: row.reason,
      accounts: {
        seller_payable: row.seller_payable,
        buyer_funds: row.buyer_funds,
        commission_revenue: row.commission_revenue,
        commission_gst: row.commission_gst,
        tcs_payable: row.tcs_payable,
        tds_payable: row.tds_payable,
        mandi_output_gst: row.mandi_output_gst,
      },
    }));
  }

  /** The seller a statement or commission invoice names, or null when there is no such user. */
  async party(sellerId: number): Promise<SellerParty | null> {
    const user = await this.prisma.user.findUnique({
      where: { id: sellerId },
      select: {
        id: true,
        username: true,
        email: true,
        language: true,
        deletedAt: true,
        sellerProfile: {
          select: {
            legalName: true,
            status: true,
            gstinSealed: true,
            pickupFlatHouseBuilding: true,
            pickupAreaOrStreetOrVillage: true,
            pickupTaluk: true,
            pickupDistrict: true,
            pickupState: true,
            pickupPincode: true,
          },
        },
        sellerTaxRecord: { select: { legalName: true, gstinSealed: true } },
      },
    });
    if (!user) return null;
    const profile = user.sellerProfile;
    const kept = user.sellerTaxRecord;
    return {
      sellerId: user.id,
      legalName: profile?.legalName ?? kept?.legalName ?? user.username,
      username: user.username,
      email: user.email,
      language: user.language,
      deleted: user.deletedAt !== null,
      address: profile
        ? [
            profile.pickupFlatHouseBuilding,
            profile.pickupAreaOrStreetOrVillage,
            profile.pickupTaluk,
            profile.pickupDistrict,
            `${profile.pickupState} ${profile.pickupPincode}`,
          ].join(', ')
        : null,
      state: profile?.pickupState ?? null,
      gstinSealed: (profile?.status === 'approved' ? profile.gstinSealed : null) ?? kept?.gstinSealed ?? null,
    };
  }

  /** Records a statement unless the seller's week has one; its id, or null when another run recorded it first. */
  async record(draft: StatementDraft, createdAt: Date): Promise<number | null> {
    const { figures: f } = draft;
    const [row] = await queryRows(
      this.prisma,
      ID_ROW,
      Prisma.sql`
      INSERT INTO seller_statements (seller_id, week_start, opening_paise, sales_net_paise, paid_out_paise,
                                     adjusted_paise, closing_paise, pdf_file_key, csv_file_key, created_at)
      VALUES (${draft.sellerId}, ${draft.weekStart}::date, ${f.openingPaise}, ${f.salesNetPaise}, ${f.paidOutPaise},
              ${f.adjustedPaise}, ${f.closingPaise}, ${draft.pdfFileKey}, ${draft.csvFileKey}, ${createdAt}::timestamptz)
      ON CONFLICT (seller_id, week_start) DO NOTHING
      RETURNING id`,
    );
    return row?.id ?? null;
  }

  /**
   * The oldest statement not mailed yet (of a seller whose account is not deleted), other than `skip`, locked until
   * the transaction ends; null when none is left, or every one left is being mailed by another run (SKIP LOCKED).
   */
  async lockUnmailed(tx: Transaction, skip: readonly number[]): Promise<UnmailedStatement | null> {
    const [row] = await queryRows(
      tx,
      UNMAILED_STATEMENT_ROW,
      Prisma.sql`
      SELECT s.id, s.seller_id, to_char(s.week_start, 'YYYY-MM-DD') AS week_start, s.opening_paise,
             s.sales_net_paise, s.paid_out_paise, s.adjusted_paise, s.closing_paise, s.pdf_file_key, s.csv_file_key
        FROM seller_statements s JOIN users u ON u.id = s.seller_id
       WHERE s.mailed_at IS NULL AND s.pdf_file_key IS NOT NULL AND s.csv_file_key IS NOT NULL
         AND u.deleted_at IS NULL AND s.id <> ALL(${[...skip]}::int[])
       ORDER BY s.id
       LIMIT 1
       FOR UPDATE OF s SKIP LOCKED`,
    );
    if (!row) return null;
    return {
      id: row.id,
      sellerId: row.seller_id,
      weekStart: row.week_start,
      figures: {
        openingPaise: row.opening_paise,
        salesNetPaise: row.sales_net_paise,
        paidOutPaise: row.paid_out_paise,
        adjustedPaise: row.adjusted_paise,
        closingPaise: row.closing_paise,
      },
      pdfFileKey: row.pdf_file_key,
      csvFileKey: row.csv_file_key,
    };
  }

  /** Marks a locked statement mailed. */
  async markMailed(tx: Transaction, id: number): Promise<void> {
    await tx.sellerStatement.updateMany({ where: { id, mailedAt: null }, data: { mailedAt: new Date() } });
  }
}
