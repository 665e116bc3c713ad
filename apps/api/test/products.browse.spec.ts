import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { EMBEDDED_LISTING_ID } from '@mandi/domain';
import { LocalFileStore } from '@mandi/storage';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { ListingCache } from '../src/products/listing.cache.js';
import { ProductsRepository } from '../src/products/products.repository.js';
import { ProductReadsService } from '../src/products/product-reads.service.js';
import { ApiHarness } from './harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const names = (products: { name: string }[]) => products.map((product) => product.name);

/**
 * Browsing the listing (issue 16): category, price range, in stock only, fresh only and the sort, on GET /api/products
 * beside the spec's search and filter, and on the server-rendered home page.
 */
describe('GET /api/products: browsing by category, price, stock, freshness and sort', () => {
  let api: ApiHarness;
  const web = { dir: '', renderer: '' };

  beforeAll(async () => {
    // A built storefront and a server renderer that prints what it was asked to render.
    web.dir = mkdtempSync(join(tmpdir(), 'mandi-browse-'));
    mkdirSync(join(web.dir, 'dist'));
    writeFileSync(
      join(web.dir, 'dist', 'index.html'),
      '<!doctype html><html><head><title>Mandi</title></head><body><div id="root"></div></body></html>',
    );
    web.renderer = join(web.dir, 'entry-server.mjs');
    writeFileSync(
      web.renderer,
      'export async function renderHome(products, renderedAt, search = "") {\n' +
        '  return `<main data-search="${search}">${products.map((p) => p.name).join("|")}</main>`;\n}\n',
    );
    api = await ApiHarness.start({ STOREFRONT_DIST: join(web.dir, 'dist'), STOREFRONT_SSR: web.renderer });

    const db = api.db.prisma;
    const farmer = await newUser(db, { username: 'kolar_farms' });
    const official = await newUser(db, { username: 'mandi_official', role: 'admin' });
    const add = (
      name: string,
      fields: {
        pricePaise: number;
        category: 'fresh_produce' | 'fresh_fruits' | 'spices' | 'honey';
        minutes: number;
      } & {
        stock?: number | null;
        expired?: boolean;
        official?: boolean;
      },
    ) =>
      newProduct(db, {
        sellerId: fields.official ? official.id : farmer.id,
        name,
        pricePaise: fields.pricePaise,
        category: fields.category,
        createdAt: minutesAgo(fields.minutes),
        stock: fields.stock ?? null,
        officialBrand: fields.official ?? false,
        validUntil: new Date(Date.now() + (fields.expired ? -DAY_MS : 7 * DAY_MS)),
      });
    await add('Desi Tamatar', { pricePaise: 4_000, category: 'fresh_produce', minutes: 80 });
    await add('Hybrid Tomatoes', { pricePaise: 6_000, category: 'fresh_produce', minutes: 70, stock: 0 });
    await add('Organic Tamatar', { pricePaise: 9_950, category: 'fresh_produce', minutes: 60, expired: true });
    await add('Kesar Aam', { pricePaise: 25_000, category: 'fresh_fruits', minutes: 50, stock: 12 });
    await add('Lakadong Haldi', { pricePaise: 18_000, category: 'spices', minutes: 40, official: true });
    await add('Wild Forest Honey', { pricePaise: 39_900, category: 'honey', minutes: 30, stock: 3 });
    await add('Tamatar Ketchup Homemade', {
      pricePaise: 15_000,
      category: 'fresh_produce',
      minutes: 20,
      expired: true,
      stock: 0,
    });
    // Two products at one price: id decides, so pages never overlap.
    await add('Pahadi Aloo', { pricePaise: 6_000, category: 'fresh_produce', minutes: 10 });
  });
  afterAll(async () => {
    await api.stop();
    rmSync(web.dir, { recursive: true, force: true });
  });

  const list = async (query: string): Promise<string[]> => {
    const response = await api.request({ method: 'GET', url: `/api/products?${query}` });
    expect(response.statusCode).toBe(200);
    return names(response.json());
  };

  it('keeps the listing newest first without browsing parameters', async () => {
    expect(await list('')).toEqual([
      'Pahadi Aloo',
      'Tamatar Ketchup Homemade',
      'Wild Forest Honey',
      'Lakadong Haldi',
      'Kesar Aam',
      'Organic Tamatar',
      'Hybrid Tomatoes',
      'Desi Tamatar',
    ]);
  });

  it('narrows to one category', async () => {
    expect(await list('category=fresh_produce')).toEqual([
      'Pahadi Aloo',
      'Tamatar Ketchup Homemade',
      'Organic Tamatar',
      'Hybrid Tomatoes',
      'Desi Tamatar',
    ]);
    expect(await list('category=honey')).toEqual(['Wild Forest Honey']);
    expect(await list('category=seeds')).toEqual([]);
  });

  it('narrows to a price range in rupees, both bounds included', async () => {
    expect(await list('minPrice=60&maxPrice=180')).toEqual([
      'Pahadi Aloo',
      'Tamatar Ketchup Homemade',
      'Lakadong Haldi',
      'Organic Tamatar',
      'Hybrid Tomatoes',
    ]);
    expect(await list('minPrice=99.50&maxPrice=99.5')).toEqual(['Organic Tamatar']);
    expect(await list('maxPrice=40')).toEqual(['Desi Tamatar']);
    expect(await list('minPrice=399')).toEqual(['Wild Forest Honey']);
  });

  it("keeps products with stock left or unlimited for 'in stock only'", async () => {
    expect(await list('inStock=1')).toEqual([
      'Pahadi Aloo',
      'Wild Forest Honey',
      'Lakadong Haldi',
      'Kesar Aam',
      'Organic Tamatar',
      'Desi Tamatar',
    ]);
    expect((await list('inStock=0')).length).toBe(8);
  });

  it("keeps products still valid for 'fresh only'", async () => {
    expect(await list('fresh=1')).toEqual([
      'Pahadi Aloo',
      'Wild Forest Honey',
      'Lakadong Haldi',
      'Kesar Aam',
      'Hybrid Tomatoes',
      'Desi Tamatar',
    ]);
  });

  it('sorts by price low to high and high to low, the older of two equal prices first going up', async () => {
    expect(await list('sort=price_asc')).toEqual([
      'Desi Tamatar',
      'Hybrid Tomatoes',
      'Pahadi Aloo',
      'Organic Tamatar',
      'Tamatar Ketchup Homemade',
      'Lakadong Haldi',
      'Kesar Aam',
      'Wild Forest Honey',
    ]);
    expect(await list('sort=price_desc')).toEqual([
      'Wild Forest Honey',
      'Kesar Aam',
      'Lakadong Haldi',
      'Tamatar Ketchup Homemade',
      'Organic Tamatar',
      'Pahadi Aloo',
      'Hybrid Tomatoes',
      'Desi Tamatar',
    ]);
    expect(await list('sort=newest')).toEqual(await list(''));
  });

  it('combines every filter with a sort, the Original filter and paging', async () => {
    expect(await list('category=fresh_produce&inStock=1&fresh=1&maxPrice=100&sort=price_desc')).toEqual([
      'Pahadi Aloo',
      'Desi Tamatar',
    ]);
    expect(await list('filter=Original&sort=price_asc&minPrice=100')).toEqual(['Lakadong Haldi']);
    expect(await list('category=fresh_produce&sort=price_asc&page=2&limit=2')).toEqual([
      'Pahadi Aloo',
      'Organic Tamatar',
    ]);
    expect(await list('category=fresh_produce&sort=price_asc&page=3&limit=2')).toEqual(['Tamatar Ketchup Homemade']);
  });

  it('narrows the matches of a search inside its ranking, and sorts them instead of ranking when asked', async () => {
    // Ranked: the live matches first, the closest name first in each tier.
    expect(await list('search=tamatar')).toEqual([
      'Desi Tamatar',
      'Hybrid Tomatoes',
      'Organic Tamatar',
      'Tamatar Ketchup Homemade',
    ]);
    expect(await list('search=tamatar&fresh=1')).toEqual(['Desi Tamatar', 'Hybrid Tomatoes']);
    expect(await list('search=tamatar&inStock=1')).toEqual(['Desi Tamatar', 'Organic Tamatar']);
    expect(await list('search=tamatar&minPrice=50&maxPrice=100')).toEqual(['Hybrid Tomatoes', 'Organic Tamatar']);
    expect(await list('search=tamatar&category=fresh_fruits')).toEqual([]);
    expect(await list('search=tamatar&sort=price_desc')).toEqual([
      'Tamatar Ketchup Homemade',
      'Organic Tamatar',
      'Hybrid Tomatoes',
      'Desi Tamatar',
    ]);
    expect(await list('search=tamatar&sort=newest&fresh=1')).toEqual(['Hybrid Tomatoes', 'Desi Tamatar']);
  });

  it.each([
    ['minPrice=500&maxPrice=100', 'minPrice', 'minPrice must not be more than maxPrice'],
    ['category=vegetables', 'category', /^category must be one of fresh_produce, fresh_fruits, /],
    ['sort=popular', 'sort', 'sort must be one of newest, price_asc, price_desc'],
    ['minPrice=ten', 'minPrice', 'minPrice must be an amount in rupees from 0 to 10000000 with at most 2 decimals'],
    ['maxPrice=-1', 'maxPrice', 'maxPrice must be an amount in rupees from 0 to 10000000 with at most 2 decimals'],
    [
      'maxPrice=99999999',
      'maxPrice',
      'maxPrice must be an amount in rupees from 0 to 10000000 with at most 2 decimals',
    ],
    ['minPrice=1.005', 'minPrice', 'minPrice must be an amount in rupees from 0 to 10000000 with at most 2 decimals'],
    ['inStock=true', 'inStock', 'inStock must be 1 (or 0 for no filter)'],
    ['fresh=2', 'fresh', 'fresh must be 1 (or 0 for no filter)'],
    ['category=honey&category=spices', 'category', /^category must be one of/],
    ['search=tamatar&sort=cheap', 'sort', 'sort must be one of newest, price_asc, price_desc'],
  ])('refuses %s with a 400 naming the rule', async (query, field, message) => {
    const response = await api.request({ method: 'GET', url: `/api/products?${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    expect(Object.keys(body.fields)).toContain(field);
  });

  it('answers odd values with a 4xx, never a 5xx', async () => {
    const odd = [
      '%00',
      '%FF',
      'x'.repeat(5000),
      '1e309',
      'NaN',
      'Infinity',
      '0x10',
      '[]',
      '{}',
      ' ',
      '%E2%82%B9100',
      '١٠٠',
    ];
    for (const param of ['category', 'minPrice', 'maxPrice', 'inStock', 'fresh', 'sort']) {
      for (const value of odd) {
        const response = await api.request({ method: 'GET', url: `/api/products?${param}=${value}` });
        expect([200, 400, 414]).toContain(response.statusCode);
      }
    }
  });

  it('caches each filtered page under a key naming every filter, and the plain page under the key it always had', async () => {
    // A new catalog version, so only the pages asked for below are cached under it.
    const version = await api.redis.incr(`${api.redisPrefix}:listing:version`);
    const keys = async () => (await api.redis.keys(`${api.redisPrefix}:listing:*:v${version}`)).sort();

    await list('');
    await list('sort=newest');
    await list('sort=price_asc&fresh=1&category=fresh_produce');
    await list('category=fresh_produce&fresh=1&sort=price_desc');
    await list('filter=Original&maxPrice=250');
    const prefix = `${api.redisPrefix}:listing`;
    expect(await keys()).toEqual(
      [
        `${prefix}:All:1:24:v${version}`,
        `${prefix}:All:1:24:category=fresh_produce&fresh=1&sort=price_asc:v${version}`,
        `${prefix}:All:1:24:category=fresh_produce&fresh=1&sort=price_desc:v${version}`,
        `${prefix}:Original:1:24:maxPrice=250:v${version}`,
      ].sort(),
    );
    // Served from the cache, each page is still its own.
    expect(await list('category=fresh_produce&fresh=1&sort=price_asc')).toEqual([
      'Desi Tamatar',
      'Hybrid Tomatoes',
      'Pahadi Aloo',
    ]);
    expect(await list('sort=price_desc&fresh=1&category=fresh_produce')).toEqual([
      'Pahadi Aloo',
      'Hybrid Tomatoes',
      'Desi Tamatar',
    ]);
  });

  it('renders a filtered home page on the server with its own first page, and leaves a search to the browser', async () => {
    const page = async (url: string) => (await api.request({ method: 'GET', url })).body;

    const filtered = await page('/?sort=price_asc&utm_source=share&category=fresh_produce&fresh=1');
    expect(filtered).toContain(
      '<main data-search="?category=fresh_produce&fresh=1&sort=price_asc">Desi Tamatar|Hybrid Tomatoes|Pahadi Aloo</main>',
    );
    expect(filtered).toMatch(
      new RegExp(
        `<script type="application/json" id="${EMBEDDED_LISTING_ID}" data-rendered-at="[^"]+" data-listing="category=fresh_produce&amp;fresh=1&amp;sort=price_asc">\\[`,
      ),
    );

    const plain = await page('/');
    expect(plain).toContain('<main data-search="">Pahadi Aloo|Tamatar Ketchup Homemade|');
    expect(plain).toMatch(new RegExp(`id="${EMBEDDED_LISTING_ID}" data-rendered-at="[^"]+">\\[`));

    // A value that is not ours is left out, as the storefront leaves it out.
    expect(await page('/?category=veg&filter=Original')).toContain(
      '<main data-search="?filter=Original">Lakadong Haldi</main>',
    );

    const searched = await page('/?search=tamatar&category=fresh_produce');
    expect(searched).toContain('<div id="root"></div>');
    expect(searched).not.toContain(EMBEDDED_LISTING_ID);
  });
});

