// Which products the shop shows (issue 17) is the SQL function `product_is_shown` (prisma/sql/functions/
// product_is_shown.sql): every query that serves buyers calls it through productVisibleSql (the listing, search, a
// product's page, seller pages, the cart), and so do search_names' trigger and checkout's `checkout_products`. It is an
// inlinable SQL function, so the planner sees the columns it compares (docs/database.md, "Rules shared with SQL").
import { Prisma } from '@mandi/database';

/**
 * True for a product of `alias` the shop shows: not unlisted by an admin, and its seller not suspended
 * (`seller_suspended` is kept by the statement that suspends or unsuspends the account).
 */
export function productVisibleSql(alias: 'p' = 'p'): Prisma.Sql {
  return Prisma.raw(`product_is_shown(${alias}.unlisted_at, ${alias}.seller_suspended)`);
}

/** The columns of a product's place in the shop, for answers to its seller and admins (`products p`). */
export const PRODUCT_SHOP_STATE_COLUMNS = Prisma.sql`
  p.unlisted_at AS "unlistedAt", p.unlisted_reason AS "unlistedReason", p.seller_suspended AS "sellerSuspended"`;

/** What {@link PRODUCT_SHOP_STATE_COLUMNS} reads, for the rows that include them (sqlRow of @mandi/database). */
export const PRODUCT_SHOP_STATE_COLUMN_KINDS = {
  /** When an admin unlisted it (issue 17), and why; null while listed. */
  unlistedAt: 'timestamptz | null',
  unlistedReason: 'text | null',
  /** True while its seller's account is suspended. */
  sellerSuspended: 'bool',
} as const;
