import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import type { AddressInput } from '@mandi/domain';
import { orderMoveSql, windowClosesAtSql } from '@mandi/orders';
import { ORDER_ADDRESS_JSON } from './order-address.sql.js';
import { ORDER_STATE_ROW, orderStateSql, type OrderStateRow } from './order-sql.js';

/** One line of an order as the buyer's pages show it. */
export interface OrderLineRow {
  id: number;
  name: string;
  image_key: string | null;
  quantity: number;
  unit_price_paise: number;
}

/** An order card of My Orders. */
export interface BuyerOrderRow {
  id: number;
  /** JSON text of a timestamptz (the row comes back inside json_agg). */
  created_at: string;
  status: OrderStateRow['status'];
  items: OrderLineRow[];
}

/** A page of My Orders and how many orders the buyer has. */
const BUYER_ORDERS_ROW = sqlRow('buyer orders', { total: 'int', orders: narrowed<BuyerOrderRow[]>('json') });

/** An order with everything its details page shows. */
const ORDER_DETAIL_ROW = sqlRow('order detail', {
  id: 'int',
  user_id: 'int',
  created_at: 'timestamptz',
  window_closes_at: 'timestamptz',
  status: narrowed<OrderStateRow['status']>('text'),
  payment_status: narrowed<OrderStateRow['payment_status']>('text'),
  payment_method: narrowed<'online' | 'cod'>('text'),
  subtotal_paise: 'int',
  shipping_paise: 'int',
  total_paise: 'int',
  /** The delivery address copied at checkout. */
  address: narrowed<AddressInput>('json'),
  cancel_reason: 'text | null',
  items: narrowed<OrderLineRow[]>('json'),
  /** The order's documents whose PDF can be downloaded: invoices (Mandi's first), then credit notes. */
  documents: narrowed<OrderDocumentRow[]>('json'),
});

/** One downloadable document of an order. */
export interface OrderDocumentRow {
  id: number;
  kind: 'tax_invoice' | 'bill_of_supply' | 'credit_note';
  number: string;
  /** The seller's legal name; null on Mandi's own. */
  supplier: string | null;
  issued_at: string;
  /** For a credit note, the invoice it reverses. */
  invoice_id: number | null;
}

/**
 * The downloadable documents of the order `o`, as JSON: its invoices, Mandi's own first, then credit notes, each in
 * the order issued.
 */
const ORDER_DOCUMENTS_JSON = Prisma.sql`
  (SELECT coalesce(json_agg(d ORDER BY d.credit, d.mandi DESC, d.id), '[]'::json) FROM (
     SELECT v.id, v.kind::text AS kind, v.number, v.supplier_name AS supplier, v.issued_at, NULL::int AS invoice_id,
            false AS credit, v.seller_id IS NULL AS mandi
       FROM invoices v WHERE v.order_id = o.id AND v.pdf_file_key IS NOT NULL
     UNION ALL
     SELECT c.id, 'credit_note', c.number, v.supplier_name, c.issued_at, c.invoice_id, true, c.seller_id IS NULL
       FROM credit_notes c JOIN invoices v ON v.id = c.invoice_id
      WHERE c.order_id = o.id AND c.pdf_file_key IS NOT NULL) d)`;
/** A row of {@link ORDER_DETAIL_ROW}. */
export type OrderDetailRow = RowOf<typeof ORDER_DETAIL_ROW>;

/** The order after an accepted cancellation request. */
const CANCEL_REQUESTED_ROW = sqlRow('cancel requested', {
  id: 'int',
  status: narrowed<'cancel_requested'>('text'),
  cancel_reason: 'text',
});
/** A row of {@link CANCEL_REQUESTED_ROW}. */
export type CancelRequestedRow = RowOf<typeof CANCEL_REQUESTED_ROW>;

