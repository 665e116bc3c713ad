import { newAddress, newProduct } from '@mandi/database';
import { routeUrl, type CommissionRules } from '@mandi/contracts';
import { COMMISSION_MESSAGES as M } from '@mandi/domain';
import { bearer } from './catalog.testing.js';
import { ApiHarness, type TestUser } from './harness.js';

// Mandi's commission as rules (issue 32, docs/commissions.md): a percentage and fixed fee per category and a seller's
// own overriding them, set by admins (audited), fixed onto each order line at the moment of sale.

describe("Mandi's commission rules", () => {
  let api: ApiHarness;
  let admin: TestUser;
  let seller: TestUser;
  let other: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [admin, seller, other, buyer] = await Promise.all([
      api.newUser({ role: 'admin' }),
      api.newUser(),
      api.newUser(),
      api.newUser(),
    ]);
  });
  afterAll(async () => {
    await api.stop();
  });

  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, user: TestUser | null, payload?: unknown) =>
    api.request({ method, url, headers: user ? bearer(user) : {}, payload });
  const rules = async () => (await call('GET', routeUrl('commissionRules'), admin)).json() as CommissionRules;
  const setCategory = (category: string, body: unknown, user: TestUser | null = admin) =>
    call('PUT', routeUrl('setCategoryCommission', { params: { category } }), user, body);
  const setSeller = (uid: string, body: unknown, user: TestUser | null = admin) =>
    call('PUT', routeUrl('setSellerCommission', { params: { uid } }), user, body);
  const clearSeller = (uid: string, user: TestUser | null = admin) =>
    call('DELETE', routeUrl('clearSellerCommission', { params: { uid } }), user);
  const audit = (action: string) => api.db.prisma.auditEntry.findMany({ where: { action }, orderBy: { id: 'asc' } });

  /** A COD order of `quantity` packs of `product` by the buyer, through checkout: its line's commission columns. */
  async function sold(product: { id: number; pricePaise: number }, quantity: number) {
    const address = await newAddress(api.db.prisma, { userId: buyer.id });
    const subtotal = (product.pricePaise * quantity) / 100;
    const placed = await call('POST', '/api/payment/cod', buyer, {
      userId: buyer.id,
      addressId: address.id,
      cartItems: [{ productId: product.id, quantity, price: product.pricePaise / 100 }],
      billing: { subtotal, shippingCost: 88.5, grandTotal: Math.round((subtotal + 88.5) * 100) / 100 },
    });
    expect(placed.statusCode).toBe(201);
    const line = await api.db.prisma.orderItem.findFirstOrThrow({
      where: { productId: product.id },
      orderBy: { id: 'desc' },
    });
    return [line.commissionBasisPoints, line.commissionFixedPaise, line.commissionPaise];
  }

  it('starts with a rule for every category: 5% on fresh vegetables and fruits, 8% on the rest, no fee', async () => {
    const { categories, sellers } = await rules();
    expect(categories).toHaveLength(12);
    expect(categories.find((c) => c.category === 'fresh_produce')).toMatchObject({
      label: 'Fresh vegetables',
      percent: 5,
      fixed_fee: 0,
      updated_by: null,
    });
    expect(categories.find((c) => c.category === 'ghee_butter')).toMatchObject({ percent: 8, fixed_fee: 0 });
    expect(sellers).toEqual([]);
  });

  it('fixes the rule in force onto each line at the moment of sale; a later change never reprices it', async () => {
    const onions = await newProduct(api.db.prisma, {
      sellerId: seller.id,
      category: 'fresh_produce',
      pricePaise: 3_333,
      weightGrams: 300,
    });
    // 3 x 33.33 = 99.99 at 5%: 4.9995 rounds half up to 5.00.
    expect(await sold(onions, 3)).toEqual([500, 0, 500]);

    const changed = await setCategory('fresh_produce', { percent: 7.5, fixed_fee: 2 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ category: 'fresh_produce', percent: 7.5, fixed_fee: 2 });
    // 7.5% of 99.99 is 7.49925 -> 7.50, plus the Rs 2 fee per line.
    expect(await sold(onions, 3)).toEqual([750, 200, 950]);
    const lines = await api.db.prisma.orderItem.findMany({ where: { productId: onions.id }, orderBy: { id: 'asc' } });
    expect(lines.map((line) => line.commissionPaise)).toEqual([500, 950]);

    // A seller's own rule overrides every category for them, and only them.
    expect((await setSeller(seller.uid, { percent: 3, fixed_fee: 0 })).json()).toMatchObject({
      uid: seller.uid,
      percent: 3,
      fixed_fee: 0,
    });
    expect(await sold(onions, 3)).toEqual([300, 0, 300]);
    const theirs = await newProduct(api.db.prisma, {
      sellerId: other.id,
      category: 'fresh_produce',
      pricePaise: 3_333,
      weightGrams: 300,
    });
    expect(await sold(theirs, 3)).toEqual([750, 200, 950]);
    // Removed: their categories apply again.
    expect((await clearSeller(seller.uid)).statusCode).toBe(200);
    expect(await sold(onions, 3)).toEqual([750, 200, 950]);
    expect((await clearSeller(seller.uid)).json().message).toBe(M.noOverride);
  });

  it('records every change in the audit trail with what it was and what it became', async () => {
    const [set] = await audit('commission.set_category');
    expect(set).toMatchObject({
      adminId: admin.id,
      objectType: 'commission_rule',
      before: { percent_basis_points: 500, fixed_fee_paise: 0 },
      after: { percent_basis_points: 750, fixed_fee_paise: 200 },
    });
    const [madeForSeller] = await audit('commission.set_seller');
    expect(madeForSeller).toMatchObject({ before: null, after: { percent_basis_points: 300, fixed_fee_paise: 0 } });
    const [cleared] = await audit('commission.clear_seller');
    expect(cleared).toMatchObject({ before: { percent_basis_points: 300, fixed_fee_paise: 0 }, after: null });
  });

  it('refuses a bad rule with a 400 naming the field, and changes nothing', async () => {
    const before = await rules();
    for (const [body, fields] of [
      [{ percent: 31, fixed_fee: 0 }, { percent: M.percentInvalid }],
      [{ percent: -1, fixed_fee: 0 }, { percent: M.percentInvalid }],
      [{ percent: 7.555, fixed_fee: 0 }, { percent: M.percentInvalid }],
      [{ percent: 5, fixed_fee: 100.01 }, { fixed_fee: M.feeInvalid }],
      [{ percent: 5, fixed_fee: 1.005 }, { fixed_fee: M.feeInvalid }],
    ] as const) {
      const refused = await setCategory('spices', body);
      expect([body, refused.statusCode, refused.json().fields]).toEqual([body, 400, fields]);
    }
    for (const body of [{ percent: '5' }, { percent: 5, fixed_fee: 0, extra: 1 }, [], null]) {
      expect((await setCategory('spices', body)).statusCode).toBe(400);
    }
    // Not JSON at all: refused for its content type.
    expect((await setCategory('spices', 'five')).statusCode).toBe(415);
    expect((await setCategory('gold', { percent: 5 })).statusCode).toBe(400);
    expect((await setSeller('no-such-uid', { percent: 5 })).statusCode).toBe(404);
    expect(await rules()).toEqual(before);
  });

  it('is for admins only: a seller, another seller and a buyer 403, nobody signed in 401', async () => {
    for (const user of [seller, other, buyer]) {
      expect((await call('GET', routeUrl('commissionRules'), user)).statusCode).toBe(403);
      expect((await setCategory('spices', { percent: 1 }, user)).statusCode).toBe(403);
      expect((await setSeller(user.uid, { percent: 0 }, user)).statusCode).toBe(403);
      expect((await clearSeller(user.uid, user)).statusCode).toBe(403);
    }
    expect((await call('GET', routeUrl('commissionRules'), null)).statusCode).toBe(401);
    expect((await setCategory('spices', { percent: 1 }, null)).statusCode).toBe(401);
    expect((await setSeller(seller.uid, { percent: 0 }, null)).statusCode).toBe(401);
    expect((await clearSeller(seller.uid, null)).statusCode).toBe(401);
    expect((await rules()).categories.find((c) => c.category === 'spices')).toMatchObject({ percent: 8 });
  });
});
