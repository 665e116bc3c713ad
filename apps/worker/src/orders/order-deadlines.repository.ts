import { Injectable } from '@nestjs/common';
import {
  ID_ROW,
  narrowed,
  Prisma,
  PrismaService,
  queryRows,
  sqlRow,
  type RowOf,
  type Transaction,
} from '@mandi/database';
import { DEADLINE_CANCEL_REASON } from '@mandi/domain';
import { fromStatesSql, moveAllowedSql, orderMoveSql, windowRuleSql } from '@mandi/orders';

/** An order whose deadline has not come yet by the database clock, though it still awaits a decision. */
const OPEN_ORDER_ROW = sqlRow('open order', { id: 'int', status: narrowed<'pending' | 'cancel_requested'>('text') });
/** A row of {@link OPEN_ORDER_ROW}. */
export type OpenOrderRow = RowOf<typeof OPEN_ORDER_ROW>;

/** How many orders a sweep settled. */
const SETTLED_ROW = sqlRow('settled orders', { settled: 'int' });

/**
 * The 8-hour deadline in SQL: an order still pending, or awaiting its cancellation, once its window has closed by the
 * database clock, is cancelled; a pending one with our reason ('Not confirmed within 8 hours'), a requested one with
 * the buyer's. Each settlement is one conditional UPDATE with its order.cancelled outbox row in the same statement,
 * so the deadline job, the sweep and an admin racing for one order cannot both win.
 */
@Injectable()
export class OrderDeadlinesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Settles order `orderId` if it is due: true when it was cancelled now. Waits for a concurrent change of the row
   * (an admin confirming) and then decides on the row as that change left it.
   */
  async settle(tx: Transaction, orderId: number, windowMs: number): Promise<boolean> {
    const rows = await queryRows(
      tx,
      ID_ROW,
      Prisma.sql`
      WITH ${settleSql(Prisma.sql`o.id = ${orderId}`, windowMs)}
      SELECT id FROM moved`,
    );
    return rows.length === 1;
  }

  /** Order `orderId` if it still awaits a decision although it is not due yet by the database clock, else null. */
  async stillOpen(tx: Transaction, orderId: number, windowMs: number): Promise<OpenOrderRow | null> {
    const rows = await queryRows(
      tx,
      OPEN_ORDER_ROW,
      Prisma.sql`
      SELECT o.id, o.status::text AS status FROM orders o
       WHERE o.id = ${orderId} AND ${fromStatesSql('settle_deadline', 'o')} AND ${windowRuleSql('o', windowMs, 'open')}`,
    );
    return rows[0] ?? null;
  }

  /**
   * Settles up to `limit` orders past their deadline, oldest first, and returns how many. Rows another transaction
   * holds (an admin deciding right now) are skipped and looked at again by the next sweep.
   */
  async settleOverdue(windowMs: number, limit: number): Promise<number> {
    const rows = await queryRows(
      this.prisma,
      SETTLED_ROW,
      Prisma.sql`
      WITH due AS (
        SELECT o.id FROM orders o
         WHERE ${moveAllowedSql('settle_deadline', 'o', windowMs)}
         ORDER BY o.created_at
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED
      ), ${settleSql(Prisma.sql`o.id IN (SELECT due.id FROM due)`, windowMs)}
      SELECT count(*)::int AS settled FROM moved`,
    );
    return rows[0]!.settled;
  }
}

/** The deadline's settlement of `orders`: a move of the order process (ORDER_TRANSITIONS.settle_deadline). */
function settleSql(orders: Prisma.Sql, windowMs: number): Prisma.Sql {
  return orderMoveSql({
    action: 'settle_deadline',
    orders,
    windowMs,
    reason: DEADLINE_CANCEL_REASON,
    returning: Prisma.sql`o.id`,
  });
}
