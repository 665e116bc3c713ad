import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  narrowed,
  Prisma,
  PrismaService,
  queryRows,
  sqlRow,
  type Db,
  type RowOf,
  type Transaction,
} from '@mandi/database';
import type { AddressInput, OrderStatus, PaymentMethod, ShipmentStatus } from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';
import {
  ORDER_PAID_SET_SQL,
  moveAllowedSql,
  moveEventSql,
  moveWhereAllowedSetSql,
  orderMoveSql,
  type CheckoutProductRow,
} from '@mandi/orders';

/** The products a quote prices, as checkout reads them (`checkout_products`). */
const PRODUCTS_ROW = sqlRow('ondc order products', { products: narrowed<CheckoutProductRow[]>('json') });
/** The first office of a pincode in the India Post directory: the state, district and taluk of an address. */
const PLACE_ROW = sqlRow('ondc pincode place', { state: 'text', district: 'text', taluk: 'text' });
const ID_ROW = sqlRow('ondc network id', { id: 'int' });
const CAPTURED_ROW = sqlRow('ondc prepaid capture', { confirmed: 'bool' });

/** A network order as its callbacks describe it. */
const NETWORK_ORDER_ROW = sqlRow('ondc network order', {
  order_id: 'int',
  ondc_order_id: 'text',
  transaction_id: 'text',
  bap_id: 'text',
  bap_uri: 'text',
  payment_type: 'text',
  collected_by: 'text',
  finder_fee_type: 'text',
  finder_fee_value: 'text',
  finder_fee_paise: 'int',
  cancel_reason_code: 'text | null',
  cancelled_by: 'text | null',
  status: narrowed<OrderStatus>('order_status'),
  payment_method: narrowed<PaymentMethod>('payment_method'),
  payment_status: narrowed<'paid' | 'unpaid'>('order_payment_status'),
  subtotal_paise: 'int',
  shipping_paise: 'int',
  total_paise: 'int',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  cancelled_at: 'timestamptz | null',
  delivered_at: 'timestamptz | null',
  shipped_at: 'timestamptz | null',
  cancel_reason: 'text | null',
  shipment_status: narrowed<ShipmentStatus | null>('text'),
  packed_at: 'timestamptz | null',
  handed_over_at: 'timestamptz | null',
  carrier: 'text | null',
  tracking_number: 'text | null',
  lines:
    narrowed<
      { productId: number | null; sellerId: number | null; name: string; unitPaise: number; quantity: number }[]
    >('json'),
  /** The confirm that placed it, as the buyer app sent it. */
  confirm_body: narrowed<unknown>('json'),
});
export type NetworkOrderRow = RowOf<typeof NETWORK_ORDER_ROW>;

/** The ondc_orders row of a placed network order. */
export interface NetworkOrderRecord {
  orderId: number;
  transactionId: string;
  ondcOrderId: string;
  bapId: string;
  bapUri: string;
  paymentType: string;
  collectedBy: string;
  finderFeeType: string;
  finderFeeValue: string;
  finderFeePaise: number;
}

/** The user a buyer app's orders belong to: its firebase uid, never a real sign-in (docs/ondc.md, "Network orders"). */
export function networkBuyerUid(bapId: string): string {
  const uid = `ondc:${bapId}`;
  return uid.length <= 128 ? uid : `ondc:${createHash('sha256').update(bapId).digest('hex')}`;
}

