import type { Product } from '@mandi/database';
import { FaultStack, type StackResponse } from './support/fault-stack.js';
import {
  deadJobs,
  halfWrittenOrders,
  unprocessedJobs,
  unpublishedEvents,
  wrongEffects,
} from './support/ledger-checks.js';
import {
  adminMove,
  newBuyer,
  newProducts,
  paidOnlineOrder,
  payOnline,
  placeCod,
  placeOnline,
  type Buyer,
} from './support/shop.js';
import { waitUntil } from './support/wait.js';

// PostgreSQL restarted (pg_ctl stop -m fast, then start: every session ended at once, as an operator's restart does)
// while buyers are checking out, cash on delivery and online, while admins mark orders paid and cancel paid ones, and
// while refunds are in the middle of their Razorpay call and invoices are being printed. Afterwards: no half-written
// order, every job of every event run once with its effect once, and the API and the worker came back by themselves:
// health answered 503 while PostgreSQL was down and 200 after, with the same processes.

/** Orders settle at their deadline within the test: the deadline job (and the sweep) run on every order. */
const WINDOW_MS = 15_000;
/** Checkout loops running at once, each with buyers of its own (a buyer may place 20 orders per 10 minutes). */
const LOOPS = 6;
const BUYERS_PER_LOOP = 3;
/** Paid online orders cancelled by an admin just before the restart: their refunds are in flight across it. */
const REFUNDS = 4;

let stack: FaultStack;

beforeAll(async () => {
  stack = await FaultStack.start({
    name: 'postgres-restart',
    env: { ORDER_DECISION_WINDOW_MS: String(WINDOW_MS), ORDER_DEADLINE_SWEEP_MS: '5000' },
    // Webhooks refused during the outage are delivered again once the API can record them.
    sandbox: { retryDelaysMs: [1_000, 3_000, 10_000, 20_000] },
  });
}, 180_000);

afterAll(() => stack?.stop(), 60_000);

/** One checkout of the load: when it was sent (before, during or after the outage) and what the API answered. */
interface Attempt {
  phase: 'before' | 'down' | 'after';
  kind: 'cod' | 'online';
  answer: StackResponse;
}

