import { newAddress, newProduct } from '@mandi/database';
import { CART_LINES_MAX, OPEN_ONLINE_ORDERS_MAX, WRITE_LIMIT_MESSAGES, WRITE_RATE_LIMITS } from '@mandi/domain';
import { startRazorpaySandbox } from '../../../../tools/razorpay-sandbox/sandbox.mjs';
import { bearer, multipart, picture, productFields } from '../catalog.testing.js';
import { ApiHarness, type TestRequest, type TestResponse, type TestUser } from '../harness.js';

/**
 * Issue 13, "Also close": signed-in writes had no limits (a loop of POST /api/payment/order made unbounded pending
 * orders and Razorpay orders; carts took any number of lines). Each write now has a per-user rate limit counted in
 * Redis (429, Retry-After, a message saying what to do), and the two things that pile up have hard caps that hold
 * when requests race: online orders waiting for payment, and cart lines. Every test comes from one address, so a
 * limit that counted addresses instead of users would show.
 */
describe('limits on signed-in writes', () => {
  let sandbox: Awaited<ReturnType<typeof startRazorpaySandbox>>;
  let api: ApiHarness;
  let seller: TestUser;

  beforeAll(async () => {
    sandbox = await startRazorpaySandbox({ port: 0, retryDelaysMs: [200] });
    api = await ApiHarness.start({ RAZORPAY_API_URL: sandbox.url });
    seller = await api.newUser();
  });
  afterAll(async () => {
    await api.stop();
    await sandbox.close();
  });

  const send = (user: TestUser, request: Omit<TestRequest, 'headers'>) =>
    api.request({ ...request, headers: bearer(user) });
  const countOrders = (userId: number) => api.db.prisma.order.count({ where: { userId } });

  /** A refusal by a rate limit as the client reads it: 429, when to come back, and what happened. */
  function expectRateLimited(response: TestResponse, message: string): void {
    expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 429, message });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }

  /** A buyer with an address and a 1 kg product of Rs 100: the body of a cash-on-delivery order and of an online one. */
  async function buyer() {
    const user = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: user.id });
    const product = await newProduct(api.db.prisma, { sellerId: seller.id, pricePaise: 10_000, weightGrams: 1000 });
    const line = { productId: String(product.id), productName: product.name, quantity: 1, price: 100 };
    return {
      user,
      cod: {
        userId: user.id,
        addressId: address.id,
        cartItems: [line],
        billing: { subtotal: 100, shippingCost: 88.5, grandTotal: 188.5 },
      },
      online: { userId: user.id, addressId: address.id, items: [line], amount: 130 },
    };
  }

  it(`refuses order ${WRITE_RATE_LIMITS.orders.limit + 1} within 10 minutes with 429, per user, writing nothing`, async () => {
    const { user, cod, online } = await buyer();
    for (let i = 0; i < WRITE_RATE_LIMITS.orders.limit; i += 1) {
      expect((await send(user, { method: 'POST', url: '/api/payment/cod', payload: cod })).statusCode).toBe(201);
    }
    expectRateLimited(
      await send(user, { method: 'POST', url: '/api/payment/cod', payload: cod }),
      WRITE_LIMIT_MESSAGES.tooManyOrders,
    );
    // Online and cash on delivery share the counter.
    expectRateLimited(
      await send(user, { method: 'POST', url: '/api/payment/order', payload: online }),
      WRITE_LIMIT_MESSAGES.tooManyOrders,
    );
    expect(await countOrders(user.id)).toBe(WRITE_RATE_LIMITS.orders.limit);

    // Another buyer at the same address has a budget of their own.
    const other = await buyer();
    expect((await send(other.user, { method: 'POST', url: '/api/payment/cod', payload: other.cod })).statusCode).toBe(
      201,
    );
  });

  it(`refuses online order ${OPEN_ONLINE_ORDERS_MAX + 1} while ${OPEN_ONLINE_ORDERS_MAX} wait for payment, and takes one once one is paid`, async () => {
    const { user, online } = await buyer();
    for (let i = 0; i < OPEN_ONLINE_ORDERS_MAX; i += 1) {
      expect((await send(user, { method: 'POST', url: '/api/payment/order', payload: online })).statusCode).toBe(201);
    }
    const refused = await send(user, { method: 'POST', url: '/api/payment/order', payload: online });
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
      status: 409,
      message: WRITE_LIMIT_MESSAGES.tooManyUnpaidOrders,
    });
    expect(await countOrders(user.id)).toBe(OPEN_ONLINE_ORDERS_MAX);

    // Cash on delivery is unpaid until delivery by design: not capped by this.
    const { cod } = await buyer();
    expect(
      (
        await send(user, {
          method: 'POST',
          url: '/api/payment/cod',
          payload: { ...cod, userId: user.id, addressId: online.addressId },
        })
      ).statusCode,
    ).toBe(201);

    const first = await api.db.prisma.order.findFirstOrThrow({
      where: { userId: user.id, paymentMethod: 'online' },
      orderBy: { id: 'asc' },
    });
    await api.db.prisma.order.update({ where: { id: first.id }, data: { paymentStatus: 'paid', status: 'confirmed' } });
    expect((await send(user, { method: 'POST', url: '/api/payment/order', payload: online })).statusCode).toBe(201);
  });

  it(`lets at most ${OPEN_ONLINE_ORDERS_MAX} of 10 racing online orders through`, async () => {
    const { user, online } = await buyer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send(user, { method: 'POST', url: '/api/payment/order', payload: online })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([
      ...Array(OPEN_ONLINE_ORDERS_MAX).fill(201),
      ...Array(10 - OPEN_ONLINE_ORDERS_MAX).fill(409),
    ]);
    expect(await countOrders(user.id)).toBe(OPEN_ONLINE_ORDERS_MAX);
    expect(await api.db.prisma.payment.count({ where: { order: { userId: user.id } } })).toBe(OPEN_ONLINE_ORDERS_MAX);
  });

  /** `count` new products of the seller. */
  const products = (count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) => newProduct(api.db.prisma, { sellerId: seller.id, name: `Sabzi ${i}` })),
    );
  const addToCart = (user: TestUser, productId: number) =>
    send(user, { method: 'POST', url: '/api/cart/add', payload: { uid: user.uid, productId: String(productId) } });
  const cartLines = (userId: number) => api.db.prisma.cartItem.count({ where: { userId } });

  it(`refuses product ${CART_LINES_MAX + 1} in a cart with 409, keeping 'Product already in cart.' for a product in it`, async () => {
    const user = await api.newUser();
    const [extra, ...full] = await products(CART_LINES_MAX + 1);
    await api.db.prisma.cartItem.createMany({
      data: full.map((product) => ({ userId: user.id, productId: product.id })),
    });

    const refused = await addToCart(user, extra!.id);
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
      status: 409,
      message: WRITE_LIMIT_MESSAGES.cartFull,
    });
    const again = await addToCart(user, full[0]!.id);
    expect({ status: again.statusCode, message: again.json().message }).toEqual({
      status: 409,
      message: 'Product already in cart.',
    });
    expect(await cartLines(user.id)).toBe(CART_LINES_MAX);

    await send(user, {
      method: 'DELETE',
      url: '/api/cart/remove',
      payload: { uid: user.uid, productId: String(full[0]!.id) },
    });
    expect((await addToCart(user, extra!.id)).statusCode).toBe(201);
  });

  it('lets 10 racing adds fill a cart only to its cap', async () => {
    const user = await api.newUser();
    const [racing, already] = [await products(10), await products(CART_LINES_MAX - 2)];
    await api.db.prisma.cartItem.createMany({
      data: already.map((product) => ({ userId: user.id, productId: product.id })),
    });
    const answers = await Promise.all(racing.map((product) => addToCart(user, product.id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 201, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    expect(await cartLines(user.id)).toBe(CART_LINES_MAX);
  });

  it(`refuses cart add ${WRITE_RATE_LIMITS.cartAdds.limit + 1} within 10 minutes with 429`, async () => {
    const user = await api.newUser();
    const [product] = await products(1);
    // Refused adds count too: a script repeating one product is still a script.
    for (let i = 0; i < WRITE_RATE_LIMITS.cartAdds.limit; i += 10) {
      await Promise.all(Array.from({ length: 10 }, () => addToCart(user, product!.id)));
    }
    const [other] = await products(1);
    expectRateLimited(await addToCart(user, other!.id), WRITE_LIMIT_MESSAGES.tooManyCartAdds);
    expect(await cartLines(user.id)).toBe(1);
  });

  it(`refuses address write ${WRITE_RATE_LIMITS.addressWrites.limit + 1} within 10 minutes with 429, writing nothing`, async () => {
    const user = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: user.id, isDefault: true });
    for (let i = 0; i < WRITE_RATE_LIMITS.addressWrites.limit; i += 1) {
      expect((await send(user, { method: 'PUT', url: `/api/addresses/${address.id}/set-default` })).statusCode).toBe(
        200,
      );
    }
    expectRateLimited(
      await send(user, { method: 'DELETE', url: `/api/addresses/${address.id}` }),
      WRITE_LIMIT_MESSAGES.tooManyAddressChanges,
    );
    expect(await api.db.prisma.address.findUniqueOrThrow({ where: { id: address.id } })).toMatchObject({
      isDeleted: false,
    });
  });

  it(`refuses product post ${WRITE_RATE_LIMITS.productPosts.limit + 1} within an hour with 429, writing nothing`, async () => {
    const user = await api.newUser();
    const image = await picture('jpeg', 64);
    const post = () =>
      api.request({
        method: 'POST',
        url: '/api/products',
        headers: bearer(user),
        payload: multipart(productFields(user), [{ name: 'tamatar.jpg', bytes: image }]),
      });
    for (let i = 0; i < WRITE_RATE_LIMITS.productPosts.limit; i += 1) expect((await post()).statusCode).toBe(201);
    expectRateLimited(await post(), WRITE_LIMIT_MESSAGES.tooManyProductPosts);
    expect(await api.db.prisma.product.count({ where: { sellerId: user.id } })).toBe(
      WRITE_RATE_LIMITS.productPosts.limit,
    );
  });

  it(`refuses product edit ${WRITE_RATE_LIMITS.productEdits.limit + 1} within an hour with 429, changing nothing`, async () => {
    const user = await api.newUser();
    const product = await newProduct(api.db.prisma, { sellerId: user.id, name: 'Bhindi' });
    const edit = (name: string) =>
      api.request({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: bearer(user),
        payload: multipart(productFields(user, { name, existingImages: '[]' })),
      });
    const first = await edit('Bhindi 0');
    // The form's own rules may refuse a product without an image; the counter counts every edit either way.
    for (let i = 1; i < WRITE_RATE_LIMITS.productEdits.limit; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, WRITE_RATE_LIMITS.productEdits.limit - i) }, (_, j) =>
          edit(`Bhindi ${i + j}`),
        ),
      );
    }
    const before = await api.db.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expectRateLimited(await edit('Changed by a script'), WRITE_LIMIT_MESSAGES.tooManyProductEdits);
    expect(await api.db.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toEqual(before);
    expect(first.statusCode).toBeLessThan(500);
  });

  it(`refuses profile picture upload ${WRITE_RATE_LIMITS.imageUploads.limit + 1} within an hour with 429`, async () => {
    const user = await api.newUser();
    const image = await picture('png', 64);
    const upload = () =>
      api.request({
        method: 'POST',
        url: `/api/user-profile/upload-profile/${user.uid}`,
        headers: bearer(user),
        payload: multipart({}, [{ field: 'profileImage', name: 'me.png', bytes: image, type: 'image/png' }]),
      });
    for (let i = 0; i < WRITE_RATE_LIMITS.imageUploads.limit; i += 1) expect((await upload()).statusCode).toBe(201);
    const profile = await api.db.prisma.profile.findUnique({ where: { userId: user.id } });
    expectRateLimited(await upload(), WRITE_LIMIT_MESSAGES.tooManyImageUploads);
    expect(await api.db.prisma.profile.findUnique({ where: { userId: user.id } })).toEqual(profile);
  });
});
