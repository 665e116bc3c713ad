// What a product card reads, written once for every query that returns cards: the listing, search and the cart.
import { narrowed, Prisma, sqlRow, type ProductCategory, type RowOf } from '@mandi/database';
import { PRODUCT_SHOP_STATE_COLUMN_KINDS, PRODUCT_SHOP_STATE_COLUMNS } from './product-visibility.sql.js';

/** A product as a card shows it, with its seller's minimal profile and its image keys in position order. */
export const PRODUCT_CARD_ROW = sqlRow('product card', {
  id: 'int',
  name: 'text',
  description: 'text',
  pricePaise: 'int',
  originalPricePaise: 'int | null',
  validUntil: 'timestamptz',
  createdAt: 'timestamptz',
  sellerPhone: 'text',
  sellerEmail: 'text | null',
  weightGrams: 'int | null',
  lengthMm: 'int | null',
  widthMm: 'int | null',
  heightMm: 'int | null',
  officialBrand: 'bool',
  category: narrowed<ProductCategory>('text'),
  /** Packs left; null for unlimited. */
  stock: 'int | null',
  imageKeys: 'text[]',
  /** Per image, the key of its card WebP once the worker made it. */
  cardKeys: narrowed<(string | null)[]>('text[]'),
  /** Per image, the key of its thumbnail WebP once the worker made it. */
  thumbKeys: narrowed<(string | null)[]>('text[]'),
  sellerUid: 'text',
  sellerUsername: 'text',
  sellerProfileImage: 'text | null',
  sellerCity: 'text | null',
  ...PRODUCT_SHOP_STATE_COLUMN_KINDS,
});

/** A row of {@link PRODUCT_CARD_ROW}. */
export type ProductCardRow = RowOf<typeof PRODUCT_CARD_ROW>;

/**
 * The columns of {@link ProductCardRow} over `products p` {@link PRODUCT_CARD_JOINS}: the product, its images in
 * position order with their variants, the seller's card.
 */
export const PRODUCT_CARD_COLUMNS = Prisma.sql`
  p.id, p.name, p.description,
  p.price_paise AS "pricePaise", p.original_price_paise AS "originalPricePaise",
  p.valid_until AS "validUntil", p.created_at AS "createdAt",
  p.seller_phone AS "sellerPhone", p.seller_email AS "sellerEmail",
  p.weight_grams AS "weightGrams", p.length_mm AS "lengthMm", p.width_mm AS "widthMm",
  p.height_mm AS "heightMm", p.official_brand AS "officialBrand", p.category::text AS category, p.stock,
  COALESCE(img.keys, '{}'::text[]) AS "imageKeys",
  COALESCE(img.card_keys, '{}'::text[]) AS "cardKeys",
  COALESCE(img.thumb_keys, '{}'::text[]) AS "thumbKeys",
  u.firebase_uid AS "sellerUid", u.username::text AS "sellerUsername",
  pr.profile_image AS "sellerProfileImage", pr.city AS "sellerCity",
  ${PRODUCT_SHOP_STATE_COLUMNS}`;

/** The images of product `p` in position order, one row per product (use with {@link PRODUCT_CARD_COLUMNS}). */
const PRODUCT_IMAGES_JOIN = Prisma.sql`
  LEFT JOIN LATERAL (
    SELECT array_agg(i.file_key ORDER BY i.position) AS keys,
           array_agg(i.card_key ORDER BY i.position) AS card_keys,
           array_agg(i.thumb_key ORDER BY i.position) AS thumb_keys
      FROM product_images i
     WHERE i.product_id = p.id
  ) img ON TRUE`;

/**
 * What a card needs joined to `products p`: its seller (an active user) and profile, and its images
 * ({@link PRODUCT_IMAGES_JOIN}); select {@link PRODUCT_CARD_COLUMNS} over it.
 */
export const PRODUCT_CARD_JOINS = Prisma.sql`
  JOIN users u ON u.id = p.seller_id AND u.deleted_at IS NULL
  LEFT JOIN profiles pr ON pr.user_id = u.id
  ${PRODUCT_IMAGES_JOIN}`;
