import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FaultStack } from './support/fault-stack.js';
import { deadJobs, unprocessedJobs, wrongEffects } from './support/ledger-checks.js';
import { adminMove, newBuyer, newProducts, paidOnlineOrder } from './support/shop.js';
import { waitUntil } from './support/wait.js';

// The worker SIGKILLed in the middle of printing an invoice and in the middle of a refund at Razorpay. Nothing of a
// killed run was committed; BullMQ hands its job to the restarted worker once the dead one's lock runs out (30 s),
// and the refund's lease (RAZORPAY_TIMEOUT_MS x 2 + 5 s) keeps anyone from asking Razorpay again before then.
// Afterwards: exactly one invoice with one PDF, exactly one refund at Razorpay and in our books.

/** BullMQ's lock (30 s) plus its stalled-job check (30 s), plus the refund's lease and a margin for a busy machine. */
const RECOVERY_MS = 120_000;

let stack: FaultStack;

beforeAll(async () => {
  stack = await FaultStack.start({ name: 'worker-kill' });
}, 180_000);

afterAll(() => stack?.stop(), 60_000);

/** Sends `name` to each of `pids` still running. */
function signal(pids: readonly number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}

async function everyJobRun(): Promise<void> {
  await waitUntil(async () => (await unprocessedJobs(stack)).filter((job) => job.job !== 'order.settle').length === 0, {
    timeoutMs: RECOVERY_MS,
    what: async () =>
      `every job run; still owed: ${JSON.stringify((await unprocessedJobs(stack)).map((job) => job.job))}`,
  });
}

it(
  'prints exactly one PDF of an invoice whose worker was killed while Chromium printed it',
  () =>
    stack.explained(async () => {
      // Chromium is stopped (SIGSTOP) before the order, so the render hangs mid-print however fast the machine is: a
      // kill timed by polling alone came after a warm Chromium had already printed (CI, stop 38).
      await waitUntil(async () => stack.worker.descendants().length > 0, {
        timeoutMs: 20_000,
        what: "the worker's Chromium started",
      });
      const chromium = stack.worker.descendants();
      signal(chromium, 'SIGSTOP');
      const [product] = await newProducts(stack, 1);
      const orderId = await paidOnlineOrder(stack, await newBuyer(stack), product!);

      // The invoice is numbered; its render job is running, stuck in Chromium: kill the worker, then its Chromium.
      await waitUntil(async () => (await stack.db.invoice.count({ where: { orderId } })) === 1, {
        timeoutMs: 20_000,
        what: 'the invoice numbered',
      });
      await waitUntil(async () => (await stack.activeJobs('documents')).includes('invoice.render'), {
        timeoutMs: 20_000,
        what: 'the invoice being printed',
      });
      await stack.worker.kill('SIGKILL');
      signal(chromium, 'SIGKILL');
      expect((await stack.db.invoice.findFirstOrThrow({ where: { orderId } })).pdfFileKey).toBeNull();

      await stack.worker.start();
      await everyJobRun();
      await waitUntil(
        async () => (await stack.db.invoice.findFirstOrThrow({ where: { orderId } })).pdfFileKey !== null,
        {
          timeoutMs: RECOVERY_MS,
          what: 'the invoice printed',
        },
      );

      const invoice = await stack.db.invoice.findFirstOrThrow({ where: { orderId } });
      expect(await stack.db.invoice.count({ where: { orderId } })).toBe(1);
      // One document, and the PDF it records is in the file store. (A render cut short after storing its file leaves
      // that file unrecorded: never served, never a second document.)
      const pdfs = readdirSync(join(stack.dir, 'files', 'invoices', String(orderId)));
      expect(pdfs).toContain(invoice.pdfFileKey!.split('/').pop());
      expect(await wrongEffects(stack)).toEqual([]);
      expect(await deadJobs(stack)).toEqual([]);
    }),
  RECOVERY_MS + 60_000,
);

it(
  'refunds exactly once when the worker is killed while Razorpay is making the refund',
  () =>
    stack.explained(async () => {
      const admin = await stack.newUser({ role: 'admin' });
      const [product] = await newProducts(stack, 1);
      const orderId = await paidOnlineOrder(stack, await newBuyer(stack), product!);
      const payment = await stack.db.payment.findFirstOrThrow({ where: { orderId, provider: 'razorpay' } });
      // Razorpay is slow to make the refund; the worker is killed while it waits for the answer.
      stack.sandbox.faults.add({ method: 'POST', path: '/v1/payments/:id/refund', delayMs: 3_000, times: 1 });

      expect((await adminMove(stack, admin, 'cancel', orderId)).status).toBe(200);
      await waitUntil(
        async () =>
          (await stack.db.refund.count({ where: { paymentId: payment.id, leasedUntil: { not: null } } })) === 1,
        {
          timeoutMs: 20_000,
          what: 'the refund asked of Razorpay',
        },
      );
      await stack.worker.kill('SIGKILL');

      await stack.worker.start();
      await waitUntil(
        async () =>
          (await stack.db.refund.findUniqueOrThrow({ where: { paymentId: payment.id } })).status === 'processed',
        {
          timeoutMs: RECOVERY_MS,
          what: 'the refund recorded as processed',
        },
      );
      await everyJobRun();

      const refunds = [...stack.sandbox.state.refunds.values()] as { id: string; payment_id: string }[];
      expect(refunds.map((refund) => refund.payment_id)).toEqual([payment.providerPaymentId]);
      expect(await stack.db.refund.findUniqueOrThrow({ where: { paymentId: payment.id } })).toMatchObject({
        status: 'processed',
        providerRefundId: refunds[0]!.id,
      });
      expect(await wrongEffects(stack)).toEqual([]);
      expect(await deadJobs(stack)).toEqual([]);
    }),
  RECOVERY_MS + 60_000,
);
