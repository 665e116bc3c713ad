import { Prisma } from '@mandi/database';

/**
 * SQL of the instant the decision window of the order aliased `alias` closes: its created_at plus the configured
 * window (ORDER_DECISION_WINDOW_MS). Every window check compares it with now(), so the database clock decides.
 */
export function windowClosesAtSql(alias: 'o', windowMs: number): Prisma.Sql {
  return Prisma.sql`(${Prisma.raw(alias)}.created_at + ${windowMs}::double precision * interval '1 millisecond')`;
}

/** An order's state as it is now, read again after a conditional update matched nothing, to say why. */
export interface OrderStateRow {
  id: number;
  user_id: number;
  status: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancel_requested' | 'cancelled';
  payment_status: 'paid' | 'unpaid';
  created_at: Date;
  window_closes_at: Date;
  /** The database clock when the row was read. */
  now: Date;
}

/** The statement reading {@link OrderStateRow} of order `id`. */
export function orderStateSql(id: number, windowMs: number): Prisma.Sql {
  return Prisma.sql`
    SELECT o.id, o.user_id, o.status::text AS status, o.payment_status::text AS payment_status, o.created_at,
           ${windowClosesAtSql('o', windowMs)} AS window_closes_at, now() AS now
      FROM orders o WHERE o.id = ${id}`;
}

/** A database id (of an order, or a user) from an API id; anything that is not one names no row (0). */
export function orderIdNumber(id: string): number {
  return /^\d{1,9}$/.test(id) ? Number(id) : 0;
}
