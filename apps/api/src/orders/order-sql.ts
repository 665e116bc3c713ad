import { narrowed, Prisma, sqlRow, type RowOf } from '@mandi/database';
import type { OrderStatus, PaymentStatus } from '@mandi/domain';
import { windowClosesAtSql } from '@mandi/orders';

/** An order's state as it is now, read again after a conditional update matched nothing, to say why. */
export const ORDER_STATE_ROW = sqlRow('order state', {
  id: 'int',
  user_id: 'int',
  status: narrowed<OrderStatus>('text'),
  payment_status: narrowed<PaymentStatus>('text'),
  created_at: 'timestamptz',
  window_closes_at: 'timestamptz',
  /** The database clock when the row was read. */
  now: 'timestamptz',
});
/** A row of {@link ORDER_STATE_ROW}. */
export type OrderStateRow = RowOf<typeof ORDER_STATE_ROW>;

/** The statement reading {@link OrderStateRow} of order `id`. */
export function orderStateSql(id: number, windowMs: number): Prisma.Sql {
  return Prisma.sql`
    SELECT o.id, o.user_id, o.status::text AS status, o.payment_status::text AS payment_status, o.created_at,
           ${windowClosesAtSql('o', windowMs)} AS window_closes_at, now() AS now
      FROM orders o WHERE o.id = ${id}`;
}
