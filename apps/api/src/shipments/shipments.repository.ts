import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';
import type { HandOver, OrderStatus, SellerReviewStatus, ShipmentStatus } from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';
import { orderMoveSql } from '@mandi/orders';
import { shipmentJsonSql, type ShipmentJson } from './shipment-row.js';

/** A shipment with what its moves are decided on: whose it is and the state of its order. */
const SHIPMENT_STATE_ROW = sqlRow('shipment state', {
  id: 'int',
  order_id: 'int',
  seller_id: 'int',
  status: 'shipment_status',
  order_status: 'order_status',
});
export interface ShipmentState {
  id: number;
  order_id: number;
  seller_id: number;
  status: ShipmentStatus;
  order_status: OrderStatus;
}

const MOVED_ROW = sqlRow('moved shipment', { shipment: narrowed<ShipmentJson | null>('json') });

/** A part of an order as its pages show it. */
export interface OrderShipmentJson extends ShipmentJson {
  seller_uid: string;
  seller_username: string;
  order_item_ids: number[];
}

/** Sellers' parts of orders (docs/shipments.md). */
@Injectable()
export class ShipmentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The shipment and its order's state, or null. */
  async state(id: number): Promise<ShipmentState | null> {
    const [row] = await queryRows(
      this.prisma,
      SHIPMENT_STATE_ROW,
      Prisma.sql`SELECT s.id, s.order_id, s.seller_id, s.status, o.status AS order_status
                   FROM shipments s JOIN orders o ON o.id = s.order_id WHERE s.id = ${id}`,
    );
    return row ?? null;
  }

  /** Where the seller's business profile is, or null without one. */
  async reviewOf(sellerId: number): Promise<SellerReviewStatus | null> {
    const [row] = await queryRows(
      this.prisma,
      sqlRow('seller review', { status: 'seller_review_status' }),
      Prisma.sql`SELECT status FROM seller_profiles WHERE user_id = ${sellerId}`,
    );
    return row?.status ?? null;
  }

  /**
   * Marks seller `sellerId`'s shipment `id` packed, from to_pack, on a confirmed order, with its outbox event, in one
   * statement. Null when the rule refused it (the caller finds out why).
   */
  async pack(id: number, sellerId: number): Promise<ShipmentJson | null> {
    const [row] = await queryRows(
      this.prisma,
      MOVED_ROW,
      Prisma.sql`
      WITH moved AS (
        UPDATE shipments s SET status = 'packed', packed_at = now(), updated_at = now()
          FROM orders o
         WHERE s.id = ${id} AND s.seller_id = ${sellerId} AND s.status = 'to_pack'
           AND o.id = s.order_id AND o.status = 'confirmed'
        RETURNING s.*
      ), events AS (${outboxInsertSql({ type: 'shipment.packed', from: 'moved', ids: { shipmentId: 'id', orderId: 'order_id' } })})
      SELECT (SELECT ${shipmentJsonSql('moved')} FROM moved) AS shipment`,
    );
    return row!.shipment;
  }

  /**
   * Hands seller `sellerId`'s packed shipment `id` over, and when it was the last of its confirmed order not handed
   * over, moves the order to shipped through the order process's own move (its event mails the buyer). The order's row
   * is locked first, so two sellers handing over the last two parts at once take turns, and the second one sees the
   * first's part handed over: exactly one of them ships the order. Null when the rule refused the hand-over.
   */
  async handOver(id: number, sellerId: number, how: HandOver, windowMs: number): Promise<ShipmentJson | null> {
    return this.prisma.$transaction(async (tx) => {
      const [order] = await queryRows(
        tx,
        sqlRow('locked order', { id: 'int' }),
        Prisma.sql`SELECT o.id FROM orders o JOIN shipments s ON s.order_id = o.id WHERE s.id = ${id}
                      FOR NO KEY UPDATE OF o`,
      );
      if (!order) return null;
      const carrier = how.self_delivery ? null : how.carrier.trim();
      const tracking = how.self_delivery ? null : how.tracking_number.trim();
      const [handed] = await queryRows(
        tx,
        MOVED_ROW,
        Prisma.sql`
        WITH moved AS (
          UPDATE shipments s SET status = 'handed_over', carrier = ${carrier}, tracking_number = ${tracking},
                 self_delivery = ${how.self_delivery}, handed_over_at = now(), updated_at = now()
            FROM orders o
           WHERE s.id = ${id} AND s.seller_id = ${sellerId} AND s.status = 'packed'
             AND o.id = s.order_id AND o.status = 'confirmed'
          RETURNING s.*
        ), events AS (${outboxInsertSql({ type: 'shipment.handed_over', from: 'moved', ids: { shipmentId: 'id', orderId: 'order_id' } })})
        SELECT (SELECT ${shipmentJsonSql('moved')} FROM moved) AS shipment`,
      );
      if (!handed!.shipment) return null;
      // A statement of its own, so it sees this part handed over; the order's lock keeps the others waiting.
      await queryRows(
        tx,
        sqlRow('shipped order', { shipped: 'int' }),
        Prisma.sql`
        WITH ${orderMoveSql({
          action: 'mark_shipped',
          orders: Prisma.sql`o.id = ${order.id}
            AND NOT EXISTS (SELECT 1 FROM shipments x WHERE x.order_id = o.id AND x.status <> 'handed_over')`,
          windowMs,
          returning: Prisma.sql`o.id`,
        })}
        SELECT count(*)::int AS shipped FROM moved`,
      );
      return handed!.shipment;
    });
  }

  /** The buyer of order `orderId`, or null when there is no such order. */
  async buyerOf(orderId: number): Promise<number | null> {
    const [row] = await queryRows(
      this.prisma,
      sqlRow('order buyer', { user_id: 'int' }),
      Prisma.sql`SELECT user_id FROM orders WHERE id = ${orderId}`,
    );
    return row?.user_id ?? null;
  }

  /** The parts of order `orderId`, Mandi's own (the official seller, `officialSellerUid`) first, then by seller. */
  async ofOrder(orderId: number, officialSellerUid: string | null): Promise<OrderShipmentJson[]> {
    const [row] = await queryRows(
      this.prisma,
      sqlRow('order shipments', { shipments: narrowed<OrderShipmentJson[]>('json') }),
      Prisma.sql`
      SELECT coalesce(json_agg(
               ${shipmentJsonSql('s')}::jsonb || jsonb_build_object(
                 'seller_uid', u.firebase_uid, 'seller_username', u.username,
                 'order_item_ids', (SELECT json_agg(i.id ORDER BY i.id) FROM order_items i
                                     WHERE i.order_id = s.order_id AND i.seller_id = s.seller_id))
               ORDER BY u.firebase_uid IS DISTINCT FROM ${officialSellerUid}, s.id), '[]'::json) AS shipments
        FROM shipments s JOIN users u ON u.id = s.seller_id
       WHERE s.order_id = ${orderId}`,
    );
    return row!.shipments;
  }
}
