import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import { financialYearOf, type LedgerAccount, type LedgerKind, type PayoutStatus } from '@mandi/domain';
import { auditInsertSql, bookLedgerTransaction, outboxInsertSql } from '@mandi/events';

/** Payouts the console lists on a page. */
export const ADMIN_PAYOUTS_PAGE = 20;
/** Ledger transactions the console lists on a page of a seller's ledger. */
export const SELLER_LEDGER_PAGE = 20;

/** A payout as the console lists it, with its seller. */
const PAYOUT_ROW = sqlRow('admin payout', {
  id: 'int',
  order_id: 'int',
  seller_uid: 'text',
  seller_name: 'text',
  amount_paise: 'int',
  method: narrowed<'payment_transfer' | 'direct_transfer'>('text'),
  status: narrowed<PayoutStatus>('text'),
  razorpay_transfer_id: 'text | null',
  attempts: 'int',
  last_error: 'text | null',
  created_at: 'timestamptz',
  transferred_at: 'timestamptz | null',
  released_at: 'timestamptz | null',
  settled_at: 'timestamptz | null',
  utr: 'text | null',
});
/** A row of {@link PAYOUT_ROW}. */
export type AdminPayoutRow = RowOf<typeof PAYOUT_ROW>;

/** The summary's figures: how many payouts and their paise, for each state that wants attention. */
const SUMMARY_ROW = sqlRow('payout summary', {
  due_count: 'int',
  due_paise: 'bigint',
  held_count: 'int',
  held_paise: 'bigint',
  pending_count: 'int',
  pending_paise: 'bigint',
  failed_count: 'int',
  failed_paise: 'bigint',
  awaiting_count: 'int',
  awaiting_paise: 'bigint',
});
/** A row of {@link SUMMARY_ROW}. */
export type PayoutSummaryRow = RowOf<typeof SUMMARY_ROW>;

const COUNT_ROW = sqlRow('payout count', { total: 'int' });

/** Whether a retry found the payout and moved it. */
const RETRIED_ROW = sqlRow('retried payout', { found: 'int', moved: 'int' });

/** A seller as the console names one. */
const SELLER_ROW = sqlRow('payout seller', { id: 'int', uid: 'text', name: 'text' });
/** A row of {@link SELLER_ROW}. */
export type PayoutSellerRow = RowOf<typeof SELLER_ROW>;

/** What Mandi owes a seller: less their seller_payable entries, in paise. */
const BALANCE_ROW = sqlRow('seller balance', { balance_paise: 'bigint' });

/** A ledger transaction of a seller's, with every entry. */
const TRANSACTION_ROW = sqlRow('seller ledger transaction', {
  id: 'int',
  kind: narrowed<LedgerKind>('text'),
  source_key: 'text',
  order_id: 'int | null',
  reason: 'text | null',
  created_by: 'text | null',
  created_at: 'timestamptz',
  entries: narrowed<{ account: LedgerAccount; amount_paise: number }[]>('json'),
});
/** A row of {@link TRANSACTION_ROW}. */
export type SellerLedgerTransactionRow = RowOf<typeof TRANSACTION_ROW>;

const TRANSACTION_COUNT_ROW = sqlRow('seller ledger count', { total: 'int' });

/** How many audit rows a statement wrote. */
const AUDITED_ROW = sqlRow('audited', { audited: 'int' });

/** A seller's Route account as the console shows it. */
const ROUTE_ACCOUNT_ROW = sqlRow('seller route account', {
  status: narrowed<'creating' | 'activated' | 'failed'>('text'),
  razorpay_account_id: 'text | null',
  settle_after_hours: 'int | null',
  last_error: 'text | null',
});
/** A row of {@link ROUTE_ACCOUNT_ROW}. */
export type RouteAccountRow = RowOf<typeof ROUTE_ACCOUNT_ROW>;

/** The payouts a list shows: one status, one seller, or all. */
export interface PayoutFilter {
  status: PayoutStatus | null;
  sellerId: number | null;
}

const payoutWhere = ({ status, sellerId }: PayoutFilter) => Prisma.sql`WHERE TRUE
  ${status ? Prisma.sql`AND p.status = ${status}::payout_status` : Prisma.empty}
  ${sellerId !== null ? Prisma.sql`AND p.seller_id = ${sellerId}` : Prisma.empty}`;

