import { newAddress, newOrder, newProduct } from '@mandi/database';
import { ACCESS_MESSAGES, HEADER_MESSAGES } from '@mandi/domain';
import { EmulatorAccounts } from '@mandi/identity';
import { ApiHarness, type TestUser } from './harness.js';

describe('DELETE /api/user/delete-account/{uid}', () => {
  let api: ApiHarness;
  const emulator = new EmulatorAccounts();

  beforeAll(async () => {
    api = await ApiHarness.start();
  });
  afterAll(async () => {
    await api.stop();
    await emulator.removeAll();
  });

  const remove = (uid: string, token?: string) =>
    api.request({
      method: 'DELETE',
      url: `/api/user/delete-account/${encodeURIComponent(uid)}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const getUserId = (user: TestUser) =>
    api.request({
      method: 'POST',
      url: '/api/user/getUserId',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { uid: user.uid },
    });

  /** A seller and buyer with everything an account can have, and another buyer who bought from them. */
  async function userWithHistory() {
    const prisma = api.db.prisma;
    const user = await api.newUser();
    const { username } = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    await prisma.user.update({
      where: { id: user.id },
      data: { ipAddress: '203.0.113.7', lastLoginIp: '203.0.113.8', lastLoginAt: new Date() },
    });
    await prisma.profile.create({
      data: { userId: user.id, fullName: 'Asha Rao', bio: 'Organic farmer', city: 'Mysuru' },
    });
    const savedAddress = await newAddress(prisma, { userId: user.id });

    // Their purchase: an order (with its own address copy), its invoice and the credit note that reversed it.
    const order = await newOrder(prisma, { userId: user.id, paymentStatus: 'paid', status: 'cancelled' });
    const invoice = await prisma.invoice.create({
      data: {
        orderId: order.id,
        kind: 'bill_of_supply',
        number: `INV/26-27/${String(order.id).padStart(6, '0')}`,
        financialYear: 2026,
        sequence: order.id,
        placeOfSupply: 'Karnataka',
        taxablePaise: 0,
        exemptPaise: order.subtotalPaise,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        shippingPaise: order.shippingPaise,
        totalPaise: order.totalPaise,
      },
    });
    const creditNote = await prisma.creditNote.create({
      data: {
        invoiceId: invoice.id,
        orderId: order.id,
        number: `CN/26-27/${String(order.id).padStart(6, '0')}`,
        financialYear: 2026,
        sequence: order.id,
        reason: 'Changed my mind',
        totalPaise: order.totalPaise,
      },
    });

    // What they sell: one product in another buyer's cart, one bought by that buyer.
    const [inCart, sold] = await Promise.all([
      newProduct(prisma, { sellerId: user.id }),
      newProduct(prisma, { sellerId: user.id, name: 'Kolar Ragi' }),
    ]);
    await prisma.productImage.create({
      data: { productId: inCart.id, position: 0, fileKey: 'products/x.webp', contentType: 'image/webp' },
    });
    const otherBuyer = await api.newUser();
    await prisma.cartItem.create({ data: { userId: otherBuyer.id, productId: inCart.id, quantity: 2 } });
    const othersOrder = await newOrder(prisma, { userId: otherBuyer.id, lines: [{ product: sold, quantity: 3 }] });

    // Their own cart, interest in selling and a leftover reservation.
    await prisma.cartItem.create({ data: { userId: user.id, productId: (await newProduct(prisma)).id } });
    await prisma.interestedSeller.create({ data: { userId: user.id, username, email: user.email } });
    await prisma.signup.create({
      data: {
        firebaseUid: user.uid,
        email: user.email,
        username: `r${user.id}x`,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    return { user, username, savedAddress, order, invoice, creditNote, inCart, sold, otherBuyer, othersOrder };
  }

  it('removes personal data, keeps the accounting records, publishes user.deleted and removes the identity', async () => {
    const prisma = api.db.prisma;
    const h = await userWithHistory();

    const response = await remove(h.user.uid, h.user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: HEADER_MESSAGES.deleteAccountSucceeded.text });

    // The row stays for the orders, without anything that names or locates the person.
    const row = await prisma.user.findUniqueOrThrow({ where: { id: h.user.id } });
    expect(row).toMatchObject({
      firebaseUid: h.user.uid,
      email: `deleted-${h.user.id}@deleted.invalid`,
      username: `deleted-${h.user.id}`,
      ipAddress: null,
      lastLoginIp: null,
    });
    expect(row.deletedAt).not.toBeNull();

    // Gone: profile, saved addresses, cart, products (with their images and other carts' lines), interest, reservation.
    expect(await prisma.profile.count({ where: { userId: h.user.id } })).toBe(0);
    expect(await prisma.address.count({ where: { userId: h.user.id } })).toBe(0);
    expect(await prisma.cartItem.count({ where: { userId: h.user.id } })).toBe(0);
    expect(await prisma.product.count({ where: { sellerId: h.user.id } })).toBe(0);
    expect(await prisma.productImage.count({ where: { productId: h.inCart.id } })).toBe(0);
    expect(await prisma.cartItem.count({ where: { userId: h.otherBuyer.id } })).toBe(0);
    expect(await prisma.interestedSeller.count({ where: { userId: h.user.id } })).toBe(0);
    expect(await prisma.signup.count({ where: { firebaseUid: h.user.uid } })).toBe(0);

    // Kept: their order with its address copy, its invoice and credit note.
    const order = await prisma.order.findUniqueOrThrow({ where: { id: h.order.id } });
    expect(order).toMatchObject({
      userId: h.user.id,
      addressId: null,
      addressName: h.order.addressName,
      addressFlatHouseBuilding: h.order.addressFlatHouseBuilding,
      addressPincode: h.order.addressPincode,
      totalPaise: h.order.totalPaise,
    });
    expect(await prisma.invoice.findUniqueOrThrow({ where: { id: h.invoice.id } })).toMatchObject({
      number: h.invoice.number,
      orderId: h.order.id,
    });
    expect(await prisma.creditNote.findUniqueOrThrow({ where: { id: h.creditNote.id } })).toMatchObject({
      number: h.creditNote.number,
    });
    // Kept: the other buyer's order line of the deleted product, described by its copy.
    const line = await prisma.orderItem.findFirstOrThrow({ where: { orderId: h.othersOrder.id } });
    expect(line).toMatchObject({
      productId: null,
      sellerId: h.user.id,
      productName: 'Kolar Ragi',
      unitPricePaise: h.sold.pricePaise,
      quantity: 3,
    });

    const events = await prisma.outboxEvent.findMany({ where: { type: { in: ['user.deleted', 'product.deleted'] } } });
    expect(events.filter((e) => e.type === 'user.deleted').map((e) => e.payload)).toEqual([{ userId: h.user.id }]);
    expect(events.filter((e) => e.type === 'product.deleted').map((e) => e.payload)).toEqual(
      expect.arrayContaining([{ productId: h.inCart.id }, { productId: h.sold.id }]),
    );

    // The identity is gone: no emulator account, and signing in with the password fails.
    expect(await emulator.exists(h.user.uid)).toBe(false);
    expect(await emulator.signIn(h.user.email)).toEqual({
      error: expect.stringMatching(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/),
    });

    // The same (still unexpired) token is refused from the very next call.
    const next = await getUserId(h.user);
    expect(next.statusCode).toBe(403);
    expect(next.json().message).toBe(ACCESS_MESSAGES.noAccount);
    expect((await remove(h.user.uid, h.user.token)).statusCode).toBe(403);

    // The name and the address are free again.
    const check = await api.request({ method: 'GET', url: `/api/auth/check-username?username=${h.username}` });
    expect(check.json()).toEqual({ available: true });
    const exists = await api.request({
      method: 'GET',
      url: `/api/user/user-exists?email=${encodeURIComponent(h.user.email)}`,
    });
    expect(exists.json()).toEqual({ exists: false });
  });

  it("refuses another user's uid with 403 and changes nothing", async () => {
    const [me, them] = await Promise.all([api.newUser(), api.newUser()]);
    const response = await remove(them.uid, me.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ACCESS_MESSAGES.notYours);
    expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: them.id } })).deletedAt).toBeNull();
    expect(await emulator.exists(them.uid)).toBe(true);
  });

  it('refuses a call without a token with 401', async () => {
    const user = await api.newUser();
    const response = await remove(user.uid);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(ACCESS_MESSAGES.signInRequired);
    expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).deletedAt).toBeNull();
  });

  it('refuses a user suspended mid-session with 403 and the suspended message, from the very next call', async () => {
    const user = await api.newUser();
    expect((await getUserId(user)).statusCode).toBe(200); // the token is verified and the caller kept
    const admin = await api.newUser({ role: 'admin' });
    const suspended = await api.request({
      method: 'PUT',
      url: '/api/admin/toggle-user',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { userId: user.id },
    });
    expect(suspended.json()).toMatchObject({ newStatus: 'suspended' });
    const response = await remove(user.uid, user.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ACCESS_MESSAGES.suspended);
    expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).deletedAt).toBeNull();
  });

  it("lets an admin delete another user's account, and answers 404 for one already deleted", async () => {
    const [admin, user] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser()]);
    const response = await remove(user.uid, admin.token);
    expect(response.statusCode).toBe(200);
    expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).deletedAt).not.toBeNull();
    expect(await emulator.exists(user.uid)).toBe(false);

    const again = await remove(user.uid, admin.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ACCESS_MESSAGES.noAccount);
  });

  it('finishes the deletion when the identity is already gone from Firebase', async () => {
    const admin = await api.newUser({ role: 'admin' });
    const orphan = await api.db.prisma.user.create({
      data: { firebaseUid: 'uid-without-identity', email: 'orphan@mandi.test', username: 'orphan_row' },
    });
    const response = await remove(orphan.firebaseUid, admin.token);
    expect(response.statusCode).toBe(200);
    expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: orphan.id } })).username).toBe(
      `deleted-${orphan.id}`,
    );
  });
});
