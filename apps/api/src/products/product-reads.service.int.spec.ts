import {
  createQueryCountingClient,
  createTestDatabase,
  newProduct,
  newUser,
  type PrismaService,
  type QueryCountingClient,
  type TestDatabase,
} from '@mandi/database';
import { productListQuerySchema } from '@mandi/contracts';
import { loadConfig } from '@mandi/config';
import { LocalFileStore } from '@mandi/storage';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { ListingCache } from './listing.cache.js';
import { ProductsRepository } from './products.repository.js';
import { ProductReadsService } from './product-reads.service.js';

describe('ProductReadsService.list against the real database', () => {
  let db: TestDatabase;
  let counting: QueryCountingClient;
  let service: ProductReadsService;
  let redis: Redis;
  let listing: ListingCache;
  const redisPrefix = `test-listing-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    counting = createQueryCountingClient(db.url);
    const config = loadConfig({ NODE_ENV: 'test', REDIS_PREFIX: redisPrefix });
    redis = new Redis(config.REDIS_URL);
    listing = new ListingCache(redis, config);
    service = new ProductReadsService(
      new ProductsRepository(counting.prisma as unknown as PrismaService),
      listing,
      new LocalFileStore('var/files'),
    );
  });
  afterAll(async () => {
    await counting.prisma.$disconnect();
    await db.drop();
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('answers a page, sellers and images included, in one query whatever its size', async () => {
    const first = await newUser(db.prisma);
    await newProduct(db.prisma, { sellerId: first.id });
    counting.reset();
    expect(await service.list(productListQuerySchema.parse({}))).toHaveLength(1);
    const forOne = counting.count();

    for (let i = 0; i < 23; i += 1) {
      const seller = await newUser(db.prisma);
      const product = await newProduct(db.prisma, { sellerId: seller.id, name: `Product ${i}` });
      await db.prisma.productImage.create({
        data: {
          productId: product.id,
          position: 0,
          fileKey: `products/${product.id}/0.webp`,
          contentType: 'image/webp',
        },
      });
    }
    // These rows were written behind the service's back: the cached first page is still the one-product page.
    counting.reset();
    expect(await service.list(productListQuerySchema.parse({}))).toHaveLength(1);
    expect(counting.count()).toBe(0);
    // A change through the service invalidates the cache; so does this.
    await listing.invalidate([]);
    counting.reset();
    const page = await service.list(productListQuerySchema.parse({}));
    expect(page).toHaveLength(24);
    expect(page[0]!.images).toEqual([expect.stringMatching(/^\/files\/products\/\d+\/0\.webp$/)]);
    expect(page[0]!.thumbnails).toEqual(page[0]!.images);
    expect(counting.count()).toBe(forOne);
    expect(forOne).toBe(1);
  });

  it('answers a product page, with seller and image variants, in one query', async () => {
    const seller = await newUser(db.prisma);
    const product = await newProduct(db.prisma, { sellerId: seller.id });
    for (const position of [0, 1]) {
      await db.prisma.productImage.create({
        data: {
          productId: product.id,
          position,
          fileKey: `products/${product.id}/${position}.jpg`,
          contentType: 'image/jpeg',
          cardKey: position === 0 ? `products/${product.id}/0.card.webp` : null,
          thumbKey: position === 0 ? `products/${product.id}/0.thumb.webp` : null,
        },
      });
    }
    counting.reset();
    const shown = await service.get(String(product.id));
    expect(counting.count()).toBe(1);
    expect(shown.thumbnails).toEqual([
      `/files/products/${product.id}/0.thumb.webp`,
      `/files/products/${product.id}/1.jpg`,
    ]);
    expect(shown.cardImage).toBe(`/files/products/${product.id}/0.card.webp`);
  });

  it('reads a product that many open at the same moment from the database once', async () => {
    const product = await newProduct(db.prisma, { sellerId: (await newUser(db.prisma)).id });
    counting.reset();
    const pages = await Promise.all(Array.from({ length: 20 }, () => service.getJson(String(product.id))));
    expect(counting.count()).toBe(1);
    expect(new Set(pages.map((page) => page.toString('utf8'))).size).toBe(1);
    expect(JSON.parse(pages[0]!.toString('utf8'))).toMatchObject({ id: String(product.id) });
  });

  it("never hands one viewer's answer about a hidden product to another, however close together they ask", async () => {
    const seller = await newUser(db.prisma);
    const product = await newProduct(db.prisma, {
      sellerId: seller.id,
      unlistedAt: new Date(),
      unlistedReason: 'Blurry photos',
    });
    const asSeller = async () => ({
      id: seller.id,
      uid: seller.firebaseUid,
      email: seller.email,
      role: 'user' as const,
    });
    const [publicAnswer, sellerAnswer] = await Promise.allSettled([
      service.getJson(String(product.id)),
      service.getJson(String(product.id), asSeller),
    ]);
    expect(publicAnswer).toMatchObject({ status: 'rejected', reason: { message: 'Product not found.' } });
    expect(sellerAnswer.status).toBe('fulfilled');
    const shown = JSON.parse((sellerAnswer as PromiseFulfilledResult<Buffer>).value.toString('utf8'));
    expect(shown.shop_state).toMatchObject({ status: 'unlisted', unlisted_reason: 'Blurry photos' });
  });
});