/** The columns of {@link PAYOUT_ROW} over `seller_payouts p`. */
const payoutRows = Prisma.sql`
  SELECT p.id, p.order_id, s.firebase_uid::text AS seller_uid, coalesce(sp.legal_name, s.username)::text AS seller_name,
         p.amount_paise, p.method::text AS method, p.status::text AS status, p.razorpay_transfer_id, p.attempts,
         p.last_error, p.created_at, p.transferred_at, p.released_at, p.settled_at, p.utr
    FROM seller_payouts p
    JOIN users s ON s.id = p.seller_id
    LEFT JOIN seller_profiles sp ON sp.user_id = p.seller_id`;

/** The columns of {@link TRANSACTION_ROW} over `ledger_transactions t`. */
const transactionRows = Prisma.sql`
  SELECT t.id, t.kind::text AS kind, t.source_key, t.order_id, t.reason, a.username::text AS created_by, t.created_at,
         (SELECT coalesce(json_agg(json_build_object('account', e.account, 'amount_paise', e.amount_paise) ORDER BY e.id),
                          '[]'::json)
            FROM ledger_entries e WHERE e.transaction_id = t.id) AS entries
    FROM ledger_transactions t LEFT JOIN users a ON a.id = t.created_by`;

/**
 * The console's payouts and sellers' ledgers (docs/payouts.md). Every read is an aggregate or a page in SQL; every
 * change is one statement with its event and audit row, or (an adjustment) its ledger transaction and audit row in
 * one database transaction.
 */
