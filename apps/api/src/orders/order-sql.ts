import { Prisma } from '@mandi/database';
import type { OrderStatus, PaymentStatus } from '@mandi/domain';
import { windowClosesAtSql } from '@mandi/orders';

/** An order's state as it is now, read again after a conditional update matched nothing, to say why. */
export interface OrderStateRow {
  id: number;
  user_id: number;
  status: OrderStatus;
  payment_status: PaymentStatus;
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
