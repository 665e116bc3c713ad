// Issue 17: the console's Products tab. An admin unlists a product (with a reason the seller is told) or lists it
// again; a suspended seller's products leave the shop with the account. Which products the shop shows is one SQL
// predicate in the API (productVisibleSql); these are the rules and texts both sides share.

/** Longest reason an admin may give for unlisting a product (the column is VARCHAR(500)). */
export const UNLIST_REASON_MAX = 500;

/** Where a product stands in the shop: shown, taken off by an admin, or away with its suspended seller. */
export const ADMIN_PRODUCT_STATUSES = ['listed', 'unlisted', 'seller_suspended'] as const;
/** One of {@link ADMIN_PRODUCT_STATUSES}. */
export type AdminProductStatus = (typeof ADMIN_PRODUCT_STATUSES)[number];

/**
 * A product's status from its two columns: an admin's unlisting says more than the seller's suspension (it stays
 * when the account comes back), so it wins when both hold.
 */
export function adminProductStatus(product: { unlistedAt: unknown; sellerSuspended: boolean }): AdminProductStatus {
  if (product.unlistedAt !== null && product.unlistedAt !== undefined) return 'unlisted';
  return product.sellerSuspended ? 'seller_suspended' : 'listed';
}

/** The console's stock filter: none left, 'Only N left' (1..STOCK_LIMITS.lowThreshold), or not counted. */
export const ADMIN_PRODUCT_STOCK_FILTERS = ['sold_out', 'low', 'unlimited'] as const;
/** One of {@link ADMIN_PRODUCT_STOCK_FILTERS}. */
export type AdminProductStockFilter = (typeof ADMIN_PRODUCT_STOCK_FILTERS)[number];

/** The console's validity filter, by the database clock. */
export const ADMIN_PRODUCT_VALIDITY_FILTERS = ['live', 'expired'] as const;
/** One of {@link ADMIN_PRODUCT_VALIDITY_FILTERS}. */
export type AdminProductValidityFilter = (typeof ADMIN_PRODUCT_VALIDITY_FILTERS)[number];

/** The columns the console's product list sorts by, each backed by an index (docs/console.md, Products). */
export const ADMIN_PRODUCT_SORTS = ['newest', 'name', 'price', 'stock', 'valid_until'] as const;
/** One of {@link ADMIN_PRODUCT_SORTS}. */
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** Page sizes of the console's product list. */
export const ADMIN_PRODUCTS_PAGE = { default: 25, max: 100 } as const;

/**
 * The products list serves the rows within the first this many of a filter, and counts exactly up to this many: past
 * it, X-Total-Count says this number and X-Total-Capped says more match. Counting every match of a broad filter at a
 * million products would cost a scan of them all on every page; narrowing the filters reaches the rest.
 */
export const ADMIN_PRODUCTS_COUNT_MAX = 10_000;

/** Longest search text and seller text of the console's product list. */
export const ADMIN_PRODUCT_SEARCH_MAX = 50;

/** Texts of the Products tab, the API's answers and the storefront's note. */
export const PRODUCT_MODERATION_MESSAGES = {
  unlisted: 'Product unlisted. The seller is told by mail with your reason.',
  relisted: 'Product listed again.',
  alreadyUnlisted: 'This product is already unlisted. Reload the list.',
  alreadyListed: 'This product is already listed. Reload the list.',
  reasonRequired: 'Give a reason for unlisting: the seller is told it.',
  reasonTooLong: `The reason must be at most ${UNLIST_REASON_MAX} characters.`,
  /** The cart's 409 for a product the shop does not show (unlisted, or its seller suspended). */
  notAvailable: 'This product is not available.',
  /** The seller's own profile, on a product an admin unlisted. */
  unlistedNote: 'Unlisted by Mandi',
  /** The seller's own profile, on a product hidden while their account is suspended. */
  suspendedNote: 'Hidden while your account is suspended',
  unlistFailed: 'Error unlisting product',
  relistFailed: 'Error listing product',
  fetchFailed: 'Failed to fetch products',
} as const;

/** Labels of each status, as the console shows them. */
export const ADMIN_PRODUCT_STATUS_LABELS: Readonly<Record<AdminProductStatus, string>> = {
  listed: 'Listed',
  unlisted: 'Unlisted',
  seller_suspended: 'Seller suspended',
};
