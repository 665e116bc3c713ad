import { createHmac } from 'node:crypto';
import { newAddress, newProduct } from '@mandi/database';
import { startRazorpaySandbox } from '../../../tools/razorpay-sandbox/sandbox.mjs';
import { ApiHarness, type TestUser } from './harness.js';
import { bearer } from './catalog.testing.js';

// Online payment (docs/payments.md; docs/decisions.md) against the Razorpay sandbox through the official
// SDK: the order is priced by the server, paid exactly once whichever report comes first (the checkout's success call,
// the webhook, the hosted page's return), and only on a valid signature.

type Sandbox = Awaited<ReturnType<typeof startRazorpaySandbox>>;

describe('online payment', () => {
  let sandbox: Sandbox;
  let api: ApiHarness;
  let seller: TestUser;

  beforeAll(async () => {
    sandbox = await startRazorpaySandbox({ port: 0, retryDelaysMs: [200, 500] });
    api = await ApiHarness.start({ RAZORPAY_API_URL: sandbox.url });
    sandbox.addWebhookEndpoint(`${api.baseUrl}/api/payment/webhook`);
    seller = await api.newUser();
  });
  afterAll(async () => {
    await sandbox.idle();
    await api.stop();
    await sandbox.close();
  });

  const post = (user: TestUser | null, url: string, payload: unknown) =>
    api.request({ method: 'POST', url, headers: user ? bearer(user) : {}, payload });

  /** A buyer with an address and one product of `grams` costing Rs 100 in the cart. */
  async function buyer(grams = 1000) {
    const user = await api.newUser();
    const address = await newAddress(api.db.prisma, { userId: user.id });
    const product = await newProduct(api.db.prisma, {
      sellerId: seller.id,
      name: `Parcel ${grams} g`,
      pricePaise: 10_000,
      weightGrams: grams,
    });
    await api.db.prisma.cartItem.create({ data: { userId: user.id, productId: product.id } });
    const items = [{ productId: product.id, productName: product.name, quantity: 1, price: 100 }];
    return { user, address, product, items };
  }

  /** POST /api/payment/order, widget variant, for a 1 kg parcel: Rs 100 + 30 shipping. */
  async function onlineOrder(grams = 1000, amount = 130) {
    const who = await buyer(grams);
    const created = await post(who.user, '/api/payment/order', {
      userId: who.user.id,
      addressId: who.address.id,
      items: who.items,
      amount,
    });
    return { ...who, created };
  }

  const orderOf = (providerOrderId: string) =>
    api.db.prisma.order.findFirstOrThrow({
      where: { payments: { some: { providerOrderId } } },
      include: { payments: true },
    });
  const outbox = (type: string, orderId: number) =>
    api.db.prisma.outboxEvent.count({ where: { type, aggregateId: String(orderId) } });
  const successBody = (who: Awaited<ReturnType<typeof buyer>>, payment: Record<string, string>) => ({
    userId: who.user.id,
    addressId: who.address.id,
    items: who.items,
    payment: { ...payment, amount: 130 },
    billing: { subtotal: 100, shippingCost: 30, grandTotal: 130 },
  });
  const sign = (body: string) => createHmac('sha256', sandbox.webhookSecret).update(body).digest('hex');
  const deliver = (body: string, eventId: string, signature = sign(body)) =>
    api.request({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': eventId,
      },
      payload: body,
    });

  it.each([
    [1, 130],
    [1001, 165],
    [10_000, 445],
    [10_001, 475],
    [50_000, 1645],
  ])('prices a %p g parcel with online shipping and opens a Razorpay order for it', async (grams, total) => {
    const { created, user } = await onlineOrder(grams, total);
    expect(created.statusCode).toBe(201);
    const answer = created.json();
    expect(answer).toEqual({
      order: { id: expect.stringMatching(/^order_/), amount: total * 100, currency: 'INR' },
      key: sandbox.keyId,
    });
    expect(sandbox.state.orders.get(answer.order.id)).toMatchObject({ amount: total * 100, currency: 'INR' });
    const order = await orderOf(answer.order.id);
    expect(order).toMatchObject({
      userId: user.id,
      paymentMethod: 'online',
      status: 'pending',
      paymentStatus: 'unpaid',
      totalPaise: total * 100,
    });
  });

  it('answers 409 with the real figures for a tampered amount, and opens no order anywhere', async () => {
    const ordersAtRazorpay = sandbox.state.orders.size;
    const { created, user } = await onlineOrder(1000, 1);
    expect(created.statusCode).toBe(409);
    expect(created.json().details.billing).toEqual({ subtotal: 100, shippingCost: 30, grandTotal: 130 });
    expect(sandbox.state.orders.size).toBe(ordersAtRazorpay);
    expect(await api.db.prisma.order.count({ where: { userId: user.id } })).toBe(0);
  });

  it('marks the order paid and confirmed on a valid checkout signature, once, and empties the cart', async () => {
    const who = await onlineOrder();
    const providerOrderId = who.created.json().order.id;
    const paid = await sandbox.payOrder(providerOrderId, { outcome: 'success', delivery: 'never' });

    const confirmed = await post(who.user, '/api/payment/payment-success', successBody(who, paid));
    expect(confirmed.statusCode).toBe(200);
    const order = await orderOf(providerOrderId);
    expect(confirmed.json()).toEqual({ success: true, orderId: String(order.id) });
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(order.payments[0]).toMatchObject({
      status: 'captured',
      providerPaymentId: paid.razorpay_payment_id,
      signatureVerified: true,
    });
    expect(await api.db.prisma.cartItem.count({ where: { userId: who.user.id } })).toBe(0);

    // The same report again: the same answer, nothing new.
    const again = await post(who.user, '/api/payment/payment-success', successBody(who, paid));
    expect(again.json()).toEqual({ success: true, orderId: String(order.id) });
    expect(await outbox('order.paid', order.id)).toBe(1);
    expect(await outbox('order.confirmed', order.id)).toBe(1);
  });

  it('answers 400 for a forged signature and changes nothing', async () => {
    const who = await onlineOrder();
    const providerOrderId = who.created.json().order.id;
    const paid = await sandbox.payOrder(providerOrderId, { outcome: 'success', delivery: 'never' });
    const forged = createHmac('sha256', 'not-the-secret')
      .update(`${providerOrderId}|${paid.razorpay_payment_id}`)
      .digest('hex');

    const refused = await post(
      who.user,
      '/api/payment/payment-success',
      successBody(who, { ...paid, razorpay_signature: forged }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Payment could not be verified.');
    const order = await orderOf(providerOrderId);
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect(order.payments[0]).toMatchObject({ status: 'created', providerPaymentId: null });
    expect(await outbox('order.paid', order.id)).toBe(0);
  });

  it("answers 403 to a buyer confirming someone else's order", async () => {
    const who = await onlineOrder();
    const other = await api.newUser();
    const paid = await sandbox.payOrder(who.created.json().order.id, { outcome: 'success', delivery: 'never' });
    const refused = await post(other, '/api/payment/payment-success', { ...successBody(who, paid), userId: other.id });
    expect(refused.statusCode).toBe(403);
    expect((await orderOf(paid.razorpay_order_id)).paymentStatus).toBe('unpaid');
  });

  it('lets the webhook alone mark the order paid when the buyer closed the tab before the success call', async () => {
    const who = await onlineOrder();
    const providerOrderId = who.created.json().order.id;
    await sandbox.payOrder(providerOrderId, { outcome: 'success', delivery: 'now', wait: true });
    const order = await orderOf(providerOrderId);
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(order.payments[0]).toMatchObject({ status: 'captured' });
    expect(await api.db.prisma.cartItem.count({ where: { userId: who.user.id } })).toBe(0);
  });

  it('takes the same webhook delivered 5 times at once as one payment', async () => {
    const who = await onlineOrder();
    const providerOrderId = who.created.json().order.id;
    await sandbox.payOrder(providerOrderId, { outcome: 'success', delivery: 'never' });
    const captured = [...sandbox.webhooks.events.values()].find(
      (event) =>
        event.event === 'payment.captured' &&
        JSON.parse(event.body).payload.payment.entity.order_id === providerOrderId,
    )!;

    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(captured.body, captured.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json().status).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'processed',
    ]);
    const order = await orderOf(providerOrderId);
    expect(order.paymentStatus).toBe('paid');
    expect(await outbox('order.paid', order.id)).toBe(1);
    expect(await outbox('payment.captured', order.id)).toBe(1);
    expect(await api.db.prisma.paymentProviderEvent.count({ where: { eventId: captured.id } })).toBe(1);
  });

  it('ignores a payment.failed that arrives after the success, and a replay of either', async () => {
    const who = await onlineOrder();
    const providerOrderId = who.created.json().order.id;
    await sandbox.payOrder(providerOrderId, {
      outcome: 'success',
      delivery: 'now',
      failedAfterSuccess: true,
      wait: true,
    });
    const order = await orderOf(providerOrderId);
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(order.payments[0]).toMatchObject({ status: 'captured' });
    const types = (
      await api.db.prisma.paymentProviderEvent.findMany({
        where: { payload: { path: ['payload', 'payment', 'entity', 'order_id'], equals: providerOrderId } },
      })
    ).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['payment.captured', 'payment.failed']));
  });

  it('keeps a failed payment unpaid, and takes a later successful attempt', async () => {
    const who = await onlineOrder();
    const providerOrderId = who.created.json().order.id;
    await sandbox.payOrder(providerOrderId, { outcome: 'failure', delivery: 'now', wait: true });
    let order = await orderOf(providerOrderId);
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect(order.payments[0]).toMatchObject({ status: 'failed', errorCode: 'BAD_REQUEST_ERROR' });
    expect(await api.db.prisma.cartItem.count({ where: { userId: who.user.id } })).toBe(1);

    await sandbox.payOrder(providerOrderId, { outcome: 'success', delivery: 'now', wait: true });
    order = await orderOf(providerOrderId);
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('refuses a webhook with a wrong signature and records nothing', async () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_x', order_id: 'order_x', amount: 100, status: 'captured' } } },
    });
    const refused = await deliver(
      body,
      'evt_forged',
      sign(body).replace(/^./, (c) => (c === '0' ? '1' : '0')),
    );
    expect(refused.statusCode).toBe(400);
    expect(await api.db.prisma.paymentProviderEvent.count({ where: { eventId: 'evt_forged' } })).toBe(0);
  });

  it('does not mark paid a webhook whose amount is not the order', async () => {
    const who = await onlineOrder();
    const providerOrderId = who.created.json().order.id;
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_short', order_id: providerOrderId, amount: 100, status: 'captured' } } },
    });
    expect((await deliver(body, 'evt_short')).statusCode).toBe(200);
    expect((await orderOf(providerOrderId)).paymentStatus).toBe('unpaid');
  });

  it('answers a hosted payment page for the cart variant, and the return marks the order paid', async () => {
    const who = await buyer();
    const created = await post(who.user, '/api/payment/order', {
      userId: who.user.id,
      addressId: who.address.id,
      cartItems: who.items,
      billing: { subtotal: 100, shippingCost: 30, grandTotal: 130 },
    });
    expect(created.statusCode).toBe(201);
    const answer = created.json();
    expect(answer.paymentUrl).toBe(`${sandbox.url}/pay/${answer.order.id}`);

    const paid = await sandbox.payLink(answer.order.id, { outcome: 'success', delivery: 'never' });
    const back = await fetch(paid.callback_url.replace(/^https?:\/\/[^/]+/, api.baseUrl), { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/orders/${who.user.id}`);
    expect(await orderOf(answer.order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });
});
