import { BODY_MESSAGES, INPUT_MESSAGES } from '@mandi/contracts';
import { CHECKOUT_MESSAGES } from '@mandi/domain';
import { newAddress, newOrder, newProduct } from '@mandi/database';
import { BENGALURU_ADDRESS } from '../addresses.testing.js';
import { ApiHarness, type TestUser } from '../harness.js';
import { bearer } from '../catalog.testing.js';
import { RowChangeWatch } from './row-changes.js';

// Issue 28: the body rule (apps/api/src/common/body-rule.ts) and the seller's own product. Each case here was
// answered 200 (and changed the profile) or 500 before the rule: a JSON route takes a JSON object sent as
// application/json, nothing else, and refuses it before its handler runs, so no row changes.

describe('request bodies that are not a JSON object of the route', () => {
  let api: ApiHarness;
  let watch: RowChangeWatch;
  let owner: TestUser;
  let orderId: number;
  const profile = { fullName: 'Asha Patil', bio: 'Grapes from Nashik', city: 'Nashik' };
  const address = BENGALURU_ADDRESS;

  beforeAll(async () => {
    api = await ApiHarness.start();
    owner = await api.newUser();
    await api.db.prisma.profile.create({ data: { userId: owner.id, ...profile } });
    orderId = (await newOrder(api.db.prisma, { userId: owner.id })).id;
    watch = await RowChangeWatch.install(api.db.url);
  });
  afterAll(async () => {
    await watch?.close();
    await api?.stop();
  });

  const putProfile = (payload: string | FormData | undefined, headers: Record<string, string> = {}) =>
    api.request({
      method: 'PUT',
      url: `/api/user-profile/uid/${owner.uid}`,
      headers: { ...bearer(owner), ...headers },
      payload,
    });
  const profileRow = () =>
    api.db.prisma.profile.findUniqueOrThrow({
      where: { userId: owner.id },
      select: { fullName: true, bio: true, city: true },
    });

  /** The answer, after checking that the request changed no row. */
  async function refused(send: () => Promise<{ statusCode: number; body: string }>) {
    await watch.changesSinceLastLook();
    const response = await send();
    expect(await watch.changesSinceLastLook()).toEqual([]);
    expect(await profileRow()).toEqual(profile);
    return { status: response.statusCode, body: JSON.parse(response.body) as { statusCode: number; message: string } };
  }

  it.each([
    ['null', 'null'],
    ['an array', '[{"fullName":"x"}]'],
    ['a number', '42'],
    ['a string', '"Asha"'],
    ['true', 'true'],
  ])(
    'refuses %s as the JSON body of PUT /api/user-profile/uid/{uid} with 400, changing nothing',
    async (_name, raw) => {
      const answer = await refused(() => putProfile(raw, { 'content-type': 'application/json' }));
      expect(answer).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: BODY_MESSAGES.notAnObject,
          fields: { _: BODY_MESSAGES.notAnObject },
        },
      });
    },
  );

  it('refuses a PUT with no body at all with 400', async () => {
    expect(await refused(() => putProfile(undefined))).toMatchObject({
      status: 400,
      body: { message: BODY_MESSAGES.notAnObject },
    });
  });

  it("answers a missing body with the schema's own words where it requires a field (the spec's reason)", async () => {
    await watch.changesSinceLastLook();
    const response = await api.request({
      method: 'PUT',
      url: `/api/orders/cancel-request/${orderId}`,
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Please provide a reason for cancellation.' });
    expect(await watch.changesSinceLastLook()).toEqual([]);
  });

  it.each([
    [
      'application/x-www-form-urlencoded',
      () => putProfile('fullName=Evil&bio=Evil&city=Evil', { 'content-type': 'application/x-www-form-urlencoded' }),
    ],
    [
      'multipart/form-data',
      () => {
        const form = new FormData();
        form.append('fullName', 'Evil');
        form.append('bio', 'Evil');
        return putProfile(form);
      },
    ],
    ['text/plain', () => putProfile('{"fullName":"Evil"}', { 'content-type': 'text/plain' })],
    [
      'application/json in UTF-16',
      () => putProfile('{"fullName":"Evil"}', { 'content-type': 'application/json; charset=utf-16' }),
    ],
  ])('refuses a %s body with 415, changing nothing', async (_type, send) => {
    expect(await refused(send)).toEqual({
      status: 415,
      body: { statusCode: 415, error: 'Unsupported Media Type', message: BODY_MESSAGES.jsonOnly },
    });
  });

  it('still takes a JSON object, with or without a UTF-8 charset', async () => {
    const changed = { fullName: 'Asha P', bio: 'Grapes', city: 'Pune' };
    const response = await putProfile(JSON.stringify(changed), { 'content-type': 'application/json; charset=UTF-8' });
    expect(response.statusCode).toBe(200);
    expect(await profileRow()).toEqual(changed);
    await api.db.prisma.profile.update({ where: { userId: owner.id }, data: profile });
  });

  it.each([
    [
      'PUT /api/user-profile/uid/{uid}',
      'PUT',
      (): string => `/api/user-profile/uid/${owner.uid}`,
      (): Record<string, unknown> => ({ ...profile, bio: 'a\ud800b' }),
      'bio',
    ],
    [
      'POST /api/addresses',
      'POST',
      (): string => '/api/addresses',
      (): Record<string, unknown> => ({ ...address, user_id: String(owner.id), landmark: '\udc00' }),
      'landmark',
    ],
    [
      'PUT /api/orders/cancel-request/{id}',
      'PUT',
      (): string => `/api/orders/cancel-request/${orderId}`,
      (): Record<string, unknown> => ({ reason: 'Ordered twice \ud83d' }),
      'reason',
    ],
  ] as const)('refuses a lone surrogate in %s with 400 naming the field', async (_route, method, url, body, field) => {
    const payload = body();
    // JSON.stringify writes a lone surrogate as its \u escape, as an attacker's raw JSON would.
    expect(JSON.stringify(payload)).toContain('\\ud');
    const answer = await refused(() => api.request({ method, url: url(), headers: bearer(owner), payload }));
    const message = `${field} ${INPUT_MESSAGES.illFormed}`;
    expect(answer).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message, fields: { [field]: message } },
    });
  });

  it('keeps a stranger out before it looks at the body: 401, not 400', async () => {
    const response = await api.request({
      method: 'PUT',
      url: `/api/user-profile/uid/${owner.uid}`,
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a form body on a route that takes no body with 415, and takes it without one', async () => {
    const address = await newAddress(api.db.prisma, { userId: owner.id });
    const url = `/api/addresses/${address.id}/set-default`;
    const form = await api.request({
      method: 'PUT',
      url,
      headers: { ...bearer(owner), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'isDefault=true',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ message: BODY_MESSAGES.noBodyExpected });
    expect((await api.request({ method: 'PUT', url, headers: bearer(owner) })).statusCode).toBe(200);
  });
});

describe('a seller buying their own product', () => {
  let api: ApiHarness;
  let seller: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    seller = await api.newUser();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('is refused at the cart and at checkout with 409 and a clear message; nothing is written', async () => {
    const db = api.db.prisma;
    const own = await newProduct(db, {
      sellerId: seller.id,
      name: 'Own Alphonso',
      pricePaise: 10_000,
      weightGrams: 1000,
      stock: 5,
    });
    const address = await newAddress(db, { userId: seller.id });

    const add = await api.request({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(seller),
      payload: { uid: seller.uid, productId: String(own.id) },
    });
    expect(add.statusCode).toBe(409);
    expect(add.json()).toMatchObject({ message: CHECKOUT_MESSAGES.ownProduct });
    expect(await db.cartItem.count({ where: { userId: seller.id } })).toBe(0);

    // Cash on delivery: ₹100 + ₹88.50 shipping for 1 kg.
    const billing = { subtotal: 100, shippingCost: 88.5, grandTotal: 188.5 };
    const items = [{ productId: String(own.id), quantity: 1, price: 100 }];
    const cod = await api.request({
      method: 'POST',
      url: '/api/payment/cod',
      headers: bearer(seller),
      payload: { userId: String(seller.id), addressId: String(address.id), cartItems: items, billing },
    });
    expect(cod.statusCode).toBe(409);
    expect(cod.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: CHECKOUT_MESSAGES.ownProduct,
      details: { productIds: [String(own.id)] },
    });
    const online = await api.request({
      method: 'POST',
      url: '/api/payment/order',
      headers: bearer(seller),
      payload: { userId: String(seller.id), addressId: String(address.id), items, amount: 130 },
    });
    expect(online.statusCode).toBe(409);
    expect(online.json()).toMatchObject({ message: CHECKOUT_MESSAGES.ownProduct });
    expect(await db.order.count({ where: { userId: seller.id } })).toBe(0);
    expect((await db.product.findUniqueOrThrow({ where: { id: own.id } })).stock).toBe(5);

    // Another buyer gets the same product as ever.
    const buyer = await api.newUser();
    const theirs = await api.request({
      method: 'POST',
      url: '/api/cart/add',
      headers: bearer(buyer),
      payload: { uid: buyer.uid, productId: String(own.id) },
    });
    expect(theirs.statusCode).toBe(201);
  });
});
