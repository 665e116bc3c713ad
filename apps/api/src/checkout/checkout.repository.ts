import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@mandi/database';
import { ADDRESS_FIELDS, OPEN_ONLINE_ORDERS_MAX, STOCK_LIMITS, type AddressInput, type PaymentMethod, type ProductCategory } from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';
import { ORDER_ADDRESS_COLUMNS } from '../orders/order-address.sql.js';
import { productVisibleSql } from '../products/product-visibility.sql.js';

/**
 * An online order waiting for payment, as the partial unique index `orders_open_online_slot_key` (migration
 * 20261126300000) says it: ON CONFLICT names the index by repeating its predicate, so the text must stay the same.
 */
const OPEN_ONLINE_ORDER = Prisma.sql`payment_method = 'online' AND payment_status = 'unpaid' AND status IN ('pending', 'cancel_requested')`;

/** A product as checkout prices it: its row now, and whether it can still be bought (by the database clock). */
export interface CheckoutProductRow {
  id: number;
  name: string;
  price_paise: number;
  weight_grams: number;
  category: ProductCategory;
  pre_packaged: boolean;
  seller_id: number;
  available: boolean;
  /** Packs left; null for unlimited. */
  stock: number | null;
  image_key: string | null;
}

/** A line that asked for more packs than its product has left, as the order's statement found it. */
export interface ShortLine {
  productId: number;
  left: number;
}

/** A saved address with its owner and whether it is still active. */
export interface CheckoutAddressRow extends AddressInput {
  id: number;
  user_id: number;
  is_deleted: boolean;
}

/** One line as the order keeps it: a copy of the product as it was bought. */
export interface OrderLineCopy {
  productId: number;
  sellerId: number;
  productName: string;
  imageKey: string | null;
  unitPricePaise: number;
  quantity: number;
  weightGrams: number;
  category: ProductCategory;
  hsnCode: string;
  gstRatePercent: number;
}

/** Everything an order row needs, priced by the server. */
export interface NewOrder {
  userId: number;
  method: PaymentMethod;
  subtotalPaise: number;
  shippingPaise: number;
  totalPaise: number;
  totalWeightGrams: number;
  address: CheckoutAddressRow;
  lines: readonly OrderLineCopy[];
  /** The provider's order (or payment link) id for an online payment; null for cash on delivery. */
  providerOrderId: string | null;
  /** Cash on delivery empties the ordered products from the cart at once; an online order does so once it is paid. */
  clearCart: boolean;
}

/** How placing an order went: its id, or why it was not placed (short stock, or OPEN_ONLINE_ORDERS_MAX). */
export type PlaceOrderOutcome =
  /** `stockShown`: a product it took from now shows 'Only N left' or 'Sold out', so cached listing pages are stale. */
  | { kind: 'placed'; orderId: number; stockShown: boolean }
  /** Every slot of the buyer's open online orders is taken. */
  | { kind: 'open_orders_full' }
  /** Another order of the same buyer took the free slot at the same moment; trying again may find another. */
  | { kind: 'slot_taken' }
  /** Some lines ask for more packs than are left now (another order took them since the pricing read). */
  | { kind: 'short_stock'; lines: ShortLine[] };

