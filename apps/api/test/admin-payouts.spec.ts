import Razorpay from 'razorpay';
import { routeUrl, type AdminPayoutList, type PayoutReconciliation, type SellerLedger } from '@mandi/contracts';
import { newOrder, newSellerProfile, type Order } from '@mandi/database';
import {
  ADJUSTMENT_MESSAGES as M,
  RECONCILIATION_MESSAGES,
  SELLER_DASHBOARD_MESSAGES,
  financialYearOf,
  indiaDateParts,
  type PayoutStatus,
} from '@mandi/domain';
import { bookLedgerTransaction } from '@mandi/events';
import { startRazorpaySandbox } from '../../../tools/razorpay-sandbox/sandbox.mjs';
import { bearer } from './catalog.testing.js';
import { ApiHarness, type TestUser } from './harness.js';

// Payouts in the console (issue 32, docs/payouts.md) against the real API, PostgreSQL, Redis, the Auth emulator and the
// Razorpay sandbox in-process: the summary and list of payouts, a failed payout's retry (its event and audit row once,
// whoever wins a race), a seller's ledger, an adjustment of their balance, their settle-after period, the
// reconciliation of the ledger and the payouts against Razorpay's transfers, and the ledger check on the health page.
// Ledger rows are booked with bookLedgerTransaction, payouts made with prisma.sellerPayout.create.

type Sandbox = Awaited<ReturnType<typeof startRazorpaySandbox>>;

/** Long before any period a test reconciles: the list's payouts were transferred then. */
const LONG_AGO = new Date('2026-01-05T06:30:00.000Z');

