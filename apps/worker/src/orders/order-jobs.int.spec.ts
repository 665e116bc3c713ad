import { jest } from '@jest/globals';
import { rmSync } from 'node:fs';
import { getQueueToken } from '@nestjs/bullmq';
import { Test, type TestingModule } from '@nestjs/testing';
import type { AppConfig } from '@mandi/config';
import { createTestDatabase, newOrder, type NewOrderOptions, type TestDatabase } from '@mandi/database';
import { publish } from '@mandi/events';
import type { Queue } from 'bullmq';
import Razorpay from 'razorpay';
import { startRazorpaySandbox } from '../../../../tools/razorpay-sandbox/sandbox.mjs';
import { testWorkerConfig } from '../accounts/testing/account-jobs.testing.js';
import { deleteKeys, uniquePrefix, waitFor } from '../pipeline/testing/pipeline.testing.js';
import { WorkerModule } from '../worker.module.js';
import { OrderDeadlineSweep } from './order-deadline.sweep.js';
import { PaymentRefundHandler } from './payment-refund.handler.js';
import { RefundsRepository } from './refunds.repository.js';

// The order jobs in the real worker (WorkerModule as main.ts builds it: relay, BullMQ on Redis, handlers) against the
// real PostgreSQL and the Razorpay sandbox. The decision window is made short by configuration
// (ORDER_DECISION_WINDOW_MS), never by moving the database's clock or the orders' times.

type Sandbox = Awaited<ReturnType<typeof startRazorpaySandbox>>;

const WINDOW_MS = 2_000;

let db: TestDatabase;
let sandbox: Sandbox;
const prefixes: string[] = [];
const configs: AppConfig[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  sandbox = await startRazorpaySandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox.close();
  await db.drop();
  for (const prefix of prefixes) await deleteKeys(prefix);
  for (const config of configs) rmSync(config.MAIL_CAPTURE_DIR, { recursive: true, force: true });
});

/** Starts the worker on this file's database with the short window; `sweepMs` 0 turns the sweep off. */
async function startWorker(options: {
  sweepMs: number;
  prefix?: string;
}): Promise<{ worker: TestingModule; config: AppConfig }> {
  const prefix = options.prefix ?? uniquePrefix('orders');
  if (!prefixes.includes(prefix)) prefixes.push(prefix);
  const config = testWorkerConfig(db.url, {
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    ORDER_DECISION_WINDOW_MS: String(WINDOW_MS),
    ORDER_DEADLINE_SWEEP_MS: String(options.sweepMs),
    RAZORPAY_API_URL: sandbox.url,
  });
  configs.push(config);
  const worker = await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] }).compile();
  await worker.init();
  return { worker, config };
}

/** Places an order as checkout does: the order and its order.placed outbox row in one transaction (same now()). */
async function placeOrder(options: NewOrderOptions = {}) {
  return db.prisma.$transaction(async (tx) => {
    const order = await newOrder(tx, options);
    const eventId = await publish(tx, { type: 'order.placed', payload: { orderId: order.id } });
    return { order, eventId };
  });
}

const orderRow = (id: number) => db.prisma.order.findUniqueOrThrow({ where: { id } });
const outbox = (type: string, aggregateId: number) =>
  db.prisma.outboxEvent.count({ where: { type, aggregateId: String(aggregateId) } });
const deadlinesQueue = (worker: TestingModule) => worker.get<Queue>(getQueueToken('deadlines'), { strict: false });
const settleJob = (worker: TestingModule, eventId: bigint) => deadlinesQueue(worker).getJob(`order.settle#${eventId}`);

/** The database clock's time between an order's creation and its cancellation, in ms. */
async function cancelledAfterMs(orderId: number): Promise<number> {
  const [row] = await db.prisma.$queryRaw<{ ms: number }[]>`
    SELECT (extract(epoch FROM cancelled_at - created_at) * 1000)::float8 AS ms FROM orders WHERE id = ${orderId}`;
  return row!.ms;
}

