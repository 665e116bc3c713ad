import Razorpay from 'razorpay';
import { newSellerProfile } from '@mandi/database';
import { LedgerCheckRepository } from '../../apps/worker/src/ledger/ledger-check.repository.js';
import { FaultStack, type StackUser } from './support/fault-stack.js';
import { deadJobs, unprocessedJobs } from './support/ledger-checks.js';
import { adminMove, newBuyer, newProducts, paidOnlineOrder, type Buyer } from './support/shop.js';
import { waitUntil } from './support/wait.js';

// Payouts exactly once, whatever fails (issue 32, docs/payouts.md "Exactly once"): Razorpay slow, down and losing its
// answers while sellers' shares are transferred; the worker killed after Razorpay made a transfer and before the worker
// recorded it; Redis flushed while the release jobs are queued; the same transfer.failed webhook five times. Each ends
// with every payout's share at Razorpay exactly once (one transfer per payout, for its amount), booked once in the
// ledger, and a ledger without a break.

/** BullMQ's lock and stalled check (30 s each), the payout's lease (35 s), and a margin for a busy machine. */
const RECOVERY_MS = 150_000;
/** The reconciler's lost-job bound for this stack. */
const LOST_AFTER_MS = 5_000;

let stack: FaultStack;
let admin: StackUser;
let buyer: Buyer;
let razorpay: Razorpay;

