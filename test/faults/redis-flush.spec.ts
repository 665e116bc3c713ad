import { join } from 'node:path';
import type { Product } from '@mandi/database';
import { readCapturedMails } from '@mandi/mail';
import { FaultStack, type StackUser } from './support/fault-stack.js';
import { deadJobs, unprocessedJobs, unpublishedEvents, wrongEffects } from './support/ledger-checks.js';
import { adminMove, newBuyer, newProducts, paidOnlineOrder } from './support/shop.js';
import { waitUntil } from './support/wait.js';

// Redis flushed (FLUSHALL) while invoices, credit notes, refunds, mails and account deletions are queued or in
// flight. BullMQ's queues are gone with everything in them; pending_jobs in PostgreSQL still says what is owed, and the
// reconciler puts it back. Afterwards every effect happened exactly once: one invoice and one credit note (each with
// its PDF) per order, one refund at Razorpay per payment, one mail per contact message, each deleted account gone from
// Firebase, nothing dead and nothing pending.

/** The reconciler's lost-job bound for this stack: a flushed job is back in its queue within about this long. */
const LOST_AFTER_MS = 3_000;
/** The orders' 8-hour window, shortened so their deadline jobs (flushed too) fall due, and are put back, in the test. */
const WINDOW_MS = 20_000;
const ORDERS = 3;
const CONTACTS = 3;
const DELETIONS = 2;

let stack: FaultStack;

beforeAll(async () => {
  stack = await FaultStack.start({
    name: 'redis-flush',
    env: { JOB_LOST_AFTER_MS: String(LOST_AFTER_MS), ORDER_DECISION_WINDOW_MS: String(WINDOW_MS) },
  });
}, 180_000);

afterAll(() => stack?.stop(), 60_000);

/** Starts everything the test watches: paid orders cancelled (invoice, credit note, refund), contact mails, deletions. */
async function startTheWork(admin: StackUser, products: Product[]) {
  const orders = await Promise.all(
    products.map(async (product) => paidOnlineOrder(stack, await newBuyer(stack), product)),
  );
  const leaving = await Promise.all(Array.from({ length: DELETIONS }, () => stack.newUser()));
  await Promise.all([
    ...orders.map(async (orderId) => expect((await adminMove(stack, admin, 'cancel', orderId)).status).toBe(200)),
    ...Array.from({ length: CONTACTS }, async (_, index) => {
      const sent = await stack.request('POST', '/api/contact', {
        body: {
          name: `Flush tester ${index}`,
          email: `flush${index}@mandi.test`,
          message: `Message ${index} across a flush`,
        },
      });
      expect(sent.status).toBe(201);
    }),
    ...leaving.map(async (user) =>
      expect((await stack.request('DELETE', `/api/user/delete-account/${user.uid}`, { user })).status).toBe(200),
    ),
  ]);
  return { orders, leaving };
}

/**
 * Waits until the pipeline has caught up, then checks that every effect happened exactly once. A mail is the one
 * effect that may repeat, and only when a worker is killed between its send and its mark (docs/events.md, "What each
 * kind of handler does about a repeat"): `mailRepeatsAllowed` is how many contact mails were owed when the worker died.
 */