describe('the deadline job (sweep off)', () => {
  let worker: TestingModule;

  beforeAll(async () => {
    ({ worker } = await startWorker({ sweepMs: 0 }));
  });
  afterAll(async () => {
    await worker.close();
  });

  it('cancels an order nobody confirmed when its configured window closes, with our reason, once', async () => {
    const { order, eventId } = await placeOrder();
    await waitFor(async () => (await (await settleJob(worker, eventId))?.getState()) === 'delayed');
    const job = await settleJob(worker, eventId);
    expect(job!.opts.delay).toBeLessThanOrEqual(WINDOW_MS);
    expect(job!.opts.delay).toBeGreaterThan(WINDOW_MS - 1_000);

    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS / 2));
    expect((await orderRow(order.id)).status).toBe('pending');

    await waitFor(async () => (await orderRow(order.id)).status === 'cancelled');
    expect(await orderRow(order.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Not confirmed within 8 hours',
    });
    expect(await cancelledAfterMs(order.id)).toBeGreaterThanOrEqual(WINDOW_MS);
    expect(await outbox('order.cancelled', order.id)).toBe(1);
  });

  it('cancels an order awaiting cancellation with the buyer’s reason', async () => {
    const { order } = await placeOrder();
    await db.prisma.order.update({
      where: { id: order.id },
      data: { status: 'cancel_requested', cancelReason: 'Ordered twice', cancelRequestedAt: new Date() },
    });

    await waitFor(async () => (await orderRow(order.id)).status === 'cancelled');
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'Ordered twice' });
    expect(await outbox('order.cancelled', order.id)).toBe(1);
  });

  it('leaves an order alone that was confirmed in time', async () => {
    const { order, eventId } = await placeOrder();
    await db.prisma.order.update({ where: { id: order.id }, data: { status: 'confirmed', confirmedAt: new Date() } });

    await waitFor(async () => (await (await settleJob(worker, eventId))?.getState()) === 'completed');
    expect((await orderRow(order.id)).status).toBe('confirmed');
    expect(await outbox('order.cancelled', order.id)).toBe(0);
  });

  it('lets an admin confirming just before the deadline and the deadline job not both win', async () => {
    const { order, eventId } = await placeOrder();
    await waitFor(async () => (await (await settleJob(worker, eventId))?.getState()) === 'delayed');
    // The admin's confirm (the API's conditional UPDATE) inside the window, committed only once the deadline has
    // passed and the job is running, so the job's UPDATE waits for the row and then finds it confirmed.
    await db.prisma.$transaction(
      async (tx) => {
        const confirmed = await tx.$executeRaw`
          UPDATE orders o SET status = 'confirmed', confirmed_at = now()
           WHERE o.id = ${order.id} AND o.status = 'pending' AND now() < o.created_at + ${WINDOW_MS}::double precision * interval '1 millisecond'`;
        expect(confirmed).toBe(1);
        await waitFor(async () => (await (await settleJob(worker, eventId))?.getState()) === 'active');
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
      { timeout: 20_000 },
    );

    await waitFor(async () => (await (await settleJob(worker, eventId))?.getState()) === 'completed');
    expect((await orderRow(order.id)).status).toBe('confirmed');
    expect(await outbox('order.cancelled', order.id)).toBe(0);
  });

  it('loses no deadline when the worker restarts before it: the job waits in Redis', async () => {
    const config = configs.at(-1)!;
    const { order, eventId } = await placeOrder();
    await waitFor(async () => (await (await settleJob(worker, eventId))?.getState()) === 'delayed');
    await worker.close();

    ({ worker } = await startWorker({ sweepMs: 0, prefix: config.REDIS_PREFIX }));
    await waitFor(async () => (await orderRow(order.id)).status === 'cancelled');
    expect((await orderRow(order.id)).cancelReason).toBe('Not confirmed within 8 hours');
    expect(await (await settleJob(worker, eventId))?.getState()).toBe('completed');
  });
});

