/*
 * The product as the listing receives it (000 section 3). The API speaks rupees; images
 * sometimes arrive as a JSON string, and the list arrives either as an array or as a page.
 */
export interface ListedProduct {
  id: string | number;
  uid: string;
  name: string;
  price: number | string;
  description?: string | null;
  validUntil?: string | null;
  createdAt?: string | null;
  images?: string[] | string | null;
  official_brand?: number | boolean | null;
  sellerPhone?: string | null;
  sellerEmail?: string | null;
  /** Seller summary when the listing includes it. */
  seller?: { username?: string | null; profileImage?: string | null } | null;
  username?: string | null;
  profileImage?: string | null;
}

/** A page of products: `{items, nextCursor}`. */
export interface ProductPage {
  items: ListedProduct[];
  nextCursor?: string | null;
}

/** Accepts both answers of GET /api/products: a plain array or a page object. */
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

/** True for the own brand's original products (official_brand 1). */
export function isOriginal(product: Pick<ListedProduct, 'official_brand'>): boolean {
  return product.official_brand === 1 || product.official_brand === true;
}
