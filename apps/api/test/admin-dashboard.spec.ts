import { adminDashboardAnswerSchema, type AdminDashboardAnswer } from '@mandi/contracts';
import { newOrder, newProduct, newUser, type Db } from '@mandi/database';
import { ApiHarness, type TestUser } from './harness.js';

// GET /api/admin/dashboard against the real API, PostgreSQL, Redis and the Auth emulator: orders placed at known India
// times, statuses and payment methods, and every figure of the answer checked against sums worked out by hand.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WINDOW = 8 * HOUR;

/** The India date ('YYYY-MM-DD') of an instant. */
const indiaDay = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant);
/** The India date `daysAgo` days before today. */
function daysAgo(days: number): string {
  const noonToday = new Date(`${indiaDay(new Date())}T12:00:00+05:30`);
  return indiaDay(new Date(noonToday.getTime() - days * 24 * HOUR));
}
/** An instant given in India time: the date `daysAgo` days before today at `time` IST. */
const ist = (days: number, time: string) => new Date(`${daysAgo(days)}T${time}+05:30`);

describe('GET /api/admin/dashboard', () => {
  let api: ApiHarness;
  let admin: TestUser;
  let buyer: TestUser;
  const at = new Map<string, Date>();

  beforeAll(async () => {
    api = await ApiHarness.start();
    [admin, buyer] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser()]);
    await seed(api.db.prisma);
  });
  afterAll(() => api.stop());

  const read = (user: TestUser | null) =>
    api.request({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
    });

  /**
   * Sellers S1 (Kesar Mango ₹500), S2 (Desi Tamatar ₹40, Toor Dal ₹150), S3 (Nashik Pyaz ₹10, Hara Dhaniya ₹5), and a
   * product since deleted (Alphonso Mango ₹300). Shipping ₹30 on every order.
   */
  async function seed(db: Db) {
    const [s1, s2, s3, gone] = await Promise.all(
      ['kolar_farms', 'nashik_greens', 'pune_onions', 'gone_farms'].map((username) =>
        newUser(db, { username, email: `${username}@mandi.test` }),
      ),
    );
    const mango = await newProduct(db, { sellerId: s1!.id, name: 'Kesar Mango', pricePaise: 50_000 });
    const tamatar = await newProduct(db, { sellerId: s2!.id, name: 'Desi Tamatar', pricePaise: 4_000 });
    const dal = await newProduct(db, { sellerId: s2!.id, name: 'Toor Dal', pricePaise: 15_000 });
    const pyaz = await newProduct(db, { sellerId: s3!.id, name: 'Nashik Pyaz', pricePaise: 1_000 });
    const dhaniya = await newProduct(db, { sellerId: s3!.id, name: 'Hara Dhaniya', pricePaise: 500 });
    const alphonso = await newProduct(db, { sellerId: gone!.id, name: 'Alphonso Mango', pricePaise: 30_000 });
    const buyerRow = await newUser(db, { username: 'asha_rao', email: 'asha_rao@mandi.test' });
    const order = async (name: string, createdAt: Date, options: Parameters<typeof newOrder>[1]) => {
      at.set(name, createdAt);
      return newOrder(db, { userId: buyerRow.id, createdAt, ...options });
    };
    const now = Date.now();
    // A: 23:59 IST two days ago; B: 00:01 IST the next day, one India day later though two minutes apart.
    await order('A', ist(2, '23:59:00'), {
      status: 'delivered',
      paymentStatus: 'paid',
      lines: [{ product: mango, quantity: 2 }, { product: alphonso }],
    }); // ₹1330
    await order('B', ist(1, '00:01:00'), {
      status: 'confirmed',
      paymentMethod: 'cod',
      lines: [{ product: tamatar, quantity: 5 }],
    }); // ₹230
    await order('C', ist(1, '10:00:00'), { status: 'cancelled', lines: [{ product: mango }] }); // ₹530, cancelled
    // D: the very first instant of the period; E: the last instant before it.
    await order('D', ist(29, '00:00:00'), {
      status: 'delivered',
      paymentMethod: 'cod',
      lines: [{ product: dal }, { product: tamatar }],
    }); // ₹220
    await order('E', new Date(ist(29, '00:00:00').getTime() - 1), {
      status: 'delivered',
      lines: [{ product: mango, quantity: 10 }],
    });
    // Orders of the last 8 hours: F and G close within the hour, H in 2 h, I closed already, J is confirmed.
    await order('F', new Date(now - WINDOW + 30 * MINUTE), { paymentMethod: 'cod', lines: [{ product: pyaz }] }); // ₹40
    await order('G', new Date(now - WINDOW + 10 * MINUTE), {
      status: 'cancel_requested',
      cancelReason: 'Ordered twice',
      lines: [{ product: pyaz, quantity: 2 }],
    }); // ₹50
    await order('H', new Date(now - WINDOW + 2 * HOUR), { lines: [{ product: pyaz, quantity: 3 }] }); // ₹60
    await order('I', new Date(now - WINDOW - 10 * MINUTE), { lines: [{ product: pyaz }] }); // ₹40
    await order('J', new Date(now - WINDOW + 20 * MINUTE), {
      status: 'confirmed',
      paymentStatus: 'paid',
      lines: [{ product: pyaz }, { product: dhaniya }],
    }); // ₹45
    // Alphonso Mango's product and seller are deleted: the lines keep their copies, without ids.
    await db.$executeRaw`UPDATE order_items SET product_id = NULL, seller_id = NULL WHERE product_id = ${alphonso.id}`;
  }

  let answer: AdminDashboardAnswer;

  it('is for admins only: 401 for a visitor, 403 for a signed-in user', async () => {
    expect((await read(null)).statusCode).toBe(401);
    const refused = await read(buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('revenue');
  });

  it('answers the contract, for the 30 India days ending today', async () => {
    const response = await read(admin);
    expect(response.statusCode).toBe(200);
    answer = adminDashboardAnswerSchema.parse(response.json());
    expect(answer.from).toBe(daysAgo(29));
    expect(answer.to).toBe(daysAgo(0));
  });

  it('counts orders and revenue per India day, every day present, the 23:59 and 00:01 orders on different days', () => {
    const expected = new Map(Array.from({ length: 30 }, (_, n) => [daysAgo(29 - n), { orders: 0, revenue: 0 }]));
    const add = (day: string, revenue: number) => {
      const entry = expected.get(day)!;
      entry.orders += 1;
      entry.revenue += revenue;
    };
    add(daysAgo(29), 220); // D at 00:00 IST; E a millisecond earlier is left out
    add(daysAgo(2), 1330); // A at 23:59 IST
    add(daysAgo(1), 230); // B at 00:01 IST
    add(daysAgo(1), 0); // C, cancelled: an order, no revenue
    for (const [name, revenue] of [
      ['F', 40],
      ['G', 50],
      ['H', 60],
      ['I', 40],
      ['J', 45],
    ] as const)
      add(indiaDay(at.get(name)!), revenue);
    expect(answer.days).toEqual([...expected].map(([day, figures]) => ({ day, ...figures })));
    expect(answer.days.find((day) => day.day === daysAgo(2))).toEqual({ day: daysAgo(2), orders: 1, revenue: 1330 });
  });

  it('totals the 30 days: every order placed, the cancelled ones, and the revenue of the others', () => {
    expect(answer.totals).toEqual({ orders: 9, cancelled: 1, revenue: 2015 });
  });

  it('counts the orders by status, every status present', () => {
    expect(answer.by_status).toEqual([
      { status: 'pending', orders: 3 },
      { status: 'confirmed', orders: 2 },
      { status: 'shipped', orders: 0 },
      { status: 'delivered', orders: 2 },
      { status: 'cancel_requested', orders: 1 },
      { status: 'cancelled', orders: 1 },
    ]);
  });

  it('splits the orders not cancelled into online and cash on delivery, count and amount', () => {
    expect(answer.by_payment_method).toEqual([
      { method: 'online', orders: 5, amount: 1525 }, // A 1330, G 50, H 60, I 40, J 45
      { method: 'cod', orders: 3, amount: 490 }, // B 230, D 220, F 40
    ]);
  });

  it("ranks the top 5 products and sellers by their lines' copied prices, cancelled orders left out", () => {
    expect(answer.top_products).toEqual([
      { product_id: expect.any(String), name: 'Kesar Mango', quantity: 2, revenue: 1000, orders: 1 },
      { product_id: null, name: 'Alphonso Mango', quantity: 1, revenue: 300, orders: 1 },
      { product_id: expect.any(String), name: 'Desi Tamatar', quantity: 6, revenue: 240, orders: 2 },
      { product_id: expect.any(String), name: 'Toor Dal', quantity: 1, revenue: 150, orders: 1 },
      { product_id: expect.any(String), name: 'Nashik Pyaz', quantity: 8, revenue: 80, orders: 5 },
    ]);
    expect(answer.top_sellers).toEqual([
      { seller_id: expect.any(String), name: 'kolar_farms', revenue: 1000, orders: 1 },
      { seller_id: expect.any(String), name: 'nashik_greens', revenue: 390, orders: 2 }, // Desi Tamatar 240 + Toor Dal 150
      { seller_id: null, name: 'Deleted seller', revenue: 300, orders: 1 },
      { seller_id: expect.any(String), name: 'pune_onions', revenue: 85, orders: 5 }, // Nashik Pyaz 80 + Hara Dhaniya 5
    ]);
  });

  it('lists the orders awaiting a decision whose window closes within the hour, soonest first', () => {
    const closes = (name: string) => new Date(at.get(name)!.getTime() + WINDOW).toISOString();
    expect(answer.closing_soon).toEqual([
      {
        order_id: expect.any(String),
        buyer: 'asha_rao',
        status: 'cancel_requested',
        payment_method: 'online',
        total_amount: 50,
        created_at: at.get('G')!.toISOString(),
        closes_at: closes('G'),
      },
      {
        order_id: expect.any(String),
        buyer: 'asha_rao',
        status: 'pending',
        payment_method: 'cod',
        total_amount: 40,
        created_at: at.get('F')!.toISOString(),
        closes_at: closes('F'),
      },
    ]);
    expect(answer.closing_soon_total).toBe(2);
  });

  it("carries the pipeline's snapshot, as GET /api/admin/pipeline answers it", () => {
    expect(answer.pipeline).toMatchObject({
      deadJobs: 0,
      outbox: { unpublished: 0, oldestAgeSeconds: null },
      queuesDashboardUrl: '/adminpanel/queues/',
    });
    expect(answer.pipeline.queues.length).toBeGreaterThan(0);
  });

  it('lists at most 20 closing orders, and says how many there are', async () => {
    const now = Date.now();
    for (let n = 0; n < 21; n += 1)
      await newOrder(api.db.prisma, { userId: buyer.id, createdAt: new Date(now - WINDOW + 40 * MINUTE + n * 1000) });
    const later = adminDashboardAnswerSchema.parse((await read(admin)).json());
    expect(later.closing_soon_total).toBe(23);
    expect(later.closing_soon).toHaveLength(20);
    expect(later.closing_soon.slice(0, 2).map((order) => order.status)).toEqual(['cancel_requested', 'pending']);
    const closing = later.closing_soon.map((order) => order.closes_at);
    expect([...closing].sort()).toEqual(closing);
  });

  it('serves admins who ask at once from one reading, and reads again once it has answered', async () => {
    const together = await Promise.all(Array.from({ length: 8 }, () => read(admin)));
    const readings = new Set(together.map((response) => response.json().readAt));
    // Eight consoles refreshing at once: fewer readings than requests, and every one of them the same figures.
    expect(readings.size).toBeLessThan(8);
    expect(
      new Set(together.map((response) => JSON.stringify({ ...response.json(), readAt: null, pipeline: null }))).size,
    ).toBe(1);

    // An order placed after that reading answered is in the next one.
    const before = adminDashboardAnswerSchema.parse((await read(admin)).json()).totals.orders;
    await newOrder(api.db.prisma, { userId: buyer.id });
    expect(adminDashboardAnswerSchema.parse((await read(admin)).json()).totals.orders).toBe(before + 1);
  });
});
