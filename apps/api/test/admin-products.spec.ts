import { randomBytes } from 'node:crypto';
import { newAddress, newProduct, type Product } from '@mandi/database';
import { CHECKOUT_MESSAGES, orderTotals, paiseToRupees, STOCK_BAND_FLOORS, stockBand } from '@mandi/domain';
import { bearer } from './catalog.testing.js';
import { ApiHarness, type TestUser } from './harness.js';

// The console's Products tab (issue 17, docs/console.md "Products"): the list with its filters, sorts, paging and
// count; unlisting and relisting, each one statement with its event and audit row; and what the shop no longer shows
// while a product is unlisted or its seller suspended (listing, search, suggestions, product page, seller page, cart,
// checkout), back once it is listed again.

/** A word no other product uses, letters only (search terms are letters and digits). */
const word = () => `zq${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

const NO_REASON = Symbol('no reason');

describe('admin: products', () => {
  let api: ApiHarness;
  let admin: TestUser;
  let buyer: TestUser;
  let seller: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [admin, buyer, seller] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser(), api.newUser()]);
  });
  afterAll(async () => {
    await api.stop();
  });

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    api.request({ method, url, headers: user ? bearer(user) : {}, payload });
  const list = (query: string) => call(admin, 'GET', `/api/admin/products?${query}`);
  /** PUT .../unlist with `reason` (a body without one when it is NO_REASON). */
  const unlist = (id: unknown, reason: unknown = 'Photos show a different product.', user: TestUser = admin) =>
    call(user, 'PUT', `/api/admin/products/${String(id)}/unlist`, reason === NO_REASON ? {} : { reason });
  const relist = (id: unknown, user: TestUser = admin) => call(user, 'PUT', `/api/admin/products/${String(id)}/relist`);
  const ids = (response: { json(): unknown }) => (response.json() as { id: string }[]).map((row) => row.id);

  describe('who may call', () => {
    it.each([
      ['GET', '/api/admin/products'],
      ['PUT', '/api/admin/products/1/unlist'],
      ['PUT', '/api/admin/products/1/relist'],
    ] as const)('%s %s: 401 without a token, 403 for a buyer, and nothing changes', async (method, url) => {
      const product = await newProduct(api.db.prisma, { sellerId: seller.id });
      const path = url.replace('/1/', `/${product.id}/`);
      const body = method === 'GET' ? undefined : { reason: 'x' };
      const anonymous = await call(null, method, path, body);
      expect(anonymous.statusCode).toBe(401);
      const refused = await call(buyer, method, path, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ statusCode: 403 });
      const row = await api.db.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
      expect(row.unlistedAt).toBeNull();
    });
  });

  describe('the list', () => {
    let tag: string;
    let rows: Product[];
    let other: TestUser;

    beforeAll(async () => {
      tag = word();
      other = await api.newUser();
      const day = 24 * 3600_000;
      const make = (name: string, overrides: Parameters<typeof newProduct>[1]) =>
        newProduct(api.db.prisma, { sellerId: seller.id, name: `${tag} ${name}`, ...overrides });
      rows = [
        await make('Alphonso Mango', {
          pricePaise: 50_000,
          stock: 0,
          createdAt: new Date(Date.now() - 5 * day),
          category: 'fresh_produce',
        }),
        await make('Basmati Rice', {
          pricePaise: 12_000,
          stock: 3,
          createdAt: new Date(Date.now() - 4 * day),
          category: 'cereals',
        }),
        await make('Cold Honey', {
          pricePaise: 30_000,
          stock: null,
          createdAt: new Date(Date.now() - 3 * day),
          validUntil: new Date(Date.now() - day),
          category: 'honey',
        }),
        await make('Desi Ghee', {
          pricePaise: 80_000,
          stock: 40,
          createdAt: new Date(Date.now() - 2 * day),
          sellerId: other.id,
          category: 'ghee_butter',
        }),
      ];
    });

    it('answers every field of a row, newest first, with X-Total-Count', async () => {
      const response = await list(`search=${tag}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('4');
      expect(response.headers['x-total-capped']).toBeUndefined();
      expect(ids(response)).toEqual([rows[3], rows[2], rows[1], rows[0]].map((row) => String(row!.id)));
      const username = (await api.db.prisma.user.findUniqueOrThrow({ where: { id: seller.id } })).username;
      expect(response.json()[3]).toEqual({
        id: String(rows[0]!.id),
        name: `${tag} Alphonso Mango`,
        thumbnail: null,
        seller: { id: String(seller.id), username, status: 'active' },
        category: 'fresh_produce',
        price: 500,
        stock: 0,
        valid_until: rows[0]!.validUntil.toISOString(),
        created_at: rows[0]!.createdAt.toISOString(),
        status: 'listed',
        unlisted_reason: null,
        unlisted_at: null,
      });
    });

    it('filters by seller (id or username), category, price, stock, validity and status', async () => {
      const username = (await api.db.prisma.user.findUniqueOrThrow({ where: { id: other.id } })).username;
      const only = async (query: string) => ids(await list(`search=${tag}&${query}`));
      const id = (index: number) => String(rows[index]!.id);
      expect(await only(`seller=${other.id}`)).toEqual([id(3)]);
      expect(await only(`seller=${encodeURIComponent(username.toUpperCase())}`)).toEqual([id(3)]);
      expect(await only('seller=nobody_at_all')).toEqual([]);
      expect(await only('category=honey')).toEqual([id(2)]);
      expect(await only('minPrice=200&maxPrice=500')).toEqual([id(2), id(0)]);
      expect(await only('stock=sold_out')).toEqual([id(0)]);
      expect(await only('stock=low')).toEqual([id(1)]);
      expect(await only('stock=unlimited')).toEqual([id(2)]);
      expect(await only('validity=expired')).toEqual([id(2)]);
      expect(await only('validity=live')).toEqual([id(3), id(1), id(0)]);
      await api.db.prisma.product.update({
        where: { id: rows[1]!.id },
        data: { unlistedAt: new Date(), unlistedReason: 'Test' },
      });
      await api.db.prisma.product.update({ where: { id: rows[3]!.id }, data: { sellerSuspended: true } });
      try {
        expect(await only('status=unlisted')).toEqual([id(1)]);
        expect(await only('status=seller_suspended')).toEqual([id(3)]);
        expect(await only('status=listed')).toEqual([id(2), id(0)]);
        const statuses = (await list(`search=${tag}`)).json().map((row: { status: string }) => row.status);
        expect(statuses).toEqual(['seller_suspended', 'listed', 'unlisted', 'listed']);
      } finally {
        await api.db.prisma.product.update({
          where: { id: rows[1]!.id },
          data: { unlistedAt: null, unlistedReason: null },
        });
        await api.db.prisma.product.update({ where: { id: rows[3]!.id }, data: { sellerSuspended: false } });
      }
    });

    it('sorts by each column either way, and pages', async () => {
      const id = (index: number) => String(rows[index]!.id);
      const sorted = async (query: string) => ids(await list(`search=${tag}&${query}`));
      expect(await sorted('sort=newest&order=asc')).toEqual([id(0), id(1), id(2), id(3)]);
      expect(await sorted('sort=name')).toEqual([id(0), id(1), id(2), id(3)]);
      expect(await sorted('sort=name&order=DESC')).toEqual([id(3), id(2), id(1), id(0)]);
      expect(await sorted('sort=price')).toEqual([id(1), id(2), id(0), id(3)]);
      expect(await sorted('sort=price&order=desc')).toEqual([id(3), id(0), id(2), id(1)]);
      // Unlimited stock (null) is the most there is: last going up, first going down.
      expect(await sorted('sort=stock')).toEqual([id(0), id(1), id(3), id(2)]);
      expect(await sorted('sort=stock&order=desc')).toEqual([id(2), id(3), id(1), id(0)]);
      expect(await sorted('sort=valid_until')).toEqual([id(2), id(0), id(1), id(3)]);
      expect(await sorted('sort=valid_until&order=desc')).toEqual([id(3), id(1), id(0), id(2)]);
      const page2 = await list(`search=${tag}&sort=price&perPage=3&page=2`);
      expect(ids(page2)).toEqual([id(3)]);
      expect(page2.headers['x-total-count']).toBe('4');
    });

    it('sorts by the stock itself through its bands, unlimited last, and keeps the low filter to the threshold', async () => {
      const stockTag = word();
      // 2,000, 1,990 and 2,100 share a band (1,877 to 2,111), 0, 5 and 16 are bands of their own, 6 is just above low.
      const stocks = [2_000, 5, null, 16, 1_990, 0, 6, 2_100, null];
      const made: Product[] = [];
      for (const [index, stock] of stocks.entries())
        made.push(await newProduct(api.db.prisma, { sellerId: seller.id, name: `${stockTag} ${index}`, stock }));
      const byStock = (order: 'asc' | 'desc') => {
        const rank = (p: Product) => (p.stock ?? Number.POSITIVE_INFINITY) * (order === 'asc' ? 1 : -1);
        return [...made]
          .sort((a, b) => rank(a) - rank(b) || (order === 'asc' ? a.id - b.id : b.id - a.id))
          .map((p) => `${p.id}`);
      };
      const listed = async (query: string) => ids(await list(`search=${stockTag}&${query}`));
      expect(await listed('sort=stock')).toEqual(byStock('asc'));
      expect(await listed('sort=stock&order=desc')).toEqual(byStock('desc'));
      // Pages cut across the three parts of the sort (exact bands, wide bands, unlimited).
      const pages = [];
      for (let page = 1; page <= 4; page += 1) pages.push(...(await listed(`sort=stock&perPage=3&page=${page}`)));
      expect(pages).toEqual(byStock('asc'));
      expect(await listed('stock=low')).toEqual([String(made[1]!.id)]);
      expect(await listed('stock=sold_out')).toEqual([String(made[5]!.id)]);

      // PostgreSQL's generated band is libs/domain's stockBand, for every band floor and the stock either side of it.
      const probe = made[0]!.id;
      for (const stock of [0, ...STOCK_BAND_FLOORS.flatMap((floor) => [floor - 1, floor]), 2 ** 31 - 1]) {
        const { stockBand: band } = await api.db.prisma.product.update({
          where: { id: probe },
          data: { stock },
          select: { stockBand: true },
        });
        expect([stock, band]).toEqual([stock, stockBand(stock)]);
      }
    });

    it('refuses bad parameters with a 400 naming the rule', async () => {
      const cases: [string, string][] = [
        ['sort=colour', 'sort must be one of newest, name, price, stock, valid_until'],
        ['order=up', 'order must be asc or desc'],
        ['stock=some', 'stock must be one of sold_out, low, unlimited'],
        ['status=gone', 'status must be one of listed, unlisted, seller_suspended'],
        ['validity=soon', 'validity must be one of live, expired'],
        ['category=cars', 'category must be one of'],
        ['minPrice=abc', 'minPrice'],
        ['minPrice=10&maxPrice=5', 'minPrice must not be more than maxPrice'],
        ['perPage=101', 'perPage must be a whole number from 1 to 100'],
        ['page=401&perPage=25', 'page is beyond the first 10000 products'],
      ];
      for (const [query, message] of cases) {
        const response = await list(query);
        expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
        expect(response.json().message).toContain(message);
      }
    });

    it('counts exactly up to 10,000 and says when more match', async () => {
      // The cap itself is a constant; this proves the header's logic on a small cap by count over the whole table.
      const response = await list('perPage=1');
      const total = Number(response.headers['x-total-count']);
      expect(total).toBe(await api.db.prisma.product.count());
      expect(response.headers['x-total-capped']).toBeUndefined();
    });
  });

  describe('unlisting and relisting', () => {
    it('unlists with a trimmed reason in one statement: the row, product.unlisted, the audit row; then relists', async () => {
      const product = await newProduct(api.db.prisma, { sellerId: seller.id });
      const response = await unlist(product.id, '  Photos show a different product.  ');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        message: 'Product unlisted. The seller is told by mail with your reason.',
        product: {
          id: String(product.id),
          status: 'unlisted',
          unlisted_reason: 'Photos show a different product.',
          unlisted_at: expect.any(String),
        },
      });
      const row = await api.db.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
      expect(row.unlistedReason).toBe('Photos show a different product.');
      expect(row.unlistedAt).toBeInstanceOf(Date);

      const again = await unlist(product.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This product is already unlisted. Reload the list.');

      const back = await relist(product.id);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({
        message: 'Product listed again.',
        product: { status: 'listed', unlisted_reason: null, unlisted_at: null },
      });
      const twice = await relist(product.id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('This product is already listed. Reload the list.');

      const events = await api.db.prisma.outboxEvent.findMany({
        where: { aggregateId: String(product.id), type: { in: ['product.unlisted', 'product.relisted'] } },
        orderBy: { id: 'asc' },
        select: { type: true, payload: true },
      });
      expect(events).toEqual([
        { type: 'product.unlisted', payload: { productId: product.id } },
        { type: 'product.relisted', payload: { productId: product.id } },
      ]);
      const audit = await api.db.prisma.auditEntry.findMany({
        where: { objectType: 'product', objectId: String(product.id) },
        orderBy: { id: 'asc' },
        select: { adminId: true, action: true, before: true, after: true },
      });
      expect(audit).toEqual([
        {
          adminId: admin.id,
          action: 'product.unlist',
          before: { status: 'listed', reason: null },
          after: { status: 'unlisted', reason: 'Photos show a different product.' },
        },
        {
          adminId: admin.id,
          action: 'product.relist',
          before: { status: 'unlisted', reason: 'Photos show a different product.' },
          after: { status: 'listed', reason: null },
        },
      ]);
    });

    it('refuses a missing, blank or too long reason (400) and unknown products (404), changing nothing', async () => {
      const product = await newProduct(api.db.prisma, { sellerId: seller.id });
      for (const reason of [NO_REASON, null, '', '   ', 42, 'x'.repeat(501)]) {
        const response = await unlist(product.id, reason);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/Give a reason for unlisting|at most 500 characters/);
      }
      expect((await unlist(product.id, 'x'.repeat(500))).statusCode).toBe(200);
      await relist(product.id);
      for (const id of [99_999_999, 'abc', 0]) {
        expect((await unlist(id)).statusCode).toBe(404);
        const missing = await relist(id);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().message).toBe('Product not found.');
      }
      expect(
        await api.db.prisma.auditEntry.count({ where: { objectType: 'product', objectId: String(product.id) } }),
      ).toBe(2);
    });

    it('lets one of two admins racing to unlist win; the other gets 409', async () => {
      const product = await newProduct(api.db.prisma, { sellerId: seller.id });
      const answers = await Promise.all([unlist(product.id, 'First'), unlist(product.id, 'Second')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(
        await api.db.prisma.auditEntry.count({ where: { objectType: 'product', objectId: String(product.id) } }),
      ).toBe(1);
      expect(
        await api.db.prisma.outboxEvent.count({ where: { type: 'product.unlisted', aggregateId: String(product.id) } }),
      ).toBe(1);
    });
  });

  describe('what the shop shows', () => {
    /** A product of `owner` under a word no other product uses, and a buyer with an address. */
    async function setting(owner: TestUser = seller) {
      const name = word();
      const product = await newProduct(api.db.prisma, {
        sellerId: owner.id,
        name: `${name} Mango`,
        pricePaise: 10_000,
        weightGrams: 1000,
      });
      const address = await newAddress(api.db.prisma, { userId: buyer.id });
      return { name, product, address };
    }
    // Each test reads the listing under a page size of its own: its first read is a page no test cached before, and
    // its later reads of the same page come from the cache unless the change dropped it.
    let pageSize = 30;
    const listing = () => {
      const size = ++pageSize;
      return async () =>
        ((await call(null, 'GET', `/api/products?limit=${size}`)).json() as { id: string }[]).map((p) => p.id);
    };
    const searchIds = async (name: string) =>
      ((await call(null, 'GET', `/api/products/by-name/${name}`)).json() as { id: string }[]).map((p) => p.id);
    const suggestions = async (q: string) =>
      (await call(null, 'GET', `/api/products/suggestions?q=${q}`)).json() as string[];
    const sellerPage = async (uid: string, viewer: TestUser | null) =>
      (await call(viewer, 'GET', `/api/products/user/${uid}`)).json() as { id: string; shop_state?: unknown }[];
    const cod = (product: Product, addressId: number) => {
      const totals = orderTotals(
        [{ unitPaise: product.pricePaise, quantity: 1, weightGrams: product.weightGrams ?? 0 }],
        'cod',
      );
      return call(buyer, 'POST', '/api/payment/cod', {
        userId: buyer.id,
        addressId,
        cartItems: [{ productId: product.id, quantity: 1 }],
        billing: {
          subtotal: paiseToRupees(totals.subtotal),
          shippingCost: paiseToRupees(totals.shipping),
          grandTotal: paiseToRupees(totals.grandTotal),
        },
      });
    };
    const cartIds = async () =>
      ((await call(buyer, 'GET', `/api/cart/${buyer.uid}`)).json() as { id?: string; productId?: string }[]).map(
        (line) => String(line.id ?? line.productId),
      );

    it('hides an unlisted product from the listing, search, suggestions, product page, seller page, cart and checkout, and shows it again after relisting', async () => {
      const { name, product, address } = await setting();
      const listingIds = listing();
      const id = String(product.id);
      expect(await listingIds()).toContain(id); // cached now: the unlisting must drop it
      expect((await call(buyer, 'POST', '/api/cart/add', { uid: buyer.uid, productId: id })).statusCode).toBe(201);
      expect(await cartIds()).toContain(id);

      expect((await unlist(product.id, 'Not farm produce.')).statusCode).toBe(200);
      expect(await listingIds()).not.toContain(id);
      expect(await searchIds(name)).toEqual([]);
      expect(await suggestions(name)).toEqual([]);
      for (const viewer of [null, buyer]) {
        const page = await call(viewer, 'GET', `/api/products/${id}`);
        expect(page.statusCode).toBe(404);
        expect(page.json().message).toBe('Product not found.');
      }
      for (const viewer of [seller, admin]) {
        const page = await call(viewer, 'GET', `/api/products/${id}`);
        expect(page.statusCode).toBe(200);
        expect(page.json().shop_state).toEqual({
          status: 'unlisted',
          unlisted_reason: 'Not farm produce.',
          unlisted_at: expect.any(String),
        });
      }
      expect((await sellerPage(seller.uid, null)).map((p) => p.id)).not.toContain(id);
      expect((await sellerPage(seller.uid, buyer)).map((p) => p.id)).not.toContain(id);
      const own = (await sellerPage(seller.uid, seller)).find((p) => p.id === id);
      expect(own?.shop_state).toMatchObject({ status: 'unlisted', unlisted_reason: 'Not farm produce.' });
      expect(await cartIds()).not.toContain(id);
      const other = await newProduct(api.db.prisma, { sellerId: seller.id });
      await unlist(other.id);
      const add = await call(buyer, 'POST', '/api/cart/add', { uid: buyer.uid, productId: String(other.id) });
      expect(add.statusCode).toBe(409);
      expect(add.json().message).toBe('This product is not available.');
      const order = await cod(product, address.id);
      expect(order.statusCode).toBe(409);
      expect(order.json()).toMatchObject({
        message: CHECKOUT_MESSAGES.productUnavailable,
        details: { productIds: [id] },
      });

      expect((await relist(product.id)).statusCode).toBe(200);
      expect(await listingIds()).toContain(id);
      expect(await searchIds(name)).toEqual([id]);
      // A prefix not asked before (suggestion lists are cached for a minute by their terms).
      expect(await suggestions(name.slice(0, -1))).toEqual([`${name} Mango`]);
      expect((await call(null, 'GET', `/api/products/${id}`)).json().shop_state).toBeUndefined();
      expect(await cartIds()).toContain(id);
      expect((await cod(product, address.id)).statusCode).toBe(201);
    });

    it("hides a suspended seller's products at once and shows them again on unsuspension", async () => {
      const owner = await api.newUser();
      const { name, product } = await setting(owner);
      const listingIds = listing();
      const id = String(product.id);
      expect(await listingIds()).toContain(id);
      expect((await call(admin, 'PUT', '/api/admin/toggle-user', { userId: owner.id })).json().newStatus).toBe(
        'suspended',
      );
      expect(await listingIds()).not.toContain(id);
      expect(await searchIds(name)).toEqual([]);
      expect(await suggestions(name)).toEqual([]);
      expect((await call(null, 'GET', `/api/products/${id}`)).statusCode).toBe(404);
      const [row] = (await list(`search=${name}`)).json();
      expect(row).toMatchObject({ status: 'seller_suspended', seller: { status: 'suspended' } });

      expect((await call(admin, 'PUT', '/api/admin/toggle-user', { userId: owner.id })).json().newStatus).toBe(
        'active',
      );
      expect(await listingIds()).toContain(id);
      expect(await searchIds(name)).toEqual([id]);
      expect(await suggestions(name.slice(0, -1))).toEqual([`${name} Mango`]);
      expect((await call(null, 'GET', `/api/products/${id}`)).statusCode).toBe(200);
    });

    it('keeps an unlisted product hidden when its seller is suspended and unsuspended', async () => {
      const owner = await api.newUser();
      const { name, product } = await setting(owner);
      await unlist(product.id);
      await call(admin, 'PUT', '/api/admin/toggle-user', { userId: owner.id });
      await call(admin, 'PUT', '/api/admin/toggle-user', { userId: owner.id });
      expect(await searchIds(name)).toEqual([]);
      expect((await call(null, 'GET', `/api/products/${product.id}`)).statusCode).toBe(404);
      const names = await api.db.prisma.searchName.findMany({ where: { name: `${name} Mango` } });
      expect(names).toEqual([]);
    });
  });
});
