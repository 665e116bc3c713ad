import {
  BROWSE_LIMITS,
  BROWSE_MESSAGES,
  DEFAULT_SEARCH_FILTER,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  PRODUCT_LIMITS,
  PRODUCT_TEXT_BOUNDS,
  PRODUCT_MESSAGES,
  SEARCH_FILTERS,
  STOCK_LIMITS,
  STOCK_MESSAGES,
  parseStockInput,
  isPriceRangeInOrder,
  isValidIndianMobile,
  normalizePhone,
  priceBoundOf,
} from '@mandi/domain';
import { z } from 'zod';
import {
  dateTimeTextSchema,
  emailSchema,
  flagSchema,
  formNumber,
  idSchema,
  isoDateTimeSchema,
  jsonArrayField,
  optionalText,
  requiredText,
  rupeesSchema,
  uidSchema,
} from '../common/fields.js';
import {
  PAGE_BEYOND_RESULTS_MESSAGE,
  pageQuerySchema,
  pageSizeQuerySchema,
  queryText,
  startsWithinProductResults,
} from '../common/paging.js';

/** Images as stored: an array of URLs; the earlier server sometimes sent a JSON string, which is read too. */
export const productImagesSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return [value];
  }
}, z.array(z.string()));

/** A product as the API answers it (docs/catalog.md section 3). */
export const productSchema = z.object({
  id: idSchema,
  uid: z.string(),
  name: z.string(),
  price: z.number(),
  /** Struck-through earlier price on the product page, when there is one. */
  originalPrice: z.number().nullable().optional(),
  description: z.string(),
  /** 'YYYY-MM-DD HH:MM:SS', India time. */
  validUntil: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  images: productImagesSchema,
  /**
   * Per image, the URL of its small square thumbnail (a 160 px WebP made by the worker), or the original's URL until
   * the worker has made it; same order as `images`.
   */
  thumbnails: z.array(z.string()).optional(),
  /** The first image at card size (a 480 px WebP made by the worker, else the original), null without images. */
  cardImage: z.string().nullable().optional(),
  sellerPhone: z.string(),
  sellerEmail: z.string().nullable(),
  /** Grams. */
  weight: z.number().nullable(),
  /** Centimetres. */
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  official_brand: z.union([z.literal(0), z.literal(1)]),
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  /** Packs left to sell; null for unlimited (issue 16, docs/stock.md). */
  stock: z.number().int().nullable().optional(),
  /** The seller's minimal profile, so a page of cards needs one request (no placeholder: the client draws one). */
  seller: z
    .object({ username: z.string(), profileImage: z.string().nullable(), city: z.string().nullable() })
    .optional(),
});
/** Type of {@link productSchema}. */
export type Product = z.infer<typeof productSchema>;

/** A list of products (listing, search, a seller's posts, official products). */
export const productListSchema = z.array(productSchema);
/** Type of {@link productListSchema}. */
export type ProductList = z.infer<typeof productListSchema>;

/** Largest page of the listing. */
export const PRODUCT_PAGE_MAX = 100;
/** Default page size of the listing. */
export const PRODUCT_PAGE_DEFAULT = 24;
/** A product list's page refused when it starts beyond the results served (common/paging.ts). */
const withinProductResults = { error: PAGE_BEYOND_RESULTS_MESSAGE, path: ['page'] };

const productListQueryFields = z.object({
  search: queryText('search', PRODUCT_TEXT_BOUNDS.searchMax)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  filter: z
    .enum(SEARCH_FILTERS, { error: `filter must be one of ${SEARCH_FILTERS.join(', ')}` })
    .default(DEFAULT_SEARCH_FILTER),
  page: pageQuerySchema,
  limit: pageSizeQuerySchema('limit', PRODUCT_PAGE_MAX, PRODUCT_PAGE_DEFAULT),
});

/** A browsing parameter's text, trimmed; a blank one reads as absent (as a blank search does). */
const blankAsAbsent = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : text;
};

/** `minPrice` / `maxPrice`: rupees, at most 2 decimals, 0 to BROWSE_LIMITS.priceMax; bounds included. */
const priceBoundQuery = (name: 'minPrice' | 'maxPrice', description: string) =>
  z
    .preprocess(
      (value) => {
        const text = blankAsAbsent(value);
        return typeof text === 'string' ? (priceBoundOf(text) ?? text) : text;
      },
      z.number({ error: BROWSE_MESSAGES.invalidPrice(name) }).optional(),
    )
    .meta({ description, type: 'string', pattern: '^\\d{1,8}(\\.\\d{1,2})?$' });

/** `inStock` / `fresh`: 1 turns the filter on, 0 (or nothing) leaves it off. */
const flagQuery = (name: 'inStock' | 'fresh', description: string) =>
  z
    .preprocess(blankAsAbsent, z.enum(['0', '1'], { error: BROWSE_MESSAGES.invalidFlag(name) }).optional())
    .transform((value) => (value === '1' ? true : undefined))
    .meta({ description });

