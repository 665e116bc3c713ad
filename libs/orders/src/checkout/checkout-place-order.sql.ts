import { narrowed, prepared, Prisma, queryRows, sqlRow, type Db } from '@mandi/database';
import { OPEN_ONLINE_ORDERS_MAX, STOCK_LIMITS } from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';
import type {
  AddressOwner,
  CheckoutProductRow,
  NewOrder,
  OrderLineCopy,
  PlaceOrderOutcome,
  ShortLine,
} from './checkout-rows.js';

/** Who takes an order's payment: Razorpay for the storefront's online orders, the buyer app for an ONDC prepaid one. */
export type OnlinePaymentProvider = 'razorpay' | 'ondc';

/** The row `checkout_place_order` answers. */
export const PLACE_ORDER_ROW = sqlRow('placed order', {
  placed_id: 'int | null',
  free_slot: 'int | null',
  short_lines: narrowed<ShortLine[]>('json'),
  stock_shown: 'bool',
  as_priced: 'bool',
  /** Only when not as priced: the products and the address now. */
  products_now: narrowed<CheckoutProductRow[] | null>('json'),
  address_now: narrowed<AddressOwner | null>('json'),
});

/**
 * Records the order, a copy of its address and of each line, its payment (cash on delivery, or the provider's order
 * awaiting payment), the `order.placed` event, the packs it takes and, for cash on delivery, the products' removal
 * from the cart: one statement, all or nothing, one round trip. All but the event is the function
 * `checkout_place_order` (prisma/sql/functions/checkout_place_order.sql), whose plan PostgreSQL keeps per
 * connection; it says there how stock, the open-order slots and the check of the priced rows hold under races. The
 * event is written around it by libs/events' outbox writer, in the same statement. The storefront's checkout
 * (apps/api) and the ONDC seller node's confirm (apps/worker, `onlineProvider` 'ondc') both place orders here.
 *
 * Nothing is written unless every product is still what the lines copy and can be bought, and the address is the
 * buyer's own and not deleted; otherwise the outcome is `changed`, with the rows as they are now to price again.
 */
export async function placeOrder(
  db: Db,
  order: NewOrder,
  onlineProvider: OnlinePaymentProvider = 'razorpay',
): Promise<PlaceOrderOutcome> {
  const { lines } = order;
  const column = <T>(pick: (line: OrderLineCopy) => T): T[] => lines.map(pick);
  const [result] = await queryRows(
    db,
    PLACE_ORDER_ROW,
    prepared(Prisma.sql`
    WITH attempt AS (SELECT * FROM checkout_place_order(
      ${order.userId}::int, ${order.addressId}::int, ${order.method}::payment_method,
      ${order.method === 'cod' ? 'cod' : onlineProvider}::payment_provider, ${order.providerOrderId}::text,
      ${order.subtotalPaise}::int, ${order.shippingPaise}::int, ${order.totalPaise}::int, ${order.totalWeightGrams}::int,
      ${column((line) => line.productId)}::int[], ${column((line) => line.quantity)}::int[],
      ${column((line) => line.sellerId)}::int[], ${column((line) => line.productName)}::text[],
      ${column((line) => line.imageKey)}::text[], ${column((line) => line.unitPricePaise)}::int[],
      ${column((line) => line.weightGrams)}::int[], ${column((line) => line.category)}::product_category[],
      ${column((line) => line.prePackaged)}::boolean[], ${column((line) => line.hsnCode)}::text[],
      ${column((line) => line.gstRatePercent)}::int[], ${order.clearCart}::boolean, ${OPEN_ONLINE_ORDERS_MAX}::int,
      ${STOCK_LIMITS.lowThreshold}::int)
    ), event AS (${outboxInsertSql({ type: 'order.placed', from: 'attempt', ids: { orderId: 'placed_id' }, where: Prisma.sql`attempt.placed_id IS NOT NULL` })})
    SELECT attempt.* FROM attempt`),
  );
  const row = result!;
  if (row.placed_id !== null) return { kind: 'placed', orderId: row.placed_id, stockShown: row.stock_shown };
  if (!row.as_priced) return { kind: 'changed', rows: { products: row.products_now ?? [], address: row.address_now } };
  if (row.short_lines.length > 0) return { kind: 'short_stock', lines: row.short_lines };
  return row.free_slot === null ? { kind: 'open_orders_full' } : { kind: 'slot_taken' };
}
