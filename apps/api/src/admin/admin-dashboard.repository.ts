import { Injectable } from '@nestjs/common';
import { ADMIN_DASHBOARD } from '@mandi/contracts';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import { INDIA_TIME_ZONE, ORDER_STATUSES, PAYMENT_METHODS, type OrderStatus, type PaymentMethod } from '@mandi/domain';
import { windowClosesAtSql, windowRuleSql } from '@mandi/orders';

/**
 * The business figures of the dashboard as the database gives them: money in paise (bigint sums inside JSON come as
 * numbers).
 */
const DASHBOARD_FIGURES_ROW = sqlRow('dashboard figures', {
  /** The period's first India day and today, 'YYYY-MM-DD'. */
  first_day: 'text',
  today: 'text',
  days: narrowed<{ day: string; orders: number; revenue_paise: number }[]>('json'),
  by_status: narrowed<{ status: OrderStatus; orders: number }[]>('json'),
  by_method: narrowed<{ method: PaymentMethod; orders: number; amount_paise: number }[]>('json'),
  top_products:
    narrowed<{ product_id: number | null; name: string; quantity: number; revenue_paise: number; orders: number }[]>(
      'json',
    ),
  top_sellers:
    narrowed<{ seller_id: number | null; name: string | null; revenue_paise: number; orders: number }[]>('json'),
  closing: narrowed<
    {
      id: number;
      buyer: string;
      status: 'pending' | 'cancel_requested';
      payment_method: PaymentMethod;
      total_paise: number;
      created_at: string;
      closes_at: string;
    }[]
  >('json'),
  closing_total: 'int',
});
/** A row of {@link DASHBOARD_FIGURES_ROW}. */
export type DashboardFigures = RowOf<typeof DASHBOARD_FIGURES_ROW>;

/**
 * The dashboard's business figures in ONE statement: the period's orders are read off orders_created_at_id_idx into
 * `recent` and, with their lines, into `earned`; every figure is an aggregate over one of the two; the closing-soon list reads
 * orders_awaiting_decision_idx. India days are computed by the database (Asia/Kolkata), so a day starts at 00:00 IST
 * whatever the server's zone.
 */
@Injectable()
export class AdminDashboardRepository {
  constructor(private readonly prisma: PrismaService) {}

