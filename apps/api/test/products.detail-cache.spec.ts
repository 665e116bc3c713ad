import { rmSync } from 'node:fs';
import { newAddress, newProduct, type Prisma, type Product as ProductRow } from '@mandi/database';
import { productSchema } from '@mandi/contracts';
import { orderTotals, paiseToRupees } from '@mandi/domain';
import { ThrowawayRedis } from './adversarial/throwaway-redis.js';
import { bearer, multipart, picture, productFields, tempFileStore } from './catalog.testing.js';
import { ApiHarness, type TestResponse, type TestUser } from './harness.js';

// The product page cache (docs/catalog.md, 'Product page cache'): GET /api/products/{id} answers from Redis, and a
// change to a product shows on its page at once, whoever makes it (its seller, checkout, an admin), without dropping
// the pages of other products. What the shop does not show is never kept.

describe('GET /api/products/{id} from the product page cache', () => {
  const files = tempFileStore();
  let api: ApiHarness;
  let seller: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start({ FILE_STORE_DIR: files, RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' });
    [seller, admin] = await Promise.all([api.newUser(), api.newUser({ role: 'admin' })]);
  });
  afterAll(async () => {
    await api.stop();
    rmSync(files, { recursive: true, force: true });
  });

  const read = (id: number | string, user?: TestUser) =>
    api.request({ method: 'GET', url: `/api/products/${id}`, headers: user ? bearer(user) : {} });
  /** The pages Redis keeps for product `id` (its version key aside). */
  const cachedPages = (id: number) => api.redis.keys(`${api.redisPrefix}:product:${id}:v[0-9]*`);
  /** A product of `owner` written straight to the database, read once through the API so its page is cached. */
  async function cachedProduct(
    owner: TestUser,
    extra: Partial<Prisma.ProductUncheckedCreateInput> = {},
  ): Promise<ProductRow> {
    const product = await newProduct(api.db.prisma, {
      sellerId: owner.id,
      name: 'Desi Tamatar',
      pricePaise: 4_000,
      ...extra,
    });
    expect((await read(product.id)).statusCode).toBe(200);
    expect(await cachedPages(product.id)).toHaveLength(1);
    return product;
  }
  /** Changes product `id` behind the API's back: only a page served from the cache still shows the old name. */
  const renameInDatabase = (id: number, name: string) =>
    api.db.prisma.product.update({ where: { id }, data: { name } });

  it('answers the same bytes from the cache as from the database, in the spec shape', async () => {
    const product = await newProduct(api.db.prisma, {
      sellerId: seller.id,
      name: 'Alphonso Aam',
      pricePaise: 65_050,
      lengthMm: 255,
    });
    const first = await read(product.id);
    const second = await read(product.id);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(productSchema.parse(second.json())).toMatchObject({
      id: String(product.id),
      name: 'Alphonso Aam',
      price: 650.5,
      length: 25.5,
    });
    // Kept for a short while only: what changes outside the API (a seller's avatar, the worker's images) shows soon.
    const pages = await cachedPages(product.id);
    expect(pages).toHaveLength(1);
    expect(await api.redis.ttl(pages[0]!)).toBeLessThanOrEqual(30);
  });

  it("shows a seller's edit at once, and keeps every other product's cached page", async () => {
    const posted = await api.request({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller),
      payload: multipart(productFields(seller, { name: 'Kesar Aam', price: '500' }), [
        { name: 'aam.jpg', bytes: await picture() },
      ]),
    });
    expect(posted.statusCode).toBe(201);
    const edited = posted.json().product as { id: string; images: string[] };
    const other = await cachedProduct(seller, { name: 'Pahadi Aloo' });
    await read(edited.id);
    expect((await read(edited.id)).json()).toMatchObject({ name: 'Kesar Aam', price: 500 });

    const put = await api.request({
      method: 'PUT',
      url: `/api/products/${edited.id}`,
      headers: bearer(seller),
      payload: multipart(
        productFields(seller, {
          name: 'Kesar Aam, Junagadh',
          price: '450.50',
          existingImages: JSON.stringify(edited.images),
        }),
      ),
    });
    expect(put.statusCode).toBe(200);
    expect((await read(edited.id)).json()).toMatchObject({ name: 'Kesar Aam, Junagadh', price: 450.5 });

    // The other product's page was not dropped: it still answers what was cached before its row changed.
    await renameInDatabase(other.id, 'Renamed behind the cache');
    expect((await read(other.id)).json()).toMatchObject({ name: 'Pahadi Aloo' });
  });

  it("shows the stock a cash-on-delivery order took on the product's page at once, and the packs an admin's cancellation gave back", async () => {
    const mango = await cachedProduct(seller, {
      name: 'Alphonso Mango',
      pricePaise: 10_000,
      weightGrams: 1000,
      stock: 50,
    });
    expect((await read(mango.id)).json().stock).toBe(50);
    const buyer = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: buyer.id });
    const totals = orderTotals([{ unitPaise: mango.pricePaise, quantity: 2, weightGrams: 1000 }], 'cod');
    const placed = await api.request({
      method: 'POST',
      url: '/api/payment/cod',
      headers: bearer(buyer),
      payload: {
        userId: buyer.id,
        addressId: address.id,
        cartItems: [{ productId: mango.id, quantity: 2 }],
        billing: {
          subtotal: paiseToRupees(totals.subtotal),
          shippingCost: paiseToRupees(totals.shipping),
          grandTotal: paiseToRupees(totals.grandTotal),
        },
      },
    });
    expect(placed.statusCode).toBe(201);
    // 48 left is far from 'Only N left', so the listing keeps its pages; the product's own page shows the count.
    expect((await read(mango.id)).json().stock).toBe(48);

    // An admin cancels the order: the packs come back, and the page shows them at once.
    const cancelled = await api.request({
      method: 'PUT',
      url: `/api/admin/orders/cancel/${placed.json().orderId}`,
      headers: bearer(admin),
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.status).toBe('cancelled');
    expect((await read(mango.id)).json().stock).toBe(50);
  });

  it('answers 404 to the public right after an admin unlists a cached product, and shows it again once relisted', async () => {
    const product = await cachedProduct(seller);
    const before = await cachedPages(product.id);
    const unlisted = await api.request({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/unlist`,
      headers: bearer(admin),
      payload: { reason: 'Photos of another product' },
    });
    expect(unlisted.statusCode).toBe(200);
    expect((await read(product.id)).statusCode).toBe(404);
    // Its seller still sees it, with why; that answer is theirs alone and is not kept.
    expect((await read(product.id, seller)).json().shop_state).toMatchObject({
      status: 'unlisted',
      unlisted_reason: 'Photos of another product',
    });
    // Only the page from before, under a version nobody reads any more (until it expires), is in Redis.
    expect(await cachedPages(product.id)).toEqual(before);

    expect(
      (await api.request({ method: 'PUT', url: `/api/admin/products/${product.id}/relist`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    const relisted = await read(product.id);
    expect(relisted.statusCode).toBe(200);
    expect(relisted.json()).not.toHaveProperty('shop_state');
  });

  it("answers 404 to the public right after the seller's account is suspended, and shows it again on reactivation", async () => {
    const owner = await api.newUser();
    const product = await cachedProduct(owner);
    const before = await cachedPages(product.id);
    const toggle = () =>
      api.request({
        method: 'PUT',
        url: '/api/admin/toggle-user',
        headers: bearer(admin),
        payload: { userId: owner.id },
      });
    expect((await toggle()).json().newStatus).toBe('suspended');
    expect((await read(product.id)).statusCode).toBe(404);
    expect((await read(product.id, admin)).json().shop_state).toMatchObject({ status: 'seller_suspended' });
    expect(await cachedPages(product.id)).toEqual(before);

    expect((await toggle()).json().newStatus).toBe('active');
    expect((await read(product.id)).statusCode).toBe(200);
  });

  it('keeps nothing for an id that names no product', async () => {
    const missing = 2_000_000_000;
    expect((await read(missing)).statusCode).toBe(404);
    expect((await read(missing)).json()).toMatchObject({ message: 'Product not found.' });
    expect(await api.redis.keys(`${api.redisPrefix}:product:${missing}:*`)).toEqual([]);
  });
});

describe('GET /api/products/{id} with Redis down', () => {
  const files = tempFileStore();
  let redis: ThrowawayRedis;
  let api: ApiHarness;
  let seller: TestUser;

  beforeAll(async () => {
    redis = await ThrowawayRedis.start();
    api = await ApiHarness.start({ REDIS_URL: redis.url, FILE_STORE_DIR: files, RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' });
    seller = await api.newUser();
  });
  afterAll(async () => {
    redis.resume();
    await api.stop();
    await redis.kill();
    rmSync(files, { recursive: true, force: true });
  });

  const read = (id: string): Promise<TestResponse> => api.request({ method: 'GET', url: `/api/products/${id}` });
  const edit = (product: { id: string; images: string[] }, price: string) =>
    api.request({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(seller),
      payload: multipart(productFields(seller, { price, existingImages: JSON.stringify(product.images) })),
    });

  it('answers from PostgreSQL while Redis does not answer, edits included, and drops pages cached before the outage once it is back', async () => {
    const posted = await api.request({
      method: 'POST',
      url: '/api/products',
      headers: bearer(seller),
      payload: multipart(productFields(seller, { price: '40' }), [{ name: 'tamatar.jpg', bytes: await picture() }]),
    });
    const product = posted.json().product as { id: string; images: string[] };
    await read(product.id);
    expect(await redis.keys(`${api.redisPrefix}:product:${product.id}:v[0-9]*`)).toHaveLength(1);

    // Paused: the cached page stays in Redis, and the edit cannot move the product's version.
    redis.pause();
    try {
      expect((await edit(product, '45')).statusCode).toBe(200);
      const during = await read(product.id);
      expect(during.statusCode).toBe(200);
      expect(during.json()).toMatchObject({ id: product.id, price: 45 });
    } finally {
      redis.resume();
    }
    // Once Redis answers again (after the circuit's pause), the page from before the outage is not served.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect((await read(product.id)).json()).toMatchObject({ price: 45 });
    expect((await read(product.id)).json()).toMatchObject({ price: 45 });

    await redis.kill();
    const gone = await read(product.id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ price: 45 });
  });
});
