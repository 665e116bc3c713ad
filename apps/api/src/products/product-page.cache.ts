import type { ChainableCommander, Redis } from 'ioredis';
import type { Product } from '@mandi/contracts';
import { RedisCircuit } from '../redis/redis-circuit.js';

/**
 * How long a product page is reused. Changes to the product made through the API drop it at once (see
 * {@link ProductPageCache.invalidation}); what changes elsewhere (the worker's image variants, the seller's name,
 * avatar or city on the seller card, a deleted account, packs given back when an order is cancelled) shows within
 * this time, as on the listing.
 */
export const PRODUCT_PAGE_TTL_SECONDS = 30;

/**
 * How long a product's version outlives its last change. Far longer than a page lives (and than any load could take),
 * so when the key expires and the version reads 0 again, every page stored under an older version has expired long
 * before; the keys of products changed once do not stay in Redis for ever.
 */
const PRODUCT_VERSION_TTL_SECONDS = 24 * 60 * 60;

/**
 * Reads the epoch of all product pages, product KEYS[2]'s own version and the page cached under both, in one round
 * trip. ARGV[1] is the page key without its tag.
 */
const READ_PRODUCT_PAGE = `
local tag = (redis.call('GET', KEYS[1]) or '0') .. '.' .. (redis.call('GET', KEYS[2]) or '0')
return {tag, redis.call('GET', ARGV[1] .. tag)}`;

/** The client with the script defined; ioredis adds the Buffer variant, which answers the page as bytes. */
type ProductPageReader = Redis & {
  productPageBuffer(epochKey: string, versionKey: string, pagePrefix: string): Promise<[Buffer, Buffer | null]>;
};

/** A product page as loaded from the database, and whether everyone gets this answer (only such answers are kept). */
export interface ProductPageAnswer {
  product: Product;
  /** False for a product the shop does not show, answered to its seller or an admin with its shop_state. */
  shared: boolean;
}

/** A loaded answer as the bytes it is sent as. */
interface SerialisedAnswer {
  page: Buffer;
  shared: boolean;
}

async function serialised(load: () => Promise<ProductPageAnswer>): Promise<SerialisedAnswer> {
  const { product, shared } = await load();
  return { page: Buffer.from(JSON.stringify(product)), shared };
}

/**
 * GET /api/products/{id} as the exact JSON bytes the API answers, in Redis so every API replica shares it. Each product
 * has its own version, which a change to that product increments after its commit (a change to one product never
 * drops another's page), and all pages share an epoch, incremented when every page may be stale (Redis came back after
 * an outage during which changes could not move any version). A page is stored under the epoch and version read before
 * it was loaded, so a load that raced a change lands under a version nobody reads any more.
 *
 * Only what everyone gets is cached: a product the shop does not show (unlisted, seller suspended) and an unknown id
 * (ids are many: a crawler must not fill Redis with them) are read from the database each time.
 */
export class ProductPageCache {
  private readonly circuit: RedisCircuit;
  /**
   * Loads under way in this process, by the key their page will be stored under: a product many buyers open at the
   * same moment (a shared link, a push message) costs one read of PostgreSQL, not one per buyer.
   */
  private readonly loading = new Map<string, Promise<SerialisedAnswer>>();

  /** Over `redis`, under the keys `<prefix>:product:...`. */
  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.circuit = RedisCircuit.of(redis);
    if (!('productPage' in redis)) redis.defineCommand('productPage', { numberOfKeys: 2, lua: READ_PRODUCT_PAGE });
  }

  /**
   * Product `id`'s page: the bytes Redis holds for its current version, else `load()`ed, serialised once and kept when
   * it is everyone's answer. A Redis failure reads as a miss: a product page never fails over its cache.
   */
  async json(id: number, load: () => Promise<ProductPageAnswer>): Promise<Buffer> {
    const pagePrefix = `${this.prefix}:product:${id}:v`;
    const [tag, cached] = await this.circuit.run<[Buffer | null, Buffer | null]>(
      (redis) => (redis as ProductPageReader).productPageBuffer(this.epochKey(), this.versionKey(id), pagePrefix),
      () => [null, null],
    );
    if (cached) return cached;
    // Without Redis there is no version to name a load by: each request reads for itself.
    if (tag === null) return (await serialised(load)).page;
    const key = `${pagePrefix}${tag.toString()}`;
    const running = this.loading.get(key);
    if (running) {
      // Joins the load of the same version already under way, when its answer is everyone's; else loads its own
      // (a hidden product or a 404 may read differently for this viewer).
      const sharedPage = await running.then(
        ({ page, shared }) => (shared ? page : null),
        () => null,
      );
      return sharedPage ?? (await serialised(load)).page;
    }
    const loading = serialised(load);
    this.loading.set(key, loading);
    try {
      const { page, shared } = await loading;
      if (shared)
        await this.circuit.run(
          (redis) => redis.set(key, page, 'EX', PRODUCT_PAGE_TTL_SECONDS),
          () => null,
        );
      return page;
    } finally {
      this.loading.delete(key);
    }
  }

  /** Adds to `batch` what makes the pages of `products` out of date: each one's version, or with 'all' the epoch. */
  invalidation(batch: ChainableCommander, products: readonly number[] | 'all'): ChainableCommander {
    if (products === 'all') return batch.incr(this.epochKey());
    for (const id of new Set(products))
      batch.incr(this.versionKey(id)).expire(this.versionKey(id), PRODUCT_VERSION_TTL_SECONDS);
    return batch;
  }

  private epochKey(): string {
    return `${this.prefix}:product:epoch`;
  }

  private versionKey(id: number): string {
    return `${this.prefix}:product:${id}:version`;
  }
}
