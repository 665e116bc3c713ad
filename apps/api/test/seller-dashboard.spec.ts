import { newOrder, newProduct } from '@mandi/database';
import {
  attentionProductAnswerSchema,
  sellerDashboardSchema,
  sellerOrderPageSchema,
  type SellerOrder,
} from '@mandi/contracts';
import { IST_OFFSET_MS, SELLER_DASHBOARD_MESSAGES, STOCK_LIMITS, WRITE_RATE_LIMITS } from '@mandi/domain';
import { ApiHarness, type TestResponse, type TestUser } from './harness.js';
import { bearer } from './catalog.testing.js';

// The seller's dashboard (issue 16): the orders with a seller's products (only their lines, the buyer's details once
// confirmed), their sales and the products that need attention, and the two one-click product edits, for the seller
// or an admin only.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WINDOW = 8 * HOUR;

/** Midnight of today in India, as an instant. */
function indiaMidnight(now = Date.now()): Date {
  return new Date(Math.floor((now + IST_OFFSET_MS) / DAY) * DAY - IST_OFFSET_MS);
}

describe('the seller dashboard', () => {
  let api: ApiHarness;
  let seller: TestUser;
  let otherSeller: TestUser;
  let buyer: TestUser;
  let admin: TestUser;
  /** The seller's products: tomatoes and onions; the other seller's: rice. */
  let tomato: Awaited<ReturnType<typeof newProduct>>;
  let onion: Awaited<ReturnType<typeof newProduct>>;
  let rice: Awaited<ReturnType<typeof newProduct>>;
  const orders: Record<string, Awaited<ReturnType<typeof newOrder>>> = {};

  beforeAll(async () => {
    api = await ApiHarness.start();
    [seller, otherSeller, buyer, admin] = await Promise.all([
      api.newUser(),
      api.newUser(),
      api.newUser(),
      api.newUser({ role: 'admin' }),
    ]);
    const db = api.db.prisma;
    tomato = await newProduct(db, { sellerId: seller.id, name: 'Desi Tamatar', pricePaise: 4_050 });
    onion = await newProduct(db, { sellerId: seller.id, name: 'Nashik Pyaaz', pricePaise: 3_000 });
    rice = await newProduct(db, { sellerId: otherSeller.id, name: 'Sona Masoori', pricePaise: 6_500 });
    const at = (msAgo: number) => new Date(Date.now() - msAgo);
    const place = (
      createdAt: Date,
      status: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancel_requested' | 'cancelled',
      lines: NonNullable<Parameters<typeof newOrder>[1]>['lines'],
    ) =>
      newOrder(db, { userId: buyer.id, createdAt, status, lines, addressDistrict: 'Nashik', addressPincode: '422001' });
    // Oldest first, so order ids grow with time as they do in checkout.
    orders.delivered40d = await place(at(40 * DAY), 'delivered', [{ product: tomato, quantity: 9 }]);
    orders.shipped10d = await place(at(10 * DAY), 'shipped', [{ product: onion, quantity: 4 }]);
    orders.cancelled3d = await place(at(3 * DAY), 'cancelled', [{ product: tomato, quantity: 7 }]);
    orders.confirmed3d = await place(at(3 * DAY), 'confirmed', [
      { product: tomato, quantity: 1 },
      { product: rice, quantity: 2 },
    ]);
    orders.pendingLate = await place(at(9 * HOUR), 'pending', [{ product: onion, quantity: 1 }]);
    orders.midnight = await place(indiaMidnight(), 'confirmed', [{ product: onion, quantity: 2 }]);
    // Today's orders stay after midnight in India whenever the test runs (just after midnight, 1 hour ago is yesterday).
    const sinceMidnight = Date.now() - indiaMidnight().getTime();
    const today = (msAgo: number, share: number) => at(Math.min(msAgo, sinceMidnight * share));
    orders.riceOnly = await place(today(2 * HOUR, 0.75), 'pending', [{ product: rice, quantity: 5 }]);
    orders.cancelRequested = await place(today(1 * HOUR, 0.5), 'cancel_requested', [{ product: tomato, quantity: 6 }]);
    orders.pendingMixed = await place(today(1 * MINUTE, 0.25), 'pending', [
      { product: tomato, quantity: 2 },
      { product: rice, quantity: 1 },
      { product: onion, quantity: 3 },
    ]);
  }, 60_000);
  afterAll(async () => {
    await api.stop();
  });

  const get = (user: TestUser | null, url: string) =>
    api.request({ method: 'GET', url, headers: user ? bearer(user) : {} });
  const extend = (user: TestUser | null, uid: string, productId: number | string) =>
    api.request({
      method: 'POST',
      url: `/api/seller-dashboard/${encodeURIComponent(uid)}/products/${productId}/extend-validity`,
      headers: user ? bearer(user) : {},
    });
  const restock = (user: TestUser | null, uid: string, productId: number | string, payload: unknown = { stock: 12 }) =>
    api.request({
      method: 'PUT',
      url: `/api/seller-dashboard/${encodeURIComponent(uid)}/products/${productId}/stock`,
      headers: user ? bearer(user) : {},
      payload,
    });
  const orderPage = async (user: TestUser, uid: string, query = '') => {
    const response = await get(user, `/api/seller-dashboard/${encodeURIComponent(uid)}/orders${query}`);
    expect(response.statusCode).toBe(200);
    return sellerOrderPageSchema.parse(response.json());
  };
  const ids = (list: SellerOrder[]) => list.map((order) => Number(order.order_id));
  const updatedEvents = (productId: number) =>
    api.db.prisma.outboxEvent.count({ where: { type: 'product.updated', aggregateId: String(productId) } });

  describe('GET /api/seller-dashboard/{uid}/orders', () => {
    it('lists the orders with the seller’s products newest first, with only the seller’s own lines', async () => {
      const page = await orderPage(seller, seller.uid);
      expect(page.total).toBe(8);
      expect(ids(page.orders)).toEqual(
        [
          'pendingMixed',
          'cancelRequested',
          'midnight',
          'pendingLate',
          'confirmed3d',
          'cancelled3d',
          'shipped10d',
          'delivered40d',
        ].map((name) => orders[name]!.id),
      );
      const mixed = page.orders[0]!;
      expect(mixed.lines.map((line) => [line.name, line.quantity, line.price, line.amount])).toEqual([
        ['Desi Tamatar', 2, 40.5, 81],
        ['Nashik Pyaaz', 3, 30, 90],
      ]);
      expect(mixed).toMatchObject({
        status: 'pending',
        district: 'Nashik',
        pincode: '422001',
        amount: 171,
        packs: 5,
        buyer: null,
      });
      expect(JSON.stringify(page)).not.toContain('Sona Masoori');
    });

    it('shows the buyer’s name, phone and address only for confirmed, shipped and delivered orders; district and pincode always', async () => {
      const page = await orderPage(seller, seller.uid);
      const byId = new Map(page.orders.map((order) => [Number(order.order_id), order]));
      for (const name of ['confirmed3d', 'midnight', 'shipped10d', 'delivered40d']) {
        const order = orders[name]!;
        expect(byId.get(order.id)!.buyer).toEqual({
          name: order.addressName,
          mobile: order.addressMobile,
          flat_house_building: order.addressFlatHouseBuilding,
          area: order.addressAreaOrStreetOrVillage,
          landmark: order.addressLandmark,
          taluk: order.addressTaluk,
          district: 'Nashik',
          state: order.addressState,
          pincode: '422001',
        });
      }
      for (const name of ['pendingMixed', 'cancelRequested', 'pendingLate', 'cancelled3d']) {
        const shown = byId.get(orders[name]!.id)!;
        expect(shown.buyer).toBeNull();
        expect([shown.district, shown.pincode]).toEqual(['Nashik', '422001']);
      }
      // Nothing of the hidden buyers is in the answer at all.
      const hidden = page.orders.filter((order) => order.buyer === null);
      expect(JSON.stringify(hidden)).not.toContain(orders.pendingMixed!.addressMobile);
      expect(JSON.stringify(hidden)).not.toContain(orders.pendingMixed!.addressAreaOrStreetOrVillage);
    });

    it('answers the time left in the 8-hour window by the database clock, 0 once it has closed', async () => {
      const page = await orderPage(seller, seller.uid);
      const byId = new Map(page.orders.map((order) => [Number(order.order_id), order]));
      const fresh = byId.get(orders.pendingMixed!.id)!;
      expect(fresh.window_closes_at).toBe(new Date(orders.pendingMixed!.createdAt.getTime() + WINDOW).toISOString());
      // What is left of the window of an order placed at `createdAt`, by this process's clock (the database's may differ a little).
      const left = (createdAt: Date) => WINDOW - (Date.now() - createdAt.getTime());
      expect(Math.abs(fresh.window_left_ms - left(orders.pendingMixed!.createdAt))).toBeLessThan(2 * MINUTE);
      const hourOld = byId.get(orders.cancelRequested!.id)!;
      expect(Math.abs(hourOld.window_left_ms - left(orders.cancelRequested!.createdAt))).toBeLessThan(2 * MINUTE);
      expect(hourOld.window_left_ms).toBeLessThan(fresh.window_left_ms);
      expect(byId.get(orders.pendingLate!.id)!.window_left_ms).toBe(0);
      expect(byId.get(orders.delivered40d!.id)!.window_left_ms).toBe(0);
    });

    it('filters by status and by period, and pages', async () => {
      expect(ids((await orderPage(seller, seller.uid, '?status=pending')).orders)).toEqual([
        orders.pendingMixed!.id,
        orders.pendingLate!.id,
      ]);
      expect(ids((await orderPage(seller, seller.uid, '?status=confirmed&period=today')).orders)).toEqual([
        orders.midnight!.id,
      ]);
      const week = await orderPage(seller, seller.uid, '?period=7d');
      expect(week.total).toBe(6);
      expect(ids(week.orders)).not.toContain(orders.shipped10d!.id);
      expect((await orderPage(seller, seller.uid, '?period=30d')).total).toBe(7);
      expect((await orderPage(seller, seller.uid, '?status=delivered&period=30d')).total).toBe(0);
      const today = await orderPage(seller, seller.uid, '?period=today');
      expect(ids(today.orders)).toEqual(
        expect.arrayContaining([orders.pendingMixed!.id, orders.cancelRequested!.id, orders.midnight!.id]),
      );
      expect(ids(today.orders)).not.toContain(orders.confirmed3d!.id);

      const second = await orderPage(seller, seller.uid, '?perPage=3&page=2');
      expect(second).toMatchObject({ total: 8, page: 2, per_page: 3 });
      expect(ids(second.orders)).toEqual([orders.pendingLate!.id, orders.confirmed3d!.id, orders.cancelled3d!.id]);
      expect((await orderPage(seller, seller.uid, '?page=9')).orders).toEqual([]);
    });
  });

  describe('GET /api/seller-dashboard/{uid}', () => {
    it('totals the seller’s own lines of orders not cancelled (nor awaiting cancellation) for today, 7 and 30 days', async () => {
      const response = await get(seller, `/api/seller-dashboard/${seller.uid}`);
      expect(response.statusCode).toBe(200);
      const dashboard = sellerDashboardSchema.parse(response.json());
      expect(dashboard.seller).toEqual({ uid: seller.uid, username: expect.any(String) });
      expect(dashboard.counted_statuses).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
      // Today: pendingMixed (81 + 90), midnight (2 x 30); pendingLate (30) when it was placed after midnight in India.
      const lateIsToday = orders.pendingLate!.createdAt >= indiaMidnight();
      expect(dashboard.sales.today).toEqual({
        amount: 231 + (lateIsToday ? 30 : 0),
        orders: 2 + (lateIsToday ? 1 : 0),
        packs: 7 + (lateIsToday ? 1 : 0),
      });
      // 7 days: + pendingLate (30), confirmed3d (40.50); not cancelled3d, cancelRequested or the rice lines.
      expect(dashboard.sales.last_7_days).toEqual({ amount: 301.5, orders: 4, packs: 9 });
      // 30 days: + shipped10d (4 x 30); not delivered40d.
      expect(dashboard.sales.last_30_days).toEqual({ amount: 421.5, orders: 5, packs: 13 });
    });

    it('lists the seller’s products sold out, expiring within 48 hours or lately expired: those not on sale now first', async () => {
      const farmer = await api.newUser();
      const db = api.db.prisma;
      const validFor = (ms: number) => new Date(Date.now() + ms);
      const make = (name: string, validUntil: Date, stock: number | null) =>
        newProduct(db, { sellerId: farmer.id, name, validUntil, stock });
      const soldOut = await make('Alphonso Aam', validFor(30 * DAY), 0);
      const expiring = await make('Methi', validFor(10 * HOUR), 8);
      const expired = await make('Palak', validFor(-2 * DAY), null);
      await make('Old Bhindi', validFor(-10 * DAY), null);
      await make('Plenty Aloo', validFor(5 * DAY), 40);
      await make('Unlimited Gobi', validFor(3 * DAY), null);
      await newProduct(db, { sellerId: otherSeller.id, name: 'Someone Else’s', stock: 0 });

      const response = await get(farmer, `/api/seller-dashboard/${farmer.uid}`);
      expect({ status: response.statusCode, body: response.statusCode === 200 ? 'dashboard' : response.body }).toEqual({
        status: 200,
        body: 'dashboard',
      });
      const dashboard = sellerDashboardSchema.parse(response.json());
      expect(
        dashboard.products.map((product) => [product.product_id, product.sold_out, product.expiring, product.expired]),
      ).toEqual([
        [String(expired.id), false, false, true],
        [String(soldOut.id), true, false, false],
        [String(expiring.id), false, true, false],
      ]);
      expect(dashboard.products[2]).toMatchObject({
        name: 'Methi',
        price: 40,
        stock: 8,
        valid_until: expiring.validUntil.toISOString(),
      });
      expect(dashboard.sales.last_30_days).toEqual({ amount: 0, orders: 0, packs: 0 });
    });
  });

  describe('the product actions', () => {
    it('extends validity by 7 days from now or the validity, whichever is later, as an edit does', async () => {
      const db = api.db.prisma;
      const soon = await newProduct(db, {
        sellerId: seller.id,
        name: 'Kesar Aam',
        validUntil: new Date(Date.now() + 5 * HOUR),
      });
      const lapsed = await newProduct(db, {
        sellerId: seller.id,
        name: 'Lapsed Lauki',
        validUntil: new Date(Date.now() - 3 * DAY),
      });
      await get(null, '/api/products'); // caches the listing's first page

      const extended = await extend(seller, seller.uid, soon.id);
      expect(extended.statusCode).toBe(200);
      const answer = attentionProductAnswerSchema.parse(extended.json());
      expect(answer.message).toBe(SELLER_DASHBOARD_MESSAGES.extended);
      expect(answer.product).toMatchObject({ product_id: String(soon.id), expiring: false, expired: false });
      expect(new Date(answer.product.valid_until).getTime()).toBe(soon.validUntil.getTime() + 7 * DAY);
      expect(await updatedEvents(soon.id)).toBe(1);

      const before = Date.now();
      const revived = attentionProductAnswerSchema.parse((await extend(seller, seller.uid, lapsed.id)).json()).product;
      const until = new Date(revived.valid_until).getTime();
      expect(until).toBeGreaterThanOrEqual(before + 7 * DAY - 5_000);
      expect(until).toBeLessThanOrEqual(Date.now() + 7 * DAY + 5_000);
      expect(revived.expired).toBe(false);
      // Search tells live names from expired ones by search_names, which follows the edit.
      const name = await db.searchName.findUnique({ where: { name: 'Lapsed Lauki' } });
      expect(name!.liveUntil.getTime()).toBe(until);
      // The cached listing is dropped: the next visitor sees the new validity.
      const listed = (await get(null, '/api/products'))
        .json()
        .find((product: { id: string }) => product.id === String(lapsed.id));
      expect(listed.validUntil).toBe(
        (await api.request({ method: 'GET', url: `/api/products/${lapsed.id}` })).json().validUntil,
      );
      expect(new Date(`${listed.validUntil.replace(' ', 'T')}+05:30`).getTime()).toBe(Math.floor(until / 1000) * 1000);
    });

    it('restocks a sold-out product with the packs given, as an edit does', async () => {
      const product = await newProduct(api.db.prisma, { sellerId: seller.id, name: 'Sold Out Shimla Mirch', stock: 0 });
      // A page of its own, cached with the product on it.
      const listing = '/api/products?limit=60';
      const cached = (await get(null, listing)).json().find((p: { id: string }) => p.id === String(product.id));
      expect(cached.stock).toBe(0);

      const response = await restock(seller, seller.uid, product.id, { stock: 25 });
      expect(response.statusCode).toBe(200);
      expect(attentionProductAnswerSchema.parse(response.json())).toEqual({
        message: SELLER_DASHBOARD_MESSAGES.restocked,
        product: expect.objectContaining({ product_id: String(product.id), stock: 25, sold_out: false }),
      });
      expect((await api.db.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(25);
      expect(await updatedEvents(product.id)).toBe(1);
      const listed = (await get(null, listing)).json().find((p: { id: string }) => p.id === String(product.id));
      expect(listed.stock).toBe(25);
    });

    it('lets an admin extend and restock any seller’s product, under that seller’s uid only', async () => {
      const product = await newProduct(api.db.prisma, {
        sellerId: seller.id,
        name: 'Admin Kaddu',
        stock: 0,
        validUntil: new Date(Date.now() + HOUR),
      });
      expect((await restock(admin, seller.uid, product.id, { stock: 3 })).statusCode).toBe(200);
      expect((await extend(admin, seller.uid, product.id)).statusCode).toBe(200);
      expect(await updatedEvents(product.id)).toBe(2);
      // A product is not found under a seller it does not belong to.
      expect((await restock(admin, otherSeller.uid, product.id)).statusCode).toBe(404);
      expect((await extend(admin, otherSeller.uid, product.id)).statusCode).toBe(404);
      expect((await restock(admin, 'no-such-seller', product.id)).statusCode).toBe(404);
      expect((await extend(admin, seller.uid, 99_999_999)).statusCode).toBe(404);
      expect(await updatedEvents(product.id)).toBe(2);
    });

    it('shares the product edits’ rate limit per user: past it, 429', async () => {
      const busy = await api.newUser();
      const product = await newProduct(api.db.prisma, { sellerId: busy.id, name: 'Busy Baingan', stock: 1 });
      const { limit } = WRITE_RATE_LIMITS.productEdits;
      for (let i = 0; i < limit; i += 1) {
        const response =
          i % 2 === 0
            ? await restock(busy, busy.uid, product.id, { stock: i + 1 })
            : await extend(busy, busy.uid, product.id);
        expect(response.statusCode).toBe(200);
      }
      const refused = await restock(busy, busy.uid, product.id, { stock: 99 });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await extend(busy, busy.uid, product.id)).statusCode).toBe(429);
      expect((await api.db.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(limit - 1);
    });
  });

  describe('who sees what', () => {
    /** Every route of the dashboard on seller's uid and tomato, as `user` calls it. */
    const everyRoute = (
      user: TestUser | null,
      uid = seller.uid,
      productId: number = tomato.id,
    ): Promise<TestResponse>[] => [
      get(user, `/api/seller-dashboard/${encodeURIComponent(uid)}`),
      get(user, `/api/seller-dashboard/${encodeURIComponent(uid)}/orders`),
      extend(user, uid, productId),
      restock(user, uid, productId),
    ];
    const unchanged = async () => {
      const now = await api.db.prisma.product.findUniqueOrThrow({ where: { id: tomato.id } });
      expect([now.stock, now.validUntil.getTime()]).toEqual([tomato.stock, tomato.validUntil.getTime()]);
      expect(await updatedEvents(tomato.id)).toBe(0);
    };

    it('answers 401 to anonymous callers on every route', async () => {
      for (const response of await Promise.all(everyRoute(null))) {
        expect(response.statusCode).toBe(401);
        expect(response.body).not.toContain('Desi Tamatar');
      }
      await unchanged();
    });

    it('answers 403 to a buyer and to another seller on every route of the seller, and changes nothing', async () => {
      for (const user of [buyer, otherSeller]) {
        for (const response of await Promise.all(everyRoute(user))) {
          expect(response.statusCode).toBe(403);
          expect(response.body).not.toContain('Desi Tamatar');
          expect(response.body).not.toContain(orders.confirmed3d!.addressMobile);
        }
      }
      await unchanged();
    });

    it('does not let another seller change the seller’s product under their own uid (403) or see it (404)', async () => {
      expect((await extend(otherSeller, otherSeller.uid, tomato.id)).statusCode).toBe(403);
      expect((await restock(otherSeller, otherSeller.uid, tomato.id)).statusCode).toBe(403);
      expect((await restock(buyer, buyer.uid, tomato.id)).statusCode).toBe(403);
      expect((await extend(otherSeller, otherSeller.uid, 'abc')).statusCode).toBe(404);
      await unchanged();
    });

    it('shows another seller only their own lines of a shared order, and a buyer no seller’s orders', async () => {
      const theirs = await orderPage(otherSeller, otherSeller.uid);
      expect(ids(theirs.orders)).toEqual([orders.pendingMixed!.id, orders.riceOnly!.id, orders.confirmed3d!.id]);
      const lines = theirs.orders.flatMap((order) => order.lines.map((line) => line.name));
      expect(new Set(lines)).toEqual(new Set(['Sona Masoori']));
      expect(JSON.stringify(theirs)).not.toMatch(/Desi Tamatar|Nashik Pyaaz/);

      const own = await orderPage(buyer, buyer.uid);
      expect(own).toEqual({ orders: [], total: 0, page: 1, per_page: 20 });
      const dashboard = sellerDashboardSchema.parse((await get(buyer, `/api/seller-dashboard/${buyer.uid}`)).json());
      expect(dashboard.products).toEqual([]);
      expect(dashboard.sales.last_30_days).toEqual({ amount: 0, orders: 0, packs: 0 });
    });

    it('lets an admin see any seller’s dashboard and orders by uid, and answers 404 for a uid of nobody', async () => {
      // The same page as the seller's own, but for the time left, which runs on between the two reads.
      const steady = (page: Awaited<ReturnType<typeof orderPage>>) =>
        page.orders.map(({ window_left_ms: _, ...order }) => order);
      const mine = await orderPage(seller, seller.uid);
      const admins = await orderPage(admin, seller.uid);
      expect(admins.total).toBe(mine.total);
      expect(steady(admins)).toEqual(steady(mine));
      const overview = await get(admin, `/api/seller-dashboard/${seller.uid}`);
      expect(overview.statusCode).toBe(200);
      expect(overview.json().seller.uid).toBe(seller.uid);
      for (const url of ['/api/seller-dashboard/no-such-uid', '/api/seller-dashboard/no-such-uid/orders']) {
        const response = await get(admin, url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: SELLER_DASHBOARD_MESSAGES.sellerNotFound,
        });
      }
    });

    it('refuses a deleted seller’s uid like any unknown one', async () => {
      const gone = await api.newUser();
      await api.db.prisma.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
      expect((await get(admin, `/api/seller-dashboard/${gone.uid}`)).statusCode).toBe(404);
    });
  });

  describe('bad input', () => {
    const long = 'x'.repeat(5_000);
    const deep = JSON.parse('['.repeat(200) + ']'.repeat(200)) as unknown;

    it('gets a 4xx of the one error shape in milliseconds, whatever its shape, and changes nothing', async () => {
      const base = `/api/seller-dashboard/${seller.uid}`;
      const cases: {
        method: 'GET' | 'POST' | 'PUT';
        url: string;
        payload?: unknown;
        headers?: Record<string, string>;
      }[] = [
        ...[
          'status=bogus',
          'status=',
          'status=pending&status=shipped',
          'period=1y',
          'period=',
          'page=0',
          'page=-1',
          'page=1e3',
          'page=10001',
          'perPage=51',
          'perPage=0',
          'perPage=abc',
          `status=${long}`,
          'page=%00',
          'period=today&period=7d',
        ].map((query) => ({ method: 'GET' as const, url: `${base}/orders?${query}` })),
        { method: 'GET', url: `/api/seller-dashboard/${'u'.repeat(200)}` },
        { method: 'GET', url: '/api/seller-dashboard/%00' },
        { method: 'GET', url: `/api/seller-dashboard/${encodeURIComponent("' OR 1=1 --")}/orders` },
        ...['1.5', '-1', '0x10', encodeURIComponent('<script>'), '%00', 'a'.repeat(65), '99999999999', '0'].flatMap(
          (id) => [
            { method: 'POST' as const, url: `${base}/products/${id}/extend-validity` },
            { method: 'PUT' as const, url: `${base}/products/${id}/stock`, payload: { stock: 5 } },
          ],
        ),
        ...[
          {},
          { stock: 0 },
          { stock: -1 },
          { stock: 1.5 },
          { stock: '5' },
          { stock: STOCK_LIMITS.max + 1 },
          { stock: null },
          { stock: [5] },
          { stock: { $gt: 0 } },
          { stock: 1e308 },
          [],
          [{ stock: 5 }],
          'null',
          deep,
          { stock: 5, nested: deep },
        ].map((payload) => ({ method: 'PUT' as const, url: `${base}/products/${tomato.id}/stock`, payload })),
        {
          method: 'PUT',
          url: `${base}/products/${tomato.id}/stock`,
          payload: '{"stock": 5',
          headers: { 'content-type': 'application/json' },
        },
        {
          method: 'PUT',
          url: `${base}/products/${tomato.id}/stock`,
          payload: 'stock=5',
          headers: { 'content-type': 'text/plain' },
        },
        {
          method: 'PUT',
          url: `${base}/products/${tomato.id}/stock`,
          payload: JSON.stringify({ stock: 5, pad: 'x'.repeat(2_000_000) }),
          headers: { 'content-type': 'application/json' },
        },
      ];
      let slowest = 0;
      const wrong: string[] = [];
      for (const attack of cases) {
        const started = performance.now();
        const response = await api.request({ ...attack, headers: { ...bearer(seller), ...attack.headers } });
        const took = performance.now() - started;
        slowest = Math.max(slowest, took);
        const shaped = (() => {
          try {
            return ['error', 'message', 'statusCode'].every((key) => key in response.json());
          } catch {
            return false;
          }
        })();
        if (response.statusCode < 400 || response.statusCode >= 500 || !shaped || took > 500) {
          wrong.push(
            `${attack.method} ${attack.url.slice(0, 100)} -> ${response.statusCode} in ${took.toFixed(0)} ms: ${response.body.slice(0, 100)}`,
          );
        }
      }
      expect(wrong).toEqual([]);
      console.log(
        `seller dashboard: ${cases.length} bad requests, each a 4xx, the slowest in ${slowest.toFixed(1)} ms`,
      );
      const now = await api.db.prisma.product.findUniqueOrThrow({ where: { id: tomato.id } });
      expect([now.stock, now.validUntil.getTime()]).toEqual([tomato.stock, tomato.validUntil.getTime()]);
    });
  });
});
