// The Razorpay sandbox as its users meet it: the official `razorpay` SDK pointed at it, the hosted page's forms, and
// webhooks arriving at a real HTTP server and checked with the SDK's own verifiers. The checkout script in Chromium is
// checkout-dialog.int.spec.ts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_WEBHOOK_SECRET } from './credentials.mjs';
import { ensureRazorpaySandbox } from './dev-sandbox.mjs';
import {
  paymentFailedError,
  post,
  razorpay,
  receiver,
  rejection,
  sandbox,
  sdk,
  start,
  stopSandbox,
  webhookReceiver,
} from './sandbox.testing.js';

afterEach(stopSandbox);

describe('REST API through the razorpay SDK', () => {
  beforeEach(() => start());

  it('creates and fetches an order shaped like Razorpay’s', async () => {
    const created = await razorpay.orders.create({
      amount: 50000,
      currency: 'INR',
      receipt: 'receipt-1',
      notes: { userId: '7' },
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      entity: 'order',
      amount: 50000,
      amount_paid: 0,
      amount_due: 50000,
      currency: 'INR',
      receipt: 'receipt-1',
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: { userId: '7' },
      created_at: expect.any(Number),
    });
    expect(Math.abs(Number(created.created_at) - Date.now() / 1000)).toBeLessThan(5);
    await expect(razorpay.orders.fetch(created.id)).resolves.toEqual(created);
    await expect(razorpay.orders.fetchPayments(created.id)).resolves.toEqual({
      entity: 'collection',
      count: 0,
      items: [],
    });
  });

  it('answers a bad amount or currency with 400 in Razorpay’s error shape', async () => {
    const tooSmall = await rejection(razorpay.orders.create({ amount: 99, currency: 'INR' }));
    expect(tooSmall).toEqual({
      statusCode: 400,
      error: expect.objectContaining({
        code: 'BAD_REQUEST_ERROR',
        field: 'amount',
        description: expect.stringContaining('INR 1.00'),
      }),
    });
    const fractional = await rejection(razorpay.orders.create({ amount: 100.5, currency: 'INR' }));
    expect(fractional.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'amount' });
    const dollars = await rejection(razorpay.orders.create({ amount: 5000, currency: 'USD' }));
    expect(dollars.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'currency' });
    const unknown = await rejection(razorpay.orders.fetch('order_DoesNotExist00'));
    expect(unknown).toMatchObject({ statusCode: 400, error: { description: 'The id provided does not exist' } });
  });

  it('refuses a wrong key secret or no credentials with 401 Authentication failed', async () => {
    const wrong = await rejection(sdk(sandbox, 'not-the-secret').orders.create({ amount: 50000, currency: 'INR' }));
    expect(wrong).toEqual({
      statusCode: 401,
      error: expect.objectContaining({ code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' }),
    });
    const anonymous = await fetch(`${sandbox.url}/v1/orders/order_x`);
    expect(anonymous.status).toBe(401);
    expect(sandbox.state.orders.size).toBe(0);
  });

  it('refunds a captured payment in parts, never more than was captured, and sends refund.processed', async () => {
    const order = await razorpay.orders.create({ amount: 40000, currency: 'INR' });
    const paid = await sandbox.payOrder(order.id, { wait: true });
    const paymentId = (paid as { razorpay_payment_id: string }).razorpay_payment_id;

    const part = await razorpay.payments.refund(paymentId, {
      amount: 15000,
      speed: 'normal',
      notes: { reason: 'cancelled' },
    });
    expect(part).toMatchObject({
      id: expect.stringMatching(/^rfnd_/),
      entity: 'refund',
      amount: 15000,
      currency: 'INR',
      payment_id: paymentId,
      status: 'processed',
      speed_processed: 'normal',
      notes: { reason: 'cancelled' },
      created_at: expect.any(Number),
    });
    await expect(razorpay.payments.fetch(paymentId)).resolves.toMatchObject({
      status: 'captured',
      amount_refunded: 15000,
      refund_status: 'partial',
    });

    const tooMuch = await rejection(razorpay.payments.refund(paymentId, { amount: 25001 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR', field: 'amount' } });

    const rest = await razorpay.payments.refund(paymentId, {});
    expect(rest.amount).toBe(25000);
    await expect(razorpay.payments.fetch(paymentId)).resolves.toMatchObject({
      status: 'refunded',
      amount_refunded: 40000,
      refund_status: 'full',
    });
    await expect(razorpay.refunds.fetch(part.id)).resolves.toEqual(part);
    const listed = await razorpay.payments.fetchMultipleRefund(paymentId, {});
    expect(listed).toMatchObject({ entity: 'collection', count: 2 });
    expect(listed.items.map((refund: { id: string }) => refund.id).sort()).toEqual([part.id, rest.id].sort());
    await expect(rejection(razorpay.payments.refund(paymentId, { amount: 100 }))).resolves.toMatchObject({
      statusCode: 400,
    });

    await sandbox.idle();
    const refunds = receiver.received.filter((r) => r.event.event === 'refund.processed');
    expect(refunds.map((r) => r.event.payload.refund.entity.id)).toEqual([part.id, rest.id]);
    expect(refunds[0].event.contains).toEqual(['refund', 'payment']);
    expect(refunds[1].event.payload.payment.entity).toMatchObject({ id: paymentId, status: 'refunded' });
  });
});

describe('checkout payment', () => {
  beforeEach(() => start());

  it('answers a signature that validatePaymentVerification accepts, and the SDK sees the payment captured', async () => {
    const order = await razorpay.orders.create({ amount: 123456, currency: 'INR', receipt: 'r-2' });
    const paid = await post(`${sandbox.url}/checkout/orders/${order.id}/pay`, {
      key: SANDBOX_KEY_ID,
      outcome: 'success',
      delivery: 'now',
    });
    expect(paid.status).toBe(200);
    const { razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: signature } = paid.body;
    expect(orderId).toBe(order.id);
    expect(
      validatePaymentVerification({ order_id: order.id, payment_id: paymentId }, signature, SANDBOX_KEY_SECRET),
    ).toBe(true);
    expect(
      validatePaymentVerification({ order_id: order.id, payment_id: paymentId }, signature, 'another-secret'),
    ).toBe(false);

    const payment = await razorpay.payments.fetch(paymentId);
    expect(payment).toMatchObject({
      id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
      entity: 'payment',
      amount: 123456,
      currency: 'INR',
      status: 'captured',
      order_id: order.id,
      method: 'upi',
      captured: true,
      amount_refunded: 0,
      refund_status: null,
      error_code: null,
    });
    await expect(razorpay.orders.fetch(order.id)).resolves.toMatchObject({
      status: 'paid',
      amount_paid: 123456,
      amount_due: 0,
      attempts: 1,
    });
    await expect(razorpay.orders.fetchPayments(order.id)).resolves.toMatchObject({
      entity: 'collection',
      count: 1,
      items: [{ id: paymentId }],
    });
  });

  it('refuses a wrong key, an unknown order and a second payment of a paid order', async () => {
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    const wrongKey = await post(`${sandbox.url}/checkout/orders/${order.id}/pay`, {
      key: 'rzp_test_other',
      outcome: 'success',
    });
    expect(wrongKey.status).toBe(401);
    const unknown = await post(`${sandbox.url}/checkout/orders/order_Unknown0000000/pay`, { key: SANDBOX_KEY_ID });
    expect(unknown.status).toBe(400);
    expect((await post(`${sandbox.url}/checkout/orders/${order.id}/pay`, { key: SANDBOX_KEY_ID })).status).toBe(200);
    const again = await post(`${sandbox.url}/checkout/orders/${order.id}/pay`, { key: SANDBOX_KEY_ID });
    expect(again).toEqual({ status: 400, body: { error: expect.objectContaining({ code: 'BAD_REQUEST_ERROR' }) } });
    await expect(razorpay.orders.fetchPayments(order.id)).resolves.toMatchObject({ count: 1 });
  });

  it('sends payment.captured then order.paid, signed so that validateWebhookSignature accepts the raw body', async () => {
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    const { body } = await post(`${sandbox.url}/sandbox/orders/${order.id}/pay`, {
      outcome: 'success',
      delivery: 'now',
      wait: true,
    });

    expect(receiver.names()).toEqual(['payment.captured', 'order.paid']);
    for (const { rawBody, headers } of receiver.received) {
      expect(headers['content-type']).toBe('application/json');
      expect(
        Razorpay.validateWebhookSignature(rawBody, String(headers['x-razorpay-signature']), SANDBOX_WEBHOOK_SECRET),
      ).toBe(true);
      expect(Razorpay.validateWebhookSignature(rawBody, String(headers['x-razorpay-signature']), 'wrong-secret')).toBe(
        false,
      );
    }
    const [captured, orderPaid] = receiver.received;
    expect(captured.headers['x-razorpay-event-id']).not.toBe(orderPaid.headers['x-razorpay-event-id']);
    expect(captured.event).toEqual({
      entity: 'event',
      account_id: 'acc_sandbox',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: expect.objectContaining({
            id: body.razorpay_payment_id,
            order_id: order.id,
            status: 'captured',
            amount: 50000,
          }),
        },
      },
      created_at: expect.any(Number),
    });
    expect(orderPaid.event.contains).toEqual(['payment', 'order']);
    expect(orderPaid.event.payload.order.entity).toMatchObject({ id: order.id, status: 'paid', amount_paid: 50000 });
    expect(sandbox.webhooks.deliveries.map((d) => [d.event, d.status])).toEqual([
      ['payment.captured', 200],
      ['order.paid', 200],
    ]);
  });

  it("delivers each event twice with the same id in 'twice' mode, at the same moment", async () => {
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    await post(`${sandbox.url}/sandbox/orders/${order.id}/pay`, { delivery: 'twice', wait: true });

    expect(receiver.names()).toEqual(['payment.captured', 'payment.captured', 'order.paid', 'order.paid']);
    const ids = receiver.received.map((r) => r.headers['x-razorpay-event-id']);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe(ids[3]);
    expect(ids[0]).not.toBe(ids[2]);
    expect(receiver.received[0].rawBody).toBe(receiver.received[1].rawBody);
  });

  it("holds the webhooks back for lateMs in 'late' mode and sends none in 'never' mode until redelivered", async () => {
    const late = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    const paidLate = await post(`${sandbox.url}/sandbox/orders/${late.id}/pay`, { delivery: 'late', wait: true });
    expect(paidLate.status).toBe(200);
    expect(receiver.received).toHaveLength(0);
    await sandbox.idle();
    expect(receiver.names()).toEqual(['payment.captured', 'order.paid']);

    const never = await razorpay.orders.create({ amount: 60000, currency: 'INR' });
    await post(`${sandbox.url}/sandbox/orders/${never.id}/pay`, { delivery: 'never', wait: true });
    await sandbox.idle();
    expect(receiver.received).toHaveLength(2);
    const log = (await (await fetch(`${sandbox.url}/sandbox/webhooks`)).json()) as {
      events: Array<{ id: string; event: string; body: { payload: { order?: { entity: { id: string } } } } }>;
    };
    const withheld = log.events.find((e) => e.event === 'order.paid' && e.body.payload.order?.entity.id === never.id);
    expect(withheld).toBeDefined();

    const redelivered = await post(`${sandbox.url}/sandbox/webhooks/redeliver`, { event_id: withheld!.id, wait: true });
    expect(redelivered).toEqual({ status: 200, body: { event_id: withheld!.id, status: 'delivered' } });
    const last = receiver.received.at(-1)!;
    expect(last.headers['x-razorpay-event-id']).toBe(withheld!.id);
    expect(last.event.payload.order.entity.id).toBe(never.id);
    expect((await post(`${sandbox.url}/sandbox/webhooks/redeliver`, { event_id: 'evt_nope' })).status).toBe(404);
  });

  it('makes a failed payment, sends payment.failed, and lets the buyer pay the order afterwards', async () => {
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    const failed = await post(`${sandbox.url}/checkout/orders/${order.id}/pay`, {
      key: SANDBOX_KEY_ID,
      outcome: 'failure',
      delivery: 'now',
    });
    expect(failed).toEqual({
      status: 200,
      body: {
        error: paymentFailedError(order.id),
      },
    });
    const failedId = failed.body.error.metadata.payment_id;
    await expect(razorpay.payments.fetch(failedId)).resolves.toMatchObject({
      status: 'failed',
      captured: false,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
      error_reason: 'payment_failed',
    });
    await expect(razorpay.orders.fetch(order.id)).resolves.toMatchObject({
      status: 'attempted',
      attempts: 1,
      amount_paid: 0,
    });

    const paid = await post(`${sandbox.url}/checkout/orders/${order.id}/pay`, {
      key: SANDBOX_KEY_ID,
      outcome: 'success',
    });
    expect(paid.status).toBe(200);
    await sandbox.idle();
    expect(receiver.names()).toEqual(['payment.failed', 'payment.captured', 'order.paid']);
    expect(receiver.received[0].event.payload.payment.entity).toMatchObject({ id: failedId, status: 'failed' });
  });

  it('sends an earlier attempt’s payment.failed after the success events when asked (out of order)', async () => {
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    const paid = await post(`${sandbox.url}/sandbox/orders/${order.id}/pay`, {
      failed_after_success: true,
      wait: true,
    });
    expect(receiver.names()).toEqual(['payment.captured', 'order.paid', 'payment.failed']);
    const failedPayment = receiver.received[2].event.payload.payment.entity;
    expect(failedPayment).toMatchObject({ order_id: order.id, status: 'failed' });
    expect(failedPayment.id).not.toBe(paid.body.razorpay_payment_id);
    await expect(razorpay.orders.fetch(order.id)).resolves.toMatchObject({ status: 'paid', attempts: 2 });
  });
});

describe('webhook retries', () => {
  it('retries a delivery the endpoint refused, with the same event id, until it is accepted', async () => {
    // The retry waits long enough for order.paid, sent right after the refused attempt, to arrive first.
    await start({ retryDelaysMs: [300] }, (n) => (n === 1 ? 500 : 200));
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    await sandbox.payOrder(order.id, {});
    await sandbox.idle();
    expect(receiver.names()).toEqual(['payment.captured', 'order.paid', 'payment.captured']);
    expect(receiver.received[2].headers['x-razorpay-event-id']).toBe(
      receiver.received[0].headers['x-razorpay-event-id'],
    );
    expect(sandbox.webhooks.deliveries.map((d) => [d.event, d.attempt, d.status])).toEqual([
      ['payment.captured', 1, 500],
      ['order.paid', 1, 200],
      ['payment.captured', 2, 200],
    ]);
  });

  it('gives up after the last retry when the endpoint is down', async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await start({ webhookUrl: `http://127.0.0.1:${port}/api/payment/webhook` });
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    await sandbox.payOrder(order.id, { delivery: 'now' });
    await sandbox.idle();
    const attempts = sandbox.webhooks.deliveries.filter((d) => d.event === 'payment.captured');
    expect(attempts.map((d) => [d.attempt, d.ok, d.status])).toEqual([
      [1, false, null],
      [2, false, null],
      [3, false, null],
    ]);
    expect(attempts[0].error).toBe('ECONNREFUSED');
  });
});

