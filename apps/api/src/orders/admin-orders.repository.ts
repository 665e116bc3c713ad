import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import type { AdminOrderAction, AdminOrderFilter } from '@mandi/domain';
import { auditInsertSql, outboxInsertSql } from '@mandi/events';
import { ORDER_PAID_SET_SQL, orderMoveSql, windowClosesAtSql } from '@mandi/orders';
import { adminOrderSearchSql, adminOrderSinceSql } from './admin-order-search.sql.js';
import { ORDER_STATE_ROW, orderStateSql, type OrderStateRow } from './order-sql.js';

/** An order row of the admin panel as the database gives it (rowSql below). */
const ADMIN_ORDER_ROW = sqlRow('admin order', {
  id: 'int',
  username: 'text',
  email: 'text',
  address_name: 'text',
  area_or_street_or_village: 'text',
  district: 'text',
  pincode: 'text',
  status: narrowed<OrderStateRow['status']>('text'),
  payment_status: narrowed<OrderStateRow['payment_status']>('text'),
  payment_method: narrowed<'online' | 'cod'>('text'),
  total_paise: 'int',
  /** A Date from a column; JSON text when the row came back inside json_agg. */
  created_at: narrowed<Date | string>('timestamptz'),
  window_closes_at: narrowed<Date | string>('timestamptz'),
  cancel_reason: 'text | null',
  items:
    narrowed<
      { id: number; product_id: number | null; product_name: string; quantity: number; unit_price_paise: number }[]
    >('json'),
});
/** A row of {@link ADMIN_ORDER_ROW}. */
export type AdminOrderRow = RowOf<typeof ADMIN_ORDER_ROW>;

/** A page of the admin list (its rows as JSON) and how many orders match. */
const ADMIN_ORDERS_PAGE_ROW = sqlRow('admin orders page', { total: 'int', orders: narrowed<AdminOrderRow[]>('json') });

/** What the admin list asks for. */
export interface AdminOrderSearch {
  filter: AdminOrderFilter;
  search?: string;
  page: number;
  perPage: number;
}

/**
 * Orders as the admin panel lists and moves them. The list is one statement (the page, its lines and the count), and
 * every move is ONE conditional UPDATE that writes its outbox rows in the same statement and answers the row as it
 * is afterwards: two admins, or an admin and the deadline job, racing for one order serialise on its row, and the
 * later one no longer matches its WHERE and changes nothing.
 */
