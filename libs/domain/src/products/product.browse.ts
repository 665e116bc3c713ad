// Browsing like a shop (issue 16): the listing's category, price, stock, freshness and sort parameters.
import {
  DEFAULT_SEARCH_FILTER,
  SEARCH_FILTERS,
  normalizeSearchQuery,
  type SearchFilter,
} from '../layout/layout.constants.js';
import { CATEGORY_TAX, PRODUCT_CATEGORIES, isProductCategory, type ProductCategory } from './product.category.js';

/** The orders the listing and search can be put in: newest first, price low to high, price high to low. */
export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
/** One of {@link PRODUCT_SORTS}. */
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The browsing parameters of the home page's URL and of GET /api/products, in the order URLs and cache keys write them. */
export const BROWSE_PARAMS = ['category', 'minPrice', 'maxPrice', 'inStock', 'fresh', 'sort'] as const;

/** Bounds of the browsing parameters. */
export const BROWSE_LIMITS = {
  /** The largest price bound in rupees (one crore): above any produce's price, and a number the database reads exactly. */
  priceMax: 10_000_000,
} as const;

/**
 * What a URL asks to browse; an absent member filters nothing. Prices are rupees, bounds included; `inStock` keeps
 * products with stock left or unlimited, `fresh` those whose validity has not passed; no `sort` is the default order
 * (newest first, or by relevance with a search).
 */
export interface ProductBrowse {
  category?: ProductCategory;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  fresh?: boolean;
  sort?: ProductSort;
}

/** The 400 answers of bad browsing parameters, each naming its rule. */
export const BROWSE_MESSAGES = {
  invalidCategory: `category must be one of ${PRODUCT_CATEGORIES.join(', ')}`,
  invalidSort: `sort must be one of ${PRODUCT_SORTS.join(', ')}`,
  /** `minPrice` or `maxPrice`. */
  invalidPrice: (name: 'minPrice' | 'maxPrice') =>
    `${name} must be an amount in rupees from 0 to ${BROWSE_LIMITS.priceMax} with at most 2 decimals`,
  /** `inStock` or `fresh`. */
  invalidFlag: (name: 'inStock' | 'fresh') => `${name} must be 1 (or 0 for no filter)`,
  priceRangeReversed: 'minPrice must not be more than maxPrice',
} as const;

/** A price bound as URL text: whole rupees or rupees and paise ('250', '99.5', '99.50'). */
const PRICE_TEXT = /^\d{1,8}(?:\.\d{1,2})?$/;

/** The rupees of a price bound written as URL text, or null when it is not one (format or range). */
export function priceBoundOf(text: string): number | null {
  const trimmed = text.trim();
  if (!PRICE_TEXT.test(trimmed)) return null;
  const rupees = Number(trimmed);
  return rupees <= BROWSE_LIMITS.priceMax ? rupees : null;
}

/** Whether a price range is in order (a missing bound is open). */
export function isPriceRangeInOrder(minPrice: number | undefined, maxPrice: number | undefined): boolean {
  return minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice;
}

/** A URL's browsing flag: '1' is on; '0' (or nothing) is off. */
const flagOf = (text: string | null): boolean | undefined => (text?.trim() === '1' ? true : undefined);

/**
 * The browsing of a page's URL, read leniently: a value that is not one of ours is left out (a shared link with a
 * typo still shows the shop), as is a reversed price range. The API refuses the same values with a 400 instead.
 */
export function readBrowse(get: (name: (typeof BROWSE_PARAMS)[number]) => string | null): ProductBrowse {
  const browse: ProductBrowse = {};
  const category = get('category')?.trim();
  if (isProductCategory(category)) browse.category = category;
  const minPrice = priceBoundOf(get('minPrice') ?? '');
  const maxPrice = priceBoundOf(get('maxPrice') ?? '');
  if (isPriceRangeInOrder(minPrice ?? undefined, maxPrice ?? undefined)) {
    if (minPrice !== null) browse.minPrice = minPrice;
    if (maxPrice !== null) browse.maxPrice = maxPrice;
  }
  if (flagOf(get('inStock'))) browse.inStock = true;
  if (flagOf(get('fresh'))) browse.fresh = true;
  const sort = get('sort')?.trim();
  if ((PRODUCT_SORTS as readonly (string | undefined)[]).includes(sort)) browse.sort = sort as ProductSort;
  return browse;
}

/** The browsing as URL parameters, in {@link BROWSE_PARAMS} order, only those that filter or sort. */
export function browseEntries(browse: ProductBrowse): [string, string][] {
  const entries: [string, string][] = [];
  if (browse.category) entries.push(['category', browse.category]);
  if (browse.minPrice !== undefined) entries.push(['minPrice', String(browse.minPrice)]);
  if (browse.maxPrice !== undefined) entries.push(['maxPrice', String(browse.maxPrice)]);
  if (browse.inStock) entries.push(['inStock', '1']);
  if (browse.fresh) entries.push(['fresh', '1']);
  if (browse.sort) entries.push(['sort', browse.sort]);
  return entries;
}