/**
 * The browsing parameters of GET /api/products (issue 16), beside the spec's search and filter; each absent one filters
 * nothing. The same names and values are the home page's URL (libs/domain's readBrowse reads them there).
 */
const productBrowseQueryFields = z.object({
  category: z
    .preprocess(blankAsAbsent, z.enum(PRODUCT_CATEGORIES, { error: BROWSE_MESSAGES.invalidCategory }).optional())
    .meta({ description: 'Only products of this category.', enum: [...PRODUCT_CATEGORIES] }),
  minPrice: priceBoundQuery('minPrice', 'Only products priced at least this many rupees.'),
  maxPrice: priceBoundQuery(
    'maxPrice',
    `Only products priced at most this many rupees (up to ${BROWSE_LIMITS.priceMax}).`,
  ),
  inStock: flagQuery('inStock', '1: only products with stock left (or unlimited stock).'),
  fresh: flagQuery('fresh', '1: only products whose validity has not passed.'),
  sort: z.preprocess(blankAsAbsent, z.enum(PRODUCT_SORTS, { error: BROWSE_MESSAGES.invalidSort }).optional()).meta({
    description:
      'newest (the default), price_asc or price_desc; with a search, orders the matches instead of relevance.',
    enum: [...PRODUCT_SORTS],
  }),
});

/** Query of GET /api/products: the home page's search and filter, its browsing parameters, paged. */
export const productListQuerySchema = productListQueryFields
  .extend(productBrowseQueryFields.shape)
  .refine(startsWithinProductResults, withinProductResults)
  .refine((query) => isPriceRangeInOrder(query.minPrice, query.maxPrice), {
    error: BROWSE_MESSAGES.priceRangeReversed,
    path: ['minPrice'],
  });
/** Type of {@link productListQuerySchema}. */
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Query of GET /api/products/suggestions?q: a blank query gets no suggestions. */
export const suggestionsQuerySchema = z.object({ q: queryText('q', PRODUCT_TEXT_BOUNDS.searchMax).default('') });
/** Answer of the suggestions call: a list of product names. */
export const suggestionsAnswerSchema = z.array(z.string());
/** Type of {@link suggestionsAnswerSchema}. */
export type SuggestionsAnswer = z.infer<typeof suggestionsAnswerSchema>;

/** Path of GET /api/products/by-name/{name}. */
export const productByNameParamsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .max(PRODUCT_TEXT_BOUNDS.searchMax, `name must be at most ${PRODUCT_TEXT_BOUNDS.searchMax} characters`),
});
/** Query of GET /api/products/by-name/{name}: a page of the results, sized like the listing's. */
export const productByNameQuerySchema = productListQueryFields
  .pick({ page: true, limit: true })
  .refine(startsWithinProductResults, withinProductResults);
/** Type of {@link productByNameQuerySchema}. */
export type ProductByNameQuery = z.infer<typeof productByNameQuerySchema>;
/** Path of GET /api/products/{id} and PUT /api/products/{id}. */
export const productIdParamsSchema = z.object({ id: idSchema });
/** Path of GET /api/products/user/{uid}. */
export const productsOfUserParamsSchema = z.object({ uid: uidSchema });
/** Query of GET /api/products/user/{uid}: a seller's products, newest first, up to 100 a page (a profile shows them all). */
export const productsOfUserQuerySchema = z
  .object({ page: pageQuerySchema, limit: pageSizeQuerySchema('limit', PRODUCT_PAGE_MAX, PRODUCT_PAGE_MAX) })
  .refine(startsWithinProductResults, withinProductResults);
/** Type of {@link productsOfUserQuerySchema}. */
export type ProductsOfUserQuery = z.infer<typeof productsOfUserQuerySchema>;

/** Path of DELETE /api/products/user/{uid}/{productId}. */
export const deleteProductParamsSchema = z.object({ uid: uidSchema, productId: idSchema });

/** The form's stock: absent (undefined), empty (null: unlimited) or a whole number of packs in range. */
const stockFieldSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return value;
    if (typeof value !== 'string') return value;
    // The form's text, read by the storefront's own rule; what it cannot read fails the number check below.
    const stock = parseStockInput(value);
    return stock === 'invalid' ? value : stock;
  },
  z
    .number({ error: STOCK_MESSAGES.invalidStock.text })
    .int(STOCK_MESSAGES.invalidStock.text)
    .min(0, STOCK_MESSAGES.invalidStock.text)
    .max(STOCK_LIMITS.max, STOCK_MESSAGES.invalidStock.text)
    .nullable()
    .optional(),
);

const dimension = (message: string) =>
  formNumber(
    z
      .number({ error: message })
      .refine((value) => Number.isFinite(value) && value > 0, message)
      .optional(),
  );

/**
 * The text fields of POST /api/products (multipart; the files travel beside them). official_brand is read but the
 * server decides it (docs/decisions.md). Images are counted with the files by the API: existing + new, 1 to 4.
 */