beforeAll(async () => {
  stack = await FaultStack.start({
    name: 'payouts',
    env: { PAYOUT_SWEEP_MS: '500', JOB_LOST_AFTER_MS: String(LOST_AFTER_MS) },
  });
  admin = await stack.newUser({ role: 'admin' });
  buyer = await newBuyer(stack);
  razorpay = new Razorpay({ key_id: stack.sandbox.keyId, key_secret: stack.sandbox.keySecret });
  (razorpay.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = stack.sandbox.url;
}, 180_000);

afterAll(() => stack?.stop(), 60_000);

/**
 * A seller approved on Mandi with an activated Route linked account (made at the sandbox through the SDK, as the
 * worker's route_account.create makes it), and `count` products of theirs.
 */
async function approvedSeller(count: number) {
  const products = await newProducts(stack, count);
  const sellerId = products[0]!.sellerId;
  await newSellerProfile(stack.db, sellerId, { status: 'approved' });
  const account = (await razorpay.accounts.create({
    email: `seller${sellerId}@mandi.test`,
    phone: '9876543210',
    type: 'route',
    reference_id: `seller-${sellerId}`,
    legal_business_name: `Seller ${sellerId}`,
    business_type: 'individual',
    contact_name: 'Asha Rao',
    profile: {
      category: 'ecommerce',
      subcategory: 'agriculture',
      addresses: {
        registered: {
          street1: 'Survey No. 12',
          street2: 'Hesaraghatta',
          city: 'Bangalore',
          state: 'Karnataka',
          postal_code: '560001',
          country: 'IN',
        },
      },
    },
    legal_info: { pan: 'ABCPE1234F' },
  } as never)) as { id: string };
  const product = (await razorpay.products.requestProductConfiguration(account.id, {
    product_name: 'route',
    tnc_accepted: true,
  } as never)) as { id: string };
  await razorpay.products.edit(account.id, product.id, {
    settlements: { account_number: '123456789012', ifsc_code: 'SBIN0000001', beneficiary_name: 'Asha Rao' },
    tnc_accepted: true,
  } as never);
  await stack.db.sellerRouteAccount.create({
    data: {
      userId: sellerId,
      status: 'activated',
      razorpayAccountId: account.id,
      productId: product.id,
      activatedAt: new Date(),
    },
  });
  return { sellerId, accountId: account.id, products };
}

/** The payouts of `orders`, once each is in `status`. */
async function payoutsIn(orders: number[], status: string) {
  const payouts = await stack.db.sellerPayout.findMany({ where: { orderId: { in: orders } }, orderBy: { id: 'asc' } });
  return payouts.length === orders.length && payouts.every((payout) => payout.status === status) ? payouts : null;
}

async function waitForPayouts(orders: number[], status: string) {
  let found: Awaited<ReturnType<typeof payoutsIn>> = null;
  await waitUntil(async () => (found = await payoutsIn(orders, status)) !== null, {
    timeoutMs: RECOVERY_MS,
    what: async () =>
      `every payout ${status}; now ${JSON.stringify(
        (await stack.db.sellerPayout.findMany({ where: { orderId: { in: orders } } })).map((payout) => [
          payout.id,
          payout.status,
          payout.lastError,
        ]),
      )}`,
  });
  return found!;
}

/**
 * Exactly once: each payout has one live transfer at Razorpay, to its seller's account, for its amount, naming it;
 * the ledger books one 'payout' per payout (and for a failed one its return); nothing is dead, nothing owed; the
 * ledger check finds no break.
 */
async function expectPaidOnce(orders: number[], accountOf: (sellerId: number) => string) {
  const payouts = await stack.db.sellerPayout.findMany({ where: { orderId: { in: orders } } });
  for (const payout of payouts) {
    const payment = await stack.db.payment.findFirstOrThrow({
      where: { orderId: payout.orderId, provider: 'razorpay' },
    });
    const { items } = (await razorpay.payments.fetchTransfer(payment.providerPaymentId!)) as {
      items: { id: string; recipient: string; amount: number; status: string; notes: Record<string, string> }[];
    };
    const live = items.filter((transfer) => transfer.status !== 'failed');
    expect([payout.id, live.length]).toEqual([payout.id, 1]);
    expect(live[0]).toMatchObject({
      id: payout.razorpayTransferId,
      recipient: accountOf(payout.sellerId),
      amount: payout.amountPaise,
      notes: { mandi_payout_id: String(payout.id) },
    });
    const booked = await stack.db.ledgerTransaction.count({ where: { payoutId: payout.id, kind: 'payout' } });
    const returned = await stack.db.ledgerTransaction.count({
      where: { payoutId: payout.id, kind: 'payout_reversal' },
    });
    expect([payout.id, booked - returned]).toEqual([payout.id, 1]);
  }
  await waitUntil(async () => (await unprocessedJobs(stack)).filter((job) => job.job !== 'order.settle').length === 0, {
    timeoutMs: RECOVERY_MS,
    what: async () => `every job run; still owed ${JSON.stringify(await unprocessedJobs(stack))}`,
  });
  expect(await deadJobs(stack)).toEqual([]);
  expect(await new LedgerCheckRepository(stack.db as never).breaks(0)).toEqual([]);
}

it(
  'transfers every share once while Razorpay is slow, then down, then loses its answers',
  () =>
    stack.explained(async () => {
      const seller = await approvedSeller(8);
      const transfers = '/v1/payments/:id/transfers';
      stack.sandbox.faults.add({ method: 'POST', path: transfers, delayMs: 4_000, times: 3 });
      stack.sandbox.faults.add({ method: 'POST', path: transfers, status: 503, times: 4 });
      stack.sandbox.faults.add({ method: 'POST', path: transfers, status: 502, afterEffect: true, times: 3 });
      const orders: number[] = [];
      for (const product of seller.products) orders.push(await paidOnlineOrder(stack, buyer, product));

      await waitForPayouts(orders, 'on_hold');
      expect(stack.sandbox.faults.list()).toEqual([]);
      await expectPaidOnce(orders, () => seller.accountId);
    }),
  RECOVERY_MS + 60_000,
);

it(
  'records once a transfer Razorpay made while the worker that asked for it was killed before hearing the answer',
  () =>
    stack.explained(async () => {
      const seller = await approvedSeller(1);
      // Razorpay makes the transfer at once and holds its answer: the worker is killed in that window.
      stack.sandbox.faults.add({
        method: 'POST',
        path: '/v1/payments/:id/transfers',
        answerDelayMs: 20_000,
        times: 1,
      });
      const orderId = await paidOnlineOrder(stack, buyer, seller.products[0]!);
      const payment = await stack.db.payment.findFirstOrThrow({ where: { orderId, provider: 'razorpay' } });
      await waitUntil(
        async () =>
          ((await razorpay.payments.fetchTransfer(payment.providerPaymentId!)) as { items: unknown[] }).items.length ===
          1,
        { timeoutMs: 30_000, what: 'the transfer made at Razorpay' },
      );
      await stack.worker.kill('SIGKILL');
      expect((await stack.db.sellerPayout.findFirstOrThrow({ where: { orderId } })).razorpayTransferId).toBeNull();

      await stack.worker.start();
      await waitForPayouts([orderId], 'on_hold');
      await expectPaidOnce([orderId], () => seller.accountId);
    }),
  RECOVERY_MS + 60_000,
);

it(
  'releases every due share once after Redis is flushed with the release jobs queued',
  () =>
    stack.explained(async () => {
      const seller = await approvedSeller(4);
      const orders: number[] = [];
      for (const product of seller.products) orders.push(await paidOnlineOrder(stack, buyer, product));
      await waitForPayouts(orders, 'on_hold');
      for (const orderId of orders) {
        expect((await adminMove(stack, admin, 'shipped', orderId)).status).toBe(200);
        expect((await adminMove(stack, admin, 'delivered', orderId)).status).toBe(200);
      }
      // The worker stops; two days pass; it starts again, its sweep makes the payouts due and queues their release,
      // and Redis loses whatever was queued.
      await stack.worker.stop();
      // Razorpay is slow to release, so the release jobs are still queued or in their call when Redis is flushed.
      stack.sandbox.faults.add({ method: 'PATCH', path: '/v1/transfers/:id', delayMs: 3_000, times: 4 });
      await stack.db.order.updateMany({
        where: { id: { in: orders } },
        data: { deliveredAt: new Date(Date.now() - 49 * 3_600_000) },
      });
      await stack.worker.start();
      await waitUntil(
        async () =>
          (await stack.db.sellerPayout.count({ where: { orderId: { in: orders }, status: { not: 'on_hold' } } })) > 0,
        {
          timeoutMs: 30_000,
          what: 'the sweep making the payouts due',
        },
      );
      await stack.redis.flushAll();

      await waitForPayouts(orders, 'released');
      for (const payout of (await payoutsIn(orders, 'released'))!) {
        const transfer = (await razorpay.transfers.fetch(payout.razorpayTransferId!)) as { on_hold: boolean };
        expect(transfer.on_hold).toBe(false);
      }
      await expectPaidOnce(orders, () => seller.accountId);
    }),
  RECOVERY_MS + 60_000,
);

it(
  'fails a transfer once when Razorpay sends its transfer.failed five times',
  () =>
    stack.explained(async () => {
      const seller = await approvedSeller(1);
      stack.sandbox.failNextTransfer({ account: seller.accountId });
      const orderId = await paidOnlineOrder(stack, buyer, seller.products[0]!);
      const failed = await waitForPayouts([orderId], 'failed');
      const event = [...stack.sandbox.webhooks.events.values()].find(
        (recorded: { event: string }) => recorded.event === 'transfer.failed',
      ) as { id: string };
      for (let time = 0; time < 4; time += 1)
        await fetch(`${stack.sandbox.url}/sandbox/webhooks/redeliver`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ event_id: event.id, wait: true }),
        });
      await waitUntil(async () => (await unprocessedJobs(stack)).length === 0, {
        timeoutMs: 30_000,
        what: 'the webhooks handled',
      });
      // One failure booked back, whatever the number of deliveries.
      expect(
        await stack.db.ledgerTransaction.count({ where: { payoutId: failed[0]!.id, kind: 'payout_reversal' } }),
      ).toBe(1);
      expect(await stack.db.outboxEvent.count({ where: { type: 'payout.transfer_failed' } })).toBe(1);
      expect(await new LedgerCheckRepository(stack.db as never).breaks(0)).toEqual([]);
    }),
  RECOVERY_MS + 60_000,
);
