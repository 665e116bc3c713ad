// Which products the shop shows (issue 17), written once for every query that serves buyers: the listing, search,
// a product's page, seller pages, the cart and checkout. The search_names trigger (migration
// 20261129100000_admin_products_indexes) counts the same two columns, being SQL of its own, and so does checkout's
// `checkout_products` function (migration 20261210090000_checkout_place_order).
import { Prisma } from '@mandi/database';

/**
 * True for a product of `alias` the shop shows: not unlisted by an admin, and its seller not suspended
 * (`seller_suspended` is kept by the statement that suspends or unsuspends the account).
 */
export function productVisibleSql(alias: 'p' = 'p'): Prisma.Sql {
  return Prisma.sql`(${Prisma.raw(alias)}.unlisted_at IS NULL AND NOT ${Prisma.raw(alias)}.seller_suspended)`;
}

/** The columns of a product's place in the shop, for answers to its seller and admins (`products p`). */
export const PRODUCT_SHOP_STATE_COLUMNS = Prisma.sql`
  p.unlisted_at AS "unlistedAt", p.unlisted_reason AS "unlistedReason", p.seller_suspended AS "sellerSuspended"`;
