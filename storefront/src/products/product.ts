import type { MinimalProfile, Product } from '@mandi/contracts';
import { normalizePhone } from '@mandi/domain';

/*
 * The product as the storefront receives it (docs/catalog.md, libs/contracts productSchema). Only the fields every
 * answer carries are required; images sometimes arrive as a JSON string, and the earlier server sent the seller's
 * name and picture beside the product instead of in `seller`.
 */
export type ListedProduct = Pick<Product, 'uid' | 'name' | 'price'> &
  Partial<Omit<Product, 'id' | 'uid' | 'name' | 'price' | 'images' | 'seller' | 'official_brand' | 'description'>> & {
    /** The contract reads ids as text; the JSON answer may carry a number. */
    id: string | number;
    description?: string | null;
    images?: string[] | string | null;
    official_brand?: number | boolean | null;
    seller?: {
      username?: string | null;
      profileImage?: MinimalProfile['profileImage'] | null;
      city?: string | null;
    } | null;
    username?: string | null;
    profileImage?: string | null;
  };

/** The picture the server also answers for a user without one (public/images). */
export const AVATAR_PLACEHOLDER = '/images/avatar-placeholder.svg';

/** A page of products: `{items, nextCursor}` (accepted besides the plain array the API answers). */
export interface ProductPage {
  items: ListedProduct[];
  nextCursor?: string | null;
}

/** Accepts both answers of the list calls: a plain array or a page object. */
export function productsOf(answer: unknown): ListedProduct[] {
  if (Array.isArray(answer)) return answer as ListedProduct[];
  if (answer && typeof answer === 'object' && Array.isArray((answer as ProductPage).items)) {
    return (answer as ProductPage).items;
  }
  return [];
}

/** The image urls of a product, whether delivered as an array or as a JSON string. */
export function imagesOf(product: Pick<ListedProduct, 'images'>): string[] {
  const { images } = product;
  if (Array.isArray(images)) return images.filter((url) => typeof url === 'string' && url !== '');
  if (typeof images === 'string' && images.trim()) {
    try {
      const parsed: unknown = JSON.parse(images);
      return Array.isArray(parsed) ? parsed.filter((url): url is string => typeof url === 'string' && url !== '') : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** The listing picture: the 480 px card variant, else the first image, else null ('No Image'). */
export function cardImageOf(product: Pick<ListedProduct, 'images' | 'cardImage'>): string | null {
  return product.cardImage || imagesOf(product)[0] || null;
}

/**
 * The seller summary shown on cards and the product page, whichever way the answer carried it; `unnamed` (in the
 * page's language) stands in for a username the answer did not carry.
 */
export function sellerOf(
  product: ListedProduct,
  unnamed: string,
): { username: string; profileImage: string; city: string | null } {
  return {
    username: product.seller?.username ?? product.username ?? unnamed,
    profileImage: product.seller?.profileImage || product.profileImage || AVATAR_PLACEHOLDER,
    city: product.seller?.city ?? null,
  };
}

/** True for the own brand's original products (official_brand 1). */
export function isOriginal(product: Pick<ListedProduct, 'official_brand'>): boolean {
  return product.official_brand === 1 || product.official_brand === true;
}

/** The seller's phone as a tel: target and as read: the last 10 digits with +91. */
export function phoneOf(phone: string | null | undefined): { href: string; text: string } | null {
  const digits = normalizePhone(phone ?? '');
  return digits ? { href: `tel:+91${digits}`, text: `+91 ${digits}` } : null;
}
