import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import { type AdminOrderFilter, type OrderStatus, type PaymentMethod, type PaymentStatus } from '@mandi/domain';
import { adminOrderSearchSql, adminOrderSinceSql } from './admin-order-search.sql.js';

/** One order of the CSV as the database gives it. */
const ADMIN_ORDER_EXPORT_ROW = sqlRow('admin order export', {
  id: 'int',
  created_at: 'timestamptz',
  username: 'text',
  email: 'text',
  address_name: 'text',
  district: 'text',
  pincode: 'text',
  state: 'text',
  status: narrowed<OrderStatus>('text'),
  payment_method: narrowed<PaymentMethod>('text'),
  payment_status: narrowed<PaymentStatus>('text'),
  total_paise: 'int',
  items: narrowed<{ product_name: string; quantity: number }[]>('json'),
});
/** A row of {@link ADMIN_ORDER_EXPORT_ROW}. */
export type AdminOrderExportRow = RowOf<typeof ADMIN_ORDER_EXPORT_ROW>;

/** The earliest creation time a filter shows. */
const SINCE_ROW = sqlRow('export since', { since: 'timestamptz' });

/** Where a batch of the export starts: after this order in the list's order (newest first, id breaking ties). */
export interface ExportCursor {
  createdAt: Date;
  id: number;
}

/**
 * The orders of the admin list's filter and search for the CSV export, read in batches by keyset (created_at, id)
 * in the list's order, so an export of 100,000 orders never holds them all in memory nor walks an OFFSET.
 */
@Injectable()
export class AdminOrdersExportRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The earliest creation time `filter` shows, by the database clock, read once so every batch uses the same instant. */
  async since(filter: AdminOrderFilter): Promise<Date> {
    const [row] = await queryRows(
      this.prisma,
      SINCE_ROW,
      Prisma.sql`
      SELECT ${adminOrderSinceSql(filter)} AS since`,
    );
    return row!.since;
  }

  /** Up to `limit` orders created since `since` (and found by `search`), after `after`, newest first. */
  batch(
    since: Date,
    search: string | undefined,
    after: ExportCursor | null,
    limit: number,
  ): Promise<AdminOrderExportRow[]> {
    const sinceSql = Prisma.sql`${since}::timestamptz`;
    const afterSql = after
      ? Prisma.sql`AND (m.created_at, m.id) < (${after.createdAt}::timestamptz, ${after.id})`
      : Prisma.empty;
    const matched = search
      ? adminOrderSearchSql(search, sinceSql)
      : Prisma.sql`SELECT s.id, s.created_at FROM orders s WHERE s.created_at >= ${sinceSql}`;
    return queryRows(
      this.prisma,
      ADMIN_ORDER_EXPORT_ROW,
      Prisma.sql`
      SELECT o.id, o.created_at, u.username::text AS username, u.email::text AS email, o.address_name,
             o.address_district AS district, o.address_pincode AS pincode, o.address_state AS state,
             o.status::text AS status, o.payment_method::text AS payment_method,
             o.payment_status::text AS payment_status, o.total_paise,
             (SELECT coalesce(json_agg(json_build_object('product_name', i.product_name, 'quantity', i.quantity) ORDER BY i.id), '[]'::json)
                FROM order_items i WHERE i.order_id = o.id) AS items
        FROM (SELECT m.id FROM (${matched}) m WHERE true ${afterSql}
               ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit}) page
        JOIN orders o ON o.id = page.id JOIN users u ON u.id = o.user_id
       ORDER BY o.created_at DESC, o.id DESC`,
    );
  }
}