describe('payouts in the console', () => {
  let sandbox: Sandbox;
  let api: ApiHarness;
  let razorpay: Razorpay;
  let admin: TestUser;
  let secondAdmin: TestUser;
  let user: TestUser;
  let buyer: TestUser;
  let sales = 0;

  beforeAll(async () => {
    sandbox = await startRazorpaySandbox({ port: 0, balance: 50_000_000 });
    api = await ApiHarness.start({
      RAZORPAY_API_URL: sandbox.url,
      RAZORPAY_KEY_ID: sandbox.keyId,
      RAZORPAY_KEY_SECRET: sandbox.keySecret,
    });
    razorpay = new Razorpay({ key_id: sandbox.keyId, key_secret: sandbox.keySecret });
    (razorpay.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = sandbox.url;
    [admin, secondAdmin, user, buyer] = await Promise.all([
      api.newUser({ role: 'admin' }),
      api.newUser({ role: 'admin' }),
      api.newUser(),
      api.newUser(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    await sandbox?.close();
  });

  const db = () => api.db.prisma;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: TestUser | null, payload?: unknown) =>
    api.request({ method, url, headers: who ? bearer(who) : {}, payload });
  const list = async (query: Record<string, string | number> = {}) => {
    const response = await call('GET', routeUrl('adminPayouts', { query }), admin);
    expect(response.statusCode).toBe(200);
    return response.json() as AdminPayoutList;
  };
  const ledgerOf = async (uid: string, page = 1) => {
    const response = await call('GET', routeUrl('sellerLedger', { params: { uid }, query: { page } }), admin);
    expect(response.statusCode).toBe(200);
    return response.json() as SellerLedger;
  };
  const audit = (action: string) => db().auditEntry.findMany({ where: { action }, orderBy: { id: 'asc' } });
  const outbox = (type: string, payoutId: number) =>
    db().outboxEvent.findMany({ where: { type, aggregateId: String(payoutId) } });
  const fy = financialYearOf(new Date()).startYear;

  /** A seller with a business profile (their legal name is how the console names them). */
  async function newSeller(legalName?: string) {
    const seller = await api.newUser();
    if (legalName) await newSellerProfile(db(), seller.id, { legalName });
    return seller;
  }

  /** An order of the buyer's, delivered or pending. */
  const orderOf = (delivered: boolean) =>
    newOrder(db(), {
      userId: buyer.id,
      status: delivered ? 'delivered' : 'pending',
      deliveredAt: delivered ? new Date() : null,
    });

  /** The seller's share of a document booked as a sale: the buyer's money owed to the seller, net `paise`. */
  async function bookSale(seller: TestUser, order: Order, paise: number): Promise<number> {
    sales += 1;
    const id = await bookLedgerTransaction(db(), {
      kind: 'sale',
      sourceKey: `invoice:${9000 + sales}:seller-${seller.uid}`,
      orderId: order.id,
      sellerId: seller.id,
      financialYear: fy,
      lines: [
        { account: 'buyer_funds', sellerId: null, amountPaise: paise + 500 },
        { account: 'seller_payable', sellerId: seller.id, amountPaise: -paise },
        { account: 'commission_revenue', sellerId: null, amountPaise: -500 },
      ],
    });
    return id!;
  }

  /** Money moved to (positive) or back from (negative) the seller for payout `payoutId`, as the worker books it. */
  const bookTransfer = (
    seller: TestUser,
    payout: { id: number; orderId: number },
    paise: number,
    transferId: string,
    kind: 'payout' | 'payout_reversal' = 'payout',
  ) =>
    bookLedgerTransaction(db(), {
      kind,
      sourceKey: `${kind}:${payout.id}:${transferId}`,
      orderId: payout.orderId,
      sellerId: seller.id,
      payoutId: payout.id,
      financialYear: fy,
      lines: [
        { account: 'seller_payable', sellerId: seller.id, amountPaise: paise },
        { account: 'razorpay_balance', sellerId: null, amountPaise: -paise },
      ],
    });

  /** A payout of `paise` for a sale of the seller's, in `status`. */
  async function newPayout(
    seller: TestUser,
    paise: number,
    status: PayoutStatus,
    options: {
      delivered?: boolean;
      method?: 'payment_transfer' | 'direct_transfer';
      transferId?: string | null;
      transferredAt?: Date | null;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    const order = await orderOf(options.delivered ?? false);
    const saleTransactionId = await bookSale(seller, order, paise);
    const transferId = options.transferId ?? null;
    return db().sellerPayout.create({
      data: {
        orderId: order.id,
        sellerId: seller.id,
        saleTransactionId,
        amountPaise: paise,
        method: options.method ?? 'payment_transfer',
        status,
        razorpayTransferId: transferId,
        transferredAt: transferId ? (options.transferredAt ?? LONG_AGO) : null,
        ...options.extra,
      },
    });
  }

  describe('who may call', () => {
    it('answers 401 without a token and 403 to a signed-in user who is not an admin, on every route', async () => {
      const calls: ['GET' | 'PUT' | 'POST', string, unknown?][] = [
        ['GET', routeUrl('adminPayouts')],
        ['POST', routeUrl('retryPayout', { params: { payoutId: '1' } })],
        ['GET', routeUrl('sellerLedger', { params: { uid: user.uid } })],
        ['POST', routeUrl('adjustSellerBalance', { params: { uid: user.uid } }), { amount: 10, reason: 'x' }],
        ['PUT', routeUrl('setSellerSettleAfter', { params: { uid: user.uid } }), { hours: 24 }],
        ['GET', routeUrl('payoutReconciliation')],
      ];
      for (const [method, url, payload] of calls) {
        expect([url, (await call(method, url, null, payload)).statusCode]).toEqual([url, 401]);
        const refused = await call(method, url, user, payload);
        expect([url, refused.statusCode]).toEqual([url, 403]);
        expect(refused.body).not.toContain('summary');
      }
      // The user's own ledger is not theirs to read here either, and nothing was written.
      expect(await db().auditEntry.count()).toBe(0);
      expect(await db().ledgerTransaction.count({ where: { kind: 'adjustment' } })).toBe(0);
    });
  });

  describe('the list', () => {
    let asha: TestUser;
    let ravi: TestUser;
    const made: Record<string, { id: number; orderId: number }> = {};

    beforeAll(async () => {
      asha = await newSeller('Asha Organic Farms');
      ravi = await newSeller();
      // In the order made: ids grow, and the list is newest first.
      made.due = await newPayout(asha, 50_000, 'to_release', { delivered: true, transferId: 'trf_list_due' });
      made.heldOnline = await newPayout(asha, 30_025, 'on_hold', { delivered: true, transferId: 'trf_list_held' });
      made.heldCod = await newPayout(ravi, 20_000, 'scheduled', { delivered: true, method: 'direct_transfer' });
      made.pendingOnline = await newPayout(asha, 15_000, 'on_hold', { transferId: 'trf_list_pending' });
      made.pendingCod = await newPayout(ravi, 9_999, 'scheduled', { method: 'direct_transfer' });
      made.failedOnline = await newPayout(asha, 12_000, 'failed', {
        extra: { attempts: 3, lastError: 'Razorpay failed the transfer' },
      });
      made.failedCod = await newPayout(ravi, 8_000, 'failed', { delivered: true, method: 'direct_transfer' });
      made.awaiting = await newPayout(ravi, 7_550, 'awaiting_account');
      made.released = await newPayout(asha, 40_000, 'released', { delivered: true, transferId: 'trf_list_released' });
      made.settled = await newPayout(asha, 100_000, 'settled', {
        delivered: true,
        transferId: 'trf_list_settled',
        extra: {
          releasedAt: new Date('2026-01-08T06:30:00.000Z'),
          settledAt: new Date('2026-01-09T06:30:00.000Z'),
          settlementId: 'setl_1',
          utr: '1767940200abc123',
          attempts: 2,
        },
      });
    });

    it('sums each state that wants attention exactly, in rupees', async () => {
      const answer = await list();
      expect(answer.summary).toEqual({
        due: { count: 1, amount: 500 },
        held: { count: 2, amount: 500.25 },
        pending: { count: 2, amount: 249.99 },
        failed: { count: 2, amount: 200 },
        awaiting_account: { count: 1, amount: 75.5 },
      });
      expect(answer.total).toBe(10);
      expect(answer.page).toBe(1);
      // Newest first, each with its seller by legal name (their username without a profile).
      expect(answer.payouts.map((payout) => payout.id)).toEqual(
        Object.values(made)
          .map((payout) => String(payout.id))
          .reverse(),
      );
      expect(answer.payouts[0]).toEqual({
        id: String(made.settled!.id),
        order_id: String(made.settled!.orderId),
        seller: { uid: asha.uid, name: 'Asha Organic Farms' },
        amount: 1000,
        method: 'payment_transfer',
        status: 'settled',
        razorpay_transfer_id: 'trf_list_settled',
        attempts: 2,
        last_error: null,
        created_at: expect.any(String),
        transferred_at: LONG_AGO.toISOString(),
        released_at: '2026-01-08T06:30:00.000Z',
        settled_at: '2026-01-09T06:30:00.000Z',
        utr: '1767940200abc123',
      });
      const failed = answer.payouts.find((payout) => payout.id === String(made.failedOnline!.id));
      expect(failed).toMatchObject({ status: 'failed', attempts: 3, last_error: 'Razorpay failed the transfer' });
      const cod = answer.payouts.find((payout) => payout.id === String(made.failedCod!.id));
      expect(cod?.seller).toEqual({ uid: ravi.uid, name: `u_${ravi.uid.slice(0, 12)}` });
    });

    it('filters by status and by seller, the summary following the seller, and pages 20 at a time', async () => {
      const failed = await list({ status: 'failed' });
      expect(failed.payouts.map((payout) => payout.id)).toEqual([
        String(made.failedCod!.id),
        String(made.failedOnline!.id),
      ]);
      expect(failed.total).toBe(2);
      // The summary is of everything (the status filter is the list's only).
      expect(failed.summary.due).toEqual({ count: 1, amount: 500 });

      const ravis = await list({ seller: ravi.uid });
      expect(ravis.total).toBe(4);
      expect(ravis.payouts.every((payout) => payout.seller.uid === ravi.uid)).toBe(true);
      expect(ravis.summary).toEqual({
        due: { count: 0, amount: 0 },
        held: { count: 1, amount: 200 },
        pending: { count: 1, amount: 99.99 },
        failed: { count: 1, amount: 80 },
        awaiting_account: { count: 1, amount: 75.5 },
      });
      expect((await list({ seller: ravi.uid, status: 'awaiting_account' })).payouts).toHaveLength(1);

      const second = await list({ page: 2 });
      expect(second).toMatchObject({ payouts: [], total: 10, page: 2 });
    });

    it('refuses a seller who is no user (404) and a status or page it does not know (400)', async () => {
      const unknown = await call('GET', routeUrl('adminPayouts', { query: { seller: 'uid-nobody' } }), admin);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(SELLER_DASHBOARD_MESSAGES.sellerNotFound);
      const status = await call('GET', `${routeUrl('adminPayouts')}?status=lost`, admin);
      expect(status.statusCode).toBe(400);
      expect(status.json().fields).toHaveProperty('status');
      expect((await call('GET', `${routeUrl('adminPayouts')}?page=0`, admin)).statusCode).toBe(400);
    });
  });

  describe('a retry', () => {
    let seller: TestUser;
    beforeAll(async () => {
      seller = await newSeller('Ravi Potato Farm');
    });
    const retry = (payoutId: number | string, who: TestUser = admin) =>
      call('POST', routeUrl('retryPayout', { params: { payoutId: String(payoutId) } }), who);

    it("sends a failed payment's share back to be transferred, with payout.ready and its audit row", async () => {
      const payout = await newPayout(seller, 12_000, 'failed', {
        extra: { lastError: 'Razorpay failed the transfer' },
      });
      const response = await retry(payout.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: String(payout.id), status: 'to_transfer', amount: 120 });
      const events = await outbox('payout.ready', payout.id);
      expect(events.map((event) => event.payload)).toEqual([{ payoutId: payout.id, orderId: payout.orderId }]);
      expect(await outbox('payout.due', payout.id)).toEqual([]);
      const rows = (await audit('payout.retry')).filter((row) => row.objectId === String(payout.id));
      expect(rows).toEqual([
        expect.objectContaining({
          adminId: admin.id,
          objectType: 'payout',
          before: { status: 'failed', last_error: 'Razorpay failed the transfer' },
          after: { status: 'to_transfer' },
        }),
      ]);
    });

    it('sends a failed direct transfer to be made again when due, with payout.due', async () => {
      const payout = await newPayout(seller, 8_000, 'failed', { method: 'direct_transfer', delivered: true });
      const response = await retry(payout.id);
      expect(response.json()).toMatchObject({ status: 'to_release', method: 'direct_transfer' });
      expect((await outbox('payout.due', payout.id)).map((event) => event.payload)).toEqual([
        { payoutId: payout.id, orderId: payout.orderId },
      ]);
      expect(await outbox('payout.ready', payout.id)).toEqual([]);
    });

    it('lets one of two admins retrying at once win: one event, one audit row, and 409 for the other', async () => {
      const payout = await newPayout(seller, 5_000, 'failed');
      const answers = await Promise.all([retry(payout.id, admin), retry(payout.id, secondAdmin)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(M.onlyFailedRetried);
      expect(await outbox('payout.ready', payout.id)).toHaveLength(1);
      expect((await audit('payout.retry')).filter((row) => row.objectId === String(payout.id))).toHaveLength(1);
      expect((await db().sellerPayout.findUniqueOrThrow({ where: { id: payout.id } })).status).toBe('to_transfer');
    });

    it('refuses a payout that is not failed (409) and one that does not exist (404), changing nothing', async () => {
      const settled = await newPayout(seller, 9_000, 'settled', { transferId: 'trf_retry_settled', delivered: true });
      const refused = await retry(settled.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ statusCode: 409, message: 'Only a failed payout can be retried.' });
      expect(await outbox('payout.ready', settled.id)).toEqual([]);
      for (const id of ['999999', 'abc', '0']) {
        const missing = await retry(id);
        expect([id, missing.statusCode, missing.json().message]).toEqual([id, 404, M.payoutNotFound]);
      }
      expect((await audit('payout.retry')).filter((row) => row.objectId === String(settled.id))).toEqual([]);
    });
  });

  describe("a seller's ledger and adjustments", () => {
    let seller: TestUser;
    let first: { id: number; orderId: number };

    beforeAll(async () => {
      seller = await newSeller('Nandi Dairy');
      first = await newPayout(seller, 90_000, 'on_hold', { transferId: 'trf_ledger_1' });
      await bookTransfer(seller, first, 90_000, 'trf_ledger_1');
      await newPayout(seller, 47_050, 'to_transfer');
      await db().sellerRouteAccount.create({
        data: { userId: seller.id, status: 'activated', razorpayAccountId: 'acc_nandi0000001', settleAfterHours: 24 },
      });
    });

    it('shows the balance Mandi owes, the Route account and every transaction with its entries, newest first', async () => {
      const ledger = await ledgerOf(seller.uid);
      // Sales of 900.00 and 470.50 owed, 900.00 paid out.
      expect(ledger.balance).toBe(470.5);
      expect(ledger.seller).toEqual({ uid: seller.uid, name: 'Nandi Dairy' });
      expect(ledger.route_account).toEqual({
        status: 'activated',
        razorpay_account_id: 'acc_nandi0000001',
        settle_after_hours: 24,
        last_error: null,
      });
      expect(ledger.total).toBe(3);
      expect(ledger.transactions.map((transaction) => transaction.kind)).toEqual(['sale', 'payout', 'sale']);
      expect(ledger.transactions[1]).toEqual({
        id: expect.any(String),
        kind: 'payout',
        source_key: `payout:${first.id}:trf_ledger_1`,
        order_id: String(first.orderId),
        reason: null,
        created_by: null,
        created_at: expect.any(String),
        entries: [
          { account: 'seller_payable', amount: 900 },
          { account: 'razorpay_balance', amount: -900 },
        ],
      });
      expect(ledger.transactions[2]!.entries).toEqual([
        { account: 'buyer_funds', amount: 905 },
        { account: 'seller_payable', amount: -900 },
        { account: 'commission_revenue', amount: -5 },
      ]);
      expect((await ledgerOf(seller.uid, 2)).transactions).toEqual([]);
    });

    it('shows a seller without a Route account or any sale, and 404 for a uid that names no user', async () => {
      const newcomer = await newSeller();
      expect(await ledgerOf(newcomer.uid)).toEqual({
        seller: { uid: newcomer.uid, name: `u_${newcomer.uid.slice(0, 12)}` },
        balance: 0,
        route_account: null,
        transactions: [],
        total: 0,
        page: 1,
      });
      const missing = await call('GET', routeUrl('sellerLedger', { params: { uid: 'uid-nobody' } }), admin);
      expect([missing.statusCode, missing.json().message]).toEqual([404, SELLER_DASHBOARD_MESSAGES.sellerNotFound]);
    });

    const adjust = (uid: string, body: unknown) =>
      call('POST', routeUrl('adjustSellerBalance', { params: { uid } }), admin, body);

    it('books an adjustment with its audit row: Mandi owes the seller the amount more, or less', async () => {
      const response = await adjust(seller.uid, { amount: 250.75, reason: '  Short delivery made good by hand  ' });
      expect(response.statusCode).toBe(201);
      const answer = response.json();
      expect(answer).toEqual({
        transaction: {
          id: expect.any(String),
          kind: 'adjustment',
          source_key: expect.stringMatching(
            /^adjustment:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
          ),
          order_id: null,
          reason: 'Short delivery made good by hand',
          created_by: `u_${admin.uid.slice(0, 12)}`,
          created_at: expect.any(String),
          entries: [
            { account: 'seller_payable', amount: -250.75 },
            { account: 'adjustments', amount: 250.75 },
          ],
        },
        balance: 721.25,
      });
      const row = await db().ledgerTransaction.findUniqueOrThrow({ where: { id: Number(answer.transaction.id) } });
      expect(row).toMatchObject({ sellerId: seller.id, createdBy: admin.id, orderId: null, payoutId: null });
      expect((await audit('payout.adjust')).at(-1)).toMatchObject({
        adminId: admin.id,
        objectType: 'user',
        objectId: String(seller.id),
        before: null,
        after: {
          source_key: answer.transaction.source_key,
          amount_paise: 25_075,
          reason: 'Short delivery made good by hand',
        },
      });

      const less = await adjust(seller.uid, { amount: -100_000, reason: 'Duplicate credit of order 12' });
      expect(less.statusCode).toBe(201);
      expect(less.json().balance).toBe(-99_278.75);
      expect(less.json().transaction.entries).toEqual([
        { account: 'seller_payable', amount: 100_000 },
        { account: 'adjustments', amount: -100_000 },
      ]);
      const ledger = await ledgerOf(seller.uid);
      expect(ledger.balance).toBe(-99_278.75);
      expect(ledger.transactions.slice(0, 2).map((transaction) => transaction.kind)).toEqual([
        'adjustment',
        'adjustment',
      ]);
    });

    it('refuses an amount or reason out of bounds, naming the field, and books nothing', async () => {
      const before = await db().ledgerTransaction.count({ where: { kind: 'adjustment' } });
      const audited = (await audit('payout.adjust')).length;
      const cases: [unknown, Record<string, string>][] = [
        [{ amount: 0, reason: 'Nothing' }, { amount: M.amountInvalid }],
        [{ amount: 100_000.01, reason: 'Too much' }, { amount: M.amountInvalid }],
        [{ amount: -100_000.01, reason: 'Too much' }, { amount: M.amountInvalid }],
        [{ amount: 1.005, reason: 'Three decimals' }, { amount: M.amountInvalid }],
        [{ amount: 10, reason: '   ' }, { reason: M.reasonRequired }],
        [{ amount: 10, reason: 'x'.repeat(501) }, { reason: M.reasonTooLong }],
        [{ amount: '10', reason: 'Text' }, { amount: M.amountInvalid }],
        [{ reason: 'No amount' }, { amount: M.amountInvalid }],
      ];
      for (const [body, fields] of cases) {
        const response = await adjust(seller.uid, body);
        expect([body, response.statusCode, response.json().fields]).toEqual([body, 400, fields]);
      }
      const extra = await adjust(seller.uid, { amount: 10, reason: 'Extra', seller_id: 1 });
      expect(extra.statusCode).toBe(400);
      const missing = await adjust('uid-nobody', { amount: 10, reason: 'No such seller' });
      expect([missing.statusCode, missing.json().message]).toEqual([404, SELLER_DASHBOARD_MESSAGES.sellerNotFound]);
      expect(await db().ledgerTransaction.count({ where: { kind: 'adjustment' } })).toBe(before);
      expect(await audit('payout.adjust')).toHaveLength(audited);
    });

    const settleAfter = (uid: string, body: unknown) =>
      call('PUT', routeUrl('setSellerSettleAfter', { params: { uid } }), admin, body);

    it("sets a seller's settle-after period, making their Route account's row, and back to Mandi's default", async () => {
      const newcomer = await newSeller();
      const set = await settleAfter(newcomer.uid, { hours: 0 });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({
        status: 'creating',
        razorpay_account_id: null,
        settle_after_hours: 0,
        last_error: null,
      });
      expect((await settleAfter(newcomer.uid, { hours: 720 })).json().settle_after_hours).toBe(720);
      const back = await settleAfter(newcomer.uid, { hours: null });
      expect(back.json().settle_after_hours).toBeNull();
      expect(
        (await db().sellerRouteAccount.findUniqueOrThrow({ where: { userId: newcomer.id } })).settleAfterHours,
      ).toBe(null);
      const rows = (await audit('payout.set_settle_after')).filter((row) => row.objectId === String(newcomer.id));
      expect(rows.map((row) => [row.objectType, row.before, row.after])).toEqual([
        ['user', null, { settle_after_hours: 0 }],
        ['user', { settle_after_hours: 0 }, { settle_after_hours: 720 }],
        ['user', { settle_after_hours: 720 }, { settle_after_hours: null }],
      ]);
      // An existing account keeps its state; only the period changes.
      expect((await settleAfter(seller.uid, { hours: 72 })).json()).toEqual({
        status: 'activated',
        razorpay_account_id: 'acc_nandi0000001',
        settle_after_hours: 72,
        last_error: null,
      });
    });

    it('refuses hours out of 0 to 720 or not whole, naming the field, and a uid that names no user', async () => {
      const audited = (await audit('payout.set_settle_after')).length;
      for (const body of [{ hours: -1 }, { hours: 721 }, { hours: 1.5 }, { hours: '24' }, {}]) {
        const response = await settleAfter(seller.uid, body);
        expect([body, response.statusCode, response.json().fields]).toEqual([
          body,
          400,
          { hours: M.settleAfterInvalid },
        ]);
      }
      const missing = await settleAfter('uid-nobody', { hours: 24 });
      expect([missing.statusCode, missing.json().message]).toEqual([404, SELLER_DASHBOARD_MESSAGES.sellerNotFound]);
      expect(await audit('payout.set_settle_after')).toHaveLength(audited);
      expect((await db().sellerRouteAccount.findUniqueOrThrow({ where: { userId: seller.id } })).settleAfterHours).toBe(
        72,
      );
    });
  });

  describe('the reconciliation against Razorpay', () => {
    let seller: TestUser;
    let account: string;
    const today = () => {
      const { year, month, day } = indiaDateParts(new Date());
      return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    };
    const reconcile = async (query: Record<string, string> = { from: today(), to: today() }) => {
      // Razorpay dates transfers to the second, and a run reads up to the second before it starts.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const response = await call('GET', routeUrl('payoutReconciliation', { query }), admin);
      expect(response.statusCode).toBe(200);
      return response.json() as PayoutReconciliation;
    };
    const notes = (payoutId: number) => ({ mandi_payout_id: String(payoutId) });

    /** A captured payment of `paise` at the sandbox. */
    async function payment(paise: number): Promise<string> {
      const order = await razorpay.orders.create({ amount: paise, currency: 'INR' });
      const paid = (await sandbox.payOrder(order.id, { wait: true })) as { razorpay_payment_id: string };
      return paid.razorpay_payment_id;
    }

    /** A payout transferred from a payment on hold, as the worker records it; its ledger booked unless told not. */
    async function heldPayout(paise: number, { transferPaise = paise, book = true } = {}) {
      const payout = await newPayout(seller, paise, 'to_transfer');
      const { items } = (await razorpay.payments.transfer(await payment(paise + 10_000), {
        transfers: [
          { account, amount: transferPaise, currency: 'INR', notes: notes(payout.id), on_hold: true } as never,
        ],
      })) as unknown as { items: { id: string }[] };
      const transferId = items[0]!.id;
      await db().sellerPayout.update({
        where: { id: payout.id },
        data: { status: 'on_hold', razorpayTransferId: transferId, transferredAt: new Date() },
      });
      if (book) await bookTransfer(seller, payout, paise, transferId);
      return { ...payout, transferId };
    }

    /** A cash-on-delivery share paid by a direct transfer, released, as the worker records it. */
    async function directPayout(paise: number) {
      const payout = await newPayout(seller, paise, 'to_release', { method: 'direct_transfer', delivered: true });
      const transfer = await razorpay.transfers.create({
        account,
        amount: paise,
        currency: 'INR',
        notes: notes(payout.id),
      });
      await db().sellerPayout.update({
        where: { id: payout.id },
        data: {
          status: 'released',
          razorpayTransferId: transfer.id,
          transferredAt: new Date(),
          releasedAt: new Date(),
        },
      });
      await bookTransfer(seller, payout, paise, transfer.id);
      return { ...payout, transferId: transfer.id };
    }

    beforeAll(async () => {
      seller = await newSeller('Kisan Traders');
      const created = await razorpay.accounts.create({
        email: 'kisan.traders@example.com',
        phone: '9000090000',
        type: 'route',
        reference_id: `seller-${seller.id}`,
        legal_business_name: 'Kisan Traders',
        business_type: 'proprietorship',
        contact_name: 'Ramesh Patil',
        profile: {
          category: 'food',
          subcategory: 'grocery',
          addresses: {
            registered: {
              street1: '12 Market Yard',
              street2: 'Gultekdi',
              city: 'Pune',
              state: 'MAHARASHTRA',
              postal_code: '411037',
              country: 'IN',
            },
          },
        },
      } as never);
      const product = await razorpay.products.requestProductConfiguration(created.id, {
        product_name: 'route',
        tnc_accepted: true,
      } as never);
      await razorpay.products.edit(created.id, product.id, {
        settlements: { account_number: '1234567890', ifsc_code: 'HDFC0000317', beneficiary_name: 'Kisan Traders' },
      } as never);
      account = created.id;
    }, 60_000);

    const agreed: { id: number; transferId: string }[] = [];

    it('finds every transfer matching the books when they agree, failed transfers included', async () => {
      agreed.push(await heldPayout(60_000));
      agreed.push(await directPayout(35_050));
      const released = await heldPayout(20_000);
      await razorpay.transfers.edit(released.transferId, { on_hold: false } as never);
      await db().sellerPayout.update({
        where: { id: released.id },
        data: { status: 'released', releasedAt: new Date() },
      });
      agreed.push(released);
      // A transfer that failed moved no money: its payout failed, its transfer forgotten, its money booked back.
      const failing = await newPayout(seller, 11_000, 'to_release', { method: 'direct_transfer', delivered: true });
      sandbox.failNextTransfer({ account });
      const failed = await razorpay.transfers.create({
        account,
        amount: 11_000,
        currency: 'INR',
        notes: notes(failing.id),
      });
      expect(failed.status).toBe('failed');
      await bookTransfer(seller, failing, 11_000, failed.id);
      await bookTransfer(seller, failing, -11_000, failed.id, 'payout_reversal');
      await db().sellerPayout.update({
        where: { id: failing.id },
        data: { status: 'failed', lastError: 'Razorpay failed the transfer' },
      });

      const answer = await reconcile();
      expect(answer).toEqual({
        checked_at: expect.any(String),
        period: { from: today(), to: today() },
        razorpay_transfers: 4,
        payouts: 3,
        matched: 3,
        mismatch_count: 0,
        mismatches: [],
      });
      // The payouts transferred on 5 January (the other tests', with transfer ids made up) are that day's; Razorpay
      // listed none of them, and when asked has no such transfer.
      const january = await reconcile({ from: '2026-01-05', to: '2026-01-05' });
      expect(january).toMatchObject({ razorpay_transfers: 0, payouts: 7, matched: 0, mismatch_count: 7 });
      expect(new Set(january.mismatches.map((mismatch) => mismatch.kind))).toEqual(new Set(['missing_at_razorpay']));
      expect(january.mismatches.map((mismatch) => mismatch.transfer_id)).toContain('trf_list_settled');
    });

    it('finds each kind of mismatch made on purpose, and only those', async () => {
      // Razorpay transferred less than the payout says.
      const short = await heldPayout(50_000, { transferPaise: 45_000 });
      // Razorpay released a transfer Mandi still holds.
      const released = await heldPayout(30_000);
      await razorpay.transfers.edit(released.transferId, { on_hold: false } as never);
      // Razorpay reversed part of a transfer Mandi does not know of.
      const reversed = await heldPayout(40_000);
      await razorpay.transfers.reverse(reversed.transferId, { amount: 10_000 } as never);
      // The ledger never booked the money this one moved.
      const unbooked = await heldPayout(25_000, { book: false });
      // A second transfer for a payout that has one already (an answer lost, a transfer made again), and one that
      // names no payout at all.
      const twice = await razorpay.transfers.create({
        account,
        amount: 60_000,
        currency: 'INR',
        notes: notes(agreed[0]!.id),
      });
      const stray = await razorpay.transfers.create({ account, amount: 12_345, currency: 'INR' });
      // A payout whose transfer Razorpay has no record of.
      const ghost = await newPayout(seller, 15_000, 'on_hold', {
        transferId: 'trf_NoSuchTransfer1',
        transferredAt: new Date(),
      });
      await bookTransfer(seller, ghost, 15_000, 'trf_NoSuchTransfer1');

      const answer = await reconcile();
      expect(answer.razorpay_transfers).toBe(10);
      expect(answer.payouts).toBe(8);
      expect(answer.matched).toBe(3);
      expect(answer.mismatch_count).toBe(7);
      expect(answer.mismatches.map(({ kind, payout_id, transfer_id }) => [kind, payout_id, transfer_id])).toEqual([
        ['missing_in_mandi', null, stray.id],
        ['missing_in_mandi', String(agreed[0]!.id), twice.id],
        ['missing_at_razorpay', String(ghost.id), 'trf_NoSuchTransfer1'],
        ['amount_differs', String(short.id), short.transferId],
        ['hold_differs', String(released.id), released.transferId],
        ['reversal_differs', String(reversed.id), reversed.transferId],
        ['ledger_differs', String(unbooked.id), unbooked.transferId],
      ]);
      const said = Object.fromEntries(answer.mismatches.map((mismatch) => [mismatch.transfer_id, mismatch]));
      expect(said[short.transferId]).toMatchObject({ mandi: '₹500.00', razorpay: '₹450.00' });
      expect(said[released.transferId]).toMatchObject({ mandi: 'on hold', razorpay: 'released' });
      expect(said[reversed.transferId]).toMatchObject({ mandi: '₹0.00 reversed', razorpay: '₹100.00 reversed' });
      expect(said[unbooked.transferId]).toMatchObject({
        mandi: 'ledger ₹0.00 paid out, payout ₹250.00',
        razorpay: '₹250.00 transferred',
      });
      expect(said.trf_NoSuchTransfer1).toMatchObject({ razorpay: 'no such transfer' });
      expect(said[stray.id]).toMatchObject({ mandi: 'no payout names this transfer' });
      expect(said[twice.id]!.mandi).toContain(`its transfer ${agreed[0]!.transferId}`);
    });

    it('takes the last 30 days by default and refuses a period it cannot read, naming the field', async () => {
      const answer = await reconcile({});
      const { year, month, day } = indiaDateParts(new Date(Date.now() - 29 * 86_400_000));
      expect(answer.period).toEqual({
        from: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        to: today(),
      });
      expect(answer.mismatch_count).toBe(7);
      const refusals: [Record<string, string>, Record<string, string>][] = [
        [{ from: '2026-02-30' }, { from: RECONCILIATION_MESSAGES.fromInvalid }],
        [{ to: '04-12-2026' }, { to: RECONCILIATION_MESSAGES.toInvalid }],
        [{ from: '2026-11-10', to: '2026-11-09' }, { to: RECONCILIATION_MESSAGES.periodReversed }],
        [{ from: '2026-01-01', to: '2026-12-01' }, { from: RECONCILIATION_MESSAGES.periodTooLong }],
        [{ from: '2099-01-01' }, { from: RECONCILIATION_MESSAGES.periodInFuture }],
      ];
      for (const [query, fields] of refusals) {
        const response = await call('GET', routeUrl('payoutReconciliation', { query }), admin);
        expect([query, response.statusCode, response.json().fields]).toEqual([query, 400, fields]);
      }
    });

    it('answers 502 with a clear message when Razorpay fails', async () => {
      const fault = sandbox.faults.add({ method: 'GET', path: '/v1/transfers', status: 500 });
      try {
        const response = await call('GET', routeUrl('payoutReconciliation'), admin);
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({
          statusCode: 502,
          error: 'Bad Gateway',
          message: RECONCILIATION_MESSAGES.razorpayFailed,
        });
      } finally {
        sandbox.faults.clear(fault.id);
      }
    });
  });

  describe('the ledger check on the health page', () => {
    const pipeline = async () => (await call('GET', routeUrl('adminPipeline'), admin)).json();

    it("shows the worker's last check of the ledger, or null before any", async () => {
      expect((await pipeline()).ledger).toBeNull();
      const outcome = {
        checkedAt: '2026-12-04T01:30:00.000Z',
        breaks: 2,
        sample: [
          { rule: 'payout_differs_from_sale', subject: '12', detail: 'payout 60000, sale owes 59000' },
          { rule: 'transfer_not_booked', subject: '14', detail: 'transferred 25000, ledger paid 0' },
        ],
      };
      await api.redis.set(`${api.redisPrefix}:ledger:check`, JSON.stringify(outcome));
      expect((await pipeline()).ledger).toEqual({
        checked_at: '2026-12-04T01:30:00.000Z',
        breaks: 2,
        sample: outcome.sample,
      });
      await api.redis.set(`${api.redisPrefix}:ledger:check`, 'not json');
      expect((await pipeline()).ledger).toBeNull();
    });
  });
});