export const productFormSchema = z.object({
  name: requiredText(PRODUCT_MESSAGES.missingName.text, PRODUCT_LIMITS.nameMax, PRODUCT_MESSAGES.nameTooLong.text),
  price: formNumber(
    z
      .number({ error: PRODUCT_MESSAGES.invalidPrice.text })
      .positive(PRODUCT_MESSAGES.invalidPrice.text)
      .pipe(rupeesSchema),
  ),
  description: requiredText(
    PRODUCT_MESSAGES.missingDescription.text,
    PRODUCT_LIMITS.descriptionMax,
    PRODUCT_MESSAGES.descriptionTooLong.text,
  ),
  validUntil: dateTimeTextSchema(PRODUCT_MESSAGES.missingValidityDate.text, PRODUCT_MESSAGES.invalidValidityDate.text),
  uid: uidSchema,
  /** Reduced to its last 10 digits, which must be an Indian mobile number. */
  sellerPhone: z
    .string({ error: PRODUCT_MESSAGES.invalidPhone.text })
    .max(PRODUCT_TEXT_BOUNDS.phoneTextMax, { error: PRODUCT_MESSAGES.invalidPhone.text, abort: true })
    .transform(normalizePhone)
    .refine(isValidIndianMobile, PRODUCT_MESSAGES.invalidPhone.text),
  sellerEmail: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    emailSchema(PRODUCT_MESSAGES.invalidEmail.text).optional(),
  ),
  official_brand: flagSchema.optional(),
  /** Grams (the form multiplies kilograms by 1000). */
  weight: dimension(PRODUCT_MESSAGES.invalidWeight.text),
  length: dimension(PRODUCT_MESSAGES.invalidLength.text),
  width: dimension(PRODUCT_MESSAGES.invalidWidth.text),
  height: dimension(PRODUCT_MESSAGES.invalidHeight.text),
  /** URLs of images already saved that the product keeps (JSON text in multipart). */
  existingImages: jsonArrayField(
    z.string().min(1).max(PRODUCT_TEXT_BOUNDS.imageUrlMax),
    PRODUCT_LIMITS.imagesMax,
    PRODUCT_MESSAGES.tooManyImages.text,
  ),
  /** URLs of saved images to drop (JSON text in multipart). */
  removedImages: jsonArrayField(
    z.string().min(1).max(PRODUCT_TEXT_BOUNDS.imageUrlMax),
    PRODUCT_LIMITS.imagesMax,
    PRODUCT_MESSAGES.tooManyImages.text,
  ),
  /** Makes a repeated submission return the first product instead of a second one. */
  requestId: optionalText(64, 'requestId must be at most 64 characters'),
  /** Optional; the server infers it from the name when absent. */
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  /**
   * Packs to sell: a whole number 0..STOCK_LIMITS.max, or empty for unlimited (null). Absent from the form: a new
   * product is unlimited and an edit keeps the stock it has, so a client that knows nothing of stock changes none.
   */
  stock: stockFieldSchema,
});
/** Type of {@link productFormSchema} after parsing. */
export type ProductForm = z.infer<typeof productFormSchema>;

/** The text fields of PUT /api/products/{id}: the same as creating (new files travel as newImages). */
export const productUpdateFormSchema = productFormSchema;
/** Type of {@link productUpdateFormSchema}. */
export type ProductUpdateForm = z.infer<typeof productUpdateFormSchema>;

/** The spec's image count rule on the existing and new images together: the popup text of the first failure, or null. */
export function productImageCountProblem(existingCount: number, newCount: number): string | null {
  const total = existingCount + newCount;
  if (total < PRODUCT_LIMITS.imagesMin) return PRODUCT_MESSAGES.noImages.text;
  if (total > PRODUCT_LIMITS.imagesMax) return PRODUCT_MESSAGES.tooManyImages.text;
  return null;
}

/** The answer of creating or updating a product. */
export const productSavedAnswerSchema = z.object({ message: z.string(), product: productSchema });
/** Type of {@link productSavedAnswerSchema}. */
export type ProductSavedAnswer = z.infer<typeof productSavedAnswerSchema>;

/** Type of {@link productImagesSchema}. */
export type ProductImages = z.infer<typeof productImagesSchema>;

/** Type of {@link suggestionsQuerySchema}. */
export type SuggestionsQuery = z.infer<typeof suggestionsQuerySchema>;

/** Type of {@link productByNameParamsSchema}. */
export type ProductByNameParams = z.infer<typeof productByNameParamsSchema>;

/** Type of {@link productIdParamsSchema}. */
export type ProductIdParams = z.infer<typeof productIdParamsSchema>;

/** Type of {@link productsOfUserParamsSchema}. */
export type ProductsOfUserParams = z.infer<typeof productsOfUserParamsSchema>;

/** Type of {@link deleteProductParamsSchema}. */
export type DeleteProductParams = z.infer<typeof deleteProductParamsSchema>;