@Injectable()
export class AdminOrdersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * A page of the orders created within `filter` (by the database clock), newest first, optionally only those that
   * `search` finds, with the number of orders that match: one statement either way. Without a search the page is read
   * straight off orders_created_at_id_idx and counted from it; with one, the matching orders are found once (each
   * branch of the search by an index of its own) and both paged and counted from that set.
   */
  async list(query: AdminOrderSearch, windowMs: number): Promise<{ total: number; orders: AdminOrderRow[] }> {
    const since = adminOrderSinceSql(query.filter);
    const window = Prisma.sql`LIMIT ${query.perPage} OFFSET ${(query.page - 1) * query.perPage}`;
    const orders = Prisma.sql`coalesce((SELECT json_agg(row_to_json(r) ORDER BY r.created_at DESC, r.id DESC)
                                          FROM (${rowSql(Prisma.sql`page`, windowMs)}) r), '[]'::json)`;
    const [result] = query.search
      ? await queryRows(
          this.prisma,
          ADMIN_ORDERS_PAGE_ROW,
          Prisma.sql`
          WITH matched AS MATERIALIZED (${adminOrderSearchSql(query.search, since)}),
          page AS (
            SELECT o.* FROM (SELECT m.id FROM matched m ORDER BY m.created_at DESC, m.id DESC ${window}) m
              JOIN orders o ON o.id = m.id
          )
          SELECT (SELECT count(*)::int FROM matched) AS total, ${orders} AS orders`,
        )
      : await queryRows(
          this.prisma,
          ADMIN_ORDERS_PAGE_ROW,
          Prisma.sql`
          WITH page AS (
            SELECT o.* FROM orders o WHERE o.created_at >= ${since} ORDER BY o.created_at DESC, o.id DESC ${window}
          )
          SELECT (SELECT count(*)::int FROM orders o WHERE o.created_at >= ${since}) AS total, ${orders} AS orders`,
        );
    return result!;
  }

  /**
   * Makes `move` on order `id` if, and only if, its state allows it right now (the window by the database clock),
   * with its events in the outbox and the admin's row in the audit trail; returns the order afterwards, or null when
   * nothing matched. Marking paid also captures a cash-on-delivery order's payment row.
   *
   * `prior` locks the order first and reads it as it is (after any concurrent change it waited for), so the audit row's
   * `before` is the state this move really left; the move's UPDATE reads `prior`, which makes it wait for that lock.
   */
  async move(
    move: AdminOrderAction,
    id: number,
    windowMs: number,
    adminId: number,
    cancelReason?: string,
  ): Promise<AdminOrderRow | null> {
    const ofPrior = Prisma.sql`o.id = ${id} AND o.id IN (SELECT prior.id FROM prior)`;
    const rows = await queryRows(
      this.prisma,
      ADMIN_ORDER_ROW,
      Prisma.sql`
      WITH prior AS (
        SELECT o.id, o.status::text AS status, o.payment_status::text AS payment_status FROM orders o
         WHERE o.id = ${id} FOR NO KEY UPDATE
      ), ${move === 'mark_paid' ? markPaidSql(ofPrior) : orderMoveSql({ action: move, orders: ofPrior, windowMs, reason: cancelReason })},
      move_audit AS (
        SELECT moved.id, prior.status AS before_status, prior.payment_status AS before_payment,
               moved.status::text AS status, moved.payment_status::text AS payment_status, moved.cancel_reason
          FROM moved JOIN prior ON prior.id = moved.id
      ), audited AS (${auditInsertSql({
        adminId,
        action: `order.${move}`,
        from: 'move_audit',
        objectId: 'id',
        before: Prisma.sql`jsonb_build_object('status', move_audit.before_status, 'payment_status', move_audit.before_payment)`,
        after: Prisma.sql`jsonb_strip_nulls(jsonb_build_object('status', move_audit.status, 'payment_status', move_audit.payment_status,
                                                              'cancel_reason', move_audit.cancel_reason))`,
      })})
      ${rowSql(Prisma.sql`moved`, windowMs)}`,
    );
    return rows[0] ?? null;
  }

  /** Order `id` as it is now, read in a statement of its own so it sees what a concurrent change committed. */
  async state(id: number, windowMs: number): Promise<OrderStateRow | null> {
    const rows = await queryRows(this.prisma, ORDER_STATE_ROW, orderStateSql(id, windowMs));
    return rows[0] ?? null;
  }
}

/**
 * Marks the order `orders` selects (on `orders o`) paid unless it is paid or cancelled (the SQL function
 * `order_may_be_marked_paid`, the rule checkMarkPaid of libs/domain words), capturing a cash-on-delivery order's payment
 * row: the `moved` CTE of a payment, not a move of the order process.
 */
function markPaidSql(orders: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`moved AS (
      UPDATE orders o SET ${ORDER_PAID_SET_SQL}
       WHERE ${orders} AND order_may_be_marked_paid(o.payment_status, o.status)
      RETURNING o.*
    ), cash AS (
      UPDATE payments p SET status = 'captured', captured_at = now(), updated_at = now()
        FROM moved WHERE p.order_id = moved.id AND p.provider = 'cod' AND p.status = 'created'
      RETURNING 1
    ), moved_events AS (${outboxInsertSql({ type: 'order.paid', from: 'moved', ids: { orderId: 'id' } })})`;
}

/** The admin row of each order in `source` (a CTE of order rows), with its buyer and lines. */
function rowSql(source: Prisma.Sql, windowMs: number): Prisma.Sql {
  return Prisma.sql`
    SELECT o.id, u.username::text AS username, u.email::text AS email, o.address_name,
           o.address_area_or_street_or_village AS area_or_street_or_village, o.address_district AS district,
           o.address_pincode AS pincode, o.status::text AS status, o.payment_status::text AS payment_status,
           o.payment_method::text AS payment_method, o.total_paise, o.created_at,
           ${windowClosesAtSql('o', windowMs)} AS window_closes_at, o.cancel_reason,
           (SELECT coalesce(json_agg(json_build_object('id', i.id, 'product_id', i.product_id, 'product_name', i.product_name,
                                                       'quantity', i.quantity, 'unit_price_paise', i.unit_price_paise) ORDER BY i.id), '[]'::json)
              FROM order_items i WHERE i.order_id = o.id) AS items
      FROM ${source} o JOIN users u ON u.id = o.user_id`;
}
