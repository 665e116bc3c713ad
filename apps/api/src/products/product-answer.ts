import type { Product, ProductShopState } from '@mandi/contracts';
import { formatIndiaDateTime, paiseToRupees } from '@mandi/domain';
import { urlOfKeyOrUrl, type FileStore } from '@mandi/storage';
import type { ProductCardRow } from './product-card.sql.js';

// A product as the API answers it, from its card row: the listing, the product page, search, the cart.

/** Millimetres in the database, centimetres in the API (docs/catalog.md). */
const toCm = (mm: number | null): number | null => (mm === null ? null : mm / 10);

/** Why the shop does not show this product, or null when it does (the columns productVisibleSql reads). */
export function shopStateOf(
  row: Pick<ProductCardRow, 'unlistedAt' | 'unlistedReason' | 'sellerSuspended'>,
): ProductShopState | null {
  if (row.unlistedAt === null && !row.sellerSuspended) return null;
  return {
    status: row.unlistedAt !== null ? 'unlisted' : 'seller_suspended',
    unlisted_reason: row.unlistedReason,
    unlisted_at: row.unlistedAt?.toISOString() ?? null,
  };
}

/**
 * A product row in the API's shape: rupees, India-time validity text, 0/1 official flag, the seller's card, image
 * URLs of `files`, and per image the worker's thumbnail (the original until it is made) and the first image's card.
 */
export function toProduct(
  row: ProductCardRow,
  files: Pick<FileStore, 'publicUrl'>,
  options: { withShopState?: boolean } = {},
): Product & { shop_state?: ProductShopState } {
  const shopState = options.withShopState ? shopStateOf(row) : null;
  const images = row.imageKeys.map((key) => files.publicUrl(key));
  const variant = (keys: (string | null)[] | undefined, index: number): string =>
    keys?.[index] ? files.publicUrl(keys[index]) : images[index]!;
  return {
    id: String(row.id),
    uid: row.sellerUid,
    name: row.name,
    price: paiseToRupees(row.pricePaise),
    originalPrice: row.originalPricePaise === null ? null : paiseToRupees(row.originalPricePaise),
    description: row.description,
    validUntil: formatIndiaDateTime(row.validUntil),
    createdAt: row.createdAt.toISOString(),
    images,
    thumbnails: images.map((_, index) => variant(row.thumbKeys, index)),
    cardImage: images.length > 0 ? variant(row.cardKeys, 0) : null,
    sellerPhone: row.sellerPhone,
    sellerEmail: row.sellerEmail,
    weight: row.weightGrams,
    length: toCm(row.lengthMm),
    width: toCm(row.widthMm),
    height: toCm(row.heightMm),
    official_brand: row.officialBrand ? 1 : 0,
    category: row.category,
    stock: row.stock,
    seller: {
      username: row.sellerUsername,
      profileImage: row.sellerProfileImage === null ? null : urlOfKeyOrUrl(files, row.sellerProfileImage),
      city: row.sellerCity,
    },
    // Only for its seller and admins, only while hidden: buyers' answers never carry it.
    ...(shopState ? { shop_state: shopState } : {}),
  };
}
