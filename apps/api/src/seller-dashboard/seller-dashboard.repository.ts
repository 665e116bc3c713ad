import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import {
  INDIA_TIME_ZONE,
  SELLER_DASHBOARD_LIMITS,
  SELLER_ORDER_PERIOD_SPANS,
  SELLER_SALES_STATUSES,
  SELLER_SEES_BUYER_STATUSES,
  type AddressInput,
  type OrderStatus,
  type SellerOrderPeriod,
  type SellerOrderStatusFilter,
} from '@mandi/domain';
import { windowClosesAtSql, windowRuleSql } from '@mandi/orders';
import { ORDER_ADDRESS_JSON } from '../orders/order-address.sql.js';
import { shipmentJsonSql, type ShipmentJson } from '../shipments/shipment-row.js';

/** The seller whose dashboard it is: an active (not deleted) user. */
const SELLER_ROW = sqlRow('seller', { id: 'int', uid: 'text', username: 'text' });
/** A row of {@link SELLER_ROW}. */
export type SellerRow = RowOf<typeof SELLER_ROW>;

/** One of the seller's lines of an order (JSON inside the order row). */
export interface SellerLineRow {
  id: number;
  product_id: number | null;
  name: string;
  image_key: string | null;
  quantity: number;
  unit_price_paise: number;
}

/** An order with the seller's products, as the dashboard lists it (the row comes back inside json_agg). */
export interface SellerOrderRow {
  id: number;
  /** JSON text of a timestamptz. */
  created_at: string;
  window_closes_at: string;
  window_left_ms: number;
  status: OrderStatus;
  district: string;
  pincode: string;
  /** The delivery address copy, only for the states in which the seller may see it. */
  buyer: AddressInput | null;
  lines: SellerLineRow[];
  /** The seller's part of the order. */
  shipment: ShipmentJson;
}

/** The seller's sales over one period: their lines' total in paise, orders and packs. */
export interface SalesRow {
  amount_paise: number;
  orders: number;
  packs: number;
}

/** A page of the seller's orders (as JSON) and how many there are. */
const SELLER_ORDERS_ROW = sqlRow('seller orders', { total: 'int', orders: narrowed<SellerOrderRow[]>('json') });

/** The seller's sales of today, the last 7 and the last 30 days. */
const SALES_ROW = sqlRow('seller sales', {
  today: narrowed<SalesRow>('json'),
  last_7_days: narrowed<SalesRow>('json'),
  last_30_days: narrowed<SalesRow>('json'),
});

/** A product of the seller's as the attention list shows it. */
const ATTENTION_ROW = sqlRow('attention product', {
  id: 'int',
  name: 'text',
  price_paise: 'int',
  stock: 'int | null',
  valid_until: 'timestamptz',
  image_key: 'text | null',
  sold_out: 'bool',
  expiring: 'bool',
  expired: 'bool',
});
/** A row of {@link ATTENTION_ROW}. */
export type AttentionRow = RowOf<typeof ATTENTION_ROW>;

/** What the order list asks for. */
export interface SellerOrderSearch {
  status: SellerOrderStatusFilter;
  period: SellerOrderPeriod;
  page: number;
  perPage: number;
}

/**
 * The seller's dashboard reads: each is one statement. A seller's orders are found through order_items' index on
 * (seller_id, order_id DESC) (order ids grow with time, so newest first is id order), and only the seller's own
 * lines come along; the buyer's details are selected only for the states SELLER_SEES_BUYER_STATUSES names, so they
 * never leave the database otherwise. The product changes are SellerProductActionsService's (an edit's rules).
 */
