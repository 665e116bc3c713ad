import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, type Transaction } from '@mandi/database';
import { DEADLINE_CANCEL_REASON } from '@mandi/domain';

/** An order whose deadline has not come yet by the database clock, though it still awaits a decision. */
export interface OpenOrderRow {
  id: number;
  status: 'pending' | 'cancel_requested';
}

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
    const rows = await tx.$queryRaw<{ id: number }[]>`
      WITH settled AS (
        UPDATE orders o SET ${settledColumns()}
         WHERE o.id = ${orderId} AND ${dueSql(windowMs)}
        RETURNING o.id
      ), events AS (${cancelledEvents()})
      SELECT id FROM settled`;
    return rows.length === 1;
  }

  /** Order `orderId` if it still awaits a decision although it is not due yet by the database clock, else null. */
  async stillOpen(tx: Transaction, orderId: number, windowMs: number): Promise<OpenOrderRow | null> {
    const rows = await tx.$queryRaw<OpenOrderRow[]>`
      SELECT o.id, o.status::text AS status FROM orders o
       WHERE o.id = ${orderId} AND o.status IN ('pending', 'cancel_requested')
         AND o.created_at > now() - ${windowSql(windowMs)}`;
    return rows[0] ?? null;
  }

  /**
   * Settles up to `limit` orders past their deadline, oldest first, and returns how many. Rows another transaction
   * holds (an admin deciding right now) are skipped and looked at again by the next sweep.
   */
  async settleOverdue(windowMs: number, limit: number): Promise<number> {
    const rows = await this.prisma.$queryRaw<{ settled: number }[]>`
      WITH due AS (
        SELECT o.id FROM orders o
         WHERE ${dueSql(windowMs)}
         ORDER BY o.created_at
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED
      ), settled AS (
        UPDATE orders o SET ${settledColumns()}
          FROM due WHERE o.id = due.id
        RETURNING o.id
      ), events AS (${cancelledEvents()})
      SELECT count(*)::int AS settled FROM settled`;
    return rows[0]!.settled;
  }
}

/** The window's length as an SQL interval. */
function windowSql(windowMs: number): Prisma.Sql {
  return Prisma.sql`(${windowMs}::double precision * interval '1 millisecond')`;
}

/** Order `o` awaits a decision and its window has closed (written so orders_awaiting_decision_idx serves it). */
function dueSql(windowMs: number): Prisma.Sql {
  return Prisma.sql`o.status IN ('pending', 'cancel_requested') AND o.created_at <= now() - ${windowSql(windowMs)}`;
}

/** Cancelled now, with the buyer's reason when they asked to cancel and gave one, else the deadline's. */
function settledColumns(): Prisma.Sql {
  return Prisma.sql`status = 'cancelled', cancelled_at = now(), updated_at = now(),
    cancel_reason = CASE WHEN o.status = 'cancel_requested' AND coalesce(btrim(o.cancel_reason), '') <> ''
                         THEN btrim(o.cancel_reason) ELSE ${DEADLINE_CANCEL_REASON} END`;
}

/** The order.cancelled outbox rows of the `settled` CTE, as publish() would write them (libs/events). */
function cancelledEvents(): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO outbox_events (type, aggregate_id, payload)
    SELECT 'order.cancelled', settled.id::text, jsonb_build_object('orderId', settled.id) FROM settled
    RETURNING 1`;
}