/** The SQL of network orders: reads of what they are priced from, and the writes confirm and cancel make. */
@Injectable()
export class NetworkOrdersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The products of `productIds` that exist, as checkout prices them. */
  async products(productIds: readonly number[], db: Db = this.prisma): Promise<CheckoutProductRow[]> {
    const [row] = await queryRows(
      db,
      PRODUCTS_ROW,
      Prisma.sql`SELECT (SELECT coalesce(json_agg(p), '[]'::json) FROM checkout_products(${[...productIds]}::int[]) p) AS products`,
    );
    return row!.products;
  }

  /** The state, district and taluk of `pincode` by the India Post directory; null when Mandi does not know it. */
  async place(pincode: string): Promise<RowOf<typeof PLACE_ROW> | null> {
    const [row] = await queryRows(
      this.prisma,
      PLACE_ROW,
      Prisma.sql`SELECT state, district, taluk FROM pincodes WHERE pincode = ${pincode} ORDER BY id LIMIT 1`,
    );
    return row ?? null;
  }

  /**
   * The user of buyer app `bapId`, made on its first order: role user, an e-mail on the reserved `.invalid` domain
   * (RFC 2606), so no mail can reach anyone, and a username from the uid's hash.
   */
  async networkBuyer(tx: Transaction, bapId: string): Promise<number> {
    const uid = networkBuyerUid(bapId);
    const hash = createHash('sha256').update(uid).digest('hex').slice(0, 20);
    const [row] = await queryRows(
      tx,
      ID_ROW,
      Prisma.sql`
      INSERT INTO users (firebase_uid, username, email, role, updated_at)
      VALUES (${uid}, ${`ondc-${hash}`}, ${`${hash}@ondc-buyers.invalid`}, 'user', now())
      ON CONFLICT (firebase_uid) DO UPDATE SET firebase_uid = excluded.firebase_uid
      RETURNING id`,
    );
    return row!.id;
  }

  /** Saves the delivery address of one network order under the buyer app's user. */
  async saveAddress(tx: Transaction, userId: number, address: AddressInput): Promise<number> {
    const [row] = await queryRows(
      tx,
      ID_ROW,
      Prisma.sql`
      INSERT INTO addresses (user_id, name, mobile, state, district, taluk, flat_house_building,
                             area_or_street_or_village, landmark, pincode, updated_at)
      VALUES (${userId}, ${address.name}, ${address.mobile}, ${address.state}, ${address.district}, ${address.taluk},
              ${address.flat_house_building}, ${address.area_or_street_or_village}, ${address.landmark},
              ${address.pincode}, now())
      RETURNING id`,
    );
    return row!.id;
  }

  /**
   * A prepaid network order's payment, captured by the buyer app: the payment captured, the order paid and, while
   * the move allows it, confirmed, as a captured Razorpay payment does (apps/api's orderPaidSql), with
   * payment.captured, order.paid and order.confirmed. Answers whether it confirmed the order.
   */
  async capturePrepaid(tx: Transaction, orderId: number, windowMs: number): Promise<boolean> {
    const [row] = await queryRows(
      tx,
      CAPTURED_ROW,
      Prisma.sql`
      WITH pay AS (
        UPDATE payments SET status = 'captured', method = 'ondc', captured_at = now(), updated_at = now()
         WHERE order_id = ${orderId} AND provider = 'ondc' AND status = 'created'
        RETURNING id, order_id
      ), decided AS (
        SELECT o.id, o.status, o.created_at FROM orders o JOIN pay ON pay.order_id = o.id FOR UPDATE OF o
      ), paid AS (
        UPDATE orders o SET ${ORDER_PAID_SET_SQL}, ${moveWhereAllowedSetSql('confirm_payment', 'decided', windowMs)}
          FROM decided
         WHERE o.id = decided.id AND o.payment_status = 'unpaid'
        RETURNING o.id, ${moveAllowedSql('confirm_payment', 'decided', windowMs)} AS confirmed
      ), captured_event AS (${outboxInsertSql({ type: 'payment.captured', from: 'pay', ids: { paymentId: 'id', orderId: 'order_id' } })}
      ), paid_event AS (${outboxInsertSql({ type: 'order.paid', from: 'paid', ids: { orderId: 'id' } })}
      ), confirmed_event AS (${outboxInsertSql(moveEventSql('confirm_payment', 'paid', Prisma.sql`paid.confirmed`))})
      SELECT coalesce((SELECT confirmed FROM paid), false) AS confirmed`,
    );
    return row!.confirmed;
  }

  /** Records a placed order as a network order. */
  async recordNetworkOrder(tx: Transaction, record: NetworkOrderRecord): Promise<void> {
    await tx.ondcOrder.create({ data: record });
  }

  /** The order id of transaction `transactionId`'s network order, if it has one. */
  async orderOfTransaction(transactionId: string): Promise<number | null> {
    const row = await this.prisma.ondcOrder.findUnique({ where: { transactionId }, select: { orderId: true } });
    return row?.orderId ?? null;
  }

  /** The network order `ondcOrderId` of buyer app `bapId`, or null. */
  async orderIdOf(bapId: string, ondcOrderId: string): Promise<number | null> {
    const row = await this.prisma.ondcOrder.findUnique({
      where: { ondcOrderId },
      select: { orderId: true, bapId: true },
    });
    return row && row.bapId === bapId ? row.orderId : null;
  }

  /** A network order with its one shipment, its lines and the confirm that placed it; null for any other order. */
  async networkOrder(orderId: number, db: Db = this.prisma): Promise<NetworkOrderRow | null> {
    const [row] = await queryRows(
      db,
      NETWORK_ORDER_ROW,
      Prisma.sql`
      SELECT n.order_id, n.ondc_order_id, n.transaction_id, n.bap_id, n.bap_uri, n.payment_type, n.collected_by,
             n.finder_fee_type, n.finder_fee_value, n.finder_fee_paise, n.cancel_reason_code, n.cancelled_by,
             o.status, o.payment_method, o.payment_status, o.subtotal_paise, o.shipping_paise, o.total_paise,
             o.created_at, o.updated_at, o.cancelled_at, o.delivered_at, o.shipped_at, o.cancel_reason,
             s.status::text AS shipment_status, s.packed_at, s.handed_over_at, s.carrier, s.tracking_number,
             (SELECT json_agg(json_build_object('productId', i.product_id, 'sellerId', i.seller_id,
                                                'name', i.product_name, 'unitPaise', i.unit_price_paise,
                                                'quantity', i.quantity) ORDER BY i.id)
                FROM order_items i WHERE i.order_id = o.id) AS lines,
             (SELECT c.body FROM ondc_calls a JOIN ondc_calls c ON c.id = a.reply_to_id
               WHERE a.order_id = o.id AND a.action = 'on_confirm' ORDER BY a.id LIMIT 1) AS confirm_body
        FROM ondc_orders n
        JOIN orders o ON o.id = n.order_id
        LEFT JOIN LATERAL (SELECT * FROM shipments s WHERE s.order_id = o.id ORDER BY s.id LIMIT 1) s ON true
       WHERE n.order_id = ${orderId}`,
    );
    return row ?? null;
  }

  /**
   * The buyer app's cancellation: the order process's cancel move (libs/orders: within the 8-hour window, while not
   * shipped; restocks and cancels the shipment in the same statement) with the buyer's reason, and the ONDC reason
   * and who cancelled on ondc_orders. Answers whether the order moved.
   */
  async cancelByBuyerApp(
    tx: Transaction,
    move: { orderId: number; reason: string; reasonCode: string; windowMs: number },
  ): Promise<boolean> {
    const moved = await queryRows(
      tx,
      ID_ROW,
      Prisma.sql`
      WITH ${orderMoveSql({ action: 'cancel', orders: Prisma.sql`o.id = ${move.orderId}`, windowMs: move.windowMs, reason: move.reason, returning: Prisma.sql`o.id` })},
      marked AS (
        UPDATE ondc_orders n SET cancel_reason_code = ${move.reasonCode}, cancelled_by = 'buyer_app'
          FROM moved WHERE n.order_id = moved.id
        RETURNING n.order_id
      )
      SELECT id FROM moved`,
    );
    return moved.length > 0;
  }

  /** Records Mandi's own cancellation of a network order (once; a buyer app's is kept). */
  async markSellerCancelled(tx: Transaction, orderId: number, reasonCode: string): Promise<void> {
    await tx.ondcOrder.updateMany({
      where: { orderId, cancelledBy: null },
      data: { cancelReasonCode: reasonCode, cancelledBy: 'seller_node' },
    });
  }

  /** Whether the buyer app has answered (ACK or NACK) the unsolicited callback of `key`; false while not recorded. */
  async callbackAnswered(key: string): Promise<boolean> {
    const call = await this.prisma.ondcCall.findUnique({ where: { unsolicitedKey: key }, select: { ackStatus: true } });
    return call?.ackStatus !== null && call?.ackStatus !== undefined;
  }

  /** The order callbacks Mandi sent of an order that describe it (on_confirm, on_status), oldest first. */
  async describedOrders(orderId: number, db: Db = this.prisma): Promise<unknown[]> {
    const calls = await db.ondcCall.findMany({
      where: { direction: 'outbound', orderId, action: { in: ['on_confirm', 'on_status'] } },
      orderBy: { id: 'asc' },
      select: { body: true },
    });
    return calls.map((call) => call.body);
  }

  /** The first invoice issued for an order (a network order has one provider, so one supplier); null before. */
  async invoiceIdOf(orderId: number, db: Db = this.prisma): Promise<number | null> {
    const invoice = await db.invoice.findFirst({ where: { orderId }, orderBy: { id: 'asc' }, select: { id: true } });
    return invoice?.id ?? null;
  }

  /** A seller's PAN as their business profile seals it; null without a profile. */
  async sealedPanOf(sellerId: number, db: Db = this.prisma): Promise<Uint8Array | null> {
    const profile = await db.sellerProfile.findUnique({ where: { userId: sellerId }, select: { panSealed: true } });
    return profile?.panSealed ?? null;
  }

  /** The finder fee the buyer app named earlier in transaction `transactionId` (its search, select or init). */
  async earlierPayment(transactionId: string, bapId: string): Promise<unknown[]> {
    const calls = await this.prisma.ondcCall.findMany({
      where: { direction: 'inbound', transactionId, bapId, action: { in: ['search', 'select', 'init', 'confirm'] } },
      orderBy: { id: 'desc' },
      select: { body: true },
    });
    return calls.map((call) => {
      const message = (call.body as { message?: { intent?: { payment?: unknown }; order?: { payment?: unknown } } })
        .message;
      return message?.order?.payment ?? message?.intent?.payment ?? null;
    });
  }
}