@Injectable()
export class SellerDashboardRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The active user behind Firebase uid `uid`, or null. */
  async findSeller(uid: string): Promise<SellerRow | null> {
    const rows = await queryRows(
      this.prisma,
      SELLER_ROW,
      Prisma.sql`
      SELECT u.id, u.firebase_uid AS uid, u.username::text AS username
        FROM users u
       WHERE u.firebase_uid = ${uid} AND u.deleted_at IS NULL`,
    );
    return rows[0] ?? null;
  }

  /** A page of the orders with seller `sellerId`'s products in `search`'s state and period, newest first, and their number. */
  async orders(
    sellerId: number,
    search: SellerOrderSearch,
    windowMs: number,
  ): Promise<{ total: number; orders: SellerOrderRow[] }> {
    const since = sinceSql(search.period);
    // Unfiltered (the page's first view), the seller's orders are the index alone; a filter reads each order's row.
    const matched =
      search.status === 'all' && since === null
        ? Prisma.sql`SELECT DISTINCT i.order_id AS id FROM order_items i WHERE i.seller_id = ${sellerId}`
        : Prisma.sql`
            SELECT o.id
              FROM orders o
             WHERE o.id IN (SELECT i.order_id FROM order_items i WHERE i.seller_id = ${sellerId})
               ${search.status === 'all' ? Prisma.empty : Prisma.sql`AND o.status = ${search.status}::order_status`}
               ${since === null ? Prisma.empty : Prisma.sql`AND o.created_at >= ${since}`}`;
    const closesAt = windowClosesAtSql('o', windowMs);
    const [result] = await queryRows(
      this.prisma,
      SELLER_ORDERS_ROW,
      Prisma.sql`
      WITH matched AS (${matched}),
      page AS (
        SELECT m.id FROM matched m ORDER BY m.id DESC LIMIT ${search.perPage} OFFSET ${(search.page - 1) * search.perPage}
      )
      SELECT (SELECT count(*)::int FROM matched) AS total,
             coalesce((
               SELECT json_agg(r ORDER BY r.id DESC) FROM (
                 SELECT o.id, o.created_at, o.status::text AS status,
                        o.address_district AS district, o.address_pincode AS pincode,
                        CASE WHEN o.status::text IN (${Prisma.join(SELLER_SEES_BUYER_STATUSES)}) THEN ${ORDER_ADDRESS_JSON} END AS buyer,
                        ${closesAt} AS window_closes_at,
                        CASE WHEN ${windowRuleSql('o', windowMs, 'open')}
                             THEN floor(extract(epoch FROM ${closesAt} - now()) * 1000)::bigint ELSE 0 END AS window_left_ms,
                        (SELECT json_agg(json_build_object('id', i.id, 'product_id', i.product_id, 'name', i.product_name,
                                                           'image_key', i.image_key, 'quantity', i.quantity,
                                                           'unit_price_paise', i.unit_price_paise) ORDER BY i.id)
                           FROM order_items i WHERE i.order_id = o.id AND i.seller_id = ${sellerId}) AS lines,
                        (SELECT ${shipmentJsonSql('s')} FROM shipments s
                          WHERE s.order_id = o.id AND s.seller_id = ${sellerId}) AS shipment
                   FROM page p JOIN orders o ON o.id = p.id
               ) r), '[]'::json) AS orders`,
    );
    return result!;
  }

  /**
   * Seller `sellerId`'s sales of today (from midnight in India), the last 7 and the last 30 days: the lines of orders
   * in SELLER_SALES_STATUSES, by the database clock.
   */
  async sales(sellerId: number): Promise<{ today: SalesRow; last_7_days: SalesRow; last_30_days: SalesRow }> {
    const figure = (period: Exclude<SellerOrderPeriod, 'all'>) => {
      const within = Prisma.sql`FILTER (WHERE o.created_at >= ${sinceSql(period)})`;
      return Prisma.sql`json_build_object(
        'amount_paise', coalesce(sum(i.unit_price_paise::bigint * i.quantity) ${within}, 0),
        'orders', count(DISTINCT o.id) ${within},
        'packs', coalesce(sum(i.quantity) ${within}, 0))`;
    };
    const [row] = await queryRows(
      this.prisma,
      SALES_ROW,
      Prisma.sql`
      SELECT ${figure('today')} AS today, ${figure('7d')} AS last_7_days, ${figure('30d')} AS last_30_days
        FROM order_items i
        JOIN orders o ON o.id = i.order_id
       WHERE i.seller_id = ${sellerId}
         AND o.status::text IN (${Prisma.join(SELLER_SALES_STATUSES)})
         AND o.created_at >= least(${sinceSql('today')}, ${sinceSql('30d')})`,
    );
    return row!;
  }

  /**
   * Seller `sellerId`'s products that need attention: sold out (stock 0), or valid for less than
   * SELLER_DASHBOARD_LIMITS.expiringWithinMs more, unless they expired longer than recentlyExpiredMs ago. Those that
   * cannot be bought now (sold out or expired) come first, then the rest expiring soonest first.
   */
  attention(sellerId: number): Promise<AttentionRow[]> {
    const { expiringWithinMs, recentlyExpiredMs, attentionMax } = SELLER_DASHBOARD_LIMITS;
    return queryRows(
      this.prisma,
      ATTENTION_ROW,
      Prisma.sql`
      ${attentionColumnsSql()}
       WHERE p.seller_id = ${sellerId}
         AND p.valid_until > now() - ${msSql(recentlyExpiredMs)}
         AND (p.stock = 0 OR p.valid_until <= now() + ${msSql(expiringWithinMs)})
       ORDER BY (coalesce(p.stock = 0, false) OR p.valid_until <= now()) DESC, p.valid_until, p.id
       LIMIT ${attentionMax}`,
    );
  }

  /** Product `productId` of seller `sellerId` as the attention list shows it, whether it still needs attention or not. */
  async attentionProduct(sellerId: number, productId: number): Promise<AttentionRow | null> {
    const rows = await queryRows(
      this.prisma,
      ATTENTION_ROW,
      Prisma.sql`
      ${attentionColumnsSql()}
       WHERE p.id = ${productId} AND p.seller_id = ${sellerId}`,
    );
    return rows[0] ?? null;
  }
}