it(
  'loses no order and runs every job once across a PostgreSQL restart; the API and the worker recover by themselves',
  () =>
    stack.explained(async () => {
      const admin = await stack.newUser({ role: 'admin' });
      const products = await newProducts(stack, 4);
      const loops: Buyer[][] = [];
      for (let loop = 0; loop < LOOPS; loop += 1) {
        loops.push(await Promise.all(Array.from({ length: BUYERS_PER_LOOP }, () => newBuyer(stack))));
      }

      // Paid online orders, to be cancelled while Razorpay is slow: their refund jobs are mid-call when PostgreSQL goes.
      const toRefund = await Promise.all(
        loops.slice(0, REFUNDS).map((buyers, index) => paidOnlineOrder(stack, buyers[0], products[index]!)),
      );
      stack.sandbox.faults.add({ method: 'POST', path: '/v1/payments/:id/refund', delayMs: 3_000 });

      // The load: each loop checks out one order after another, mostly cash on delivery, every third one online (paid at
      // once in the sandbox), until told to stop.
      let phase: Attempt['phase'] = 'before';
      let stopping = false;
      const attempts: Attempt[] = [];
      const codOrders: number[] = [];
      const load = loops.map(async (buyers, loop) => {
        for (let turn = 0; !stopping; turn += 1) {
          const buyer = buyers[turn % buyers.length]!;
          const product = products[turn % products.length]!;
          const sentIn = phase;
          const online = turn % 3 === 2;
          const answer = online ? await checkoutOnline(buyer, product) : await placeCod(stack, buyer, product);
          attempts.push({ phase: sentIn === phase ? sentIn : 'down', kind: online ? 'online' : 'cod', answer });
          if (!online && answer.status === 201) codOrders.push(Number(answer.body.orderId));
          // A failed checkout is tried again a little later, as a person would.
          if (answer.status !== 201) await new Promise((resolve) => setTimeout(resolve, 200 + loop * 20));
        }
      });

      // Mid-checkout and mid-job: orders are being placed, admins mark cash orders paid (invoices) and cancel the paid
      // online orders (refunds), and the first refund has reached Razorpay, which takes 3 s to answer.
      await waitUntil(async () => codOrders.length >= 12, {
        timeoutMs: 30_000,
        what: 'twelve cash-on-delivery orders before the restart',
      });
      const moves = [
        ...codOrders.slice(0, 6).map((orderId) => adminMove(stack, admin, 'payment', orderId)),
        ...toRefund.map((orderId) => adminMove(stack, admin, 'cancel', orderId)),
      ];
      await waitUntil(async () => stack.sandbox.faults.list()[0]!.hits >= 1, {
        timeoutMs: 30_000,
        what: 'a refund to reach Razorpay',
      });

      phase = 'down';
      await stack.postgres.stop({ mode: 'fast' });
      await stack.waitForHealth(503, 30_000);
      expect((await stack.health()).body).toMatchObject({ status: 'error', database: 'down' });
      await waitUntil(
        async () => attempts.some((attempt) => attempt.phase === 'down' && attempt.answer.status !== 201),
        {
          timeoutMs: 30_000,
          what: 'a checkout to fail while PostgreSQL is down',
        },
      );
      await stack.postgres.start();
      await stack.waitForHealth(200, 60_000);
      phase = 'after';

      // Checkouts work again without restarting anything, then the load stops and Razorpay answers at once again.
      await waitUntil(
        async () =>
          attempts.filter((attempt) => attempt.phase === 'after' && attempt.answer.status === 201).length >= LOOPS * 2,
        {
          timeoutMs: 60_000,
          what: () =>
            `checkouts to succeed after the restart; answers since: ${JSON.stringify(attempts.filter((a) => a.phase === 'after').slice(-5))}`,
        },
      );
      stopping = true;
      await Promise.all(load);
      const moved = await Promise.all(moves);
      stack.sandbox.faults.clear();

      // Each order settles at its deadline; every event is relayed and every job runs, retried where the outage failed it.
      await waitUntil(
        async () => (await unpublishedEvents(stack)) === 0 && (await unprocessedJobs(stack)).length === 0,
        {
          timeoutMs: 120_000,
          intervalMs: 500,
          what: async () =>
            `every job of every event to run; missing: ${JSON.stringify((await unprocessedJobs(stack)).slice(0, 10), bigints)}`,
        },
      );
      await stack.sandbox.idle();

      // No order was lost or half written: every placed order the API confirmed exists, each with its lines, its
      // payment and its order.placed event; nothing else was written on its own.
      const placed = attempts
        .filter((attempt) => attempt.answer.status === 201 && attempt.kind === 'cod')
        .map((attempt) => Number(attempt.answer.body.orderId));
      expect(await stack.db.order.count({ where: { id: { in: placed } } })).toBe(placed.length);
      expect(await halfWrittenOrders(stack)).toEqual([]);
      // Every document, refund and cancellation happened exactly once, and nothing used up its attempts.
      expect(await wrongEffects(stack)).toEqual([]);
      expect(await deadJobs(stack)).toEqual([]);
      expect(await stack.db.refund.count({ where: { status: 'processed' } })).toBeGreaterThanOrEqual(REFUNDS);

      // The restart really happened mid-checkout and was answered as such; the admins' moves came through or were refused
      // with a status (none hung).
      expect(
        attempts.filter((attempt) => attempt.phase === 'down' && attempt.answer.status !== 201).length,
      ).toBeGreaterThan(0);
      expect(moved.every((answer) => answer.status > 0)).toBe(true);
      // The same API and worker processes as at the start: they recovered by themselves.
      expect([stack.api.generation, stack.api.isRunning, stack.worker.generation, stack.worker.isRunning]).toEqual([
        1,
        true,
        1,
        true,
      ]);
      expect(await stack.health()).toMatchObject({ status: 200 });
    }),
  240_000,
);

/** An online checkout paid at once in the sandbox; its answer is the checkout's. */
async function checkoutOnline(buyer: Buyer, product: Product): Promise<StackResponse> {
  const answer = await placeOnline(stack, buyer, product);
  if (answer.status === 201) await payOnline(stack, answer.body.order.id);
  return answer;
}

function bigints(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
