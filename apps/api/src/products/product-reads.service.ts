import { Inject, Injectable } from '@nestjs/common';
import { rowIdOf, type Product, type ProductListQuery, type ProductsOfUserQuery } from '@mandi/contracts';
import {
  DomainError,
  PRODUCT_MESSAGES,
  PROFILE_MESSAGES,
  browseKey,
  rupeesToPaise,
  searchTerms,
  type ProductBrowse,
} from '@mandi/domain';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import type { Caller } from '../auth/caller.js';
import { ListingCache } from './listing.cache.js';
import { shopStateOf, toProduct } from './product-answer.js';
import type { ProductPageAnswer } from './product-page.cache.js';
import { ProductsRepository } from './products.repository.js';

/** Official products on the payment page's 'Add Product' list: at most this many. */
const OFFICIAL_LIST_MAX = 100;

/**
 * The catalog's reads: the home listing, a product, the official products and a seller's, each also as the JSON the
 * listing and product page caches keep ready. A product the shop does not show is only its seller's and admins'.
 */
@Injectable()
export class ProductReadsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly listing: ListingCache,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /**
   * A page of the home listing: newest first or in the query's sort, or ranked by a search, narrowed by the browsing
   * filters. Pages come from the cache, under a key that names every filter and the search's terms; an unfiltered page
   * keeps the key it always had.
   */
  async list(query: ProductListQuery): Promise<Product[]> {
    return JSON.parse((await this.listJson(query)).toString('utf8')) as Product[];
  }

  /** {@link list} as the UTF-8 JSON GET /api/products answers (a cached page is sent as it is stored). */
  async listJson(query: ProductListQuery): Promise<Buffer> {
    const browse = listingBrowse(query);
    const load = async () => {
      const rows = await this.products.listPage({
        officialOnly: query.filter !== 'All',
        search: query.search,
        browse: {
          category: browse.category,
          minPaise: browse.minPrice === undefined ? undefined : rupeesToPaise(browse.minPrice),
          maxPaise: browse.maxPrice === undefined ? undefined : rupeesToPaise(browse.maxPrice),
          inStock: browse.inStock,
          fresh: browse.fresh,
        },
        sort: browse.sort,
        skip: (query.page - 1) * query.limit,
        take: query.limit,
      });
      return rows.map((row) => toProduct(row, this.files));
    };
    const key = browseKey(browse);
    // A search is kept under its normalised terms ('Tamatar ' and 'tamatar' are one page), after the key it always had.
    const search = query.search === undefined ? [] : ['search', searchTerms(query.search).join('\t')];
    return this.listing.pageJson([query.filter, query.page, query.limit, ...(key ? [key] : []), ...search], load);
  }

  /**
   * One product; 404 'Product not found.' for an unknown id, and for a product the shop does not show (unlisted, or its
   * seller suspended) unless `viewer` (asked only then) is its seller or an admin, who get it with its `shop_state`.
   */
  async get(id: string | number, viewer: Viewer = noViewer): Promise<Product> {
    return (await this.productPage(productRowId(String(id)), viewer)).product;
  }

  /**
   * {@link get} as the UTF-8 JSON GET /api/products/{id} answers. A product the shop shows comes from the product page
   * cache (sent as it is stored) and is loaded and kept there on a miss; the rest is read from the database each time.
   */
  async getJson(id: string, viewer: Viewer = noViewer): Promise<Buffer> {
    const rowId = productRowId(id);
    return this.listing.productJson(rowId, () => this.productPage(rowId, viewer));
  }

  /** Product `rowId` as `viewer` may see it (see {@link get}), and whether everyone gets this answer. */
  private async productPage(rowId: number, viewer: Viewer): Promise<ProductPageAnswer> {
    const row = await this.products.findCard(rowId);
    if (!row) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    if (shopStateOf(row) === null) return { product: toProduct(row, this.files), shared: true };
    const caller = await viewer();
    if (!caller || (caller.role !== 'admin' && caller.uid !== row.sellerUid))
      throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    return { product: toProduct(row, this.files, { withShopState: true }), shared: false };
  }

  /** The official products (GET /api/products/{brand}-products): still valid ones first, each group newest first. */
  async official(): Promise<Product[]> {
    return (await this.products.listOfficial(OFFICIAL_LIST_MAX)).map((row) => toProduct(row, this.files));
  }

  /**
   * A seller's products, newest first; 404 when the uid is no (longer a) user of ours. Visitors get those the shop
   * shows; the seller themselves and admins (`viewer`) get every one, a hidden one with its `shop_state` (the seller's
   * profile shows 'Unlisted by Mandi' and the reason).
   */
  async ofSeller(uid: string, query: ProductsOfUserQuery, viewer: Viewer = noViewer): Promise<Product[]> {
    const [sellerId, caller] = await Promise.all([this.products.findSellerId(uid), viewer()]);
    if (sellerId === null) throw new DomainError('not_found', PROFILE_MESSAGES.notFound);
    const includeHidden = caller !== null && (caller.role === 'admin' || caller.uid === uid);
    const rows = await this.products.listOfSeller(sellerId, {
      skip: (query.page - 1) * query.limit,
      take: query.limit,
      includeHidden,
    });
    return rows.map((row) => toProduct(row, this.files, { withShopState: includeHidden }));
  }
}

/** Who is asking, when the answer depends on it; resolved only when needed (a token costs a verification). */
export type Viewer = () => Promise<Caller | null>;

const noViewer: Viewer = () => Promise.resolve(null);

/** The row id a product path names; 404 'Product not found.' when it names none. */
function productRowId(id: string): number {
  const rowId = rowIdOf(id);
  if (rowId === null) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
  return rowId;
}

/**
 * The browsing a listing query asks for, as one key names it: without a search, newest first is the listing's own
 * order, so `sort=newest` and no sort are the same page (and the same cache entry).
 */
function listingBrowse(query: ProductListQuery): ProductBrowse {
  const { category, minPrice, maxPrice, inStock, fresh, sort } = query;
  return {
    category,
    minPrice,
    maxPrice,
    inStock,
    fresh,
    sort: query.search === undefined && sort === 'newest' ? undefined : sort,
  };
}