/**
 * The buyer's side of orders. Each read is one statement (the lines, documents and totals come along as JSON), and
 * the one change, a cancellation request, is one conditional UPDATE with its outbox row, so it is all or nothing and
 * no interactive transaction is held open.
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A page of `userId`'s orders, newest first, with their lines, and how many orders the buyer has: one statement. */
  async ofBuyer(userId: number, page: number, perPage: number): Promise<{ total: number; orders: BuyerOrderRow[] }> {
    const [result] = await queryRows(
      this.prisma,
      BUYER_ORDERS_ROW,
      Prisma.sql`
      WITH mine AS (
        SELECT o.id, o.created_at, o.status
          FROM orders o
         WHERE o.user_id = ${userId}
         ORDER BY o.created_at DESC, o.id DESC
         LIMIT ${perPage} OFFSET ${(page - 1) * perPage}
      )
      SELECT (SELECT count(*)::int FROM orders WHERE user_id = ${userId}) AS total,
             coalesce((
               SELECT json_agg(json_build_object('id', m.id, 'created_at', m.created_at, 'status', m.status, 'items', (
                        SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.product_name, 'image_key', i.image_key,
                                                                   'quantity', i.quantity, 'unit_price_paise', i.unit_price_paise)
                                                 ORDER BY i.id), '[]'::json)
                          FROM order_items i WHERE i.order_id = m.id))
                      ORDER BY m.created_at DESC, m.id DESC)
                 FROM mine m), '[]'::json) AS orders`,
    );
    return result!;
  }

  /** Order `id` with its lines, payment, address copy and downloadable documents, or null: one statement. */
  async detail(id: number, windowMs: number): Promise<OrderDetailRow | null> {
    const rows = await queryRows(
      this.prisma,
      ORDER_DETAIL_ROW,
      Prisma.sql`
      SELECT o.id, o.user_id, o.created_at, ${windowClosesAtSql('o', windowMs)} AS window_closes_at,
             o.status::text AS status, o.payment_status::text AS payment_status, o.payment_method::text AS payment_method,
             o.subtotal_paise, o.shipping_paise, o.total_paise,
             ${ORDER_ADDRESS_JSON} AS address, o.cancel_reason,
             (SELECT coalesce(json_agg(json_build_object('id', i.id, 'name', i.product_name, 'image_key', i.image_key,
                                                         'quantity', i.quantity, 'unit_price_paise', i.unit_price_paise)
                                       ORDER BY i.id), '[]'::json)
                FROM order_items i WHERE i.order_id = o.id) AS items,
             ${ORDER_DOCUMENTS_JSON} AS documents
        FROM orders o
       WHERE o.id = ${id}`,
    );
    return rows[0] ?? null;
  }

  /**
   * The buyer's cancellation request: order `id` of `userId` moves to cancel_requested with `reason` only while it is
   * pending and its window is open by the database clock, and order.cancel_requested goes to the outbox in the same
   * statement. Null when nothing matched (see {@link state} for why).
   */
  async requestCancel(
    id: number,
    userId: number,
    reason: string,
    windowMs: number,
  ): Promise<CancelRequestedRow | null> {
    const rows = await queryRows(
      this.prisma,
      CANCEL_REQUESTED_ROW,
      Prisma.sql`
      WITH ${orderMoveSql({
        action: 'request_cancel',
        orders: Prisma.sql`o.id = ${id} AND o.user_id = ${userId}`,
        windowMs,
        reason,
        returning: Prisma.sql`o.id, o.status::text AS status, o.cancel_reason`,
      })}
      SELECT id, status, cancel_reason FROM moved`,
    );
    return rows[0] ?? null;
  }

  /** Order `id` as it is now, read in a statement of its own so it sees what a concurrent change committed. */
  async state(id: number, windowMs: number): Promise<OrderStateRow | null> {
    const rows = await queryRows(this.prisma, ORDER_STATE_ROW, orderStateSql(id, windowMs));
    return rows[0] ?? null;
  }
}