/** Reads what checkout prices, and writes an order with its lines, its payment and its event in one transaction. */
@Injectable()
export class CheckoutRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * What checkout prices: the products of `productIds` that exist (with their first image and whether they can still be
   * bought: valid by the database clock, and shown by the shop, productVisibleSql), the address `addressId`, deleted or not, and for an online checkout how many online
   * orders user `userId` has waiting for payment (0 for cash on delivery, which the cap does not concern); one round trip.
   */
  async pricingRows(
    productIds: readonly number[],
    addressId: number,
    userId: number,
    method: PaymentMethod,
  ): Promise<{ products: CheckoutProductRow[]; address: CheckoutAddressRow | null; openOnlineOrders: number }> {
    const [rows] = await this.prisma.$queryRaw<{ products: CheckoutProductRow[]; address: CheckoutAddressRow | null; openOnlineOrders: number }[]>`
      SELECT (SELECT coalesce(json_agg(p), '[]'::json) FROM (
                SELECT p.id, p.name, p.price_paise, COALESCE(p.weight_grams, 0) AS weight_grams, p.category, p.pre_packaged,
                       p.seller_id, p.valid_until > now() AND ${productVisibleSql()} AS available, p.stock,
                       (SELECT i.file_key FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_key
                  FROM products p
                 WHERE p.id = ANY(${productIds as number[]}::int[])) p) AS products,
             (SELECT row_to_json(a) FROM (
                SELECT id, user_id, is_deleted, ${Prisma.raw(ADDRESS_FIELDS.join(', '))}
                  FROM addresses WHERE id = ${addressId}) a) AS address,
             ${method === 'online' ? Prisma.sql`(SELECT count(*)::int FROM orders WHERE user_id = ${userId} AND ${OPEN_ONLINE_ORDER})` : Prisma.sql`0`} AS "openOnlineOrders"`;
    return rows!;
  }

  /**
   * Records the order, a copy of each line, its payment (cash on delivery, or the provider's order awaiting payment),
   * the `order.placed` event and, for cash on delivery, the products' removal from the cart: one statement, so it is
   * all or nothing without an interactive transaction, and a checkout costs one round trip to PostgreSQL.
   *
   * An online order takes the lowest free slot of its buyer's open online orders (1..OPEN_ONLINE_ORDERS_MAX); the
   * partial unique index lets one order hold a slot, so two checkouts racing for the last slot cannot both win: the
   * later one waits for the first's commit and inserts nothing. A paid or settled order leaves the index, freeing it.
   * Cash on delivery holds no slot, so its insert is a plain one (no speculative insertion, no slot look-up).
   *
   * Stock (docs/stock.md) is taken in the same statement: the ordered products that count stock are locked in id order
   * (so two checkouts never wait on each other's rows in opposite orders), and the locked rows are the latest committed
   * ones, so a checkout that waited for another sees what that one left. NO KEY UPDATE, the lock the stock's UPDATE
   * takes anyway: it does not wait for the key-share locks of other orders' lines pointing at the same product. If any line asks for more than is left,
   * nothing is inserted and nothing taken; else every line's packs are taken. `stock_shown` says whether a taken
   * product is now at or below the 'Only N left' threshold, whose cards the listing cache must then drop.
   */
  async placeOrder(order: NewOrder): Promise<PlaceOrderOutcome> {
    const { address, lines } = order;
    const provider = order.method === 'cod' ? 'cod' : 'razorpay';
    const clearCart = order.clearCart
      ? Prisma.sql`, cleared AS (
          DELETE FROM cart_items c USING placed
           WHERE c.user_id = placed.user_id AND c.product_id = ANY(${lines.map((line) => line.productId)}::int[])
          RETURNING 1)`
      : Prisma.empty;
    const online = order.method === 'online';
    const [result] = await this.prisma.$queryRaw<{ id: number | null; slot: number | null; short: ShortLine[]; stock_shown: boolean }[]>`
      WITH wanted AS (
        SELECT w.product_id, sum(w.quantity)::int AS quantity
          FROM unnest(${lines.map((line) => line.productId)}::int[], ${lines.map((line) => line.quantity)}::int[]) AS w(product_id, quantity)
         GROUP BY w.product_id
      ), counted AS (
        SELECT p.id, p.stock FROM products p
         WHERE p.id IN (SELECT product_id FROM wanted) AND p.stock IS NOT NULL
         ORDER BY p.id
           FOR NO KEY UPDATE OF p
      ), short AS (
        SELECT c.id AS "productId", c.stock AS "left" FROM counted c JOIN wanted w ON w.product_id = c.id WHERE c.stock < w.quantity
      ), slot AS (
        SELECT CASE WHEN ${online} THEN (
                 SELECT min(s)::smallint FROM generate_series(1, ${OPEN_ONLINE_ORDERS_MAX}::int) s
                  WHERE NOT EXISTS (SELECT 1 FROM orders WHERE user_id = ${order.userId} AND open_slot = s AND ${OPEN_ONLINE_ORDER}))
               END AS n
      ), placed AS (
        INSERT INTO orders (user_id, payment_method, subtotal_paise, shipping_paise, total_paise, total_weight_grams,
                            address_id, ${ORDER_ADDRESS_COLUMNS}, open_slot)
        SELECT ${order.userId}, ${order.method}::payment_method, ${order.subtotalPaise}, ${order.shippingPaise},
               ${order.totalPaise}, ${order.totalWeightGrams}, ${address.id},
               ${Prisma.join(ADDRESS_FIELDS.map((field) => address[field]))}, slot.n
          FROM slot WHERE (NOT ${online} OR slot.n IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM short)
        ${online ? Prisma.sql`ON CONFLICT (user_id, open_slot) WHERE ${OPEN_ONLINE_ORDER} DO NOTHING` : Prisma.empty}
        RETURNING id, user_id
      ), lines AS (
        INSERT INTO order_items (order_id, product_id, seller_id, product_name, image_key, unit_price_paise, quantity,
                                 weight_grams, category, hsn_code, gst_rate_percent)
        SELECT placed.id, line.* FROM placed, unnest(
          ${lines.map((line) => line.productId)}::int[], ${lines.map((line) => line.sellerId)}::int[],
          ${lines.map((line) => line.productName)}::text[], ${lines.map((line) => line.imageKey)}::text[],
          ${lines.map((line) => line.unitPricePaise)}::int[], ${lines.map((line) => line.quantity)}::int[],
          ${lines.map((line) => line.weightGrams)}::int[], ${lines.map((line) => line.category)}::product_category[],
          ${lines.map((line) => line.hsnCode)}::text[], ${lines.map((line) => line.gstRatePercent)}::int[]) AS line
        RETURNING 1
      ), payment AS (
        INSERT INTO payments (order_id, provider, provider_order_id, amount_paise)
        SELECT placed.id, ${provider}::payment_provider, ${order.providerOrderId}, ${order.totalPaise} FROM placed
        RETURNING 1
      ), taken AS (
        UPDATE products p SET stock = p.stock - w.quantity
          FROM wanted w JOIN counted c ON c.id = w.product_id, placed
         WHERE p.id = w.product_id
        RETURNING p.stock
      ), event AS (${outboxInsertSql({ type: 'order.placed', from: 'placed', ids: { orderId: 'id' } })})${clearCart}
      SELECT (SELECT id FROM placed) AS id, (SELECT n FROM slot) AS slot,
             (SELECT coalesce(json_agg(short), '[]'::json) FROM short) AS short,
             coalesce((SELECT bool_or(stock <= ${STOCK_LIMITS.lowThreshold}) FROM taken), false) AS stock_shown`;
    if (result!.id !== null) return { kind: 'placed', orderId: result!.id, stockShown: result!.stock_shown };
    if (result!.short.length > 0) return { kind: 'short_stock', lines: result!.short };
    return result!.slot === null ? { kind: 'open_orders_full' } : { kind: 'slot_taken' };
  }
}
