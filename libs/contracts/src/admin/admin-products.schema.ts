import {
  ADMIN_PRODUCT_SEARCH_MAX,
  ADMIN_PRODUCT_SORTS,
  ADMIN_PRODUCT_STATUSES,
  ADMIN_PRODUCT_STOCK_FILTERS,
  ADMIN_PRODUCT_VALIDITY_FILTERS,
  ADMIN_PRODUCTS_COUNT_MAX,
  ADMIN_PRODUCTS_PAGE,
  BROWSE_MESSAGES,
  PRODUCT_CATEGORIES,
  PRODUCT_MODERATION_MESSAGES,
  UNLIST_REASON_MAX,
  USER_STATUSES,
  isPriceRangeInOrder,
  priceBoundOf,
} from '@mandi/domain';
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/fields.js';
import { pageQuerySchema, pageSizeQuerySchema, queryText } from '../common/paging.js';

/** A blank query value is no value. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** One of `values` in a query string, or nothing; anything else is a 400 naming the parameter and its values. */
const queryEnum = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.preprocess(blankAsAbsent, z.enum(values, { error: `${name} must be one of ${values.join(', ')}` }).optional());

/** `minPrice` / `maxPrice` in rupees, as the home listing takes them. */
const priceBound = (name: 'minPrice' | 'maxPrice') =>
  z.preprocess(
    (value) => {
      const text = blankAsAbsent(value);
      return typeof text === 'string' ? (priceBoundOf(text) ?? text) : text;
    },
    z.number({ error: BROWSE_MESSAGES.invalidPrice(name) }).optional(),
  );

/**
 * Query of GET /api/admin/products (issue 17): a search in names, the seller (our id or username), category, price
 * range in rupees, stock, validity and status, sorted by one column either way (newest first unless asked), paged.
 * X-Total-Count says how many match, exactly up to ADMIN_PRODUCTS_COUNT_MAX (then that number, and X-Total-Capped: 1);
 * pages past that many rows are refused, as narrowing the filters reaches them.
 */
export const adminProductsQuerySchema = z
  .object({
    search: z.preprocess(blankAsAbsent, queryText('search', ADMIN_PRODUCT_SEARCH_MAX).optional()),
    seller: z.preprocess(blankAsAbsent, queryText('seller', ADMIN_PRODUCT_SEARCH_MAX).optional()),
    category: queryEnum('category', PRODUCT_CATEGORIES),
    minPrice: priceBound('minPrice'),
    maxPrice: priceBound('maxPrice'),
    stock: queryEnum('stock', ADMIN_PRODUCT_STOCK_FILTERS),
    validity: queryEnum('validity', ADMIN_PRODUCT_VALIDITY_FILTERS),
    status: queryEnum('status', ADMIN_PRODUCT_STATUSES),
    sort: z.preprocess(
      blankAsAbsent,
      z.enum(ADMIN_PRODUCT_SORTS, { error: `sort must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` }).default('newest'),
    ),
    order: z.preprocess(
      (value) => (typeof value === 'string' ? blankAsAbsent(value.toLowerCase()) : value),
      z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
    ),
    page: pageQuerySchema,
    perPage: pageSizeQuerySchema('perPage', ADMIN_PRODUCTS_PAGE.max, ADMIN_PRODUCTS_PAGE.default),
  })
  .refine((query) => (query.page - 1) * query.perPage < ADMIN_PRODUCTS_COUNT_MAX, {
    error: `page is beyond the first ${ADMIN_PRODUCTS_COUNT_MAX} products; narrow the filters to see more`,
    path: ['page'],
  })
  .refine((query) => isPriceRangeInOrder(query.minPrice, query.maxPrice), {
    error: BROWSE_MESSAGES.priceRangeReversed,
    path: ['minPrice'],
  });
/** Type of {@link adminProductsQuerySchema}. */
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

/** A product row of the console's Products tab. Prices in rupees; `stock` null is unlimited. */
export const adminProductSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The first image's thumbnail (the original until the worker made it), null without images. */
  thumbnail: z.string().nullable(),
  seller: z.object({ id: idSchema, username: z.string(), status: z.enum([...USER_STATUSES, 'deleted']) }),
  category: z.enum(PRODUCT_CATEGORIES),
  price: z.number(),
  stock: z.number().int().nullable(),
  valid_until: isoDateTimeSchema,
  created_at: isoDateTimeSchema,
  status: z.enum(ADMIN_PRODUCT_STATUSES),
  unlisted_reason: z.string().nullable(),
  unlisted_at: isoDateTimeSchema.nullable(),
});
/** Type of {@link adminProductSchema}. */
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** Answer of GET /api/admin/products. */
export const adminProductListSchema = z.array(adminProductSchema);

/** Path of PUT /api/admin/products/{id}/unlist and /relist. */
export const adminProductIdParamsSchema = z.object({ id: idSchema });
/** Type of {@link adminProductIdParamsSchema}. */
export type AdminProductIdParams = z.infer<typeof adminProductIdParamsSchema>;

/** Body of PUT /api/admin/products/{id}/unlist: why, 1 to 500 characters once trimmed; the seller is told it. */
export const unlistProductBodySchema = z.object({
  reason: z
    .string({ error: PRODUCT_MODERATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, PRODUCT_MODERATION_MESSAGES.reasonRequired)
    .max(UNLIST_REASON_MAX, PRODUCT_MODERATION_MESSAGES.reasonTooLong),
});
/** Type of {@link unlistProductBodySchema}. */
export type UnlistProductBody = z.infer<typeof unlistProductBodySchema>;

/** Answer of unlist and relist: a message and the product's row afterwards. */
export const adminProductActionAnswerSchema = z.object({ message: z.string(), product: adminProductSchema });
/** Type of {@link adminProductActionAnswerSchema}. */
export type AdminProductActionAnswer = z.infer<typeof adminProductActionAnswerSchema>;

/**
 * Why the shop does not show a product, as its seller (and admins) read it beside the product: present only on a
 * product kept out of the shop, and only in answers to its seller or an admin (never to other visitors, who get 404).
 */
export const productShopStateSchema = z.object({
  status: z.enum(['unlisted', 'seller_suspended']),
  unlisted_reason: z.string().nullable(),
  unlisted_at: isoDateTimeSchema.nullable(),
});
/** Type of {@link productShopStateSchema}. */
export type ProductShopState = z.infer<typeof productShopStateSchema>;