describe('fault injection', () => {
  beforeEach(() => start());

  /** A captured payment of Rs 400 to refund. */
  async function capturedPayment(): Promise<string> {
    const order = await razorpay.orders.create({ amount: 40000, currency: 'INR' });
    return ((await sandbox.payOrder(order.id, { wait: true })) as { razorpay_payment_id: string }).razorpay_payment_id;
  }

  it('fails matching calls with a 5xx in Razorpay’s error shape without acting, for the given number of calls', async () => {
    const paymentId = await capturedPayment();
    const fault = sandbox.faults.add({ method: 'POST', path: '/v1/payments/:id/refund', status: 503, times: 2 });
    expect(fault).toEqual({
      id: expect.any(Number),
      method: 'POST',
      path: '/v1/payments/:id/refund',
      status: 503,
      times: 2,
      hits: 0,
    });

    for (let call = 0; call < 2; call += 1) {
      await expect(rejection(razorpay.payments.refund(paymentId, {}))).resolves.toMatchObject({
        statusCode: 503,
        error: { code: 'SERVER_ERROR', description: expect.stringContaining('fault injection') },
      });
    }
    expect(sandbox.state.refunds.size).toBe(0);
    // Other calls were never affected, and the rule lifted itself after its two calls.
    await expect(razorpay.payments.fetch(paymentId)).resolves.toMatchObject({ status: 'captured' });
    expect(sandbox.faults.list()).toEqual([]);
    await expect(razorpay.payments.refund(paymentId, {})).resolves.toMatchObject({
      status: 'processed',
      amount: 40000,
    });
  });

  it('acts and then loses the answer with after_effect, so only a lookup finds what was done', async () => {
    const paymentId = await capturedPayment();
    sandbox.faults.add({ method: 'POST', path: '/v1/payments/:id/refund', status: 502, afterEffect: true });
    const lost = await rejection(razorpay.payments.refund(paymentId, { notes: { mandi_refund_id: '7' } }));
    expect(lost).toMatchObject({ statusCode: 502, error: { code: 'SERVER_ERROR' } });
    const { items } = await razorpay.payments.fetchMultipleRefund(paymentId, {});
    expect(items).toEqual([
      expect.objectContaining({ status: 'processed', amount: 40000, notes: { mandi_refund_id: '7' } }),
    ]);
    expect(sandbox.faults.list()).toEqual([expect.objectContaining({ status: 502, afterEffect: true, hits: 1 })]);
  });

  it('acts at once and holds the answer with answer_delay_ms, so a caller that gives up meanwhile finds it done', async () => {
    const paymentId = await capturedPayment();
    sandbox.faults.add({ method: 'POST', path: '/v1/payments/:id/refund', answerDelayMs: 400, times: 1 });
    const started = performance.now();
    const answer = razorpay.payments.refund(paymentId, { notes: { mandi_refund_id: '8' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    // The refund is made before the answer leaves.
    const { items } = await razorpay.payments.fetchMultipleRefund(paymentId, {});
    expect(items).toEqual([expect.objectContaining({ status: 'processed', notes: { mandi_refund_id: '8' } })]);
    await expect(answer).resolves.toMatchObject({ status: 'processed' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('answers slowly while a delay is in force, and at once when it is cleared over the control API', async () => {
    const paymentId = await capturedPayment();
    const added = await post(`${sandbox.url}/sandbox/faults`, { path: '/v1/payments/:id', delay_ms: 400 });
    expect(added).toMatchObject({ status: 200, body: { fault: { path: '/v1/payments/:id', delayMs: 400, hits: 0 } } });

    let started = performance.now();
    await expect(razorpay.payments.fetch(paymentId)).resolves.toMatchObject({ id: paymentId });
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    const listed = await fetch(`${sandbox.url}/sandbox/faults`).then((response) => response.json());
    expect(listed).toEqual({ faults: [expect.objectContaining({ delayMs: 400, hits: 1 })] });

    const cleared = await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' }).then((response) =>
      response.json(),
    );
    expect(cleared).toEqual({ faults: [] });
    started = performance.now();
    await razorpay.payments.fetch(paymentId);
    expect(performance.now() - started).toBeLessThan(390);
  });

  it('refuses a rule that does nothing or names no REST path', async () => {
    for (const rule of [
      { path: '/v1/orders' },
      { status: 200 },
      { status: 500, path: '/sandbox/health' },
      { after_effect: true, delay_ms: 5 },
    ]) {
      const refused = await post(`${sandbox.url}/sandbox/faults`, rule);
      expect(refused.status).toBe(400);
    }
    expect(sandbox.faults.list()).toEqual([]);
  });
});

describe('manual capture', () => {
  it('leaves a checkout payment authorized until the API captures it for its whole amount', async () => {
    await start({ autoCapture: false });
    const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
    const paid = (await sandbox.payOrder(order.id, { wait: true })) as { razorpay_payment_id: string };
    await expect(razorpay.payments.fetch(paid.razorpay_payment_id)).resolves.toMatchObject({
      status: 'authorized',
      captured: false,
    });
    expect(receiver.names()).toEqual(['payment.authorized']);

    await expect(rejection(razorpay.payments.capture(paid.razorpay_payment_id, 40000, 'INR'))).resolves.toMatchObject({
      statusCode: 400,
    });
    const captured = await razorpay.payments.capture(paid.razorpay_payment_id, 50000, 'INR');
    expect(captured).toMatchObject({ status: 'captured', captured: true });
    await expect(razorpay.orders.fetch(order.id)).resolves.toMatchObject({ status: 'paid' });
    await sandbox.idle();
    expect(receiver.names()).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    await expect(rejection(razorpay.payments.capture(paid.razorpay_payment_id, 50000, 'INR'))).resolves.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('payment links and the hosted page', () => {
  beforeEach(() => start());

  async function createLink(referenceId: string) {
    return razorpay.paymentLink.create({
      amount: 75050,
      currency: 'INR',
      description: 'Mandi order of 2 product(s)',
      reference_id: referenceId,
      customer: { name: 'Asha Rao', contact: '+919876543210' },
      notify: { sms: false, email: false },
      callback_url: 'http://localhost:3000/api/payment/return?from=sandbox',
      callback_method: 'get',
    });
  }

  it('creates a link whose short_url is the sandbox’s page', async () => {
    const link = await createLink('ref-1');
    expect(link).toMatchObject({
      id: expect.stringMatching(/^plink_[A-Za-z0-9]{14}$/),
      short_url: `${sandbox.url}/pay/${link.id}`,
      status: 'created',
      amount: 75050,
      amount_paid: 0,
      currency: 'INR',
      reference_id: 'ref-1',
      callback_method: 'get',
    });
    await expect(razorpay.paymentLink.fetch(link.id)).resolves.toEqual(link);
    const duplicate = await rejection(createLink('ref-1'));
    expect(duplicate).toMatchObject({ statusCode: 400, error: { field: 'reference_id' } });

    const page = await fetch(link.short_url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('₹750.50');
    expect(html).toContain('Mandi order of 2 product(s)');
    expect(html).toContain('>Pay ₹750.50</button>');
    expect(html).toContain('>Fail payment</button>');
  });

  it('pays from the page: 303 to the callback with a signature validatePaymentVerification accepts, link paid, webhooks sent', async () => {
    const link = await createLink('ref-2');
    const answer = await fetch(`${sandbox.url}/pay/${link.id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'delivery=now',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/api/payment/return');
    const query = Object.fromEntries(back.searchParams);
    expect(query).toEqual({
      from: 'sandbox',
      razorpay_payment_id: expect.stringMatching(/^pay_/),
      razorpay_payment_link_id: link.id,
      razorpay_payment_link_reference_id: 'ref-2',
      razorpay_payment_link_status: 'paid',
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const verified = validatePaymentVerification(
      {
        payment_link_id: query.razorpay_payment_link_id,
        payment_id: query.razorpay_payment_id,
        payment_link_reference_id: query.razorpay_payment_link_reference_id,
        payment_link_status: query.razorpay_payment_link_status,
      },
      query.razorpay_signature,
      SANDBOX_KEY_SECRET,
    );
    expect(verified).toBe(true);

    // The SDK's type leaves out order_id, which Razorpay's answer has once the link has a payment.
    const paidLink = (await razorpay.paymentLink.fetch(link.id)) as Awaited<ReturnType<typeof createLink>> & {
      order_id: string;
    };
    expect(paidLink).toMatchObject({ status: 'paid', amount_paid: 75050, order_id: expect.stringMatching(/^order_/) });
    expect(paidLink.payments).toEqual([
      expect.objectContaining({ payment_id: query.razorpay_payment_id, status: 'captured', amount: 75050 }),
    ]);
    await expect(razorpay.payments.fetch(query.razorpay_payment_id)).resolves.toMatchObject({
      order_id: paidLink.order_id,
      status: 'captured',
    });

    await sandbox.idle();
    expect(receiver.names()).toEqual(['payment.captured', 'order.paid', 'payment_link.paid']);
    const linkPaid = receiver.received[2].event;
    expect(linkPaid.contains).toEqual(['payment_link', 'order', 'payment']);
    expect(linkPaid.payload.payment_link.entity).toMatchObject({ id: link.id, status: 'paid' });

    const secondTry = await fetch(`${sandbox.url}/pay/${link.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(secondTry.status).toBe(400);
    expect(await secondTry.text()).toContain('This payment link is paid');
  });

  it('fails from the page: payment.failed sent, back to the page with the error and a way to the merchant', async () => {
    const link = await createLink('ref-3');
    const answer = await fetch(`${sandbox.url}/pay/${link.id}/fail`, { method: 'POST', redirect: 'manual' });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/pay/${link.id}\\?failed=pay_`));
    const page = await (await fetch(`${sandbox.url}${location}`)).text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('razorpay_payment_link_status=failed');
    await expect(razorpay.paymentLink.fetch(link.id)).resolves.toMatchObject({ status: 'created' });
    await sandbox.idle();
    expect(receiver.names()).toEqual(['payment.failed']);
  });
});

describe('checkout script', () => {
  beforeEach(() => start());

  it('is served as JavaScript that a page of another origin may load and call', async () => {
    const response = await fetch(`${sandbox.url}/v1/checkout.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const preflight = await fetch(`${sandbox.url}/checkout/orders/order_x/pay`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
  });
});

/**
 * The checkout dialog in Debian's Chromium, on a storefront-like page of another origin whose content security
 * policy allows the sandbox in script-src and connect-src only (no inline scripts or styles, no eval), as the API's
 * headers do.
 */
describe('a shared sandbox for several local runs', () => {
  it('reuses a running sandbox and adds, then removes, the second run’s webhook endpoint', async () => {
    await start();
    const second = await webhookReceiver();
    try {
      const shared = await ensureRazorpaySandbox({
        port: sandbox.port,
        keyId: SANDBOX_KEY_ID,
        keySecret: SANDBOX_KEY_SECRET,
        webhookSecret: SANDBOX_WEBHOOK_SECRET,
        webhookUrl: second.url,
      });
      expect(shared.reused).toBe(true);
      const order = await razorpay.orders.create({ amount: 50000, currency: 'INR' });
      await sandbox.payOrder(order.id, { wait: true });
      expect(receiver.names()).toEqual(['payment.captured', 'order.paid']);
      expect(second.names()).toEqual(['payment.captured', 'order.paid']);

      await shared.stop();
      expect(sandbox.webhooks.endpoints.map((endpoint) => endpoint.url)).toEqual([receiver.url]);
      await expect(
        ensureRazorpaySandbox({
          port: sandbox.port,
          keyId: 'rzp_test_other',
          keySecret: 'x',
          webhookSecret: 'y',
          webhookUrl: second.url,
        }),
      ).rejects.toThrow(/uses key rzp_test_mandisandbox/);
    } finally {
      await second.close();
    }
  });
});
