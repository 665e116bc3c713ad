import { FaultStack } from './support/fault-stack.js';
import type { Session } from './support/postgres-cluster.js';
import { deadJobs, unprocessedJobs, unpublishedEvents, wrongEffects } from './support/ledger-checks.js';
import { adminMove, newBuyer, newProducts, paidOnlineOrder } from './support/shop.js';
import { waitUntil } from './support/wait.js';

// Fifty paid online orders cancelled by an admin at once, so fifty refunds are due together, while Razorpay (the
// sandbox) first answers slowly, then fails: some refunds are made but their answer is lost (502 after acting), the
// others are refused (503). The worker must not hold database connections while it waits on Razorpay (no transaction
// left open across the call, no pool timeouts in its log, no job given up), and once Razorpay recovers every refund
// completes exactly once: one refund per payment in our refunds table and in Razorpay's ledger, each order's credit
// note once.

const ORDERS = 50;
/** Buyers placing them: a buyer may have 5 online orders awaiting payment and place 20 orders per 10 minutes. */
const BUYERS = 10;
/** How slowly Razorpay answers each refund call (the lookup of earlier refunds, and the refund itself) at first. */
const SLOW_MS = 5_000;
/**
 * A transaction idle this long while Razorpay is slow is one held across a Razorpay call: the worker's own statements
 * take milliseconds. Well below SLOW_MS, well above a busy machine's pauses.
 */
const HELD_MS = 3_000;
/** Refunds made at Razorpay whose answer is then lost. */
const LOST_ANSWERS = 4;

/**
 * What the worker logs when its connection pool or its transactions run out: Prisma's P2024 and P2028, node-postgres's
 * connect timeout, and PostgreSQL closing a session left idle inside a transaction.
 */
const POOL_TROUBLE = [
  /Timed out fetching a new connection from the connection pool/i,
  /Unable to start a transaction in the given time/i,
  /Transaction already closed/i,
  /expired transaction/i,
  /timeout exceeded when trying to connect/i,
  /idle-in-transaction timeout/i,
];

let stack: FaultStack;

beforeAll(async () => {
  stack = await FaultStack.start({ name: 'razorpay-slow' });
}, 180_000);

afterAll(() => stack?.stop(), 60_000);

it(
  'completes fifty concurrent refunds exactly once through a slow, then failing Razorpay, without starving the pool',
  () =>
    stack.explained(async () => {
      const admin = await stack.newUser({ role: 'admin' });
      const [product] = await newProducts(stack, 1);
      const buyers = await Promise.all(Array.from({ length: BUYERS }, () => newBuyer(stack)));
      const orderIds: number[] = [];
      await Promise.all(
        buyers.map(async (buyer) => {
          for (let n = 0; n < ORDERS / BUYERS; n += 1) orderIds.push(await paidOnlineOrder(stack, buyer, product!));
        }),
      );

      // Razorpay is slow: every refund call takes SLOW_MS. All fifty orders are cancelled at once.
      stack.sandbox.faults.add({ method: 'GET', path: '/v1/payments/:id/refunds', delayMs: SLOW_MS });
      stack.sandbox.faults.add({ method: 'POST', path: '/v1/payments/:id/refund', delayMs: SLOW_MS });
      const cancels = await Promise.all(orderIds.map((orderId) => adminMove(stack, admin, 'cancel', orderId)));
      expect(cancels.map((answer) => answer.status)).toEqual(orderIds.map(() => 200));
      // Slow refunds still complete: a first wave of them, at Razorpay's pace. Meanwhile no session of the database sits
      // in an open transaction for longer than HELD_MS: nothing holds a connection while Razorpay thinks.
      const held = new Map<number, Session>();
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          const sessions = await stack.postgres.sessions();
          for (const session of sessions) {
            if (session.state?.startsWith('idle in transaction') && (session.stateMs ?? 0) > HELD_MS) {
              held.set(session.pid, { ...session, query: session.query.replace(/\s+/g, ' ').trim().slice(0, 120) });
            }
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      await waitUntil(async () => (await stack.db.refund.count({ where: { status: 'processed' } })) >= 4, {
        timeoutMs: 60_000,
        what: 'the first refunds to complete while Razorpay is slow',
      });
      watching = false;
      await watcher;
      expect([...held.values()]).toEqual([]);

      const slowCalls = stack.sandbox.faults.list().reduce((sum, fault) => sum + fault.hits, 0);

      // Then Razorpay fails: the next refunds are made but answered 502 (the answer lost), and after those every refund
      // is refused with 503, until several calls have been refused.
      stack.sandbox.faults.clear();
      const lost = stack.sandbox.faults.add({
        method: 'POST',
        path: '/v1/payments/:id/refund',
        status: 502,
        afterEffect: true,
        times: LOST_ANSWERS,
      });
      const refused = stack.sandbox.faults.add({ method: 'POST', path: '/v1/payments/:id/refund', status: 503 });
      const hits = (id: number) => stack.sandbox.faults.list().find((fault) => fault.id === id)?.hits;
      await waitUntil(async () => hits(lost.id) === undefined && (hits(refused.id) ?? 0) >= 8, {
        timeoutMs: 60_000,
        what: () => `refund calls to fail: ${JSON.stringify(stack.sandbox.faults.list())}`,
      });
      const refusedCalls = hits(refused.id)!;

      // Razorpay recovers: every refund completes (retried with backoff), every job of every event has run.
      stack.sandbox.faults.clear();
      await waitUntil(
        async () =>
          (await stack.db.refund.count({ where: { status: 'processed' } })) === ORDERS &&
          (await unpublishedEvents(stack)) === 0 &&
          (await unprocessedJobs(stack)).length === 0,
        {
          timeoutMs: 120_000,
          intervalMs: 500,
          what: async () =>
            `every refund to complete; refunds: ${JSON.stringify(await stack.db.refund.groupBy({ by: ['status'], _count: true }))}, ` +
            `jobs not run: ${(await unprocessedJobs(stack)).length}`,
        },
      );
      await stack.sandbox.idle();

      // Exactly once: one processed refund per payment here and at Razorpay (the lost answers found again, not repeated),
      // one credit note per cancelled invoice, all of them printed.
      expect(await wrongEffects(stack)).toEqual([]);
      const refunds = await stack.db.refund.findMany({ include: { payment: true } });
      expect(refunds).toHaveLength(ORDERS);
      expect(refunds.every((refund) => refund.status === 'processed' && refund.payment.status === 'refunded')).toBe(
        true,
      );
      expect(stack.sandbox.state.refunds.size).toBe(ORDERS);
      expect(slowCalls).toBeGreaterThanOrEqual(8);
      expect(refusedCalls).toBeGreaterThanOrEqual(8);

      // No job gave up, and the worker never ran out of connections or transactions while Razorpay was slow.
      expect(await deadJobs(stack)).toEqual([]);
      expect((await stack.jobCounts('payments')).failed).toBe(0);
      const worker = stack.worker.logs();
      expect(POOL_TROUBLE.filter((pattern) => pattern.test(worker)).map(String)).toEqual([]);
      expect([stack.worker.generation, stack.worker.isRunning]).toEqual([1, true]);
    }),
  300_000,
);
