import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';
import {
  ADDRESS_FIELDS,
  OPEN_ONLINE_ORDERS_MAX,
  STOCK_LIMITS,
  type AddressInput,
  type PaymentMethod,
  type ProductCategory,
} from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';

/**
 * An online order waiting for payment: the SQL function `order_awaits_payment` (prisma/sql/functions/), which the
 * partial unique index `orders_open_online_slot_key` and `checkout_place_order` call too; the count of a buyer's open
 * online orders reads it.
 */
const OPEN_ONLINE_ORDER = Prisma.sql`order_awaits_payment(payment_method, payment_status, status)`;

/**
 * A product as checkout prices it: its row now, and whether it can still be bought (by the database clock). The SQL
 * function `checkout_products` (prisma/sql/functions/) reads it, for the pricing read and for the order's check.
 */
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

/**
 * What checkout prices an order from, in one row: the products as `checkout_products` gives them and the address as
 * JSON (their columns are the function's and the table's, which the JSON keeps), and the buyer's online orders
 * awaiting payment.
 */
const PRICING_ROW = sqlRow('checkout pricing', {
  products: narrowed<CheckoutProductRow[]>('json'),
  address: narrowed<CheckoutAddressRow | null>('json'),
  openOnlineOrders: 'int',
});

/** A line that asked for more packs than its product has left, as the order's statement found it. */
export interface ShortLine {
  productId: number;
  left: number;
}

/** Whose a saved address is and whether it is still active: what decides whether checkout may deliver to it. */
export interface AddressOwner {
  id: number;
  user_id: number;
  is_deleted: boolean;
}

/** A saved address with its owner and whether it is still active. */
export interface CheckoutAddressRow extends AddressOwner, AddressInput {}

/** What checkout prices an order from: its products (those that exist) and its address (null when there is none). */
export interface PricingRows<Address extends AddressOwner = AddressOwner> {
  products: CheckoutProductRow[];
  address: Address | null;
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
  /** Sold pre-packaged, which set its GST rate; not kept with the line, but checked with the rest of the row. */
  prePackaged: boolean;
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
  /** The saved address the order keeps a copy of: the statement copies it, if it is still the buyer's. */
  addressId: number;
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
  /** A product or the address is no longer what the order was priced from: nothing written; here they are now. */
  | { kind: 'changed'; rows: PricingRows }
  /** Every slot of the buyer's open online orders is taken. */
  | { kind: 'open_orders_full' }
  /** Another order of the same buyer took the free slot at the same moment; trying again may find another. */
  | { kind: 'slot_taken' }
  /** Some lines ask for more packs than are left now (another order took them since the pricing read). */
  | { kind: 'short_stock'; lines: ShortLine[] };

/** Reads what checkout prices, and writes an order with its lines, its payment and its event in one statement. */
@Injectable()
export class CheckoutRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * What checkout prices: the products of `productIds` that exist (`checkout_products`), the address `addressId`,
   * deleted or not, and for an online checkout how many online orders user `userId` has waiting for payment (0 for
   * cash on delivery, which the cap does not concern); one round trip.
   */
  async pricingRows(
    productIds: readonly number[],
    addressId: number,
    userId: number,
    method: PaymentMethod,
  ): Promise<PricingRows<CheckoutAddressRow> & { openOnlineOrders: number }> {
    const [rows] = await queryRows(
      this.prisma,
      PRICING_ROW,
      Prisma.sql`
      SELECT (SELECT coalesce(json_agg(p), '[]'::json) FROM checkout_products(${productIds as number[]}::int[]) p) AS products,
             (SELECT row_to_json(a) FROM (
                SELECT id, user_id, is_deleted, ${Prisma.raw(ADDRESS_FIELDS.join(', '))}
                  FROM addresses WHERE id = ${addressId}) a) AS address,
             ${method === 'online' ? Prisma.sql`(SELECT count(*)::int FROM orders WHERE user_id = ${userId} AND ${OPEN_ONLINE_ORDER})` : Prisma.sql`0`} AS "openOnlineOrders"`,
    );
    return rows!;
  }

  /**
   * Records the order, a copy of its address and of each line, its payment (cash on delivery, or the provider's order
   * awaiting payment), the `order.placed` event, the packs it takes and, for cash on delivery, the products' removal
   * from the cart: one statement, all or nothing, one round trip. All but the event is the function
   * `checkout_place_order` (prisma/sql/functions/checkout_place_order.sql), whose plan PostgreSQL keeps per
   * connection; it says there how stock, the open-order slots and the check of the priced rows hold under races. The
   * event is written around it by libs/events' outbox writer, in the same statement.
   *
   * Nothing is written unless every product is still what the lines copy and can be bought, and the address is the
   * buyer's own and not deleted; otherwise the outcome is `changed`, with the rows as they are now to price again.
   */
  async placeOrder(order: NewOrder): Promise<PlaceOrderOutcome> {
    const { lines } = order;
    const column = <T>(pick: (line: OrderLineCopy) => T): T[] => lines.map(pick);
    const [result] = await queryRows(
      this.prisma,
      PLACE_ORDER_ROW,
      Prisma.sql`
      WITH attempt AS (SELECT * FROM checkout_place_order(
        ${order.userId}::int, ${order.addressId}::int, ${order.method}::payment_method,
        ${order.method === 'cod' ? 'cod' : 'razorpay'}::payment_provider, ${order.providerOrderId}::text,
        ${order.subtotalPaise}::int, ${order.shippingPaise}::int, ${order.totalPaise}::int, ${order.totalWeightGrams}::int,
        ${column((line) => line.productId)}::int[], ${column((line) => line.quantity)}::int[],
        ${column((line) => line.sellerId)}::int[], ${column((line) => line.productName)}::text[],
        ${column((line) => line.imageKey)}::text[], ${column((line) => line.unitPricePaise)}::int[],
        ${column((line) => line.weightGrams)}::int[], ${column((line) => line.category)}::product_category[],
        ${column((line) => line.prePackaged)}::boolean[], ${column((line) => line.hsnCode)}::text[],
        ${column((line) => line.gstRatePercent)}::int[], ${order.clearCart}::boolean, ${OPEN_ONLINE_ORDERS_MAX}::int,
        ${STOCK_LIMITS.lowThreshold}::int)
      ), event AS (${outboxInsertSql({ type: 'order.placed', from: 'attempt', ids: { orderId: 'placed_id' }, where: Prisma.sql`attempt.placed_id IS NOT NULL` })})
      SELECT attempt.* FROM attempt`,
    );
    const row = result!;
    if (row.placed_id !== null) return { kind: 'placed', orderId: row.placed_id, stockShown: row.stock_shown };
    if (!row.as_priced)
      return { kind: 'changed', rows: { products: row.products_now ?? [], address: row.address_now } };
    if (row.short_lines.length > 0) return { kind: 'short_stock', lines: row.short_lines };
    return row.free_slot === null ? { kind: 'open_orders_full' } : { kind: 'slot_taken' };
  }
}

/** The row `checkout_place_order` answers. */
const PLACE_ORDER_ROW = sqlRow('placed order', {
  placed_id: 'int | null',
  free_slot: 'int | null',
  short_lines: narrowed<ShortLine[]>('json'),
  stock_shown: 'bool',
  as_priced: 'bool',
  /** Only when not as priced: the products and the address now. */
  products_now: narrowed<CheckoutProductRow[] | null>('json'),
  address_now: narrowed<AddressOwner | null>('json'),
});