describe('ProductReadsService.list with browsing, against the real database', () => {
  let db: TestDatabase;
  let counting: QueryCountingClient;
  let service: ProductReadsService;
  let redis: Redis;
  const redisPrefix = `test-browse-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    counting = createQueryCountingClient(db.url);
    const config = loadConfig({ NODE_ENV: 'test', REDIS_PREFIX: redisPrefix });
    redis = new Redis(config.REDIS_URL);
    service = new ProductReadsService(
      new ProductsRepository(counting.prisma as unknown as PrismaService),
      new ListingCache(redis, config),
      new LocalFileStore('var/files'),
    );
    for (let i = 0; i < 30; i += 1) {
      const seller = await newUser(db.prisma);
      const product = await newProduct(db.prisma, {
        sellerId: seller.id,
        name: `Kesar Aam ${i}`,
        category: i % 2 === 0 ? 'fresh_fruits' : 'spices',
        pricePaise: 10_000 + i * 100,
        stock: i % 3 === 0 ? 0 : null,
      });
      await db.prisma.productImage.create({
        data: {
          productId: product.id,
          position: 0,
          fileKey: `products/${product.id}/0.webp`,
          contentType: 'image/webp',
        },
      });
    }
  });
  afterAll(async () => {
    await counting.prisma.$disconnect();
    await db.drop();
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('answers a filtered, sorted page, sellers and images included, in one query', async () => {
    counting.reset();
    const page = await service.list(
      productListQuerySchema.parse({
        category: 'fresh_fruits',
        inStock: '1',
        fresh: '1',
        minPrice: '100',
        sort: 'price_desc',
      }),
    );
    expect(counting.count()).toBe(1);
    // Even i (fruits), not a multiple of 3 (in stock): 28, 26, 22, 20, 16, 14, 10, 8, 4, 2.
    expect(page.map((product) => product.name)).toEqual(
      [28, 26, 22, 20, 16, 14, 10, 8, 4, 2].map((i) => `Kesar Aam ${i}`),
    );
    expect(page.every((product) => product.images.length === 1 && product.seller !== undefined)).toBe(true);

    counting.reset();
    await service.list(
      productListQuerySchema.parse({ search: 'kesar aam', category: 'spices', sort: 'price_asc', maxPrice: '150' }),
    );
    expect(counting.count()).toBe(1);
  });
});