@Injectable()
export class AdminPayoutsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The payouts that want attention, by state: due (to_release), held and pending (on hold or scheduled, the order
   * delivered or not), failed and awaiting an account; one seller's when `sellerId` is given. One pass over the
   * payouts in those states (the status index), joined to their orders.
   */
  async summary(sellerId: number | null): Promise<PayoutSummaryRow> {
    const figure = (name: string, condition: Prisma.Sql) => Prisma.sql`
      count(*) FILTER (WHERE ${condition})::int AS ${Prisma.raw(`${name}_count`)},
      coalesce(sum(p.amount_paise) FILTER (WHERE ${condition}), 0)::bigint AS ${Prisma.raw(`${name}_paise`)}`;
    const waiting = Prisma.sql`p.status IN ('on_hold', 'scheduled')`;
    const [row] = await queryRows(
      this.prisma,
      SUMMARY_ROW,
      Prisma.sql`
      SELECT ${figure('due', Prisma.sql`p.status = 'to_release'`)},
             ${figure('held', Prisma.sql`${waiting} AND o.status = 'delivered'`)},
             ${figure('pending', Prisma.sql`${waiting} AND o.status <> 'delivered'`)},
             ${figure('failed', Prisma.sql`p.status = 'failed'`)},
             ${figure('awaiting', Prisma.sql`p.status = 'awaiting_account'`)}
        FROM seller_payouts p JOIN orders o ON o.id = p.order_id
       WHERE p.status IN ('to_release', 'on_hold', 'scheduled', 'failed', 'awaiting_account')
         ${sellerId !== null ? Prisma.sql`AND p.seller_id = ${sellerId}` : Prisma.empty}`,
    );
    return row!;
  }

  /** A page of the payouts `filter` names, newest first (by id, the primary key's order). */
  page(filter: PayoutFilter, offset: number): Promise<AdminPayoutRow[]> {
    return queryRows(
      this.prisma,
      PAYOUT_ROW,
      Prisma.sql`${payoutRows} ${payoutWhere(filter)}
       ORDER BY p.id DESC LIMIT ${ADMIN_PAYOUTS_PAGE} OFFSET ${offset}`,
    );
  }

  /** How many payouts `filter` names. */
  async count(filter: PayoutFilter): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      COUNT_ROW,
      Prisma.sql`SELECT count(*)::int AS total FROM seller_payouts p ${payoutWhere(filter)}`,
    );
    return row!.total;
  }

  /** Payout `id` as the console lists it, or null. */
  async payout(id: number): Promise<AdminPayoutRow | null> {
    const [row] = await queryRows(this.prisma, PAYOUT_ROW, Prisma.sql`${payoutRows} WHERE p.id = ${id}`);
    return row ?? null;
  }

  /**
   * Sends failed payout `id` to be transferred again, in one statement with its event and audit row: a payment's
   * share back to `to_transfer` with `payout.ready`, a direct transfer to `to_release` with `payout.due` (the worker
   * makes the transfer; each finds a transfer an earlier run made before it makes one). Conditional on `failed`, so of
   * two admins at once one moves it and the other finds it moved. Answers whether the payout exists and whether it
   * moved.
   */
  async retry(id: number, adminId: number): Promise<{ found: boolean; moved: boolean }> {
    const [row] = await queryRows(
      this.prisma,
      RETRIED_ROW,
      Prisma.sql`
      WITH target AS (
        SELECT id FROM seller_payouts WHERE id = ${id}
      ), moved AS (
        UPDATE seller_payouts
           SET status = (CASE WHEN method = 'payment_transfer' THEN 'to_transfer' ELSE 'to_release' END)::payout_status,
               leased_until = NULL, updated_at = now()
         WHERE id = ${id} AND status = 'failed'
        RETURNING id, order_id, method, status::text AS status, last_error
      ), events AS (${outboxInsertSql(
        {
          type: 'payout.ready',
          from: 'moved',
          ids: { payoutId: 'id', orderId: 'order_id' },
          where: Prisma.sql`moved.method = 'payment_transfer'`,
        },
        {
          type: 'payout.due',
          from: 'moved',
          ids: { payoutId: 'id', orderId: 'order_id' },
          where: Prisma.sql`moved.method = 'direct_transfer'`,
        },
      )}), audited AS (${auditInsertSql({
        adminId,
        action: 'payout.retry',
        from: 'moved',
        objectId: 'id',
        before: Prisma.sql`jsonb_build_object('status', 'failed', 'last_error', moved.last_error)`,
        after: Prisma.sql`jsonb_build_object('status', moved.status)`,
      })})
      SELECT (SELECT count(*) FROM target)::int AS found, (SELECT count(*) FROM moved)::int AS moved`,
    );
    return { found: row!.found > 0, moved: row!.moved > 0 };
  }

  /** The user `uid` names (a seller, or someone who may become one), or null; a deleted account's money still counts. */
  async seller(uid: string): Promise<PayoutSellerRow | null> {
    const [row] = await queryRows(
      this.prisma,
      SELLER_ROW,
      Prisma.sql`
      SELECT u.id, u.firebase_uid::text AS uid, coalesce(sp.legal_name, u.username)::text AS name
        FROM users u LEFT JOIN seller_profiles sp ON sp.user_id = u.id
       WHERE u.firebase_uid = ${uid}`,
    );
    return row ?? null;
  }

  /** What Mandi owes seller `sellerId` in paise: less the sum of their seller_payable entries (the index of both). */
  async balance(sellerId: number): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      BALANCE_ROW,
      Prisma.sql`
      SELECT coalesce(-sum(amount_paise), 0)::bigint AS balance_paise
        FROM ledger_entries WHERE seller_id = ${sellerId} AND account = 'seller_payable'`,
    );
    return Number(row!.balance_paise);
  }

  /** The seller's Route linked account, or null before one is made. */
  async routeAccount(sellerId: number): Promise<RouteAccountRow | null> {
    const [row] = await queryRows(
      this.prisma,
      ROUTE_ACCOUNT_ROW,
      Prisma.sql`
      SELECT status::text AS status, razorpay_account_id, settle_after_hours, last_error
        FROM seller_route_accounts WHERE user_id = ${sellerId}`,
    );
    return row ?? null;
  }

  /** A page of the seller's ledger transactions, newest first, each with all its entries. */
  transactions(sellerId: number, offset: number): Promise<SellerLedgerTransactionRow[]> {
    return queryRows(
      this.prisma,
      TRANSACTION_ROW,
      Prisma.sql`${transactionRows} WHERE t.seller_id = ${sellerId}
       ORDER BY t.created_at DESC, t.id DESC LIMIT ${SELLER_LEDGER_PAGE} OFFSET ${offset}`,
    );
  }

  /** Ledger transaction `id` with all its entries, or null. */
  async transaction(id: number): Promise<SellerLedgerTransactionRow | null> {
    const [row] = await queryRows(this.prisma, TRANSACTION_ROW, Prisma.sql`${transactionRows} WHERE t.id = ${id}`);
    return row ?? null;
  }

  /** How many ledger transactions the seller has. */
  async transactionCount(sellerId: number): Promise<number> {
    const [row] = await queryRows(
      this.prisma,
      TRANSACTION_COUNT_ROW,
      Prisma.sql`SELECT count(*)::int AS total FROM ledger_transactions WHERE seller_id = ${sellerId}`,
    );
    return row!.total;
  }

  /**
   * Books an admin's adjustment of what Mandi owes seller `sellerId` (positive: more) and its audit row, in one
   * database transaction: the ledger's 'adjustment' (source 'adjustment:<uuid>', seller_payable credited the amount,
   * `adjustments` debited it, with the reason and the admin) and the trail's row naming it. Answers its id.
   */
  async adjust(sellerId: number, amountPaise: number, reason: string, adminId: number): Promise<number> {
    const sourceKey = `adjustment:${randomUUID()}`;
    return this.prisma.$transaction(async (tx) => {
      await queryRows(
        tx,
        AUDITED_ROW,
        Prisma.sql`
        WITH adjusted AS (
          SELECT ${sellerId}::int AS seller_id, ${sourceKey}::text AS source_key, ${amountPaise}::int AS amount_paise,
                 ${reason}::text AS reason
        ), audited AS (${auditInsertSql({
          adminId,
          action: 'payout.adjust',
          from: 'adjusted',
          objectId: 'seller_id',
          after: Prisma.sql`jsonb_build_object('source_key', adjusted.source_key, 'amount_paise', adjusted.amount_paise,
                                               'reason', adjusted.reason)`,
        })})
        SELECT count(*)::int AS audited FROM audited`,
      );
      const id = await bookLedgerTransaction(tx, {
        kind: 'adjustment',
        sourceKey,
        orderId: null,
        sellerId,
        financialYear: financialYearOf(new Date()).startYear,
        reason,
        createdBy: adminId,
        lines: [
          { account: 'seller_payable', sellerId, amountPaise: -amountPaise },
          { account: 'adjustments', sellerId: null, amountPaise },
        ],
      });
      if (id === null) throw new Error(`the adjustment ${sourceKey} was booked before`);
      return id;
    });
  }

  /**
   * Sets seller `uid`'s own settle-after period (null: back to PAYOUT_SETTLE_AFTER_HOURS), making their Route account's
   * row when they have none yet, and records the change; one statement. Null for no such user.
   */
  async setSettleAfter(uid: string, hours: number | null, adminId: number): Promise<RouteAccountRow | null> {
    const period = (alias: string) =>
      Prisma.sql`jsonb_build_object('settle_after_hours', ${Prisma.raw(alias)}.settle_after_hours)`;
    const [row] = await queryRows(
      this.prisma,
      ROUTE_ACCOUNT_ROW,
      Prisma.sql`
      WITH seller AS (
        SELECT id FROM users WHERE firebase_uid = ${uid}
      ), before AS (
        SELECT a.settle_after_hours FROM seller_route_accounts a JOIN seller ON a.user_id = seller.id
      ), r AS (
        INSERT INTO seller_route_accounts (user_id, settle_after_hours)
        SELECT id, ${hours}::int FROM seller
        ON CONFLICT (user_id) DO UPDATE SET settle_after_hours = EXCLUDED.settle_after_hours, updated_at = now()
        RETURNING user_id, status, razorpay_account_id, settle_after_hours, last_error
      ), changed AS (
        SELECT r.user_id, (SELECT ${period('before')} FROM before) AS was, ${period('r')} AS now FROM r
      ), audited AS (${auditInsertSql({
        adminId,
        action: 'payout.set_settle_after',
        from: 'changed',
        objectId: 'user_id',
        before: Prisma.sql`changed.was`,
        after: Prisma.sql`changed.now`,
      })})
      SELECT status::text AS status, razorpay_account_id, settle_after_hours, last_error FROM r`,
    );
    return row ?? null;
  }
}
