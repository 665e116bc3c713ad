import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import type { Product } from '@mandi/contracts';
import { RedisCircuit } from '../redis/redis-circuit.js';
import { REDIS } from '../redis/redis.module.js';
import { ProductPageCache, type ProductPageAnswer } from './product-page.cache.js';

/**
 * How long a page of the home listing is reused. Product changes made through the API invalidate it at once (see
 * {@link ListingCache.invalidate}); what changes elsewhere (a seller's new avatar, the worker's card-size image)
 * shows within this time.
 */
export const LISTING_TTL_SECONDS = 30;

/** Reads the catalog version and the page cached under it in one round trip. */
const READ_PAGE = `
local version = redis.call('GET', KEYS[1]) or '0'
return {version, redis.call('GET', ARGV[1] .. version)}`;

/** The client with the script defined; ioredis adds the Buffer variant, which answers the page as bytes. */
type PageReader = Redis & {
  listingPageBuffer(versionKey: string, pagePrefix: string): Promise<[Buffer, Buffer | null]>;
};

/**
 * The catalog's caches in Redis, shared by every API replica: pages of the home listing, and product pages
 * ({@link ProductPageCache}), which one {@link invalidate} after each change keeps in step.
 *
 * Listing pages (every visitor asks for the same first pages, and at a million products the statement costs a few
 * milliseconds of PostgreSQL each time), with or without a search, and the by-name search's pages (a search costs ten
 * times that). They are stored under a catalog version that every
 * product change increments after its commit, so a reader never gets a page older than a change it could have seen; a
 * page read before a change and stored after it is stored under the old version, where nobody looks any more.
 */
@Injectable()
export class ListingCache {
  private readonly circuit: RedisCircuit;
  private readonly productPages: ProductPageCache;
  /**
   * Pages being loaded in this process, by the key they will be stored under: buyers who ask for the same page (a
   * popular search) at the moment it is not cached share one statement instead of each running it.
   */
  private readonly loading = new Map<string, Promise<Buffer>>();

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    if (!('listingPage' in redis)) redis.defineCommand('listingPage', { numberOfKeys: 1, lua: READ_PAGE });
    this.circuit = RedisCircuit.of(redis);
    this.productPages = new ProductPageCache(redis, config.REDIS_PREFIX);
    // A change made while Redis was away could not move any version; pages cached before it may still be there.
    this.circuit.onRecovery(() => void this.invalidate('all'));
  }

  /** The page `parts` names: from Redis when cached for the current version, else `load()`ed and cached. */
  async page(parts: readonly (string | number)[], load: () => Promise<Product[]>): Promise<Product[]> {
    return JSON.parse((await this.pageJson(parts, load)).toString('utf8')) as Product[];
  }

  /**
   * The same page as the UTF-8 JSON the API answers: a cached page goes out as the bytes Redis holds, never parsed,
   * written and encoded again (at a couple of thousand pages a second, that was a quarter of the API's time).
   */
  async pageJson(parts: readonly (string | number)[], load: () => Promise<Product[]>): Promise<Buffer> {
    const prefix = `${this.config.REDIS_PREFIX}:listing:${parts.join(':')}:v`;
    // A Redis failure reads as a miss: the listing never fails over its cache.
    const [version, cached] = await this.circuit.run<[Buffer | null, Buffer | null]>(
      (redis) => (redis as PageReader).listingPageBuffer(this.versionKey(), prefix),
      () => [null, null],
    );
    if (cached) return cached;
    // Without Redis there is no version to name a load by: each request reads for itself.
    if (version === null) return Buffer.from(JSON.stringify(await load()));
    const key = `${prefix}${version.toString()}`;
    const running = this.loading.get(key);
    if (running) return running;
    const loading = (async () => {
      const page = Buffer.from(JSON.stringify(await load()));
      await this.circuit.run(
        (redis) => redis.set(key, page, 'EX', LISTING_TTL_SECONDS),
        () => null,
      );
      return page;
    })().finally(() => this.loading.delete(key));
    this.loading.set(key, loading);
    return loading;
  }

  /** Product `id`'s page as the UTF-8 JSON GET /api/products/{id} answers; see {@link ProductPageCache.json}. */
  productJson(id: number, load: () => Promise<ProductPageAnswer>): Promise<Buffer> {
    return this.productPages.json(id, load);
  }

  /**
   * After a change to `products` (ids, or 'all' of them) has committed: their pages, and unless `listing` is false
   * every listing page, are out of date. One round trip, in one MULTI so no reader sees half of it.
   */
  async invalidate(products: readonly number[] | 'all', { listing = true }: { listing?: boolean } = {}): Promise<void> {
    await this.circuit.run(
      (redis) => {
        const batch = redis.multi();
        if (listing) batch.incr(this.versionKey());
        return this.productPages.invalidation(batch, products).exec();
      },
      () => null,
    );
  }

  private versionKey(): string {
    return catalogVersionKey(this.config.REDIS_PREFIX);
  }
}

/**
 * The catalog version: every product change moves it after its commit (see {@link ListingCache.invalidate}), so
 * what is cached under it (listing and search pages, suggestions) is never older than a change a reader could see.
 */
export function catalogVersionKey(redisPrefix: string): string {
  return `${redisPrefix}:listing:version`;
}
