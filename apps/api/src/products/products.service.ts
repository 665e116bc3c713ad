import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import {
  rowIdOf,
  type Product,
  type ProductShopState,
  type ProductForm,
  type ProductListQuery,
  type ProductsOfUserQuery,
} from '@mandi/contracts';
import {
  ACCESS_MESSAGES,
  DomainError,
  PRODUCT_MESSAGES,
  PROFILE_MESSAGES,
  browseKey,
  formatIndiaDateTime,
  inferCategory,
  officialBrandFlag,
  paiseToRupees,
  parseInstant,
  rupeesToPaise,
  searchTerms,
  type ProductBrowse,
} from '@mandi/domain';
import { publish } from '@mandi/events';
import { FILE_STORE, imageFileKeys, newFileKey, productFolder, urlOfKeyOrUrl, type FileStore } from '@mandi/storage';
import type { Transaction } from '@mandi/database';
import type { Caller } from '../auth/caller.js';
import { ListingCache } from './listing.cache.js';
import type { ProductPageAnswer } from './product-page.cache.js';
import {
  ProductsRepository,
  isUniqueViolation,
  type ProductDraft,
  type ProductImageRow,
  type ProductOwner,
} from './products.repository.js';
import type { ProductCardRow } from './product-card.sql.js';

/** Millimetres in the database, centimetres in the API (spec 000 section 3). */
const toCm = (mm: number | null): number | null => (mm === null ? null : mm / 10);

/** An uploaded image whose bytes were checked: what is stored, under a key with this extension. */
export interface NewImage {
  bytes: Buffer;
  extension: string;
  contentType: string;
}

/** What creating a product answers: the product, and whether this call made it (false: a repeated requestId). */
export interface CreatedProduct {
  created: boolean;
  product: Product;
}

/** Official products on the payment page's 'Add Product' list: at most this many. */
const OFFICIAL_LIST_MAX = 100;

/** The largest value a PostgreSQL integer column holds. */
const INT4_MAX = 2_147_483_647;

/**
 * The catalog: the listing, a product, a seller's and the official products, and a seller posting, editing and
 * deleting products with their images. Images are written to the file store before the transaction and removed
 * again when it fails, so a failed save leaves neither a row nor a file; files of removed images go after commit.
 */
@Injectable()
export class ProductsService {
  private readonly logger = new Logger(ProductsService.name);

