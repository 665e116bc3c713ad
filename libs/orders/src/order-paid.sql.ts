import { Prisma } from '@mandi/database';

/**
 * What paying the order aliased `o` sets, for both ways an order is paid: a captured online payment
 * (apps/api/src/orders/order-payment.sql.ts) and an admin's mark-paid of a cash-on-delivery order (whose condition is
 * the SQL function `order_may_be_marked_paid`, prisma/sql/functions/). The statement around it decides which orders.
 */
export const ORDER_PAID_SET_SQL = Prisma.sql`payment_status = 'paid', paid_at = now(), updated_at = now()`;
