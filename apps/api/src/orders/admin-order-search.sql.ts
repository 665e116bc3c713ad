import { rowIdOf } from '@mandi/contracts';
import { Prisma } from '@mandi/database';
import { ADMIN_ORDER_FILTER_MS, type AdminOrderFilter } from '@mandi/domain';

/**
 * The orders (id, created_at) created since `since` that the admin list's search finds. Digits (optionally after '#')
 * name an order by its number, or, six of them, a delivery pincode; any other text is looked for in the delivery name
 * and the buyer's username and e-mail. Each branch reads an index of its own (the primary key,
 * orders_address_pincode_idx, the trigram indexes of orders.address_name and of users' username and e-mail), so a
 * search does not scan orders. The list and its CSV export both search with it.
 */
export function adminOrderSearchSql(search: string, since: Prisma.Sql): Prisma.Sql {
  const digits = /^#?(\d+)$/.exec(search)?.[1];
  if (digits !== undefined) {
    const branches = [Prisma.sql`SELECT s.id, s.created_at FROM orders s WHERE s.id = ${rowIdOf(digits) ?? 0}`];
    if (digits.length === 6)
      branches.push(Prisma.sql`SELECT s.id, s.created_at FROM orders s WHERE s.address_pincode = ${digits}`);
    return Prisma.sql`SELECT b.id, b.created_at FROM (${Prisma.join(branches, ' UNION ')}) b WHERE b.created_at >= ${since}`;
  }
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return Prisma.sql`
    SELECT s.id, s.created_at FROM orders s WHERE s.address_name ILIKE ${pattern} AND s.created_at >= ${since}
    UNION
    SELECT s.id, s.created_at FROM users u JOIN orders s ON s.user_id = u.id
     WHERE (u.username::text ILIKE ${pattern} OR u.email::text ILIKE ${pattern}) AND s.created_at >= ${since}`;
}

/** The earliest creation time the period `filter` shows, by the database clock: the list's and the export's. */
export function adminOrderSinceSql(filter: AdminOrderFilter): Prisma.Sql {
  return Prisma.sql`now() - ${ADMIN_ORDER_FILTER_MS[filter]}::double precision * interval '1 millisecond'`;
}
