import { createHmac, randomUUID } from 'node:crypto';
import { newOrder } from '@mandi/database';
import { ApiHarness, productionEnv } from '../harness.js';

/**
 * Issue 13, "Also close": webhook de-duplication keyed on the unsigned X-Razorpay-Event-Id header, so a signed body
 * replayed with a new header was processed again (a second event row, a second 'payment.failed' outbox event and its
 * mail). Deliveries are now de-duplicated on the digest of the signed body. Against the API in production mode: the
 * webhook is public and proves itself by signature only.
 */
describe('webhook replays', () => {
  const env = productionEnv();
  let api: ApiHarness;

  beforeAll(async () => {
    api = await ApiHarness.start(env);
  });
  afterAll(() => api.stop());

  const sign = (body: string) => createHmac('sha256', env.RAZORPAY_WEBHOOK_SECRET!).update(body).digest('hex');
  const deliver = (body: string, eventId: string) =>
    api.request({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sign(body),
        'x-razorpay-event-id': eventId,
      },
      payload: body,
    });

  /** A pending online order of Rs 130 awaiting payment on Razorpay order `providerOrderId`. */
  async function awaitingPayment() {
    const providerOrderId = `order_${randomUUID().slice(0, 14)}`;
    const order = await newOrder(api.db.prisma, { subtotalPaise: 10_000, shippingPaise: 3_000 });
    await api.db.prisma.payment.create({
      data: { orderId: order.id, provider: 'razorpay', providerOrderId, amountPaise: 13_000 },
    });
    return { order, providerOrderId };
  }

  /** What a replay must leave as it was: the order, its payments, its outbox events and the recorded events. */
  async function stateOf(orderId: number) {
    const order = await api.db.prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: { payments: true } });
    const outbox = await api.db.prisma.outboxEvent.findMany({
      where: {
        OR: [
          { aggregateId: String(orderId) },
          { aggregateId: { in: order.payments.map((payment) => String(payment.id)) } },
        ],
      },
      select: { id: true, type: true },
      orderBy: { id: 'asc' },
    });
    return { order, outbox, recorded: await api.db.prisma.paymentProviderEvent.count() };
  }

  it('changes nothing when a captured payment is replayed under a new X-Razorpay-Event-Id', async () => {
    const { order, providerOrderId } = await awaitingPayment();
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      created_at: 1_790_000_000,
      payload: {
        payment: {
          entity: {
            id: `pay_${randomUUID().slice(0, 14)}`,
            order_id: providerOrderId,
            amount: 13_000,
            status: 'captured',
            method: 'upi',
          },
        },
      },
    });

    const first = await deliver(body, `evt_${randomUUID()}`);
    expect({ status: first.statusCode, body: first.json() }).toEqual({ status: 200, body: { status: 'processed' } });
    const paid = await stateOf(order.id);
    expect(paid.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(paid.outbox.map((event) => event.type).sort()).toEqual([
      'order.confirmed',
      'order.paid',
      'payment.captured',
    ]);

    const replay = await deliver(body, `evt_${randomUUID()}`);
    expect({ status: replay.statusCode, body: replay.json() }).toEqual({ status: 200, body: { status: 'duplicate' } });
    expect(await stateOf(order.id)).toEqual(paid);
    expect(paid.order.payments).toHaveLength(1);
  });

  it('sends no second payment.failed when a failure is replayed under a new X-Razorpay-Event-Id', async () => {
    const { order, providerOrderId } = await awaitingPayment();
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.failed',
      created_at: 1_790_000_100,
      payload: {
        payment: {
          entity: {
            id: `pay_${randomUUID().slice(0, 14)}`,
            order_id: providerOrderId,
            amount: 13_000,
            status: 'failed',
            error_code: 'BAD_REQUEST_ERROR',
            error_description: 'Card declined',
          },
        },
      },
    });

    expect((await deliver(body, 'evt_first')).json()).toEqual({ status: 'processed' });
    const failed = await stateOf(order.id);
    expect(failed.order.payments[0]).toMatchObject({ status: 'failed', errorCode: 'BAD_REQUEST_ERROR' });
    expect(failed.outbox.map((event) => event.type)).toEqual(['payment.failed']);

    const replays = await Promise.all(
      ['evt_second', 'evt_third', 'evt_first'].map((eventId) => deliver(body, eventId)),
    );
    expect(replays.map((replay) => [replay.statusCode, replay.json().status])).toEqual([
      [200, 'duplicate'],
      [200, 'duplicate'],
      [200, 'duplicate'],
    ]);
    expect(await stateOf(order.id)).toEqual(failed);
  });

  it('still takes a different signed event about the same payment', async () => {
    const { order, providerOrderId } = await awaitingPayment();
    const payment = {
      id: `pay_${randomUUID().slice(0, 14)}`,
      order_id: providerOrderId,
      amount: 13_000,
      method: 'upi',
    };
    const failure = JSON.stringify({
      event: 'payment.failed',
      created_at: 1_790_000_200,
      payload: { payment: { entity: { ...payment, status: 'failed' } } },
    });
    const success = JSON.stringify({
      event: 'payment.captured',
      created_at: 1_790_000_300,
      payload: { payment: { entity: { ...payment, status: 'captured' } } },
    });
    // The same header on both: it is not what decides.
    expect((await deliver(failure, 'evt_same')).json()).toEqual({ status: 'processed' });
    expect((await deliver(success, 'evt_same')).json()).toEqual({ status: 'processed' });
    expect((await stateOf(order.id)).order).toMatchObject({ paymentStatus: 'paid' });
  });
});
