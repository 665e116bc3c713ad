import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';
import { ADDRESS_FIELDS, type PaymentMethod } from '@mandi/domain';
import {
  placeOrder,
  type CheckoutAddressRow,
  type CheckoutProductRow,
  type NewOrder,
  type PlaceOrderOutcome,
  type PricingRows,
} from '@mandi/orders';

// The rows and the order's statement are libs/orders' (src/checkout/), shared with the ONDC seller node's confirm.
export type {
  AddressOwner,
  CheckoutAddressRow,
  CheckoutProductRow,
  NewOrder,
  OrderLineCopy,
  PlaceOrderOutcome,
  PricingRows,
  ShortLine,
} from '@mandi/orders';

/**
 * An online order waiting for payment: the SQL function `order_awaits_payment` (prisma/sql/functions/), which the
 * partial unique index `orders_open_online_slot_key` and `checkout_place_order` call too; the count of a buyer's open
 * online orders reads it.
 */
const OPEN_ONLINE_ORDER = Prisma.sql`order_awaits_payment(payment_method, payment_status, status)`;

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
   * Records the order with its lines, payment, event and the packs it takes, in one statement: libs/orders'
   * {@link placeOrder}, which the ONDC seller node's confirm uses too.
   */
  placeOrder(order: NewOrder): Promise<PlaceOrderOutcome> {
    return placeOrder(this.prisma, order);
  }
}
