import { newAddress, newOrder, newProduct, type Db } from '@mandi/database';
import { orderDetailSchema, orderListSchema } from '@mandi/contracts';
import { ApiHarness, type TestUser } from './harness.js';
import { bearer } from './catalog.testing.js';

// The buyer's orders (docs/orders.md; docs/decisions.md): My Orders and the details page for the owner or
// an admin only, and the cancellation request, only by the buyer, only for a pending order, only inside the window
// by the database clock, each refusal a 409 with the order's current state.

const MINUTE = 60_000;

/** An order of `user` made by the factory (pending, unpaid, online unless told otherwise). */
async function orderOf(db: Db, user: Pick<TestUser, 'id'>, options: Parameters<typeof newOrder>[1] = {}) {
  return newOrder(db, { userId: user.id, ...options });
}

describe('the buyer’s orders', () => {
  let api: ApiHarness;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [buyer, other, admin] = await Promise.all([api.newUser(), api.newUser(), api.newUser({ role: 'admin' })]);
  });
  afterAll(async () => {
    await api.stop();
  });

  const get = (user: TestUser, url: string) => api.request({ method: 'GET', url, headers: bearer(user) });
  const cancelRequest = (user: TestUser, orderId: number | string, payload?: unknown) =>
    api.request({ method: 'PUT', url: `/api/orders/cancel-request/${orderId}`, headers: bearer(user), payload });
  const outbox = (type: string, orderId: number) =>
    api.db.prisma.outboxEvent.count({ where: { type, aggregateId: String(orderId) } });

  describe('GET /api/orders/{userId}', () => {
    it('lists the buyer’s orders newest first, each with its first item and all its lines', async () => {
      const user = await api.newUser();
      const tomato = await newProduct(api.db.prisma, { name: 'Desi Tamatar', pricePaise: 4_050 });
      const older = await orderOf(api.db.prisma, user, {
        lines: [{ product: tomato, quantity: 2 }],
        createdAt: new Date(Date.now() - 5 * MINUTE),
      });
      const newer = await orderOf(api.db.prisma, user, { lines: [{}, {}, {}] });
      await api.db.prisma.orderItem.updateMany({
        where: { orderId: older.id },
        data: { imageKey: 'products/7/abc.webp' },
      });
      await orderOf(api.db.prisma, other);

      const listed = await get(user, `/api/orders/${user.id}`);
      expect(listed.statusCode).toBe(200);
      expect(listed.headers['x-total-count']).toBe('2');
      const orders = orderListSchema.parse(listed.json());
      expect(orders.map((order) => order.order_id)).toEqual([String(newer.id), String(older.id)]);
      expect(orders[0]!.items).toHaveLength(3);
      expect(orders[1]).toEqual({
        order_id: String(older.id),
        created_at: older.createdAt.toISOString(),
        status: 'pending',
        firstItem: {
          order_item_id: expect.any(String),
          name: 'Desi Tamatar',
          images: ['/files/products/7/abc.webp'],
          quantity: 2,
          price: 40.5,
        },
        items: [orders[1]!.firstItem],
      });
    });

    it('pages the list when asked, and lists nothing for a buyer without orders', async () => {
      const user = await api.newUser();
      const placed = [];
      for (let i = 0; i < 3; i += 1)
        placed.push(await orderOf(api.db.prisma, user, { createdAt: new Date(Date.now() - (3 - i) * MINUTE) }));
      const second = await get(user, `/api/orders/${user.id}?page=2&perPage=2`);
      expect(second.headers['x-total-count']).toBe('3');
      expect(second.json().map((order: { order_id: string }) => order.order_id)).toEqual([String(placed[0]!.id)]);
      expect((await get(user, `/api/orders/${user.id}?perPage=101`)).statusCode).toBe(400);

      const empty = await api.newUser();
      const none = await get(empty, `/api/orders/${empty.id}`);
      expect(none.json()).toEqual([]);
      expect(none.headers['x-total-count']).toBe('0');
    });

    it('answers 403 for another buyer’s list, and an admin may read it', async () => {
      await orderOf(api.db.prisma, buyer);
      expect((await get(other, `/api/orders/${buyer.id}`)).statusCode).toBe(403);
      const read = await get(admin, `/api/orders/${buyer.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().length).toBeGreaterThan(0);
      expect((await api.request({ method: 'GET', url: `/api/orders/${buyer.id}` })).statusCode).toBe(401);
      expect((await get(admin, '/api/orders/not-a-user')).json()).toEqual([]);
    });
  });

  describe('GET /api/orders/details/{orderId}', () => {
    it('shows the order with its payment, the address as it was at checkout, totals in rupees and its lines', async () => {
      const product = await newProduct(api.db.prisma, { name: 'Kolar Ragi', pricePaise: 12_345 });
      const order = await orderOf(api.db.prisma, buyer, {
        paymentMethod: 'cod',
        lines: [{ product, quantity: 3 }],
        shippingPaise: 8_850,
        addressName: 'Meera Iyer',
        addressAreaOrStreetOrVillage: 'College Road',
        addressFlatHouseBuilding: 'Flat 4, Shanti Apartments',
        addressLandmark: 'Near the bus stand',
        addressTaluk: 'Nashik',
        addressDistrict: 'Nashik',
        addressState: 'Maharashtra',
        addressPincode: '422001',
        addressMobile: '9123456780',
      });
      // Editing the saved address later changes nothing on the order.
      await api.db.prisma.address.update({
        where: { id: order.addressId! },
        data: { name: 'Someone Else', pincode: '110001' },
      });

      const shown = await get(buyer, `/api/orders/details/${order.id}`);
      expect(shown.statusCode).toBe(200);
      const detail = orderDetailSchema.parse(shown.json());
      expect(detail).toEqual({
        order_id: String(order.id),
        created_at: order.createdAt.toISOString(),
        placed_at: order.createdAt.toISOString(),
        status: 'pending',
        payment_status: 'unpaid',
        payment: { payment_method: 'cod', status: 'unpaid' },
        address: {
          name: 'Meera Iyer',
          flat_house_building: 'Flat 4, Shanti Apartments',
          area: 'College Road',
          landmark: 'Near the bus stand',
          taluk: 'Nashik',
          district: 'Nashik',
          state: 'Maharashtra',
          pincode: '422001',
          mobile: '9123456780',
        },
        subtotal: 370.35,
        shippingCost: 88.5,
        total_amount: 458.85,
        items: [{ order_item_id: expect.any(String), name: 'Kolar Ragi', images: [], quantity: 3, price: 123.45 }],
        invoice: null,
        creditNote: null,
        documents: [],
        cancel_reason: null,
        window_closes_at: new Date(order.createdAt.getTime() + 8 * 60 * MINUTE).toISOString(),
      });
    });

    it('names the invoice and the credit note once their PDFs can be downloaded', async () => {
      const order = await orderOf(api.db.prisma, buyer, { status: 'cancelled', paymentStatus: 'paid' });
      const invoice = await api.db.prisma.invoice.create({
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
      const creditNote = await api.db.prisma.creditNote.create({
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
      const before = (await get(buyer, `/api/orders/details/${order.id}`)).json();
      expect([before.invoice, before.creditNote]).toEqual([null, null]);

      await api.db.prisma.invoice.update({
        where: { id: invoice.id },
        data: { pdfFileKey: `invoices/${invoice.id}.pdf` },
      });
      await api.db.prisma.creditNote.update({
        where: { id: creditNote.id },
        data: { pdfFileKey: `credit-notes/${creditNote.id}.pdf` },
      });
      const after = (await get(buyer, `/api/orders/details/${order.id}`)).json();
      expect(after.payment).toEqual({ payment_method: 'online', status: 'paid' });
      expect(after.invoice).toEqual({ invoice_id: String(invoice.id), number: invoice.number });
      expect(after.creditNote).toEqual({ invoice_id: `cn-${creditNote.id}`, number: creditNote.number });
    });

    it('answers 403 to another buyer, the order to an admin, and 404 "Order not found." to an unknown order', async () => {
      const order = await orderOf(api.db.prisma, buyer);
      const refused = await get(other, `/api/orders/details/${order.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'You can only see your own orders.',
      });
      expect((await get(admin, `/api/orders/details/${order.id}`)).json().order_id).toBe(String(order.id));
      for (const unknown of ['999999', 'abc', '12345678901']) {
        const missing = await get(buyer, `/api/orders/details/${unknown}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Order not found.' });
      }
    });
  });

  describe('PUT /api/orders/cancel-request/{orderId}', () => {
    it('moves a pending order to cancel_requested with the trimmed reason and publishes order.cancel_requested once', async () => {
      const order = await orderOf(api.db.prisma, buyer);
      const requested = await cancelRequest(buyer, order.id, { reason: '  Ordered twice by mistake ' });
      expect(requested.statusCode).toBe(200);
      expect(requested.json()).toEqual({
        message: 'Your cancellation request has been received.',
        order_id: String(order.id),
        status: 'cancel_requested',
        cancel_reason: 'Ordered twice by mistake',
      });
      const row = await api.db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
      expect(row).toMatchObject({ status: 'cancel_requested', cancelReason: 'Ordered twice by mistake' });
      expect(row.cancelRequestedAt).toBeInstanceOf(Date);
      expect(await outbox('order.cancel_requested', order.id)).toBe(1);
      expect((await get(buyer, `/api/orders/details/${order.id}`)).json()).toMatchObject({
        status: 'cancel_requested',
        cancel_reason: 'Ordered twice by mistake',
      });

      // Asking again: 409 with the order as it is, nothing new.
      const again = await cancelRequest(buyer, order.id, { reason: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'Cancellation can only be requested for a pending order; this order is cancellation requested.',
        details: {
          order_id: String(order.id),
          status: 'cancel_requested',
          payment_status: 'unpaid',
          window_closes_at: expect.any(String),
        },
      });
      expect(await outbox('order.cancel_requested', order.id)).toBe(1);
      expect((await api.db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).cancelReason).toBe(
        'Ordered twice by mistake',
      );
    });

    it.each([[undefined], [{}], [{ reason: '' }], [{ reason: '    ' }], [{ reason: 42 }]])(
      'refuses %p with "Please provide a reason for cancellation." and changes nothing',
      async (payload) => {
        const order = await orderOf(api.db.prisma, buyer);
        const refused = await cancelRequest(buyer, order.id, payload);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe('Please provide a reason for cancellation.');
        expect((await api.db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('pending');
      },
    );

    it('refuses an order that is no longer pending with 409 and its current state', async () => {
      for (const status of ['confirmed', 'shipped', 'delivered', 'cancelled'] as const) {
        const order = await orderOf(api.db.prisma, buyer, { status, paymentStatus: 'paid' });
        const refused = await cancelRequest(buyer, order.id, { reason: 'Too late?' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().details).toMatchObject({ status, payment_status: 'paid' });
        expect(refused.json().message).toMatch(
          /^Cancellation can only be requested for a pending order; this order is /,
        );
        expect(await outbox('order.cancel_requested', order.id)).toBe(0);
      }
    });

    it('lets only the buyer ask: 403 for another buyer and for an admin, 404 for an unknown order', async () => {
      const order = await orderOf(api.db.prisma, buyer);
      for (const caller of [other, admin]) {
        const refused = await cancelRequest(caller, order.id, { reason: 'Not mine' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('Only the buyer can request cancellation of this order.');
      }
      expect((await api.db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('pending');
      const missing = await cancelRequest(buyer, 999_999, { reason: 'Gone' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Order not found.');
    });
  });
});

describe('the cancellation window, shortened by configuration', () => {
  const windowMs = 3_000;
  let api: ApiHarness;
  let buyer: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start({ ORDER_DECISION_WINDOW_MS: String(windowMs) });
    buyer = await api.newUser();
  });
  afterAll(async () => {
    await api.stop();
  });

  const cancelRequest = (orderId: number) =>
    api.request({
      method: 'PUT',
      url: `/api/orders/cancel-request/${orderId}`,
      headers: bearer(buyer),
      payload: { reason: 'Changed my mind' },
    });

  it('accepts a request inside the window and refuses one after it by the database clock, with 409 and the state', async () => {
    await newAddress(api.db.prisma, { userId: buyer.id });
    const early = await newOrder(api.db.prisma, { userId: buyer.id });
    const late = await newOrder(api.db.prisma, { userId: buyer.id });
    expect((await cancelRequest(early.id)).statusCode).toBe(200);

    const detail = (
      await api.request({ method: 'GET', url: `/api/orders/details/${late.id}`, headers: bearer(buyer) })
    ).json();
    expect(detail.window_closes_at).toBe(new Date(late.createdAt.getTime() + windowMs).toISOString());
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, late.createdAt.getTime() + windowMs + 200 - Date.now())),
    );

    const refused = await cancelRequest(late.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'The 8-hour window for this order has closed.',
      details: {
        order_id: String(late.id),
        status: 'pending',
        payment_status: 'unpaid',
        window_closes_at: detail.window_closes_at,
      },
    });
    expect((await api.db.prisma.order.findUniqueOrThrow({ where: { id: late.id } })).status).toBe('pending');
    expect(
      await api.db.prisma.outboxEvent.count({
        where: { type: 'order.cancel_requested', aggregateId: String(late.id) },
      }),
    ).toBe(0);
  });
});
