import { newProduct } from '@mandi/database';
import { ApiHarness, type TestUser } from './harness.js';
import { bearer } from './catalog.testing.js';

// The cart of docs/cart.md: add (409 when already there), read, change the quantity (1 to 15), remove; only
// the owner reads or changes a cart.

describe('cart', () => {
  let api: ApiHarness;
  let buyer: TestUser;
  let other: TestUser;
  let seller: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [buyer, other, seller] = await Promise.all([api.newUser(), api.newUser(), api.newUser()]);
  });
  afterAll(async () => {
    await api.stop();
  });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    api.request({ method, url, headers: bearer(user), payload });
  const product = (name: string) => newProduct(api.db.prisma, { sellerId: seller.id, name, pricePaise: 4500 });
  const lines = async (user: TestUser) => (await call(user, 'GET', `/api/cart/${user.uid}`)).json();

  it('adds a product once: the second time answers 409 with the spec text', async () => {
    const lauki = await product('Lauki');
    const first = await call(buyer, 'POST', '/api/cart/add', { uid: buyer.uid, productId: String(lauki.id) });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Item added to cart!' });

    const again = await call(buyer, 'POST', '/api/cart/add', { uid: buyer.uid, productId: lauki.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, message: 'Product already in cart.' });
    expect(await api.db.prisma.cartItem.count({ where: { userId: buyer.id } })).toBe(1);
  });

  it('lists the lines, newest first, with the product fields, the quantity and the seller card', async () => {
    const [karela, tinda] = [await product('Karela'), await product('Tinda')];
    await call(other, 'POST', '/api/cart/add', { uid: other.uid, productId: karela.id });
    await call(other, 'POST', '/api/cart/add', { uid: other.uid, productId: tinda.id });

    const cart = await lines(other);
    expect(cart.map((line: { name: string }) => line.name)).toEqual(['Tinda', 'Karela']);
    expect(cart[0]).toMatchObject({
      id: String(tinda.id),
      uid: seller.uid,
      price: 45,
      quantity: 1,
      official_brand: 0,
      seller: { profileImage: '/images/avatar-placeholder.svg' },
    });
  });

  it('changes a quantity within 1 to 15; other values answer 400 and change nothing', async () => {
    const matar = await product('Matar');
    await call(buyer, 'POST', '/api/cart/add', { uid: buyer.uid, productId: matar.id });
    const set = (quantity: unknown) =>
      call(buyer, 'PUT', '/api/cart/updateQuantity', { uid: buyer.uid, productId: matar.id, quantity });
    const quantity = async () =>
      (await api.db.prisma.cartItem.findFirstOrThrow({ where: { userId: buyer.id, productId: matar.id } })).quantity;

    expect((await set(15)).statusCode).toBe(200);
    expect(await quantity()).toBe(15);
    for (const bad of [0, 16, 2.5, -1, 'lots', null]) {
      const response = await set(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Quantity must be between 1 and 15.');
    }
    expect(await quantity()).toBe(15);
    expect((await set(3)).statusCode).toBe(200);
    expect(await quantity()).toBe(3);
  });

  it('removes a line; removing it again answers 404', async () => {
    const arbi = await product('Arbi');
    await call(buyer, 'POST', '/api/cart/add', { uid: buyer.uid, productId: arbi.id });
    const remove = () => call(buyer, 'DELETE', '/api/cart/remove', { uid: buyer.uid, productId: arbi.id });

    expect((await remove()).statusCode).toBe(200);
    expect((await lines(buyer)).map((line: { name: string }) => line.name)).not.toContain('Arbi');
    expect((await remove()).statusCode).toBe(404);
  });

  it("refuses another user's cart (403) and a visitor (401), changing nothing", async () => {
    const kaddu = await product('Kaddu');
    await call(buyer, 'POST', '/api/cart/add', { uid: buyer.uid, productId: kaddu.id });
    const before = await api.db.prisma.cartItem.findMany({ where: { userId: buyer.id }, orderBy: { id: 'asc' } });

    expect((await call(other, 'GET', `/api/cart/${buyer.uid}`)).statusCode).toBe(403);
    expect((await call(other, 'POST', '/api/cart/add', { uid: buyer.uid, productId: kaddu.id })).statusCode).toBe(403);
    expect((await call(other, 'DELETE', '/api/cart/remove', { uid: buyer.uid, productId: kaddu.id })).statusCode).toBe(
      403,
    );
    expect(
      (await call(other, 'PUT', '/api/cart/updateQuantity', { uid: buyer.uid, productId: kaddu.id, quantity: 9 }))
        .statusCode,
    ).toBe(403);
    expect((await api.request({ method: 'GET', url: `/api/cart/${buyer.uid}` })).statusCode).toBe(401);

    expect(await api.db.prisma.cartItem.findMany({ where: { userId: buyer.id }, orderBy: { id: 'asc' } })).toEqual(
      before,
    );
  });

  it('answers 404 for a product that does not exist', async () => {
    const response = await call(buyer, 'POST', '/api/cart/add', { uid: buyer.uid, productId: '999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Product not found.');
  });
});
