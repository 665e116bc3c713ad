import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { rowIdOf, type Product, type ProductForm } from '@mandi/contracts';
import {
  ACCESS_MESSAGES,
  DomainError,
  PRODUCT_MESSAGES,
  inferCategory,
  officialBrandFlag,
  parseInstant,
  rupeesToPaise,
} from '@mandi/domain';
import { publish } from '@mandi/events';
import { FILE_STORE, imageFileKeys, newFileKey, productFolder, type FileStore } from '@mandi/storage';
import type { Caller } from '../auth/caller.js';
import { ListingCache } from './listing.cache.js';
import { assertMayChange, lockProductOf } from './product-owner.js';
import { ProductReadsService } from './product-reads.service.js';
import {
  ProductsRepository,
  isUniqueViolation,
  type ProductDraft,
  type ProductImageRow,
} from './products.repository.js';

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

/** The largest value a PostgreSQL integer column holds. */
const INT4_MAX = 2_147_483_647;

/**
 * A seller posting, editing and deleting products with their images. Images are written to the file store before the
 * transaction and removed again when it fails, so a failed save leaves neither a row nor a file; files of removed
 * images go after commit. Each answers the product as its seller sees it (ProductReadsService).
 */
@Injectable()
export class ProductWritesService {
  private readonly logger = new Logger(ProductWritesService.name);

  constructor(
    private readonly products: ProductsRepository,
    private readonly reads: ProductReadsService,
    private readonly listing: ListingCache,
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
      if (first !== null) return { created: false, product: await this.reads.get(first, async () => caller) };
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
        if (first !== null) return { created: false, product: await this.reads.get(first, async () => caller) };
      }
      throw error;
    }
    await this.listing.invalidate([id]);
    return { created: true, product: await this.reads.get(id, async () => caller) };
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
    return this.reads.get(owner.id, async () => caller);
  }

  /**
   * Deletes a product of user `uid` (its seller or an admin): cart lines go with it, order lines keep their copy.
   * Its files are removed after the commit (and again by the worker on product.deleted, should this process stop).
   */
  async remove(caller: Caller, uid: string, productId: string): Promise<{ message: string }> {
    const id = rowIdOf(productId);
    if (id === null) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    await this.products.transaction(async (tx) => {
      await lockProductOf(this.products, tx, caller, uid, id);
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

  /** Removes files that are no longer used; a failure is logged, never turned into the caller's error. */
  private async discard(removal: () => Promise<unknown>): Promise<void> {
    try {
      await removal();
    } catch (error) {
      this.logger.error({ err: error }, 'Files not removed from the file store');
    }
  }
}

/** The URLs of saved images the form keeps: existingImages without removedImages, each once, in order. */
function keptImageUrls(form: ProductForm): string[] {
  return [...new Set(form.existingImages)].filter((url) => !form.removedImages.includes(url));
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
