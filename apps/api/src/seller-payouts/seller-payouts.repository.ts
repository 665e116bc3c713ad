import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import type { LedgerAccount, PayoutStatus } from '@mandi/domain';
import { windowRuleSql } from '@mandi/orders';

/** The seller whose money it is: an active (not deleted) user. */
const SELLER_ROW = sqlRow('payout seller', { id: 'int', uid: 'text' });
/** A row of {@link SELLER_ROW}. */
export type PayoutSellerRow = RowOf<typeof SELLER_ROW>;

/**
 * How many of a seller's payouts stand one way, and their sum: a status, and (for the statuses whose balance hangs on
 * the order) whether the order is delivered and its window closed; false for the others, whose order is not read.
 */
const STANDING_ROW = sqlRow('payout standing', {
  status: narrowed<PayoutStatus>('text'),
  delivered: 'bool',
  closed: 'bool',
  payouts: 'int',
  amount_paise: 'bigint',
});
/** A row of {@link STANDING_ROW}. */
export type StandingRow = RowOf<typeof STANDING_ROW>;

/** The sum of a seller's entries of one kind of ledger transaction. */
const SUM_ROW = sqlRow('payout sum', { amount_paise: 'bigint' });

/** One payout as the list shows it (the row comes back inside json_agg, timestamps as JSON text). */
export interface PayoutListRow {
  id: number;
  order_id: number;
  status: PayoutStatus;
  method: 'payment_transfer' | 'direct_transfer';
  invoice_number: string | null;
  order_delivered: boolean;
  window_closed: boolean;
  delivered_at: string | null;
  transferred_at: string | null;
  released_at: string | null;
  settled_at: string | null;
  utr: string | null;
  /** The entries of the payout's sale transaction, summed by account; null when it has none. */
  sale_entries: Partial<Record<LedgerAccount, number>> | null;
}

/** A page of the seller's payouts, as JSON. */
const PAYOUT_PAGE_ROW = sqlRow('payout page', { payouts: narrowed<PayoutListRow[]>('json') });

/**
 * A seller's payouts, ledger sums, route account, statements and commission invoices. Every read is by seller and
 * answers in one statement; the balances are aggregates in PostgreSQL, so a seller with many orders reads no more
 * payout rows into the API than a page shows.
 */
