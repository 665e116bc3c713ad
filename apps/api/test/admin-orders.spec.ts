import { createHmac } from 'node:crypto';
import { newOrder, newUser, type Db } from '@mandi/database';
import { adminOrderActionAnswerSchema, adminOrderListSchema } from '@mandi/contracts';
import { ApiHarness, type TestUser } from './harness.js';
import { bearer } from './catalog.testing.js';

// The admin panel's orders (docs/orders.md; docs/decisions.md): the list by time filter and search,
// and every move of the order process as one conditional update, so the loser of any race gets 409 with the order's
// current state and each event is published once.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Action = 'confirm' | 'payment' | 'shipped' | 'delivered' | 'cancel';

describe('admin orders', () => {
  let api: ApiHarness;
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [admin, buyer] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser()]);
  });
  afterAll(async () => {
    await api.stop();
  });

  const list = (query = '', user: TestUser = admin) =>
    api.request({ method: 'GET', url: `/api/admin/orders${query}`, headers: bearer(user) });
  const act = (action: Action, id: number | string, payload?: unknown, user: TestUser = admin) =>
    api.request({ method: 'PUT', url: `/api/admin/orders/${action}/${id}`, headers: bearer(user), payload });
  const rowOf = (id: number) => api.db.prisma.order.findUniqueOrThrow({ where: { id }, include: { payments: true } });
  const outbox = (type: string, orderId: number) =>
    api.db.prisma.outboxEvent.count({ where: { type, aggregateId: String(orderId) } });
  const ordered = (db: Db, options: Parameters<typeof newOrder>[1] = {}) =>
    newOrder(db, { userId: buyer.id, ...options });

  describe('GET /api/admin/orders', () => {
    // First in the file, on a database with no other orders, so the counts are exact.
    it('shows the orders of each time filter, 24h by default, newest first, with the admin fields and the total', async () => {
      const ages = [30 * MINUTE, 2 * HOUR, 3 * DAY, 20 * DAY, 100 * DAY, 300 * DAY, 400 * DAY];
      const orders = [];
      for (const age of ages)
        orders.push(await ordered(api.db.prisma, { createdAt: new Date(Date.now() - age), lines: [{}, {}] }));

      const expected: Record<string, number> = { '1h': 1, '24h': 2, '7d': 3, '1m': 4, '6m': 5, '1y': 6 };
      for (const [filter, count] of Object.entries(expected)) {
        const answer = await list(`?filter=${filter}`);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['x-total-count']).toBe(String(count));
        expect(answer.json().map((order: { order_id: string }) => order.order_id)).toEqual(
          orders.slice(0, count).map((order) => String(order.id)),
        );
      }
      const byDefault = await list();
      expect(byDefault.json()).toHaveLength(2);

      const [first] = adminOrderListSchema.parse(byDefault.json());
      const user = await api.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.id } });
      const items = await api.db.prisma.orderItem.findMany({
        where: { orderId: orders[0]!.id },
        orderBy: { id: 'asc' },
      });
      expect(byDefault.json()[0]).toEqual({
        order_id: String(orders[0]!.id),
        username: user.username,
        email: user.email,
        address_name: 'Asha Rao',
        area_or_street_or_village: 'MG Road',
        district: 'Bengaluru Urban',
        pincode: '560001',
        status: 'pending',
        payment_status: 'unpaid',
        created_at: orders[0]!.createdAt.toISOString(),
        cancel_reason: null,
        items: items.map((item) => ({
          order_item_id: String(item.id),
          product_name: item.productName,
          quantity: 1,
          price: 40,
        })),
        payment_method: 'online',
        total_amount: 110,
        window_closes_at: new Date(orders[0]!.createdAt.getTime() + 8 * HOUR).toISOString(),
      });
      expect(first!.items).toHaveLength(2);
    });

    it('pages the list: perPage rows from page, and X-Total-Count of them all', async () => {
      const page = await list('?filter=1y&perPage=2&page=2');
      expect(page.headers['x-total-count']).toBe('6');
      expect(page.json()).toHaveLength(2);
      const all = (await list('?filter=1y')).json();
      expect(page.json()).toEqual(all.slice(2, 4));
      expect((await list('?filter=1y&page=9')).json()).toEqual([]);
      expect((await list('?perPage=501')).statusCode).toBe(400);
      expect((await list('?filter=2d')).statusCode).toBe(400);
    });

    it('searches by order id, part of the username or e-mail, the delivery name and the pincode', async () => {
      const kiran = await newUser(api.db.prisma, { username: 'Kiran_Patil', email: 'kiran.patil@example.in' });
      const hers = await newOrder(api.db.prisma, {
        userId: kiran.id,
        addressName: 'Lakshmi Narayanan',
        addressPincode: '600042',
      });
      const mine = await ordered(api.db.prisma);
      const found = async (search: string) =>
        (await list(`?filter=1y&search=${encodeURIComponent(search)}`))
          .json()
          .map((order: { order_id: string }) => order.order_id);

      expect(await found(String(hers.id))).toEqual([String(hers.id)]);
      expect(await found(`#${mine.id}`)).toEqual([String(mine.id)]);
      expect(await found('kiran_pat')).toEqual([String(hers.id)]);
      expect(await found('PATIL@EXAMPLE')).toEqual([String(hers.id)]);
      expect(await found('narayan')).toEqual([String(hers.id)]);
      expect(await found('600042')).toEqual([String(hers.id)]);
      expect(await found('100%_')).toEqual([]);
      expect(await found('nobody-like-this')).toEqual([]);
      // The time filter still applies to what the search finds.
      await api.db.prisma.order.update({ where: { id: hers.id }, data: { createdAt: new Date(Date.now() - 2 * DAY) } });
      expect((await list(`?filter=24h&search=600042`)).json()).toEqual([]);
    });

    it('is for admins only', async () => {
      const refused = await list('', buyer);
      expect(refused.statusCode).toBe(403);
      expect((await api.request({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);
      expect((await act('confirm', 1, undefined, buyer)).statusCode).toBe(403);
    });
  });

  describe('the order actions', () => {
    it('confirms a pending order once: 200 with the order, order.confirmed; again 409 with its state', async () => {
      const order = await ordered(api.db.prisma);
      const confirmed = await act('confirm', order.id);
      expect(confirmed.statusCode).toBe(200);
      const answer = adminOrderActionAnswerSchema.parse(confirmed.json());
      expect(answer).toMatchObject({
        message: 'Order confirmed.',
        order: { order_id: String(order.id), status: 'confirmed' },
      });
      expect((await rowOf(order.id)).confirmedAt).toBeInstanceOf(Date);
      expect(await outbox('order.confirmed', order.id)).toBe(1);

      const again = await act('confirm', order.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'Only a pending order can be confirmed; this order is confirmed.',
        details: {
          order_id: String(order.id),
          status: 'confirmed',
          payment_status: 'unpaid',
          window_closes_at: expect.any(String),
        },
      });
      expect(await outbox('order.confirmed', order.id)).toBe(1);
    });

    it('does not confirm an order whose buyer asked to cancel it', async () => {
      const order = await ordered(api.db.prisma, { status: 'cancel_requested', cancelReason: 'Wrong size' });
      const refused = await act('confirm', order.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Only a pending order can be confirmed; this order is cancellation requested.',
      );
    });

    it('marks a cash-on-delivery order paid, capturing its payment row, once', async () => {
      const order = await ordered(api.db.prisma, { paymentMethod: 'cod' });
      await api.db.prisma.payment.create({
        data: { orderId: order.id, provider: 'cod', amountPaise: order.totalPaise },
      });
      expect((await act('payment', order.id, { status: 'unpaid' })).statusCode).toBe(400);
      expect((await act('payment', order.id)).statusCode).toBe(400);

      const paid = await act('payment', order.id, { status: 'paid' });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({
        message: 'Order marked as paid.',
        order: { payment_status: 'paid', status: 'pending' },
      });
      const row = await rowOf(order.id);
      expect(row).toMatchObject({ paymentStatus: 'paid' });
      expect(row.paidAt).toBeInstanceOf(Date);
      expect(row.payments[0]).toMatchObject({ provider: 'cod', status: 'captured' });
      expect(await outbox('order.paid', order.id)).toBe(1);

      const again = await act('payment', order.id, { status: 'paid' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: 'This order is already paid.',
        details: { payment_status: 'paid' },
      });
      expect(await outbox('order.paid', order.id)).toBe(1);

      const cancelled = await ordered(api.db.prisma, { status: 'cancelled' });
      const refused = await act('payment', cancelled.id, { status: 'paid' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('A cancelled order cannot be marked as paid.');
    });

    it('ships only a confirmed order and delivers only a shipped one', async () => {
      const order = await ordered(api.db.prisma);
      const early = await act('shipped', order.id, { status: 'shipped' });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('Only a confirmed order can be marked as shipped; this order is pending.');
      expect((await act('delivered', order.id)).json().message).toBe(
        'Only a shipped order can be marked as delivered; this order is pending.',
      );

      await act('confirm', order.id);
      expect((await act('delivered', order.id, { status: 'delivered' })).statusCode).toBe(409);
      expect((await act('shipped', order.id, { status: 'delivered' })).statusCode).toBe(400);
      const shipped = await act('shipped', order.id, { status: 'shipped' });
      expect(shipped.json()).toMatchObject({ message: 'Order marked as shipped.', order: { status: 'shipped' } });
      const delivered = await act('delivered', order.id);
      expect(delivered.json()).toMatchObject({ message: 'Order marked as delivered.', order: { status: 'delivered' } });
      expect((await act('delivered', order.id)).json().details.status).toBe('delivered');
      expect((await act('cancel', order.id)).json().message).toBe(
        'Only an order not yet shipped can be cancelled; this order is delivered.',
      );
      const row = await rowOf(order.id);
      expect([row.shippedAt, row.deliveredAt].every((at) => at instanceof Date)).toBe(true);
      for (const type of ['order.confirmed', 'order.shipped', 'order.delivered'])
        expect(await outbox(type, order.id)).toBe(1);
    });

    it('cancels a pending order with our reason or the admin’s, and keeps the buyer’s reason of a requested cancellation', async () => {
      const pending = await ordered(api.db.prisma);
      const cancelled = await act('cancel', pending.id);
      expect(cancelled.json()).toMatchObject({
        message: 'Order cancelled.',
        order: { status: 'cancelled', cancel_reason: 'Cancelled by Mandi' },
      });
      expect(await outbox('order.cancelled', pending.id)).toBe(1);

      const withReason = await ordered(api.db.prisma);
      expect((await act('cancel', withReason.id, { reason: ' Out of stock ' })).json().order.cancel_reason).toBe(
        'Out of stock',
      );

      const requested = await ordered(api.db.prisma, { status: 'cancel_requested', cancelReason: 'Ordered twice' });
      const settled = await act('cancel', requested.id, { reason: 'Admin text' });
      expect(settled.json().order).toMatchObject({ status: 'cancelled', cancel_reason: 'Ordered twice' });
      expect((await rowOf(requested.id)).cancelledAt).toBeInstanceOf(Date);

      const again = await act('cancel', requested.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().details.status).toBe('cancelled');
      expect(await outbox('order.cancelled', requested.id)).toBe(1);
    });

    it.each(['confirm', 'payment', 'shipped', 'delivered', 'cancel'] as const)(
      '%s answers 404 "Order not found." for an unknown order',
      async (action) => {
        for (const id of ['999999', 'abc']) {
          const missing = await act(action, id, action === 'payment' ? { status: 'paid' } : undefined);
          expect(missing.statusCode).toBe(404);
          expect(missing.json().message).toBe('Order not found.');
        }
      },
    );
  });

  describe('races', () => {
    it('lets exactly one of two concurrent confirms win; the other gets 409 with the confirmed state', async () => {
      for (let round = 0; round < 10; round += 1) {
        const order = await ordered(api.db.prisma);
        const answers = await Promise.all([act('confirm', order.id), act('confirm', order.id)]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        expect(answers.find((answer) => answer.statusCode === 409)!.json().details.status).toBe('confirmed');
        expect(await outbox('order.confirmed', order.id)).toBe(1);
      }
    });

    it('lets a shipping and a cancel racing for one confirmed order end in exactly one of them, the loser told the winner’s state', async () => {
      for (let round = 0; round < 10; round += 1) {
        const order = await ordered(api.db.prisma, { status: 'confirmed' });
        const [ship, cancel] = await Promise.all([
          act('shipped', order.id, { status: 'shipped' }),
          act('cancel', order.id),
        ]);
        expect([ship.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
        const final = (await rowOf(order.id)).status;
        const loser = ship.statusCode === 409 ? ship : cancel;
        expect(loser.json().details.status).toBe(final);
        expect(final).toBe(ship.statusCode === 200 ? 'shipped' : 'cancelled');
        expect((await outbox('order.shipped', order.id)) + (await outbox('order.cancelled', order.id))).toBe(1);
      }
    });

    it('cancels a confirmed order inside the window, as for a paid online order', async () => {
      const order = await ordered(api.db.prisma, { status: 'confirmed' });
      const cancelled = await act('cancel', order.id);
      expect(cancelled.json()).toMatchObject({ message: 'Order cancelled.', order: { status: 'cancelled' } });
      expect(await outbox('order.cancelled', order.id)).toBe(1);
    });
  });

  describe('refund.processed from Razorpay', () => {
    const secret = 'mandi_sandbox_webhook_secret';
    const deliver = (body: string, eventId: string) =>
      api.request({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
          'x-razorpay-event-id': eventId,
        },
        payload: body,
      });

    it('marks our refund of the payment processed and the payment refunded, once however often it comes', async () => {
      const order = await ordered(api.db.prisma, { status: 'cancelled', paymentStatus: 'paid' });
      const payment = await api.db.prisma.payment.create({
        data: {
          orderId: order.id,
          provider: 'razorpay',
          providerOrderId: `order_rf${order.id}`,
          providerPaymentId: `pay_rf${order.id}`,
          amountPaise: order.totalPaise,
          status: 'captured',
        },
      });
      const refund = await api.db.prisma.refund.create({
        data: { paymentId: payment.id, amountPaise: order.totalPaise },
      });
      const body = JSON.stringify({
        entity: 'event',
        event: 'refund.processed',
        contains: ['refund', 'payment'],
        payload: {
          refund: {
            entity: {
              id: `rfnd_${order.id}`,
              entity: 'refund',
              amount: order.totalPaise,
              payment_id: payment.providerPaymentId,
              status: 'processed',
              notes: { mandi_refund_id: String(refund.id) },
            },
          },
          payment: {
            entity: {
              id: payment.providerPaymentId,
              order_id: payment.providerOrderId,
              amount: order.totalPaise,
              status: 'refunded',
            },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });

      const answers = await Promise.all([deliver(body, `evt_rf${order.id}`), deliver(body, `evt_rf${order.id}`)]);
      expect(answers.map((answer) => answer.json().status).sort()).toEqual(['duplicate', 'processed']);
      // The same signed body under a new (unsigned) event id is the same delivery: de-duplicated on its content.
      expect((await deliver(body, `evt_rf${order.id}b`)).json()).toEqual({ status: 'duplicate' });

      const row = await api.db.prisma.refund.findUniqueOrThrow({ where: { id: refund.id } });
      expect(row).toMatchObject({ status: 'processed', providerRefundId: `rfnd_${order.id}` });
      expect(row.processedAt).toBeInstanceOf(Date);
      expect((await api.db.prisma.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('refunded');
      expect(
        await api.db.prisma.outboxEvent.findMany({
          where: { type: 'refund.processed', aggregateId: String(refund.id) },
          select: { payload: true },
        }),
      ).toEqual([{ payload: { refundId: refund.id, paymentId: payment.id, orderId: order.id } }]);
    });
  });
});

describe('admin actions and the window, shortened by configuration', () => {
  const windowMs = 3_000;
  let api: ApiHarness;
  let admin: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start({ ORDER_DECISION_WINDOW_MS: String(windowMs) });
    admin = await api.newUser({ role: 'admin' });
  });
  afterAll(async () => {
    await api.stop();
  });

  const act = (action: Action, id: number) =>
    api.request({ method: 'PUT', url: `/api/admin/orders/${action}/${id}`, headers: bearer(admin) });

  it('confirms and cancels only inside the window by the database clock; ships after it', async () => {
    const [toConfirm, toCancel, requested, late] = [
      await newOrder(api.db.prisma),
      await newOrder(api.db.prisma),
      await newOrder(api.db.prisma, { status: 'cancel_requested', cancelReason: 'Late' }),
      await newOrder(api.db.prisma),
    ];
    expect((await act('confirm', toConfirm.id)).statusCode).toBe(200);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, late.createdAt.getTime() + windowMs + 200 - Date.now())),
    );

    for (const [action, order] of [
      ['confirm', late],
      ['cancel', toCancel],
      ['cancel', requested],
    ] as const) {
      const refused = await act(action, order.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: 'The 8-hour window for this order has closed.',
        details: { status: order.status },
      });
    }
    expect((await act('shipped', toConfirm.id)).statusCode).toBe(200);
    expect(await api.db.prisma.outboxEvent.count({ where: { type: 'order.cancelled' } })).toBe(0);
  });
});