/** One text per browsing ('' for none): the same browsing always writes the same key. */
export function browseKey(browse: ProductBrowse): string {
  return browseEntries(browse)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** What a home page URL lists: the spec's search and filter, and the browsing. */
export interface HomeListing {
  /** The trimmed search text, or null for none. */
  search: string | null;
  filter: SearchFilter;
  browse: ProductBrowse;
}

/**
 * A home page URL read as the storefront shows it (and the API renders it): an unknown filter is 'All', browsing as
 * {@link readBrowse} reads it, other parameters ignored.
 */
export function readHomeListing(get: (name: string) => string | null): HomeListing {
  const filterText = get('filter');
  return {
    search: normalizeSearchQuery(get('search')),
    filter: SEARCH_FILTERS.find((filter) => filter === filterText) ?? DEFAULT_SEARCH_FILTER,
    browse: readBrowse(get),
  };
}

/**
 * The key of a home page listing without a search: its filter (unless 'All') and browsing as URL text, '' for the
 * plain home page. The API writes it on the page's data block, and the storefront takes the block only for it.
 */
export function browseListingKey(filter: SearchFilter, browse: ProductBrowse): string {
  const key = browseKey(browse);
  if (filter === DEFAULT_SEARCH_FILTER) return key;
  return key ? `filter=${filter}&${key}` : `filter=${filter}`;
}

/** Whether the browsing narrows the products (a sort alone does not). */
export function narrowsProducts(browse: ProductBrowse): boolean {
  return Boolean(
    browse.category || browse.inStock || browse.fresh || browse.minPrice !== undefined || browse.maxPrice !== undefined,
  );
}

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
/** '₹100', '₹1,250.50': paise only when there are some. */
const rupees = { format: (value: number) => (Number.isInteger(value) ? wholeRupees : rupeesAndPaise).format(value) };

/** How a price range reads on a chip: 'Up to ₹100', '₹100 – ₹250', '₹500 and above'. */
export function priceRangeLabel(minPrice: number | undefined, maxPrice: number | undefined): string {
  if (minPrice === undefined && maxPrice === undefined) return BROWSE_LABELS.anyPrice;
  if (minPrice === undefined) return `Up to ${rupees.format(maxPrice!)}`;
  if (maxPrice === undefined) return `${rupees.format(minPrice)} and above`;
  return `${rupees.format(minPrice)} – ${rupees.format(maxPrice)}`;
}

/** A price range in the fewest characters, for the phone's chip: 'Up to ₹100', '₹100–250', '₹500+'. */
export function priceRangeChip(minPrice: number | undefined, maxPrice: number | undefined): string {
  if (minPrice === undefined && maxPrice === undefined) return BROWSE_LABELS.priceHeading;
  if (minPrice === undefined) return `Up to ${rupees.format(maxPrice!)}`;
  if (maxPrice === undefined) return `${rupees.format(minPrice)}+`;
  return `${rupees.format(minPrice)}–${maxPrice.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
}

/** The price ranges offered as chips (a link may carry any other range). */
export const PRICE_BANDS: readonly { minPrice?: number; maxPrice?: number }[] = [
  { maxPrice: 100 },
  { minPrice: 100, maxPrice: 250 },
  { minPrice: 250, maxPrice: 500 },
  { minPrice: 500 },
];

/** Words of the filter chips and the side panel. */
export const BROWSE_LABELS = {
  title: 'Filters',
  sortHeading: 'Sort by',
  /** With a search and no sort: the best matches first. */
  relevance: 'Best match',
  sorts: { newest: 'Newest first', price_asc: 'Price: low to high', price_desc: 'Price: high to low' } satisfies Record<
    ProductSort,
    string
  >,
  /** Short sort names for the phone's chips. */
  sortChips: { newest: 'Newest', price_asc: 'Lowest price', price_desc: 'Highest price' } satisfies Record<
    ProductSort,
    string
  >,
  categoryHeading: 'Category',
  allCategories: 'All categories',
  /** The category names of invoices (libs/domain's CATEGORY_TAX), one list for every screen. */
  categories: Object.fromEntries(
    PRODUCT_CATEGORIES.map((category) => [category, CATEGORY_TAX[category].label]),
  ) as Record<ProductCategory, string>,
  priceHeading: 'Price',
  anyPrice: 'Any price',
  availabilityHeading: 'Availability',
  inStock: 'In stock only',
  fresh: 'Fresh only',
  /** The two toggles' shorter names on the phone's chips. */
  inStockChip: 'In stock',
  freshChip: 'Fresh',
  clear: 'Clear all',
  /** The empty listing's way back when filters are on. */
  clearFilters: 'Clear filters',
  /** The empty listing's text when filters are on. */
  noMatches: 'Nothing matches these filters. Try fewer filters or another price range.',
} as const;