describe('the deadline sweep', () => {
  let worker: TestingModule;

  beforeAll(async () => {
    ({ worker } = await startWorker({ sweepMs: 300 }));
  });
  afterAll(async () => {
    await worker.close();
  });

  it('settles an order whose deadline job was lost', async () => {
    const { order, eventId } = await placeOrder({ status: 'cancel_requested', cancelReason: 'Found it cheaper' });
    const pendingOne = await placeOrder();
    await waitFor(async () => (await (await settleJob(worker, eventId))?.getState()) === 'delayed');
    await waitFor(async () => (await (await settleJob(worker, pendingOne.eventId))?.getState()) === 'delayed');
    // Lost: as if Redis had been flushed.
    await (await settleJob(worker, eventId))!.remove();
    await (await settleJob(worker, pendingOne.eventId))!.remove();

    await waitFor(
      async () =>
        (await orderRow(order.id)).status === 'cancelled' &&
        (await orderRow(pendingOne.order.id)).status === 'cancelled',
    );
    expect((await orderRow(order.id)).cancelReason).toBe('Found it cheaper');
    expect((await orderRow(pendingOne.order.id)).cancelReason).toBe('Not confirmed within 8 hours');
    expect(await cancelledAfterMs(order.id)).toBeGreaterThanOrEqual(WINDOW_MS);
    expect(await outbox('order.cancelled', order.id)).toBe(1);
    expect(await db.prisma.processedEvent.count({ where: { eventId, handler: 'order.settle' } })).toBe(0);
    // Nothing is left to settle, and a sweep settles nothing twice.
    expect(await worker.get(OrderDeadlineSweep).sweepOnce()).toBe(0);
  });
});

