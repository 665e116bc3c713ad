import { Inject, Injectable } from '@nestjs/common';
import { rowIdOf, type AdminProduct, type AdminProductActionAnswer, type AdminProductsQuery } from '@mandi/contracts';
import {
  ADMIN_PRODUCTS_COUNT_MAX,
  DomainError,
  PRODUCT_MESSAGES,
  PRODUCT_MODERATION_MESSAGES,
  adminProductStatus,
  paiseToRupees,
  rupeesToPaise,
} from '@mandi/domain';
import { FILE_STORE, type FileStore } from '@mandi/storage';
import type { Caller } from '../auth/caller.js';
import { ListingCache } from '../products/listing.cache.js';
import { AdminProductsRepository, type AdminProductRow } from './admin-products.repository.js';

/** A page of the console's products, and how many match (`capped`: more than ADMIN_PRODUCTS_COUNT_MAX). */
export interface AdminProductPage {
  products: AdminProduct[];
  total: number;
  capped: boolean;
}

/**
 * The console's Products tab (issue 17): the list with its filters and sorts, and an admin unlisting a product (its
 * seller is mailed the reason) or listing it again. Each change is one statement with its event and audit row; the
 * cached listing pages are dropped after it, as after a seller's edit.
 */
@Injectable()
export class AdminProductsService {
  constructor(
    private readonly products: AdminProductsRepository,
    private readonly listing: ListingCache,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** A page in the query's order (newest first unless asked), and the count of matches up to ADMIN_PRODUCTS_COUNT_MAX. */
  async list(query: AdminProductsQuery): Promise<AdminProductPage> {
    const filter = {
      search: query.search,
      seller: query.seller,
      category: query.category,
      minPaise: query.minPrice === undefined ? undefined : rupeesToPaise(query.minPrice),
      maxPaise: query.maxPrice === undefined ? undefined : rupeesToPaise(query.maxPrice),
      stock: query.stock,
      validity: query.validity,
      status: query.status,
    };
    // Newest first by default; every other column from its smallest.
    const descending = query.order === undefined ? query.sort === 'newest' : query.order === 'desc';
    const [rows, count] = await Promise.all([
      this.products.page(filter, query.sort, descending, (query.page - 1) * query.perPage, query.perPage),
      this.products.count(filter),
    ]);
    return {
      products: rows.map((row) => this.toAdminProduct(row)),
      total: Math.min(count, ADMIN_PRODUCTS_COUNT_MAX),
      capped: count > ADMIN_PRODUCTS_COUNT_MAX,
    };
  }

  /** Takes a product off the shop; 404 unknown, 409 when it is unlisted already. */
  async unlist(admin: Caller, productId: string, reason: string): Promise<AdminProductActionAnswer> {
    const id = this.idOf(productId);
    const outcome = await this.products.unlist(admin.id, id, reason);
    return this.answer(id, outcome, PRODUCT_MODERATION_MESSAGES.unlisted, PRODUCT_MODERATION_MESSAGES.alreadyUnlisted);
  }

  /** Lists an unlisted product again; 404 unknown, 409 when it is listed already. */
  async relist(admin: Caller, productId: string): Promise<AdminProductActionAnswer> {
    const id = this.idOf(productId);
    const outcome = await this.products.relist(admin.id, id);
    return this.answer(id, outcome, PRODUCT_MODERATION_MESSAGES.relisted, PRODUCT_MODERATION_MESSAGES.alreadyListed);
  }

  private idOf(productId: string): number {
    const id = rowIdOf(productId);
    if (id === null) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    return id;
  }

  private async answer(
    id: number,
    outcome: 'changed' | 'unchanged' | 'not_found',
    done: string,
    already: string,
  ): Promise<AdminProductActionAnswer> {
    if (outcome === 'not_found') throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    const row = await this.products.find(id);
    if (!row) throw new DomainError('not_found', PRODUCT_MESSAGES.notFound);
    if (outcome === 'unchanged')
      throw new DomainError('conflict', already, { details: { product: this.toAdminProduct(row) } });
    // The listing, search pages and product pages must not serve it as it was.
    await this.listing.invalidate([id]);
    return { message: done, product: this.toAdminProduct(row) };
  }

  private toAdminProduct(row: AdminProductRow): AdminProduct {
    return {
      id: String(row.id),
      name: row.name,
      thumbnail: row.thumbKey === null ? null : this.files.publicUrl(row.thumbKey),
      seller: { id: String(row.sellerId), username: row.sellerUsername, status: row.sellerStatus },
      category: row.category,
      price: paiseToRupees(row.pricePaise),
      stock: row.stock,
      valid_until: row.validUntil.toISOString(),
      created_at: row.createdAt.toISOString(),
      status: adminProductStatus(row),
      unlisted_reason: row.unlistedReason,
      unlisted_at: row.unlistedAt?.toISOString() ?? null,
    };
  }
}