async function expectEverythingOnce(
  orders: number[],
  leaving: StackUser[],
  contactsBefore: number,
  mailRepeatsAllowed = 0,
): Promise<void> {
  // Every event relayed, every due job handled, and nothing still owed: the deadlines (due WINDOW_MS after their
  // orders) included.
  const caughtUp = async () =>
    (await unpublishedEvents(stack)) === 0 &&
    (await unprocessedJobs(stack)).length === 0 &&
    (await stack.db.pendingJob.count()) === 0;
  await waitUntil(caughtUp, {
    timeoutMs: WINDOW_MS + 60_000,
    what: async () =>
      `every job run; still owed: ${JSON.stringify(await stack.db.pendingJob.findMany({ select: { job: true, dueAt: true, deadAt: true } }))}`,
  });
  expect(await wrongEffects(stack)).toEqual([]);
  expect(await deadJobs(stack)).toEqual([]);
  expect(await stack.db.pendingJob.count()).toBe(0);
  for (const orderId of orders) {
    expect(await stack.db.invoice.count({ where: { orderId, pdfFileKey: { not: null } } })).toBe(1);
    expect(await stack.db.creditNote.count({ where: { orderId, pdfFileKey: { not: null } } })).toBe(1);
    // wrongEffects has compared Razorpay's refunds with ours: one each.
    expect(await stack.db.refund.count({ where: { payment: { orderId }, status: 'processed' } })).toBe(1);
  }
  const contactMails = (await readCapturedMails(join(stack.dir, 'mail'))).filter((mail) =>
    mail.subject.includes('Flush tester'),
  );
  // Every message mailed; more than once only within what the kill allowed. The capture lists the newest first, so
  // this test's mails are the first ones, before the earlier tests' contactsBefore.
  const mailedNow = contactMails.slice(0, contactMails.length - contactsBefore);
  expect(new Set(mailedNow.map((mail) => mail.subject)).size).toBe(CONTACTS);
  expect(contactMails.length - contactsBefore).toBeGreaterThanOrEqual(CONTACTS);
  expect(contactMails.length - contactsBefore).toBeLessThanOrEqual(CONTACTS + mailRepeatsAllowed);
  for (const user of leaving) expect(await stack.accounts.exists(user.uid)).toBe(false);
}

/** How many times the worker's reconciler said it put lost jobs back. */
function reconcilerRequeues(): number {
  return [...stack.worker.logs().matchAll(/"requeued":(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

it(
  'runs every job once after a FLUSHALL that took the queued jobs of a stopped worker',
  () =>
    stack.explained(async () => {
      const admin = await stack.newUser({ role: 'admin' });
      const products = await newProducts(stack, ORDERS);
      const contactsBefore = 0;

      const { orders, leaving } = await startTheWork(admin, products);
      // The relay has handed every event to Redis; the worker dies before it has run all of their jobs...
      await waitUntil(async () => (await unpublishedEvents(stack)) === 0, {
        timeoutMs: 20_000,
        what: 'every event relayed',
      });
      await stack.worker.kill('SIGKILL');
      const owed = await stack.db.pendingJob.count({ where: { deadAt: null } });
      // A contact mail the worker sent but had not marked when it died is owed, and is sent again (docs/events.md).
      const contactMailsOwed = await stack.db.pendingJob.count({
        where: { deadAt: null, job: 'mail.contact_notification' },
      });
      // ...and Redis loses them all.
      await stack.redis.flushAll();
      expect(await stack.redis.keys('*')).toEqual([]);
      expect(owed).toBeGreaterThan(0);

      await stack.worker.start();
      await expectEverythingOnce(orders, leaving, contactsBefore, contactMailsOwed);
      expect(reconcilerRequeues()).toBeGreaterThan(0);
    }),
  180_000,
);

it(
  'runs every job once after FLUSHALLs while refunds wait on a slow Razorpay and documents are printed',
  () =>
    stack.explained(async () => {
      const admin = await stack.newUser({ role: 'admin' });
      const products = await newProducts(stack, ORDERS);
      const contactsBefore = (await readCapturedMails(join(stack.dir, 'mail'))).filter((mail) =>
        mail.subject.includes('Flush tester'),
      ).length;
      const requeuesBefore = reconcilerRequeues();
      stack.sandbox.faults.add({ method: 'POST', path: '/v1/payments/:id/refund', delayMs: 2_500 });

      const { orders, leaving } = await startTheWork(admin, products);
      // Flushed while refunds are mid-call at Razorpay, and again a moment later, while the follow-up jobs are queued.
      await waitUntil(async () => (await stack.db.refund.count({ where: { leasedUntil: { not: null } } })) > 0, {
        timeoutMs: 20_000,
        what: 'a refund in flight at Razorpay',
      });
      await stack.redis.flushAll();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await stack.redis.flushAll();
      stack.sandbox.faults.clear();

      await expectEverythingOnce(orders, leaving, contactsBefore);
      expect(reconcilerRequeues()).toBeGreaterThan(requeuesBefore);
    }),
  180_000,
);