/** `ms` milliseconds as an SQL interval. */
function msSql(ms: number): Prisma.Sql {
  return Prisma.sql`(${ms}::double precision * interval '1 millisecond')`;
}

/** Where `period` starts by the database clock (SELLER_ORDER_PERIOD_SPANS), or null for no bound. */
function sinceSql(period: Exclude<SellerOrderPeriod, 'all'>): Prisma.Sql;
function sinceSql(period: SellerOrderPeriod): Prisma.Sql | null;
function sinceSql(period: SellerOrderPeriod): Prisma.Sql | null {
  const span = SELLER_ORDER_PERIOD_SPANS[period];
  if (span === null) return null;
  // Midnight of today's date in India, as an instant.
  if (span === 'india_day')
    return Prisma.sql`(date_trunc('day', now() AT TIME ZONE ${INDIA_TIME_ZONE}) AT TIME ZONE ${INDIA_TIME_ZONE})`;
  return Prisma.sql`(now() - ${msSql(span)})`;
}

/** The SELECT of an {@link AttentionRow} over `products p`, its first image's thumbnail (or the image until made). */
function attentionColumnsSql(): Prisma.Sql {
  const { expiringWithinMs } = SELLER_DASHBOARD_LIMITS;
  return Prisma.sql`
    SELECT p.id, p.name, p.price_paise, p.stock, p.valid_until,
           (SELECT coalesce(pi.thumb_key, pi.file_key) FROM product_images pi
             WHERE pi.product_id = p.id ORDER BY pi.position LIMIT 1) AS image_key,
           coalesce(p.stock = 0, false) AS sold_out,
           (p.valid_until > now() AND p.valid_until <= now() + ${msSql(expiringWithinMs)}) AS expiring,
           (p.valid_until <= now()) AS expired
      FROM products p`;
}