  async figures(windowMs: number): Promise<DashboardFigures> {
    const zone = INDIA_TIME_ZONE;
    // Every status and both methods, in the domain's order, zeros included.
    const statuses = Prisma.sql`ARRAY[${Prisma.join(ORDER_STATUSES)}]`;
    const methods = Prisma.sql`ARRAY[${Prisma.join(PAYMENT_METHODS)}]`;
    const closingWithin = Prisma.sql`(${ADMIN_DASHBOARD.closingWithinMs}::double precision * interval '1 millisecond')`;
    const [row] = await queryRows(
      this.prisma,
      DASHBOARD_FIGURES_ROW,
      Prisma.sql`
      WITH period AS (
        -- The first India day of the period, as a local date; 'since' is its 00:00 IST as an instant.
        SELECT d AS first_day, (d::timestamp AT TIME ZONE ${zone}::text) AS since, (d + ${ADMIN_DASHBOARD.days - 1}::int) AS today
          FROM (SELECT (now() AT TIME ZONE ${zone})::date - ${ADMIN_DASHBOARD.days - 1}::int AS d) f
      ),
      recent AS MATERIALIZED (
        SELECT o.id, o.status, o.payment_method, o.total_paise::bigint AS total_paise,
               (o.created_at AT TIME ZONE ${zone})::date AS day
          FROM orders o, period p
         WHERE o.created_at >= p.since
      ),
      -- What the business earned: the lines of orders that are not cancelled, at their copied prices. Joined from orders
      -- (not from recent, whose size the planner cannot know), so it hashes the period's orders, not all of order_items:
      -- 40 ms against 65 ms for the whole statement at 100,000 orders.
      earned AS MATERIALIZED (
        SELECT i.order_id, i.product_id, i.product_name, i.seller_id, i.quantity,
               i.unit_price_paise::bigint * i.quantity AS amount_paise
          FROM period p JOIN orders o ON o.created_at >= p.since JOIN order_items i ON i.order_id = o.id
         WHERE o.status <> 'cancelled'
      ),
      per_day AS (
        SELECT day, count(*)::int AS orders, coalesce(sum(total_paise) FILTER (WHERE status <> 'cancelled'), 0) AS revenue_paise
          FROM recent GROUP BY day
      ),
      products AS (
        SELECT e.product_id, (array_agg(e.product_name ORDER BY e.order_id DESC))[1] AS name, sum(e.quantity)::int AS quantity,
               sum(e.amount_paise) AS revenue_paise, count(DISTINCT e.order_id)::int AS orders
          FROM earned e
         -- A product by its id; a deleted product's lines (no id any more) by the name they copied.
         GROUP BY e.product_id, CASE WHEN e.product_id IS NULL THEN e.product_name END
         ORDER BY revenue_paise DESC, name LIMIT ${ADMIN_DASHBOARD.top}::int
      ),
      sellers AS (
        SELECT e.seller_id, sum(e.amount_paise) AS revenue_paise, count(DISTINCT e.order_id)::int AS orders
          FROM earned e GROUP BY e.seller_id
         ORDER BY revenue_paise DESC, e.seller_id LIMIT ${ADMIN_DASHBOARD.top}::int
      ),
      closing AS (
        SELECT o.id, u.username::text AS buyer, o.status::text AS status, o.payment_method::text AS payment_method,
               o.total_paise, o.created_at, ${windowClosesAtSql('o', windowMs)} AS closes_at
          FROM orders o JOIN users u ON u.id = o.user_id
         WHERE o.status IN ('pending', 'cancel_requested')
           AND ${windowRuleSql('o', windowMs, 'open')}
           AND ${windowClosesAtSql('o', windowMs)} <= now() + ${closingWithin}
      )
      SELECT to_char(p.first_day, 'YYYY-MM-DD') AS first_day, to_char(p.today, 'YYYY-MM-DD') AS today,
        (SELECT json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'orders', coalesce(pd.orders, 0),
                                           'revenue_paise', coalesce(pd.revenue_paise, 0)) ORDER BY d.day)
           FROM (SELECT p.first_day + n AS day FROM generate_series(0, ${ADMIN_DASHBOARD.days - 1}::int) n) d
           LEFT JOIN per_day pd ON pd.day = d.day) AS days,
        (SELECT json_agg(json_build_object('status', s.status, 'orders', coalesce(c.orders, 0)) ORDER BY s.n)
           FROM unnest(${statuses}::text[]) WITH ORDINALITY s(status, n)
           LEFT JOIN (SELECT r.status::text AS status, count(*)::int AS orders FROM recent r GROUP BY r.status) c
             ON c.status = s.status) AS by_status,
        (SELECT json_agg(json_build_object('method', m.method, 'orders', coalesce(c.orders, 0), 'amount_paise', coalesce(c.amount_paise, 0))
                         ORDER BY m.n)
           FROM unnest(${methods}::text[]) WITH ORDINALITY m(method, n)
           LEFT JOIN (SELECT r.payment_method::text AS method, count(*)::int AS orders, sum(r.total_paise) AS amount_paise
                        FROM recent r WHERE r.status <> 'cancelled' GROUP BY r.payment_method) c
             ON c.method = m.method) AS by_method,
        (SELECT coalesce(json_agg(pr ORDER BY pr.revenue_paise DESC, pr.name), '[]') FROM products pr) AS top_products,
        (SELECT coalesce(json_agg(json_build_object('seller_id', s.seller_id, 'name', u.username::text, 'revenue_paise', s.revenue_paise,
                                                    'orders', s.orders) ORDER BY s.revenue_paise DESC, s.seller_id), '[]')
           FROM sellers s LEFT JOIN users u ON u.id = s.seller_id) AS top_sellers,
        (SELECT coalesce(json_agg(c ORDER BY c.closes_at, c.id), '[]')
           FROM (SELECT * FROM closing ORDER BY closes_at, id LIMIT ${ADMIN_DASHBOARD.closingListMax}::int) c) AS closing,
        (SELECT count(*)::int FROM closing) AS closing_total
      FROM period p`,
    );
    return row!;
  }
}