@Injectable()
export class SellerPayoutsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The active user behind Firebase uid `uid`, or null. */
  async findSeller(uid: string): Promise<PayoutSellerRow | null> {
    const rows = await queryRows(
      this.prisma,
      SELLER_ROW,
      Prisma.sql`SELECT u.id, u.firebase_uid AS uid FROM users u WHERE u.firebase_uid = ${uid} AND u.deleted_at IS NULL`,
    );
    return rows[0] ?? null;
  }

  /** Seller `sellerId`'s Route linked account: its state and the seller's own settle-after period; null for none. */
  routeAccount(sellerId: number) {
    return this.prisma.sellerRouteAccount.findUnique({
      where: { userId: sellerId },
      select: { status: true, settleAfterHours: true },
    });
  }

  /**
   * Seller `sellerId`'s payouts counted and summed by standing, every status. The order of a payout is read only for
   * the `orderBound` statuses (a seller's few open payouts), each by its primary key: the LIMIT keeps the lateral
   * subquery a look-up per payout rather than a join over every order. The rest is one pass over the seller's payouts
   * by status alone; windowClosed is the shared window rule.
   */
  standings(sellerId: number, orderBound: readonly PayoutStatus[], windowMs: number): Promise<StandingRow[]> {
    const bound = Prisma.sql`${[...orderBound]}::payout_status[]`;
    return queryRows(
      this.prisma,
      STANDING_ROW,
      Prisma.sql`
      SELECT p.status::text AS status, false AS delivered, false AS closed,
             count(*)::int AS payouts, sum(p.amount_paise)::bigint AS amount_paise
        FROM seller_payouts p
       WHERE p.seller_id = ${sellerId} AND p.status <> ALL(${bound})
       GROUP BY p.status
      UNION ALL
      SELECT p.status::text, o.delivered, o.closed, count(*)::int, sum(p.amount_paise)::bigint
        FROM seller_payouts p
        JOIN LATERAL (
          SELECT o.status = 'delivered' AS delivered, ${windowRuleSql('o', windowMs, 'closed')} AS closed
            FROM orders o
           WHERE o.id = p.order_id
           LIMIT 1
        ) o ON true
       WHERE p.seller_id = ${sellerId} AND p.status = ANY(${bound})
       GROUP BY 1, 2, 3`,
    );
  }

  /**
   * The sum of seller `sellerId`'s seller_payable entries of admins' adjustments, as booked (a credit negative: what
   * Mandi owes them more). Read from the seller's adjustment transactions, then their entries.
   */
  async adjustmentsPaise(sellerId: number): Promise<bigint> {
    const rows = await queryRows(
      this.prisma,
      SUM_ROW,
      Prisma.sql`
      SELECT coalesce(sum(e.amount_paise), 0)::bigint AS amount_paise
        FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id
       WHERE t.seller_id = ${sellerId} AND t.kind = 'adjustment'
         AND e.account = 'seller_payable' AND e.seller_id = ${sellerId}`,
    );
    return rows[0]?.amount_paise ?? 0n;
  }

  /**
   * Page `page` of seller `sellerId`'s payouts, newest first (ids break ties), `perPage` a page: each with its order's
   * standing and delivery, its sale's document number and the sale's entries by account. (How many there are comes
   * with the standings, which pass over them all anyway.)
   */
  async page(sellerId: number, page: number, perPage: number, windowMs: number): Promise<PayoutListRow[]> {
    const [row] = await queryRows(
      this.prisma,
      PAYOUT_PAGE_ROW,
      Prisma.sql`
      WITH page AS (
        SELECT p.id FROM seller_payouts p
         WHERE p.seller_id = ${sellerId}
         ORDER BY p.created_at DESC, p.id DESC
         LIMIT ${perPage} OFFSET ${(page - 1) * perPage}
      )
      SELECT coalesce((
               SELECT json_agg(r ORDER BY r.created_at DESC, r.id DESC) FROM (
                 SELECT p.id, p.order_id, p.status::text AS status, p.method::text AS method, p.created_at,
                        i.number AS invoice_number,
                        (o.status = 'delivered') AS order_delivered,
                        ${windowRuleSql('o', windowMs, 'closed')} AS window_closed,
                        o.delivered_at, p.transferred_at, p.released_at, p.settled_at, p.utr,
                        (SELECT json_object_agg(s.account, s.amount_paise) FROM (
                           SELECT e.account::text AS account, sum(e.amount_paise) AS amount_paise
                             FROM ledger_entries e
                            WHERE e.transaction_id = p.sale_transaction_id
                            GROUP BY e.account) s) AS sale_entries
                   FROM page
                   JOIN seller_payouts p ON p.id = page.id
                   JOIN orders o ON o.id = p.order_id
                   JOIN ledger_transactions t ON t.id = p.sale_transaction_id
                   LEFT JOIN invoices i ON i.id = t.invoice_id
               ) r), '[]'::json) AS payouts`,
    );
    return row?.payouts ?? [];
  }

  /** Seller `sellerId`'s weekly statements, newest first. */
  statements(sellerId: number) {
    return this.prisma.sellerStatement.findMany({
      where: { sellerId },
      orderBy: { weekStart: 'desc' },
      select: {
        weekStart: true,
        openingPaise: true,
        salesNetPaise: true,
        paidOutPaise: true,
        adjustedPaise: true,
        closingPaise: true,
        pdfFileKey: true,
        csvFileKey: true,
      },
    });
  }

  /** Seller `sellerId`'s statement of the week starting `weekStart` ('YYYY-MM-DD'): its file keys; null for none. */
  statementFiles(sellerId: number, weekStart: string) {
    return this.prisma.sellerStatement.findUnique({
      where: { sellerId_weekStart: { sellerId, weekStart: new Date(`${weekStart}T00:00:00Z`) } },
      select: { pdfFileKey: true, csvFileKey: true },
    });
  }

  /** Seller `sellerId`'s commission invoices, newest month first. */
  commissionInvoices(sellerId: number) {
    return this.prisma.commissionInvoice.findMany({
      where: { sellerId },
      orderBy: { monthStart: 'desc' },
      select: {
        id: true,
        monthStart: true,
        number: true,
        commissionPaise: true,
        cgstPaise: true,
        sgstPaise: true,
        igstPaise: true,
        totalPaise: true,
        issuedAt: true,
        pdfFileKey: true,
      },
    });
  }

  /** Commission invoice `id` if it is seller `sellerId`'s: its number and PDF; null otherwise. */
  commissionInvoice(sellerId: number, id: number) {
    return this.prisma.commissionInvoice.findFirst({
      where: { id, sellerId },
      select: { number: true, pdfFileKey: true },
    });
  }
}
