import { newAddress, newProduct } from '@mandi/database';
import { ApiHarness, type TestUser } from './harness.js';
import { bearer } from './catalog.testing.js';

// Cash on delivery (docs/payments.md): the server prices every order from its own rows and the shipping
// rule, compares the client's figures (409 with the real ones on a difference), keeps copies of the address and the
// lines, and records order.placed in the outbox.

describe('cash-on-delivery orders', () => {
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

  const product = (name: string, pricePaise: number, weightGrams: number | null, extra = {}) =>
    newProduct(api.db.prisma, { sellerId: seller.id, name, pricePaise, weightGrams, ...extra });
  const placeCod = (user: TestUser, body: Record<string, unknown>) =>
    api.request({
      method: 'POST',
      url: '/api/payment/cod',
      headers: bearer(user),
      payload: { userId: user.id, ...body },
    });
  const ordersOf = (userId: number) =>
    api.db.prisma.order.findMany({ where: { userId }, include: { items: true, payments: true } });

  // Every band of the rule (docs/payments.md), in rupees: online 30 for the first kg, 35 for each of the next 9, then 30;
  // cash on delivery 75 + 35 per extra kg, plus 18%.
  it.each([
    [1, 30, 88.5],
    [1000, 30, 88.5],
    [1001, 65, 129.8],
    [10_000, 345, 460.2],
    [10_001, 375, 501.5],
    [11_000, 375, 501.5],
    [50_000, 1545, 2112.2],
  ])('charges cash-on-delivery shipping for %p g as the rule says', async (grams, _online, cod) => {
    const user = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: user.id });
    const sack = await product(`Sack ${grams}`, 10_000, grams);
    const billing = { subtotal: 100, shippingCost: cod, grandTotal: Math.round((100 + cod) * 100) / 100 };
    const placed = await placeCod(user, {
      addressId: address.id,
      cartItems: [{ productId: sack.id, quantity: 1, price: 100 }],
      billing,
    });
    expect(placed.statusCode).toBe(201);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({ shippingPaise: Math.round(cod * 100), subtotalPaise: 10_000, paymentMethod: 'cod' });
  });

  it('places an order with copies of the address and lines, empties those products from the cart, and records order.placed', async () => {
    const address = await newAddress(api.db.prisma, { userId: buyer.id, name: 'Meera Iyer', pincode: '560001' });
    const ghee = await product('Desi Ghee', 65_000, 500, { category: 'ghee_butter', prePackaged: true });
    const aloo = await product('Aloo', 4_000, 1000);
    const kept = await product('Kept in cart', 1_000, 100);
    await api.db.prisma.cartItem.createMany({
      data: [ghee, aloo, kept].map((p) => ({ userId: buyer.id, productId: p.id })),
    });
    // 2 x 650 + 3 x 40 = 1420; 4 kg by cash on delivery: (75 + 3 x 35) x 1.18 = 212.40.
    const placed = await placeCod(buyer, {
      addressId: String(address.id),
      cartItems: [
        { productId: ghee.id, productName: 'Desi Ghee', quantity: 2, price: 650 },
        { productId: String(aloo.id), quantity: 3 },
      ],
      billing: { subtotal: 1420, shippingCost: 212.4, grandTotal: 1632.4 },
    });
    expect(placed.statusCode).toBe(201);
    const answer = placed.json();
    expect(answer).toEqual({ success: true, orderId: expect.any(String) });

    // Later edits to the product and the address change nothing of the order.
    await api.db.prisma.product.update({ where: { id: ghee.id }, data: { pricePaise: 99_900, name: 'Renamed' } });
    await api.db.prisma.address.update({ where: { id: address.id }, data: { name: 'Someone Else' } });

    const order = await api.db.prisma.order.findUniqueOrThrow({
      where: { id: Number(answer.orderId) },
      include: { items: { orderBy: { id: 'asc' } }, payments: true },
    });
    expect(order).toMatchObject({
      userId: buyer.id,
      status: 'pending',
      paymentStatus: 'unpaid',
      subtotalPaise: 142_000,
      shippingPaise: 21_240,
      totalPaise: 163_240,
      totalWeightGrams: 4000,
      addressName: 'Meera Iyer',
      addressPincode: '560001',
    });
    expect(
      order.items.map((item) => [
        item.productName,
        item.unitPricePaise,
        item.quantity,
        item.weightGrams,
        item.hsnCode,
        item.gstRatePercent,
      ]),
    ).toEqual([
      ['Desi Ghee', 65_000, 2, 500, '0405', 5],
      ['Aloo', 4_000, 3, 1000, '0709', 0],
    ]);
    expect(order.payments).toEqual([
      expect.objectContaining({ provider: 'cod', amountPaise: 163_240, status: 'created' }),
    ]);
    const cart = await api.db.prisma.cartItem.findMany({ where: { userId: buyer.id } });
    expect(cart.map((line) => line.productId)).toEqual([kept.id]);
    const events = await api.db.prisma.outboxEvent.findMany({
      where: { type: 'order.placed', aggregateId: answer.orderId },
    });
    expect(events.map((event) => event.payload)).toEqual([{ orderId: Number(answer.orderId) }]);
  });

  it('answers 409 with the real figures when the client billing or a price differs, and writes nothing', async () => {
    const user = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: user.id });
    const honey = await product('Jungle Honey', 45_050, 1200);
    const real = { subtotal: 450.5, shippingCost: 129.8, grandTotal: 580.3 };
    const line = { productId: honey.id, productName: 'Jungle Honey', quantity: 1, price: 450.5 };

    for (const [cartItems, billing] of [
      [[line], { ...real, grandTotal: 1 }],
      [[line], { ...real, shippingCost: 0, grandTotal: 450.5 }],
      [[{ ...line, price: 1 }], real],
    ] as const) {
      const tampered = await placeCod(user, { addressId: address.id, cartItems, billing });
      expect(tampered.statusCode).toBe(409);
      expect(tampered.json()).toMatchObject({
        message: 'Prices or shipping have changed. Please review your order.',
        details: { billing: real, items: [{ productId: String(honey.id), price: 450.5, quantity: 1 }] },
      });
    }
    expect(await ordersOf(user.id)).toEqual([]);
    expect(
      await placeCod(user, { addressId: address.id, cartItems: [line], billing: real }).then((r) => r.statusCode),
    ).toBe(201);
  });

  it('refuses a product past its validUntil, or gone, with 409 naming it', async () => {
    const user = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: user.id });
    const stale = await product('Old Mangoes', 10_000, 1000, { validUntil: new Date(Date.now() - 60_000) });
    const billing = { subtotal: 100, shippingCost: 88.5, grandTotal: 188.5 };
    for (const productId of [stale.id, 987_654]) {
      const refused = await placeCod(user, { addressId: address.id, cartItems: [{ productId, quantity: 1 }], billing });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: 'This product can no longer be ordered.',
        details: { productIds: [String(productId)] },
      });
    }
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it("answers 403 for another user's address or userId, 404 for a deleted address, and 400 without an address", async () => {
    const mine = await newAddress(api.db.prisma, { userId: buyer.id });
    const theirs = await newAddress(api.db.prisma, { userId: other.id });
    const deleted = await newAddress(api.db.prisma, { userId: buyer.id, isDeleted: true });
    const karela = await product('Karela', 5_000, 250);
    const order = {
      cartItems: [{ productId: karela.id, quantity: 1 }],
      billing: { subtotal: 50, shippingCost: 88.5, grandTotal: 138.5 },
    };
    const before = await api.db.prisma.order.count();

    expect((await placeCod(buyer, { ...order, addressId: theirs.id })).statusCode).toBe(403);
    const asOther = await api.request({
      method: 'POST',
      url: '/api/payment/cod',
      headers: bearer(other),
      payload: { ...order, userId: buyer.id, addressId: mine.id },
    });
    expect(asOther.statusCode).toBe(403);
    const gone = await placeCod(buyer, { ...order, addressId: deleted.id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Address not found.');
    const none = await placeCod(buyer, order);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please select a delivery address to continue.');
    const visitor = await api.request({
      method: 'POST',
      url: '/api/payment/cod',
      payload: { ...order, userId: buyer.id, addressId: mine.id },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await api.db.prisma.order.count()).toBe(before);
  });

  // Checkout remembers the product rows it read and prices an order of them from those (docs/orders.md, "Placing an
  // order: round trips"); the order's statement refuses rows that changed since, so every refusal still holds.
  it('refuses, as for rows just read, what changed since the products were last checked out', async () => {
    const user = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: user.id });
    const methi = await product('Methi', 2_000, 250);
    const billing = { subtotal: 20, shippingCost: 88.5, grandTotal: 108.5 };
    const order = (addressId: number) =>
      placeCod(user, { addressId, cartItems: [{ productId: methi.id, quantity: 1 }], billing });
    expect((await order(address.id)).statusCode).toBe(201);

    const theirs = await newAddress(api.db.prisma, { userId: other.id });
    expect((await order(theirs.id)).statusCode).toBe(403);
    const gone = await newAddress(api.db.prisma, { userId: user.id, isDeleted: true });
    expect((await order(gone.id)).json()).toMatchObject({ message: 'Address not found.' });
    expect(await api.db.prisma.order.count({ where: { userId: user.id } })).toBe(1);

    // Each way of leaving the shop, right after an order remembered the product as on sale.
    const shown = {
      unlistedAt: null,
      unlistedReason: null,
      sellerSuspended: false,
      validUntil: new Date(Date.now() + 60_000),
    };
    for (const hidden of [
      { unlistedAt: new Date(), unlistedReason: 'Checked' },
      { sellerSuspended: true },
      { validUntil: new Date(Date.now() - 1000) },
    ]) {
      await api.db.prisma.product.update({ where: { id: methi.id }, data: shown });
      expect((await order(address.id)).statusCode).toBe(201);
      await api.db.prisma.product.update({ where: { id: methi.id }, data: hidden });
      const refused = await order(address.id);
      expect({ status: refused.statusCode, body: refused.json() }).toMatchObject({
        status: 409,
        body: { message: 'This product can no longer be ordered.', details: { productIds: [String(methi.id)] } },
      });
    }
    expect(await api.db.prisma.order.count({ where: { userId: user.id } })).toBe(4);
    await api.db.prisma.product.update({ where: { id: methi.id }, data: shown });

    // Shown again: sold.
    expect((await order(address.id)).statusCode).toBe(201);
  });

  it('copies every field of the saved address into the order', async () => {
    const user = await api.newUser();
    const address = await newAddress(api.db.prisma, {
      userId: user.id,
      name: 'Kavya Nair',
      landmark: 'Opposite the temple',
      pincode: '682001',
    });
    const ragi = await product('Ragi', 6_000, 1000);
    const billing = { subtotal: 60, shippingCost: 88.5, grandTotal: 148.5 };
    const placed = await placeCod(user, {
      addressId: address.id,
      cartItems: [{ productId: ragi.id, quantity: 1 }],
      billing,
    });
    const order = await api.db.prisma.order.findUniqueOrThrow({ where: { id: Number(placed.json().orderId) } });
    const saved = await api.db.prisma.address.findUniqueOrThrow({ where: { id: address.id } });
    expect(order).toMatchObject({
      addressId: saved.id,
      addressName: saved.name,
      addressMobile: saved.mobile,
      addressState: saved.state,
      addressDistrict: saved.district,
      addressTaluk: saved.taluk,
      addressFlatHouseBuilding: saved.flatHouseBuilding,
      addressAreaOrStreetOrVillage: saved.areaOrStreetOrVillage,
      addressLandmark: saved.landmark,
      addressPincode: saved.pincode,
    });
  });

  it.each([
    ['read for this checkout', false],
    ['remembered from an earlier checkout', true],
  ])(
    'places one order when the same buyer sends the same order twice at once for the last pack, its rows %s',
    async (_how, remembered) => {
      const user = await api.newUser();
      const address = await newAddress(api.db.prisma, { userId: user.id });
      const kesar = await product('Kesar Mango', 30_000, 1000, { stock: remembered ? 2 : 1 });
      const body = {
        addressId: address.id,
        cartItems: [{ productId: kesar.id, quantity: 1 }],
        billing: { subtotal: 300, shippingCost: 88.5, grandTotal: 388.5 },
      };
      if (remembered) {
        const buyer = await api.newUser();
        const theirs = await newAddress(api.db.prisma, { userId: buyer.id });
        expect((await placeCod(buyer, { ...body, addressId: theirs.id })).statusCode).toBe(201);
      }
      await api.db.prisma.cartItem.create({ data: { userId: user.id, productId: kesar.id } });

      const answers = await Promise.all([placeCod(user, body), placeCod(user, body)]);

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
        message: 'Some items do not have enough stock left. Please review your order.',
        details: { items: [{ productId: String(kesar.id), productName: 'Kesar Mango', requested: 1, left: 0 }] },
      });
      const orders = await ordersOf(user.id);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.items).toHaveLength(1);
      expect(orders[0]!.payments).toHaveLength(1);
      expect(await api.db.prisma.product.findUniqueOrThrow({ where: { id: kesar.id } })).toMatchObject({ stock: 0 });
      const events = await api.db.prisma.outboxEvent.findMany({
        where: { type: 'order.placed', aggregateId: String(orders[0]!.id) },
      });
      expect(events.map((event) => event.payload)).toEqual([{ orderId: orders[0]!.id }]);
      expect(await api.db.prisma.cartItem.count({ where: { userId: user.id } })).toBe(0);
    },
  );

  it('refuses quantity 16 with the spec range and writes nothing', async () => {
    const user = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: user.id });
    const bhindi = await product('Bhindi', 3_000, 250);
    const refused = await placeCod(user, {
      addressId: address.id,
      cartItems: [{ productId: bhindi.id, quantity: 16 }],
      billing: { subtotal: 480, shippingCost: 129.8, grandTotal: 609.8 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Quantity must be between 1 and 15.');
    expect(await ordersOf(user.id)).toEqual([]);
  });
});
