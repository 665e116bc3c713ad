import { randomUUID } from 'node:crypto';
import { ACCESS_MESSAGES, WRITE_LIMIT_MESSAGES, WRITE_RATE_LIMITS } from '@mandi/domain';
import { jobsForEvent, eventRoutes, SIGNUP_EXPIRY_DELAY_MS } from '@mandi/events';
import { EmulatorAccounts } from '@mandi/identity';
import { newProduct } from '@mandi/database';
import { BENGALURU_ADDRESS } from '../../apps/api/test/addresses.testing.js';
import { multipart, picture, productFields } from '../../apps/api/test/catalog.testing.js';
import { waitUntil } from '../faults/support/wait.js';
import { ReplicaCluster, type ReplicaApi } from './replica-cluster.js';

// Two APIs and two workers against one PostgreSQL and one Redis, as `MANDI_REPLICAS=2 npm start` runs them and a
// deployment scales them (docs/development.md, "Replicas"). The buying journeys go through the HTTP API with their
// requests alternating between the two APIs; then every event must have been handled once by one of the two workers,
// every deadline settled once although both workers sweep, and every effect (invoice, credit note, refund, mail) must
// exist once. Rate limits and the listing cache must be the same for both APIs.

/** The order window of this suite: long enough for a journey's moves, short enough for deadlines to pass in it. */
const WINDOW_MS = 20_000;
/** Both workers sweep for overdue orders every second, so the sweeps race each other and the deadline jobs. */
const SWEEP_MS = 1_000;
/** Both workers' reconcilers look at pending jobs every half second and take one unseen for 3 s for lost. */
const LOST_AFTER_MS = 3_000;

/** A signed-in person: the emulator's account and our user id. */
interface Person {
  uid: string;
  email: string;
  token: string;
  id: number;
}

/** The delivery address every order of this suite goes to (the directory: 560001, Karnataka, Bangalore). */
const bengaluru = BENGALURU_ADDRESS;