describe('refunds of cancelled online payments', () => {
  let worker: TestingModule;
  const razorpay = () => {
    const client = new Razorpay({ key_id: sandbox.keyId, key_secret: sandbox.keySecret });
    (client.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = sandbox.url;
    return client;
  };

  beforeAll(async () => {
    ({ worker } = await startWorker({ sweepMs: 0 }));
  });
  afterAll(async () => {
    await worker.close();
  });

  /** An online order paid through the sandbox: our order (in `status`, paid), its captured payment, the sandbox's payment. */
  async function paidOnlineOrder(status: 'pending' | 'cancel_requested' | 'cancelled' = 'pending') {
    const order = await newOrder(db.prisma, { status, paymentStatus: 'paid', paymentMethod: 'online' });
    const providerOrder = await razorpay().orders.create({
      amount: order.totalPaise,
      currency: 'INR',
      receipt: `o${order.id}`,
    });
    const paid = await sandbox.payOrder(providerOrder.id, { outcome: 'success', delivery: 'never' });
    const payment = await db.prisma.payment.create({
      data: {
        orderId: order.id,
        provider: 'razorpay',
        providerOrderId: providerOrder.id,
        providerPaymentId: paid.razorpay_payment_id,
        amountPaise: order.totalPaise,
        status: 'captured',
        signatureVerified: true,
      },
    });
    return { order, payment, providerPaymentId: paid.razorpay_payment_id as string };
  }

  const sandboxRefunds = (providerPaymentId: string) =>
    [...sandbox.state.refunds.values()].filter((refund) => refund.payment_id === providerPaymentId);

  it('refunds a paid online order once when it is cancelled, even when the job runs twice at once and again later', async () => {
    const { order, payment, providerPaymentId } = await paidOnlineOrder();
    // The admin's cancel, and the same refund asked for again by a second delivery and by a late payment report.
    await db.prisma.$transaction(async (tx) => {
      await tx.order.update({
        where: { id: order.id },
        data: { status: 'cancelled', cancelledAt: new Date(), cancelReason: 'Cancelled by Mandi' },
      });
      await publish(tx, { type: 'order.cancelled', payload: { orderId: order.id } });
      await publish(tx, { type: 'order.cancelled', payload: { orderId: order.id } });
      await publish(tx, { type: 'payment.captured', payload: { paymentId: payment.id, orderId: order.id } });
    });

    await waitFor(
      async () => (await db.prisma.refund.findUnique({ where: { paymentId: payment.id } }))?.status === 'processed',
    );
    await waitFor(async () => {
      const counts = await worker.get<Queue>(getQueueToken('payments'), { strict: false }).getJobCounts('completed');
      return counts.completed >= 3;
    });

    const refund = await db.prisma.refund.findUniqueOrThrow({ where: { paymentId: payment.id } });
    expect(refund).toMatchObject({ status: 'processed', amountPaise: order.totalPaise, lastError: null });
    expect(sandboxRefunds(providerPaymentId)).toHaveLength(1);
    expect(sandboxRefunds(providerPaymentId)[0]).toMatchObject({
      id: refund.providerRefundId,
      amount: order.totalPaise,
      receipt: `mandi-refund-${refund.id}`,
      notes: { mandi_refund_id: String(refund.id), mandi_order_id: String(order.id) },
    });
    expect(sandbox.state.payments.get(providerPaymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: order.totalPaise,
    });
    expect((await db.prisma.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('refunded');
    expect(await outbox('refund.requested', refund.id)).toBe(1);
    expect(await outbox('refund.processed', refund.id)).toBe(1);
  });

  it('refunds a paid online order the deadline cancels (its buyer had asked to cancel)', async () => {
    const { order, payment, providerPaymentId } = await paidOnlineOrder('cancel_requested');
    await db.prisma.order.update({ where: { id: order.id }, data: { cancelReason: 'Paid twice' } });
    // Its order.placed, as checkout wrote it when the order was placed.
    await db.prisma.outboxEvent.create({
      data: {
        type: 'order.placed',
        aggregateId: String(order.id),
        payload: { orderId: order.id },
        createdAt: order.createdAt,
      },
    });

    await waitFor(
      async () => (await db.prisma.refund.findUnique({ where: { paymentId: payment.id } }))?.status === 'processed',
    );
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', cancelReason: 'Paid twice' });
    expect(sandboxRefunds(providerPaymentId)).toHaveLength(1);
  });

  it('finds a refund whose commit was lost at the provider instead of refunding again', async () => {
    const { order, payment, providerPaymentId } = await paidOnlineOrder('cancelled');
    const handler = worker.get(PaymentRefundHandler);
    const run = () => handler.handle({ orderId: order.id });

    // The provider refunded, then the worker died before recording it (its lease on the refund still held).
    const killed = jest
      .spyOn(worker.get(RefundsRepository), 'markProcessed')
      .mockRejectedValueOnce(new Error('worker killed before recording'));
    await expect(run()).rejects.toThrow('worker killed before recording');
    killed.mockRestore();
    expect(sandboxRefunds(providerPaymentId)).toHaveLength(1);
    expect(await db.prisma.refund.findUniqueOrThrow({ where: { paymentId: payment.id } })).toMatchObject({
      status: 'pending',
      providerRefundId: null,
    });

    // While the dead run's lease lasts, a retry leaves the provider alone; once it has run out, the retry finds the refund.
    await expect(run()).rejects.toThrow('is being asked about by another run');
    await db.prisma
      .$executeRaw`UPDATE refunds SET leased_until = now() - interval '1 second' WHERE payment_id = ${payment.id}`;

    await run();
    const refund = await db.prisma.refund.findUniqueOrThrow({ where: { paymentId: payment.id } });
    expect(sandboxRefunds(providerPaymentId)).toHaveLength(1);
    expect(refund).toMatchObject({ status: 'processed', providerRefundId: sandboxRefunds(providerPaymentId)[0].id });
    await run();
    expect(sandboxRefunds(providerPaymentId)).toHaveLength(1);
  });

  it('records a provider failure on the refund and fails the attempt, so BullMQ retries it', async () => {
    const order = await newOrder(db.prisma, { status: 'cancelled', paymentStatus: 'paid' });
    const payment = await db.prisma.payment.create({
      data: {
        orderId: order.id,
        provider: 'razorpay',
        providerOrderId: `order_gone${order.id}`,
        providerPaymentId: `pay_gone${order.id}`,
        amountPaise: order.totalPaise,
        status: 'captured',
      },
    });
    const handler = worker.get(PaymentRefundHandler);
    await expect(handler.handle({ orderId: order.id })).rejects.toBeDefined();
    expect(await db.prisma.refund.findUniqueOrThrow({ where: { paymentId: payment.id } })).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'The id provided does not exist',
    });
  });

  it('has nothing to refund for an order paid in cash, not paid, or not cancelled', async () => {
    const handler = worker.get(PaymentRefundHandler);
    const cash = await newOrder(db.prisma, { status: 'cancelled', paymentStatus: 'paid', paymentMethod: 'cod' });
    await db.prisma.payment.create({
      data: { orderId: cash.id, provider: 'cod', amountPaise: cash.totalPaise, status: 'captured' },
    });
    const unpaid = await newOrder(db.prisma, { status: 'cancelled' });
    const { order: kept } = await paidOnlineOrder('pending');
    for (const order of [cash, unpaid, kept]) {
      await handler.handle({ orderId: order.id });
    }
    expect(
      await db.prisma.refund.count({ where: { payment: { orderId: { in: [cash.id, unpaid.id, kept.id] } } } }),
    ).toBe(0);
  });
});