  constructor(
    private readonly products: ProductsRepository,
    private readonly listing: ListingCache,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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

  /**
   * Posts a product for the caller. A requestId the caller used before answers the first product (created: false)
   * without a second row or a second set of files, also when both requests race: the unique index on
   * (seller_id, request_id) lets one insert win, and the loser removes its files and answers the winner's product.
   */
  async create(caller: Caller, form: ProductForm, images: readonly NewImage[]): Promise<CreatedProduct> {
    // Sellers post as themselves; an admin edits others' products but posts under their own name.
    if (form.uid !== caller.uid) throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
    // A new product has no saved images, so there is nothing it could keep.
    if (keptImageUrls(form).length > 0) throw unknownImage();
    const requestId = form.requestId ?? null;
    if (requestId) {
      const first = await this.products.findIdByRequest(caller.id, requestId);
      if (first !== null) return { created: false, product: await this.get(first, async () => caller) };
    }
    const draft = this.draftOf(form, caller.uid);

    const id = await this.products.reserveId();
    const folder = productFolder(id);
    const stored = await this.store(folder, images);
    try {
      await this.products.transaction(async (tx) => {
        await this.products.insert(tx, id, caller.id, draft, requestId, stored);
        await publish(tx, { type: 'product.created', payload: { productId: id } });
      });
    } catch (error) {
      await this.discard(() => this.files.deletePrefix(`${folder}/`));
      if (requestId && isUniqueViolation(error)) {
        const first = await this.products.findIdByRequest(caller.id, requestId);
        if (first !== null) return { created: false, product: await this.get(first, async () => caller) };
      }
      throw error;
    }
    await this.listing.invalidate([id]);
    return { created: true, product: await this.get(id, async () => caller) };
  }

  /**
   * Edits a product (its seller or an admin): the columns, and the images as existingImages minus removedImages in
   * the given order followed by the new files. Files of images no longer used are deleted after the commit.
   */
  async update(caller: Caller, id: string, form: ProductForm, images: readonly NewImage[]): Promise<Product> {
    const rowId = rowIdOf(id);
    const owner = rowId === null ? null : await this.products.findOwner(rowId);
    if (!owner) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    assertMayChange(caller, owner);
    if (caller.role !== 'admin' && form.uid !== caller.uid)
      throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
    const keptKeys = keptImageUrls(form).map((url) => this.files.keyFromUrl(url));
    const before = await this.products.imagesOf(owner.id);
    if (keptKeys.some((key) => key === null || !before.some((image) => image.fileKey === key))) throw unknownImage();
    // The seller's account decides, not the editor's: an admin's edit does not make a product official.
    const draft = this.draftOf(form, owner.sellerUid);

    const stored = await this.store(productFolder(owner.id), images);
    let unused: ProductImageRow[];
    try {
      unused = await this.products.transaction(async (tx) => {
        if (!(await this.products.lockOwner(tx, owner.id)))
          throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
        // Read again under the lock: a concurrent edit may have changed the images since the check above.
        const current = await this.products.imagesOf(owner.id, tx);
        const kept = keptKeys.map((key) => current.find((image) => image.fileKey === key) ?? throwUnknownImage());
        await this.products.update(tx, owner.id, draft, [
          ...kept,
          ...stored.map((image) => ({ ...image, cardKey: null, thumbKey: null })),
        ]);
        await publish(tx, { type: 'product.updated', payload: { productId: owner.id } });
        return current.filter((image) => !keptKeys.includes(image.fileKey));
      });
    } catch (error) {
      await this.discard(() => Promise.all(stored.map((image) => this.files.delete(image.fileKey))));
      throw error;
    }
    await this.listing.invalidate([owner.id]);
    await this.discard(() =>
      Promise.all(unused.flatMap((image) => imageFileKeys(image.fileKey)).map((key) => this.files.delete(key))),
    );
    return this.get(owner.id, async () => caller);
  }

  /**
   * Deletes a product of user `uid` (its seller or an admin): cart lines go with it, order lines keep their copy.
   * Its files are removed after the commit (and again by the worker on product.deleted, should this process stop).
   */
  async remove(caller: Caller, uid: string, productId: string): Promise<{ message: string }> {
    const id = rowIdOf(productId);
    if (id === null) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    await this.products.transaction(async (tx) => {
      await this.lockProductOf(tx, caller, uid, id);
      await this.products.delete(tx, id);
      await publish(tx, { type: 'product.deleted', payload: { productId: id } });
    });
    await this.listing.invalidate([id]);
    await this.discard(() => this.files.deletePrefix(`${productFolder(id)}/`));
    return { message: PRODUCT_MESSAGES.deleted };
  }

  /**
   * The form's columns as stored; official exactly when the seller's Firebase uid is OFFICIAL_SELLER_UID (a uid is
   * never given out again, while an e-mail is free for anyone once its account is deleted).
   */
  private draftOf(form: ProductForm, sellerUid: string): ProductDraft {
    const pricePaise = rupeesToPaise(form.price);
    if (pricePaise > INT4_MAX) throw invalid('price', PRODUCT_MESSAGES.invalidPrice.text);
    return {
      name: form.name,
      description: form.description,
      pricePaise,
      validUntil: parseInstant(form.validUntil)!,
      sellerPhone: form.sellerPhone,
      sellerEmail: form.sellerEmail ?? null,
      weightGrams: storedMeasure('weight', form.weight, 1, PRODUCT_MESSAGES.invalidWeight.text),
      lengthMm: storedMeasure('length', form.length, 10, PRODUCT_MESSAGES.invalidLength.text),
      widthMm: storedMeasure('width', form.width, 10, PRODUCT_MESSAGES.invalidWidth.text),
      heightMm: storedMeasure('height', form.height, 10, PRODUCT_MESSAGES.invalidHeight.text),
      officialBrand: officialBrandFlag(sellerUid, this.config.OFFICIAL_SELLER_UID) === 1,
      category: form.category ?? inferCategory(form.name),
      // Absent: a new product is unlimited, an edit keeps the stock it has (Prisma leaves an undefined column alone).
      stock: form.stock,
    };
  }

  /** Writes the images under `folder` with fresh keys; if any write fails, removes those that succeeded. */
  private async store(
    folder: string,
    images: readonly NewImage[],
  ): Promise<Pick<ProductImageRow, 'fileKey' | 'contentType'>[]> {
    const stored = images.map((image) => ({
      fileKey: newFileKey(folder, image.extension),
      contentType: image.contentType,
    }));
    const writes = await Promise.allSettled(
      images.map((image, i) => this.files.put(stored[i]!.fileKey, image.bytes, image.contentType)),
    );
    const failed = writes.find((write): write is PromiseRejectedResult => write.status === 'rejected');
    if (failed) {
      await this.discard(() => Promise.all(stored.map((image) => this.files.delete(image.fileKey))));
      throw failed.reason;
    }
    return stored;
  }

  /**
   * Locks product `id` of the seller `sellerUid` for a change by `caller`: 404 when there is none, 403 unless the caller
   * is its seller or an admin, and 404 when it is another seller's (a path names the seller, and under this one the
   * product is not found).
   */
  private async lockProductOf(tx: Transaction, caller: Caller, sellerUid: string, id: number): Promise<void> {
    const owner = await this.products.lockOwner(tx, id);
    if (!owner) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    assertMayChange(caller, owner);
    if (owner.sellerUid !== sellerUid) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
  }

  /** Removes files that are no longer used; a failure is logged, never turned into the caller's error. */
  private async discard(removal: () => Promise<unknown>): Promise<void> {
    try {
      await removal();
    } catch (error) {
      this.logger.error({ err: error }, 'Files not removed from the file store');
    }
  }

  /**
   * The seller dashboard's 'extend validity' (issue 16): product `productId` of seller `sellerUid` stays on sale for
   * `byMs` more from now or its validity, whichever is later. An edit like {@link update}: see {@link changeOfSeller}.
   */
  async extendValidity(caller: Caller, sellerUid: string, productId: string, byMs: number): Promise<void> {
    await this.changeOfSeller(caller, sellerUid, productId, (tx, id) => this.products.extendValidity(tx, id, byMs));
  }

  /** The seller dashboard's 'restock' (issue 16): product `productId` of seller `sellerUid` has `stock` packs left. */
  async restock(caller: Caller, sellerUid: string, productId: string, stock: number): Promise<void> {
    await this.changeOfSeller(caller, sellerUid, productId, (tx, id) => this.products.setStock(tx, id, stock));
  }

  /**
   * A change of one product under the rules of an edit: only its seller or an admin (403), a product of someone else
   * is not found under `sellerUid` (404, as for {@link remove}), the row locked so edits queue up, product.updated in
   * the same transaction, and the listing and its product page invalidated after the commit.
   */
  private async changeOfSeller(
    caller: Caller,
    sellerUid: string,
    productId: string,
    change: (tx: Transaction, id: number) => Promise<void>,
  ): Promise<void> {
    const id = rowIdOf(productId);
    if (id === null) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    await this.products.transaction(async (tx) => {
      await this.lockProductOf(tx, caller, sellerUid, id);
      await change(tx, id);
      await publish(tx, { type: 'product.updated', payload: { productId: id } });
    });
    await this.listing.invalidate([id]);
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

/** The URLs of saved images the form keeps: existingImages without removedImages, each once, in order. */
function keptImageUrls(form: ProductForm): string[] {
  return [...new Set(form.existingImages)].filter((url) => !form.removedImages.includes(url));
}

/** Only the seller or an admin may change a product. */
function assertMayChange(caller: Caller, owner: ProductOwner): void {
  if (caller.role !== 'admin' && caller.id !== owner.sellerId)
    throw new DomainError('not_allowed', PRODUCT_MESSAGES.notYours);
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('invalid_data', message, { fields: { [field]: message } });
}

function unknownImage(): DomainError {
  return invalid('existingImages', PRODUCT_MESSAGES.unknownImage);
}

function throwUnknownImage(): never {
  throw unknownImage();
}

/** A form measure (grams, or centimetres x10 = millimetres) as a whole positive number that fits its column. */
function storedMeasure(field: string, value: number | undefined, factor: number, message: string): number | null {
  if (value === undefined) return null;
  const stored = Math.max(1, Math.round(value * factor));
  if (stored > INT4_MAX) throw invalid(field, message);
  return stored;
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