/** The lines of a worker's log with this message, parsed. */
function logEntries(log: string, msg: string): Record<string, unknown>[] {
  return log
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(`"${msg}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === msg);
}

/** The jobs a worker's log says it ran (`job done`) with this outcome, as `<event id>/<job>`. */
function jobsDone(log: string, outcome: 'handled' | 'duplicate'): string[] {
  return logEntries(log, 'job done')
    .filter((entry) => entry.outcome === outcome)
    .map((entry) => `${String(entry.eventId)}/${String(entry.job)}`);
}

/** Rs 100 for 1 kg: cash on delivery adds (75 x 1.18) shipping, online 30 (docs/shipping.md). */
const COD_BILLING = { subtotal: 100, shippingCost: 88.5, grandTotal: 188.5 };
const ONLINE_BILLING = { subtotal: 100, shippingCost: 30, grandTotal: 130 };

describe('two APIs and two workers on one PostgreSQL and one Redis', () => {
  let cluster: ReplicaCluster;
  let a: ReplicaApi;
  let b: ReplicaApi;
  const emulator = new EmulatorAccounts();
  let buyer: Person;
  let seller: Person;
  let admin: Person;
  let limited: Person;
  let addressId: string;
  /** The product every order buys, posted through API A. */
  let productId: string;
  /** Orders left to their deadline, with what the deadline must leave them as. */
  const deadlines: { orderId: number; reason: string; refunded: boolean }[] = [];

  beforeAll(async () => {
    cluster = await ReplicaCluster.start({
      replicas: 2,
      env: {
        ORDER_DECISION_WINDOW_MS: String(WINDOW_MS),
        ORDER_DEADLINE_SWEEP_MS: String(SWEEP_MS),
        JOB_LOST_AFTER_MS: String(LOST_AFTER_MS),
      },
    });
    [a, b] = cluster.apis as [ReplicaApi, ReplicaApi];
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    // The emulator is shared with the other test files; one that went away took these accounts with it.
    await emulator.removeAll().catch(() => undefined);
  }, 60_000);

  /** Waits for `probe`, showing the processes' logs when it never comes. */
  const waitFor = (probe: () => Promise<boolean>, what: string, timeoutMs = 60_000) =>
    waitUntil(probe, { timeoutMs, intervalMs: 200, what: () => `${what}\n${cluster.logs()}` });

  const db = () => cluster.db.prisma;

  /**
   * Signs a person up as the storefront does, through both APIs: the verification mail asked for on `first` (a worker
   * sends it), read in the development inbox of `second` and followed, the user record made on `second`, the id
   * looked up on `first`.
   */
  async function signUp(first: ReplicaApi, second: ReplicaApi): Promise<Person> {
    const account = await emulator.signUp();
    const username = `u${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const asked = await first.request('POST', '/api/auth/send-verification', {
      token: account.token,
      payload: { email: account.email, displayName: username, uid: account.uid },
    });
    expect(asked.status).toBe(200);

    let mails: { text: string }[] = [];
    await waitFor(async () => {
      mails = (await second.request('GET', `/dev/mail/messages.json?to=${encodeURIComponent(account.email)}`)).json();
      return mails.length > 0;
    }, `the verification mail to ${account.email} in API ${second.label}'s inbox`);
    const link = /https?:\/\/\S+/.exec(mails[0]!.text)![0];
    expect((await emulator.applyActionCode(new URL(link).searchParams.get('oobCode')!)).status).toBe(200);
    const { token } = await emulator.signIn(account.email);

    const created = await second.request('POST', '/api/user/create-user', {
      token,
      payload: {
        email: account.email,
        username,
        agreedToTerms: true,
        agreedAt: new Date().toISOString(),
        ipAddress: '203.0.113.7',
        termsVersion: 'v1.0',
      },
    });
    expect(created.status).toBe(201);
    const known = await first.request('POST', '/api/user/getUserId', { token, payload: { uid: account.uid } });
    expect(known.status).toBe(200);
    expect(String(known.json().userId)).toBe(String(created.json().userId));
    return { uid: account.uid, email: account.email, token: token!, id: Number(created.json().userId) };
  }

  const placeCod = (api: ReplicaApi) =>
    api.request('POST', '/api/payment/cod', {
      token: buyer.token,
      payload: {
        userId: buyer.id,
        addressId,
        cartItems: [{ productId, quantity: 1, price: 100 }],
        billing: COD_BILLING,
      },
    });
  const items = () => [{ productId, productName: 'Replica Tamatar', quantity: 1, price: 100 }];
  /** Opens an online order on `api`: its Razorpay order id and our order id. */
  async function placeOnline(api: ReplicaApi): Promise<{ providerOrderId: string; orderId: number }> {
    const created = await api.request('POST', '/api/payment/order', {
      token: buyer.token,
      payload: { userId: buyer.id, addressId, items: items(), amount: ONLINE_BILLING.grandTotal },
    });
    expect(created.status).toBe(201);
    const providerOrderId: string = created.json().order.id;
    const order = await db().order.findFirstOrThrow({ where: { payments: { some: { providerOrderId } } } });
    return { providerOrderId, orderId: order.id };
  }
  /**
   * The buyer pays in Razorpay's checkout; the storefront reports it to `successOn`, and Razorpay's webhooks of the
   * payment (payment.captured, order.paid) reach API A, the account's webhook address, afterwards.
   */
  async function pay(providerOrderId: string, successOn: ReplicaApi): Promise<void> {
    const paid = await cluster.sandbox.payOrder(providerOrderId, { outcome: 'success', delivery: 'never' });
    const reported = await successOn.request('POST', '/api/payment/payment-success', {
      token: buyer.token,
      payload: {
        userId: buyer.id,
        addressId,
        items: items(),
        payment: { ...paid, amount: ONLINE_BILLING.grandTotal },
        billing: ONLINE_BILLING,
      },
    });
    expect(reported.status).toBe(200);
    const webhooks = [...cluster.sandbox.webhooks.events.values()].filter((event) =>
      event.body.includes(providerOrderId),
    );
    expect(webhooks.map((event) => event.event).sort()).toEqual(['order.paid', 'payment.captured']);
    await Promise.all(webhooks.map((event) => cluster.sandbox.webhooks.redeliver(event.id)));
  }
  const move = (api: ReplicaApi, path: string, orderId: number, payload?: unknown) =>
    api.request('PUT', `/api/admin/orders/${path}/${orderId}`, { token: admin.token, payload });
  const requestCancel = (api: ReplicaApi, orderId: number, reason: string) =>
    api.request('PUT', `/api/orders/cancel-request/${orderId}`, { token: buyer.token, payload: { reason } });
  const details = async (api: ReplicaApi, orderId: number) => {
    const answer = await api.request('GET', `/api/orders/details/${orderId}`, { token: buyer.token });
    expect(answer.status).toBe(200);
    return answer.json();
  };
  const listedNames = async (api: ReplicaApi): Promise<string[]> => {
    const answer = await api.request('GET', '/api/products');
    expect(answer.status).toBe(200);
    return answer.json().map((product: { name: string }) => product.name);
  };
  const eventCount = (type: string, aggregateId: number) =>
    db().outboxEvent.count({ where: { type, aggregateId: String(aggregateId) } });
  const sandboxRefundsOf = (providerPaymentId: string) =>
    [...cluster.sandbox.state.refunds.values()].filter((refund) => refund.payment_id === providerPaymentId);

  it("signs people up through one API and in through the other; a worker's mail shows in either inbox", async () => {
    [buyer, seller, admin, limited] = await Promise.all([signUp(a, b), signUp(b, a), signUp(a, b), signUp(b, a)]);
    // The console's first admin is made in the database, as the seed does.
    await db().user.update({ where: { id: admin.id }, data: { role: 'admin' } });
    expect(await db().outboxEvent.count({ where: { type: 'signup.verification_requested' } })).toBe(4);
    for (const person of [buyer, seller, admin, limited]) {
      const inboxA = (await a.request('GET', `/dev/mail/messages.json?to=${encodeURIComponent(person.email)}`)).json();
      const inboxB = (await b.request('GET', `/dev/mail/messages.json?to=${encodeURIComponent(person.email)}`)).json();
      expect(inboxA).toHaveLength(1);
      expect(inboxB).toEqual(inboxA);
    }
  });

  it('shares the listing cache: a page cached by A is what B answers, and a product posted on A is listed by B at once', async () => {
    expect(await listedNames(a)).toEqual([]);
    // A product written behind the APIs' back moves no catalog version: B answering without it proves B read the
    // page A cached in Redis (each API caching its own page would show it).
    await newProduct(db(), { sellerId: seller.id, name: 'Written behind the API' });
    expect(await listedNames(b)).toEqual([]);

    const posted = await a.request('POST', '/api/products', {
      token: seller.token,
      payload: multipart(productFields(seller, { name: 'Replica Tamatar', price: '100', requestId: randomUUID() }), [
        { name: 'front.jpg', bytes: await picture('jpeg') },
      ]),
    });
    expect(posted.status).toBe(201);
    productId = String(posted.json().product.id);

    expect(await listedNames(b)).toEqual(['Replica Tamatar', 'Written behind the API']);
    expect(await listedNames(a)).toEqual(['Replica Tamatar', 'Written behind the API']);
  });

  it(`shares rate limits: ${WRITE_RATE_LIMITS.addressWrites.limit} address writes alternating A and B, then 429 on both`, async () => {
    const { limit } = WRITE_RATE_LIMITS.addressWrites;
    const created = await a.request('POST', '/api/addresses', {
      token: limited.token,
      payload: { ...bengaluru, user_id: limited.id },
    });
    expect(created.status).toBe(201);
    const statuses = [created.status];
    for (let i = 1; i < limit + 2; i += 1) {
      const api = i % 2 === 1 ? b : a;
      statuses.push(
        (await api.request('PUT', `/api/addresses/${created.json().id}/set-default`, { token: limited.token })).status,
      );
    }
    expect(statuses).toEqual([201, ...Array.from({ length: limit - 1 }, () => 200), 429, 429]);
    const refused = await a.request('PUT', `/api/addresses/${created.json().id}/set-default`, { token: limited.token });
    expect(refused.status).toBe(429);
    expect(refused.json().message).toBe(WRITE_LIMIT_MESSAGES.tooManyAddressChanges);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a suspended or deleted user on both APIs from the answer on, though both kept them as a caller', async () => {
    const leaver = await signUp(b, a);
    const whoAmI = (api: ReplicaApi) =>
      api.request('POST', '/api/user/getUserId', { token: leaver.token, payload: { uid: leaver.uid } });
    const toggle = (api: ReplicaApi) =>
      api.request('PUT', '/api/admin/toggle-user', { token: admin.token, payload: { userId: leaver.id } });
    const usersList = (api: ReplicaApi) => api.request('GET', '/api/admin/users', { token: leaver.token });
    // Both APIs read and keep the caller.
    for (const api of [a, b, a, b]) expect((await whoAmI(api)).status).toBe(200);

    expect((await toggle(a)).json().newStatus).toBe('suspended');
    for (const api of [b, a]) {
      const refused = await whoAmI(api);
      expect(refused.status).toBe(403);
      expect(refused.json().message).toBe(ACCESS_MESSAGES.suspended);
    }
    expect((await toggle(b)).json().newStatus).toBe('active');
    for (const api of [a, b]) expect((await whoAmI(api)).status).toBe(200);

    // A role changed by hand in the database (no route changes one) is heard by both APIs through PostgreSQL's
    // notification, within moments rather than at once: the test asks until it shows, for at most a second.
    const roleShows = async (status: number) => {
      for (const api of [a, b])
        await waitFor(
          async () => (await usersList(api)).status === status,
          `the console list answering ${status} on API ${api.label}`,
          1_000,
        );
    };
    await roleShows(403);
    await db().user.update({ where: { id: leaver.id }, data: { role: 'admin' } });
    await roleShows(200);
    await db().user.update({ where: { id: leaver.id }, data: { role: 'user' } });
    await roleShows(403);

    const deleted = await b.request('DELETE', `/api/user/delete-account/${leaver.uid}`, { token: leaver.token });
    expect(deleted.status).toBe(200);
    const gone = await whoAmI(a);
    expect(gone.status).toBe(403);
    expect(gone.json().message).toBe(ACCESS_MESSAGES.noAccount);
  });

  it('leaves orders to their deadline: pending and cancel-requested, cash and online, one of them paid', async () => {
    const address = await b.request('POST', '/api/addresses', {
      token: buyer.token,
      payload: { ...bengaluru, user_id: buyer.id },
    });
    expect(address.status).toBe(201);
    addressId = String(address.json().id);

    const pendingCod = await placeCod(a);
    expect(pendingCod.status).toBe(201);
    deadlines.push({
      orderId: Number(pendingCod.json().orderId),
      reason: 'Not confirmed within 8 hours',
      refunded: false,
    });

    const askedCod = await placeCod(b);
    expect(askedCod.status).toBe(201);
    expect((await requestCancel(a, Number(askedCod.json().orderId), 'Ordered twice')).status).toBe(200);
    deadlines.push({ orderId: Number(askedCod.json().orderId), reason: 'Ordered twice', refunded: false });

    const unpaid = await placeOnline(b);
    deadlines.push({ orderId: unpaid.orderId, reason: 'Not confirmed within 8 hours', refunded: false });

    // Asked to cancel, then paid anyway: the deadline cancels it with the buyer's reason and the money goes back.
    const paidLate = await placeOnline(a);
    expect((await requestCancel(b, paidLate.orderId, 'Wrong address')).status).toBe(200);
    await pay(paidLate.providerOrderId, a);
    expect(await db().order.findUniqueOrThrow({ where: { id: paidLate.orderId } })).toMatchObject({
      status: 'cancel_requested',
      paymentStatus: 'paid',
    });
    deadlines.push({ orderId: paidLate.orderId, reason: 'Wrong address', refunded: true });
  });

  it("buys cash on delivery: cart on A, checkout on B, the admin's moves alternating, the invoice once", async () => {
    expect(
      (await a.request('POST', '/api/cart/add', { token: buyer.token, payload: { uid: buyer.uid, productId } })).status,
    ).toBe(201);
    const cart = await b.request('GET', `/api/cart/${buyer.uid}`, { token: buyer.token });
    expect(cart.json().map((line: { id: string }) => line.id)).toEqual([productId]);

    const placed = await placeCod(b);
    expect(placed.status).toBe(201);
    const orderId = Number(placed.json().orderId);
    expect((await a.request('GET', `/api/cart/${buyer.uid}`, { token: buyer.token })).json()).toEqual([]);

    expect((await move(a, 'confirm', orderId)).json().order.status).toBe('confirmed');
    expect((await move(b, 'payment', orderId, { status: 'paid' })).status).toBe(200);
    expect((await move(a, 'shipped', orderId, { status: 'shipped' })).json().order.status).toBe('shipped');
    expect((await move(b, 'delivered', orderId, { status: 'delivered' })).json().order.status).toBe('delivered');
    // The same move again, on the other API: refused with the order as it is.
    expect((await move(a, 'delivered', orderId, { status: 'delivered' })).status).toBe(409);

    let invoice: { invoice_id: string; number: string } | null = null;
    await waitFor(
      async () => (invoice = (await details(b, orderId)).invoice) !== null,
      `the invoice of order ${orderId}`,
    );
    const pdf = await a.request('GET', `/api/invoices/${invoice!.invoice_id}/download`, { token: buyer.token });
    expect(pdf.status).toBe(200);
    expect(pdf.body.startsWith('%PDF')).toBe(true);
  });

  it("pays online: the order opened on A, the checkout's success reported to B, Razorpay's webhooks to A, paid once", async () => {
    const { providerOrderId, orderId } = await placeOnline(a);
    await pay(providerOrderId, b);
    await cluster.sandbox.idle();
    expect(cluster.sandbox.webhooks.deliveries.filter((delivery: { ok: boolean }) => !delivery.ok)).toEqual([]);
    expect(await details(a, orderId)).toMatchObject({
      status: 'confirmed',
      payment: { payment_method: 'online', status: 'paid' },
    });
    expect(await eventCount('order.paid', orderId)).toBe(1);
    expect(await eventCount('payment.captured', orderId)).toBe(1);
    await waitFor(async () => (await details(b, orderId)).invoice !== null, `the invoice of order ${orderId}`);
  });

  it('cancels on request: asked on B, paid, cancelled by the admin on A; refunded and credited once', async () => {
    const { providerOrderId, orderId } = await placeOnline(a);
    expect((await requestCancel(b, orderId, 'Changed my mind')).json()).toMatchObject({ status: 'cancel_requested' });
    await pay(providerOrderId, a);
    // The admin's cancel on A, and a second admin's on B a moment later: one wins, the other is told so.
    const [first, second] = [await move(a, 'cancel', orderId), await move(b, 'cancel', orderId)];
    expect(first.json().order).toMatchObject({ status: 'cancelled' });
    expect(second.status).toBe(409);

    await waitFor(async () => {
      const order = await details(b, orderId);
      return order.creditNote !== null && order.invoice !== null;
    }, `the invoice and credit note of order ${orderId}`);
    await waitFor(
      async () => (await db().refund.findFirst({ where: { payment: { orderId } } }))?.status === 'processed',
      `the refund of order ${orderId}`,
    );
    const payment = await db().payment.findFirstOrThrow({ where: { orderId } });
    expect(sandboxRefundsOf(payment.providerPaymentId!)).toHaveLength(1);
    expect(await eventCount('order.cancelled', orderId)).toBe(1);
  });

  it(
    'settles every deadline once, although both workers sweep every second beside the deadline jobs',
    async () => {
      expect(deadlines).toHaveLength(4);
      const ids = deadlines.map((deadline) => deadline.orderId);
      await waitFor(
        async () => (await db().order.count({ where: { id: { in: ids }, status: 'cancelled' } })) === ids.length,
        'the deadlines of the orders left to them',
        WINDOW_MS + 60_000,
      );
      for (const { orderId, reason, refunded } of deadlines) {
        expect(await db().order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
          status: 'cancelled',
          cancelReason: reason,
        });
        expect(await eventCount('order.cancelled', orderId)).toBe(1);
        if (!refunded) continue;
        await waitFor(
          async () => (await db().refund.findFirst({ where: { payment: { orderId } } }))?.status === 'processed',
          `the refund of order ${orderId}`,
        );
        const payment = await db().payment.findFirstOrThrow({ where: { orderId } });
        expect(sandboxRefundsOf(payment.providerPaymentId!)).toHaveLength(1);
      }
    },
    WINDOW_MS + 120_000,
  );

  it('handles every event once, in one worker or the other, and every effect exists once', async () => {
    const delays: Record<string, number> = { 'order.settle': WINDOW_MS, 'signup.expire': SIGNUP_EXPIRY_DELAY_MS };
    let done: string[] = [];
    /** Every routed job of every event, as `<event id>/<job>`, with the time it is due. */
    let routed = new Map<string, number>();
    let unpublished = 0;
    /** Pending jobs (the reconciler's ledger) that are due: each must have been handled and its row removed. */
    let duePending: unknown[] = [];
    /** When the last look began: what was due then must have been handled by then. */
    let lookedAt = 0;
    /** Routed jobs that were due when we looked and that no worker had handled. */
    const missing = () =>
      [...routed].filter(([job, dueAt]) => dueAt <= lookedAt && !done.includes(job)).map(([job]) => job);
    await waitFor(async () => {
      lookedAt = Date.now();
      // The handled jobs first: an event a job writes commits with that job's mark, so an event newer than this read
      // shows as its writer's missing mark, never as a quiet state.
      done = (await db().processedEvent.findMany()).map((row) => `${row.eventId}/${row.handler}`);
      const events = await db().outboxEvent.findMany({
        select: { id: true, type: true, createdAt: true, publishedAt: true },
      });
      unpublished = events.filter((event) => event.publishedAt === null).length;
      routed = new Map(
        events.flatMap((event) =>
          jobsForEvent(eventRoutes, event.type).map(
            (job) => [`${event.id}/${job}`, event.createdAt.getTime() + (delays[job] ?? 0)] as const,
          ),
        ),
      );
      duePending = await db().pendingJob.findMany({ where: { dueAt: { lte: new Date(lookedAt) } } });
      return unpublished === 0 && missing().length === 0 && duePending.length === 0;
    }, 'every due job to be handled and its pending row gone');

    // Every due job handled, none that no route names, none early (the sign-ups' expiry is two minutes off), and none
    // twice (processed_events is keyed by event and job, and the log below counts the runs).
    expect(missing()).toEqual([]);
    expect(done.filter((job) => !routed.has(job))).toEqual([]);
    expect(done.filter((job) => routed.get(job)! > lookedAt + 1_000)).toEqual([]);
    expect(await db().failedJob.findMany()).toEqual([]);

    // Each handled job was run to the end by exactly one worker (its 'job done' line), and both workers took part.
    const handledBy = cluster.workers.map((worker) => jobsDone(worker.logs(), 'handled'));
    const handled = handledBy.flat();
    expect(handled.filter((job) => done.includes(job)).sort()).toEqual([...done].sort());
    expect(new Set(handled).size).toBe(handled.length);
    for (const jobsOfWorker of handledBy) expect(jobsOfWorker.length).toBeGreaterThan(0);

    // The reconcilers of both workers looked every half second and doubled nothing: no job was taken for lost and
    // enqueued again (nothing was lost), so no job was delivered a second time; every due job's pending row is gone
    // (waited for above), and the rows still waiting (deadlines and the sign-ups' expiry) were enqueued once.
    const logs = cluster.workers.map((worker) => worker.logs()).join('\n');
    const requeued = logEntries(logs, 'pending jobs reconciled with their queues').map((entry) =>
      Number(entry.requeued ?? 0),
    );
    expect(requeued.filter((count) => count > 0)).toEqual([]);
    expect(jobsDone(logs, 'duplicate')).toEqual([]);
    const waiting = await db().pendingJob.findMany();
    expect(waiting.filter((row) => row.deadAt !== null || row.enqueues !== 1)).toEqual([]);

    // Every announcement once per subject: no move, payment, document or refund was made twice.
    const announcements = await db().$queryRaw<{ type: string; aggregate_id: string; count: bigint }[]>`
      SELECT type, aggregate_id, count(*) FROM outbox_events GROUP BY type, aggregate_id HAVING count(*) > 1`;
    expect(announcements).toEqual([]);

    // The documents: 4 paid orders (cash, online, and the two cancelled after paying), each invoiced once and
    // numbered without a gap; the two cancelled ones credited once. Every PDF printed.
    const pdf = expect.stringMatching(/\.pdf$/);
    const invoices = await db().invoice.findMany({ orderBy: { sequence: 'asc' } });
    expect(invoices.map((invoice) => [invoice.sequence, invoice.pdfFileKey])).toEqual(
      [1, 2, 3, 4].map((n) => [n, pdf]),
    );
    expect(new Set(invoices.map((invoice) => invoice.orderId)).size).toBe(4);
    const creditNotes = await db().creditNote.findMany({ orderBy: { sequence: 'asc' } });
    expect(creditNotes.map((note) => [note.sequence, note.pdfFileKey])).toEqual([1, 2].map((n) => [n, pdf]));
    // Two refunds, each processed once here and once at Razorpay.
    const refunds = await db().refund.findMany({ include: { payment: true } });
    expect(refunds.map((refund) => refund.status)).toEqual(['processed', 'processed']);
    for (const refund of refunds) expect(sandboxRefundsOf(refund.payment.providerPaymentId!)).toHaveLength(1);
    // One verification mail per person, whichever worker sent it.
    for (const person of [buyer, seller, admin, limited]) {
      const mails: { subject: string }[] = (
        await b.request('GET', `/dev/mail/messages.json?to=${encodeURIComponent(person.email)}`)
      ).json();
      expect(mails.filter((mail) => mail.subject.startsWith('Verify'))).toHaveLength(1);
    }
  }, 120_000);
});
