import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@mandi/database';
import type { PaymentMethod, ProductCategory } from '@mandi/domain';

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
  image_key: string | null;
}

/** A saved address with its owner and whether it is still active. */
export interface CheckoutAddressRow {
  id: number;
  user_id: number;
  is_deleted: boolean;
  name: string;
  mobile: string;
  flat_house_building: string;
  area_or_street_or_village: string;
  landmark: string;
  taluk: string;
  district: string;
  state: string;
  pincode: string;
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

/** Reads what checkout prices, and writes an order with its lines, its payment and its event in one transaction. */
@Injectable()
export class CheckoutRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * What checkout prices: the products of `productIds` that exist (with their first image and whether they can still be
   * bought, by the database clock) and the address `addressId`, deleted or not; one round trip.
   */
  async pricingRows(productIds: readonly number[], addressId: number): Promise<{ products: CheckoutProductRow[]; address: CheckoutAddressRow | null }> {
    const [rows] = await this.prisma.$queryRaw<{ products: CheckoutProductRow[]; address: CheckoutAddressRow | null }[]>`
      SELECT (SELECT coalesce(json_agg(p), '[]'::json) FROM (
                SELECT p.id, p.name, p.price_paise, COALESCE(p.weight_grams, 0) AS weight_grams, p.category, p.pre_packaged,
                       p.seller_id, p.valid_until > now() AS available,
                       (SELECT i.file_key FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) AS image_key
                  FROM products p
                 WHERE p.id = ANY(${productIds as number[]}::int[])) p) AS products,
             (SELECT row_to_json(a) FROM (
                SELECT id, user_id, is_deleted, name, mobile, flat_house_building, area_or_street_or_village, landmark, taluk,
                       district, state, pincode
                  FROM addresses WHERE id = ${addressId}) a) AS address`;
    return rows!;
  }

  /**
   * Records the order, a copy of each line, its payment (cash on delivery, or the provider's order awaiting payment),
   * the `order.placed` event and, for cash on delivery, the products' removal from the cart: one statement, so it is
   * all or nothing without an interactive transaction, and a checkout costs one round trip to PostgreSQL.
   * Returns the order's id.
   */
  async placeOrder(order: NewOrder): Promise<number> {
    const { address, lines } = order;
    const provider = order.method === 'cod' ? 'cod' : 'razorpay';
    const clearCart = order.clearCart
      ? Prisma.sql`, cleared AS (
          DELETE FROM cart_items c USING placed
           WHERE c.user_id = placed.user_id AND c.product_id = ANY(${lines.map((line) => line.productId)}::int[])
          RETURNING 1)`
      : Prisma.empty;
    const [{ id }] = await this.prisma.$queryRaw<{ id: number }[]>`
      WITH placed AS (
        INSERT INTO orders (user_id, payment_method, subtotal_paise, shipping_paise, total_paise, total_weight_grams,
                            address_id, address_name, address_mobile, address_flat_house_building,
                            address_area_or_street_or_village, address_landmark, address_taluk, address_district,
                            address_state, address_pincode)
        VALUES (${order.userId}, ${order.method}::payment_method, ${order.subtotalPaise}, ${order.shippingPaise},
                ${order.totalPaise}, ${order.totalWeightGrams}, ${address.id}, ${address.name}, ${address.mobile},
                ${address.flat_house_building}, ${address.area_or_street_or_village}, ${address.landmark},
                ${address.taluk}, ${address.district}, ${address.state}, ${address.pincode})
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
      ), event AS (
        -- The outbox row publish() would write for order.placed (libs/events): the payload is { orderId }.
        INSERT INTO outbox_events (type, aggregate_id, payload)
        SELECT 'order.placed', placed.id::text, jsonb_build_object('orderId', placed.id) FROM placed
        RETURNING 1
      )${clearCart}
      SELECT id FROM placed`;
    return id;
  }
}
