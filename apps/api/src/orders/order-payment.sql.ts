import { Prisma } from '@mandi/database';
import { sqlIdentifier, type OutboxSource } from '@mandi/events';
import { ORDER_PAID_SET_SQL, moveAllowedSql, moveEventSql, moveWhereAllowedSetSql } from '@mandi/orders';

/**
 * The payment-driven move of an order, for the payments feature to run inside its capture statement: the order of each
 * payment in the CTE `payments` (its `order_id`) becomes paid and, where ORDER_TRANSITIONS allows confirm_payment on
 * the order as it is once locked (pending), confirmed. Gives the CTEs `decided` and `paid` (`id`, `user_id`,
 * `confirmed`); an order paid already is left alone.
 */
export function orderPaidSql(payments: string, windowMs: number): Prisma.Sql {
  return Prisma.sql`decided AS (
      -- Locked, so the confirmation decides on the order as a concurrent move (the deadline) left it.
      SELECT o.id, o.status, o.created_at FROM orders o JOIN ${sqlIdentifier(payments)} p ON p.order_id = o.id FOR UPDATE OF o
    ), paid AS (
      UPDATE orders o
         SET ${ORDER_PAID_SET_SQL},
             ${moveWhereAllowedSetSql('confirm_payment', 'decided', windowMs)}
        FROM decided
       WHERE o.id = decided.id AND o.payment_status = 'unpaid'
      RETURNING o.id, o.user_id, ${moveAllowedSql('confirm_payment', 'decided', windowMs)} AS confirmed
    )`;
}

/** The events of {@link orderPaidSql}: order.paid for each paid order, order.confirmed for each it confirmed. */
export const ORDER_PAID_EVENTS: [OutboxSource, OutboxSource] = [
  { type: 'order.paid', from: 'paid', ids: { orderId: 'id' } },
  moveEventSql('confirm_payment', 'paid', Prisma.sql`paid.confirmed`),
];
