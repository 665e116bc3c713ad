import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newProduct, newUser } from '@mandi/database';
import { bearer, multipart, picture, productFields, tempFileStore } from '../catalog.testing.js';
import { ApiHarness, type TestResponse, type TestUser } from '../harness.js';
import { ThrowawayRedis } from './throwaway-redis.js';

// Redis holds only what the API can do without: caches, rate-limit counters, the worker's heartbeat. When it stops
// answering (paused: a partition; killed: a crash), every public read must still answer from PostgreSQL, quickly, and
// the API must pick Redis up again on its own when it returns.

/** What "fast" means with Redis away: no request waits on a connection that will not answer. */
const FAST_MS = 500;

/** A built storefront as small as Vite's: the home page is served with its first listing page embedded. */
function fakeStorefront(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mandi-redis-down-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Mandi</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

describe('with Redis down, public reads answer from PostgreSQL and the API recovers by itself', () => {
  const storefront = fakeStorefront();
  const files = tempFileStore();
  let redis: ThrowawayRedis;
  let api: ApiHarness;
  let seller: TestUser;
  let productId: number;
  /** The slowest public read while Redis was away, printed for the report. */
  let worstMs = 0;

  beforeAll(async () => {
    redis = await ThrowawayRedis.start();
    api = await ApiHarness.start({
      REDIS_URL: redis.url,
      STOREFRONT_DIST: storefront,
      FILE_STORE_DIR: files,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000',
    });
    seller = await api.newUser();
    const db = api.db.prisma;
    await db.profile.create({
      data: { userId: seller.id, fullName: 'Ravi Kolar', city: 'Kolar', bio: 'Tomatoes since 1998' },
    });
    productId = (await newProduct(db, { sellerId: seller.id, name: 'Desi Tamatar', pricePaise: 4_000 })).id;
    const official = await newUser(db, { username: 'mandi_official', role: 'admin' });
    await newProduct(db, { sellerId: official.id, name: 'A2 Cow Ghee', pricePaise: 89_900, officialBrand: true });
  });
  afterAll(async () => {
    console.log(`Redis away: the slowest public read took ${Math.round(worstMs)} ms`);
    redis.resume();
    await api.stop();
    await redis.kill();
    rmSync(storefront, { recursive: true, force: true });
    rmSync(files, { recursive: true, force: true });
  });

  const names = (response: TestResponse) => response.json().map((product: { name: string }) => product.name);

  /** Every public read, with what its answer must show. */
  const publicReads: [string, () => string, (response: TestResponse) => void][] = [
    ['the home listing', () => '/api/products', (r) => expect(names(r)).toEqual(['A2 Cow Ghee', 'Desi Tamatar'])],
    [
      'the listing filtered to Original',
      () => '/api/products?filter=Original',
      (r) => expect(names(r)).toEqual(['A2 Cow Ghee']),
    ],
    [
      'the listing with a search',
      () => '/api/products?search=tamatar',
      (r) => expect(names(r)).toEqual(['Desi Tamatar']),
    ],
    ['search by name', () => '/api/products/by-name/tamatar', (r) => expect(names(r)).toEqual(['Desi Tamatar'])],
    ['suggestions', () => '/api/products/suggestions?q=tama', (r) => expect(r.json()).toContain('Desi Tamatar')],
    [
      'a product',
      () => `/api/products/${productId}`,
      (r) => expect(r.json()).toMatchObject({ name: 'Desi Tamatar', price: 40 }),
    ],
    ['the official products', () => '/api/products/mandi-products', (r) => expect(names(r)).toEqual(['A2 Cow Ghee'])],
    [
      "a seller's products",
      () => `/api/products/user/${seller.uid}`,
      (r) => expect(names(r)).toEqual(['Desi Tamatar']),
    ],
    [
      'a profile',
      () => `/api/user-profile/uid/${seller.uid}`,
      (r) => expect(r.json()).toMatchObject({ fullname: 'Ravi Kolar', city: 'Kolar' }),
    ],
    [
      'a minimal profile',
      () => `/api/user-profile/uid/${seller.uid}?minimal=true`,
      (r) => expect(r.json()).toMatchObject({ city: 'Kolar' }),
    ],
    ['a pincode', () => '/api/pincodes/560001', (r) => expect(r.json().Status).toBe('Success')],
    ['a username check', () => '/api/auth/check-username?username=nobody_here', (r) => expect(r.statusCode).toBe(200)],
    ['the home page', () => '/', (r) => expect(r.body).toContain('"name":"Desi Tamatar"')],
  ];

  /** Sends every public read and checks each answered 200, with its data, within {@link FAST_MS}. */
  async function readAllQuickly(redisAway = true): Promise<void> {
    for (const [what, url, check] of publicReads) {
      const started = performance.now();
      const response = await api.request({ method: 'GET', url: url() });
      const took = performance.now() - started;
      if (redisAway) worstMs = Math.max(worstMs, took);
      expect({ what, status: response.statusCode }).toEqual({ what, status: 200 });
      check(response);
      expect({ what, fast: took < FAST_MS }).toEqual({ what, fast: true });
    }
  }

  it('caches the listing in Redis while Redis is up', async () => {
    await readAllQuickly(false);
    expect(await redis.keys(`${api.redisPrefix}:listing:*`)).not.toHaveLength(0);
  });

  it('answers every public read within 500 ms while Redis does not answer at all (paused)', async () => {
    redis.pause();
    try {
      await readAllQuickly();
      // A second round: the first found out, this one must not wait again.
      await readAllQuickly();
    } finally {
      redis.resume();
    }
  });

  it('answers every public read within 500 ms when Redis is gone (killed), and says so on the health check', async () => {
    await redis.kill();
    await readAllQuickly();
    const health = await api.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'error', database: 'up', redis: 'down' });
  });

  it('logs the outage in a few lines, not an error per request or per reconnection', async () => {
    // Several reconnection attempts fit in this wait (ioredis retries every 2 s at most).
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    await readAllQuickly();
    const lines = api.logs().split('\n');
    expect(lines.filter((line) => /unhandled error event/i.test(line))).toEqual([]);
    expect(lines.filter((line) => /redis|ECONNREFUSED/i.test(line)).length).toBeLessThanOrEqual(6);
  });

  it('keeps signed-in writes that need only PostgreSQL working while Redis is gone', async () => {
    const profile = await api.request({
      method: 'PUT',
      url: `/api/user-profile/uid/${seller.uid}`,
      headers: bearer(seller),
      payload: { fullName: 'Ravi Kolar', bio: 'Tomatoes and chillies', city: 'Kolar' },
    });
    expect(profile.statusCode).toBe(200);

    const posted = await api.request({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller),
      payload: multipart(productFields(seller, { name: 'Kolar Hari Mirch' }), [
        { name: 'mirch.jpg', bytes: await picture() },
      ]),
    });
    expect(posted.statusCode).toBe(201);
    // Uncached while Redis is away, so the new product shows at once.
    expect(names(await api.request({ method: 'GET', url: '/api/products' }))).toContain('Kolar Hari Mirch');
    expect((await api.request({ method: 'GET', url: `/api/user-profile/uid/${seller.uid}` })).json().bio).toBe(
      'Tomatoes and chillies',
    );
  });

  it('uses Redis again by itself once it is back: the listing is cached and the health check sees it', async () => {
    await redis.restart();
    const deadline = Date.now() + 15_000;
    let cached: string[] = [];
    while (cached.length === 0 && Date.now() < deadline) {
      await api.request({ method: 'GET', url: '/api/products' });
      cached = await redis.keys(`${api.redisPrefix}:listing:*`);
      if (cached.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(cached).not.toHaveLength(0);
    expect(await redis.keys(`${api.redisPrefix}:ratelimit:*`)).not.toHaveLength(0);
    expect((await api.request({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      database: 'up',
      redis: 'up',
    });
  });
});

describe('rate limits with Redis down', () => {
  let redis: ThrowawayRedis;
  let api: ApiHarness;

  beforeAll(async () => {
    // Nothing listens at this address: the API boots and serves without ever having seen Redis.
    redis = await ThrowawayRedis.unstarted();
    api = await ApiHarness.start({ REDIS_URL: redis.url, RATE_LIMIT_PUBLIC_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await api.stop();
    await redis.kill();
  });

  it('still limits each address, counted in the process, with the usual 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await api.request({ method: 'GET', url: '/api/auth/check-username?username=ravi_k' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await api.request({ method: 'GET', url: '/api/products' });
    expect(limited.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
