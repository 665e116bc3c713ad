import { rmSync } from 'node:fs';
import { newOrder, newProduct, type Order } from '@mandi/database';
import { sellerPayoutPageSchema, sellerStatementsSchema, type SellerPayout } from '@mandi/contracts';
import {
  PAYOUT_MESSAGES,
  PAYOUT_SETTLE_AFTER_HOURS,
  SELLER_DASHBOARD_MESSAGES,
  type LedgerLine,
  type PayoutStatus,
} from '@mandi/domain';
import { bookLedgerTransaction } from '@mandi/events';
import { LocalFileStore, newFileKey } from '@mandi/storage';
import { bearer, tempFileStore } from './catalog.testing.js';
import { ApiHarness, type TestUser } from './harness.js';

// A seller's money over HTTP (issue 32): the balances and each payout's breakdown, from real payouts and the ledger
// transactions of their sales (booked as the worker books them, so each balances), the weekly statements and
// commission invoices the worker records (here rows and files put in place), and who may read them.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What one sale took from the buyer and what Mandi kept of it, in paise; the net is what is left. */
interface SaleFigures {
  gross: number;
  resaleGst?: number;
  commission: number;
  commissionGst: number;
  tcs?: number;
  tds: number;
}

const netOf = (sale: SaleFigures) =>
  sale.gross - (sale.resaleGst ?? 0) - sale.commission - sale.commissionGst - (sale.tcs ?? 0) - sale.tds;

describe('the seller’s payouts', () => {
  let api: ApiHarness;
  let dir: string;
  let store: LocalFileStore;
  let seller: TestUser;
  let busySeller: TestUser;
  let otherSeller: TestUser;
  let buyer: TestUser;
  let admin: TestUser;
  let sequence = 0;
  /** The seller's payouts by name. */
  const payouts: Record<string, { id: number; order: Order; invoiceNumber: string }> = {};
  const commissionInvoices: Record<string, number> = {};
  const pdfBytes = (label: string) => Buffer.from(`%PDF-1.7\n% ${label}\n%%EOF\n`);
  const ago = (ms: number) => new Date(Date.now() - ms);

  /**
   * An order of `owner`'s product, its document, the sale booked in the ledger with `sale`'s figures and a payout of
   * its net in `status`, made `createdAt`.
   */
  async function payout(
    owner: TestUser,
    order: { status: Order['status']; createdAt: Date; deliveredAt?: Date },
    sale: SaleFigures,
    change: { status: PayoutStatus; createdAt: Date; utr?: string; method?: 'payment_transfer' | 'direct_transfer' } & {
      transferredAt?: Date;
      releasedAt?: Date;
      settledAt?: Date;
    },
  ) {
    const db = api.db.prisma;
    const product = await newProduct(db, { sellerId: owner.id });
    const placed = await newOrder(db, {
      userId: buyer.id,
      status: order.status,
      createdAt: order.createdAt,
      deliveredAt: order.deliveredAt ?? null,
      lines: [{ product }],
    });
    sequence += 1;
    const invoice = await db.invoice.create({
      data: {
        orderId: placed.id,
        supplierKey: `seller-${owner.id}`,
        sellerId: owner.id,
        kind: 'bill_of_supply',
        number: `S${owner.id}/26-27/${String(sequence).padStart(4, '0')}`.slice(0, 16),
        financialYear: 2026,
        sequence,
        placeOfSupply: 'Maharashtra',
        taxablePaise: 0,
        exemptPaise: sale.gross,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        shippingPaise: 0,
        totalPaise: sale.gross,
      },
    });
    const net = netOf(sale);
    const lines: LedgerLine[] = [
      { account: 'buyer_funds', sellerId: null, amountPaise: sale.gross },
      { account: 'seller_payable', sellerId: owner.id, amountPaise: -net },
      { account: 'mandi_output_gst', sellerId: null, amountPaise: -(sale.resaleGst ?? 0) },
      { account: 'commission_revenue', sellerId: null, amountPaise: -sale.commission },
      { account: 'commission_gst', sellerId: null, amountPaise: -sale.commissionGst },
      { account: 'tcs_payable', sellerId: null, amountPaise: -(sale.tcs ?? 0) },
      { account: 'tds_payable', sellerId: null, amountPaise: -sale.tds },
    ];
    const saleId = await bookLedgerTransaction(db, {
      kind: 'sale',
      sourceKey: `invoice:${invoice.id}:seller-${owner.id}`,
      orderId: placed.id,
      sellerId: owner.id,
      invoiceId: invoice.id,
      financialYear: 2026,
      lines,
    });
    const row = await db.sellerPayout.create({
      data: {
        orderId: placed.id,
        sellerId: owner.id,
        saleTransactionId: saleId!,
        amountPaise: net,
        method: change.method ?? 'payment_transfer',
        status: change.status,
        utr: change.utr ?? null,
        transferredAt: change.transferredAt ?? null,
        releasedAt: change.releasedAt ?? null,
        settledAt: change.settledAt ?? null,
        createdAt: change.createdAt,
      },
    });
    return { id: row.id, order: placed, invoiceNumber: invoice.number };
  }

  /** An admin's adjustment of `owner`'s balance by `paise` (positive: Mandi owes them more). */
  const adjust = (owner: TestUser, paise: number, reason: string) =>
    bookLedgerTransaction(api.db.prisma, {
      kind: 'adjustment',
      sourceKey: `adjustment:${owner.id}:${reason}`,
      orderId: null,
      sellerId: owner.id,
      financialYear: 2026,
      reason,
      createdBy: admin.id,
      lines: [
        { account: 'seller_payable', sellerId: owner.id, amountPaise: -paise },
        { account: 'adjustments', sellerId: null, amountPaise: paise },
      ],
    });

  beforeAll(async () => {
    dir = tempFileStore();
    store = new LocalFileStore(dir);
    api = await ApiHarness.start({ FILE_STORE_DIR: dir });
    [seller, busySeller, otherSeller, buyer, admin] = await Promise.all([
      api.newUser(),
      api.newUser(),
      api.newUser(),
      api.newUser(),
      api.newUser({ role: 'admin' }),
    ]);
    const db = api.db.prisma;
    // The seller's own settle-after period: a day.
    await db.sellerRouteAccount.create({
      data: { userId: seller.id, status: 'activated', razorpayAccountId: 'acc_seller', settleAfterHours: 24 },
    });

    // One payout in every state, oldest first. The window (8 hours) closed on every order but 'onHoldInWindow'.
    const delivered = (createdAgo: number, deliveredAgo: number) => ({
      status: 'delivered' as const,
      createdAt: ago(createdAgo),
      deliveredAt: ago(deliveredAgo),
    });
    const made = (hoursAgo: number) => ago(hoursAgo * HOUR);
    payouts.settled = await payout(
      seller,
      delivered(6 * DAY, 5 * DAY),
      { gross: 100_000, commission: 5_000, commissionGst: 900, tds: 100 },
      {
        status: 'settled',
        createdAt: made(140),
        utr: 'UTR2026112900001',
        transferredAt: ago(6 * DAY),
        releasedAt: ago(4 * DAY),
        settledAt: ago(3 * DAY),
      },
    );
    payouts.released = await payout(
      seller,
      delivered(5 * DAY, 3 * DAY),
      { gross: 50_000, commission: 2_500, commissionGst: 450, tcs: 424, tds: 50 },
      { status: 'released', createdAt: made(120), transferredAt: ago(5 * DAY), releasedAt: ago(2 * DAY) },
    );
    payouts.onHold = await payout(
      seller,
      delivered(30 * HOUR, 2 * HOUR),
      { gross: 20_000, commission: 1_000, commissionGst: 180, tds: 20 },
      { status: 'on_hold', createdAt: made(30), transferredAt: ago(29 * HOUR) },
    );
    payouts.toRelease = await payout(
      seller,
      delivered(4 * DAY, 2 * DAY),
      { gross: 12_345, commission: 617, commissionGst: 111, tds: 12 },
      { status: 'to_release', createdAt: made(96) },
    );
    payouts.awaitingAccount = await payout(
      seller,
      delivered(4 * DAY, 3 * DAY),
      { gross: 6_000, commission: 300, commissionGst: 54, tds: 6 },
      { status: 'awaiting_account', createdAt: made(95) },
    );
    payouts.failed = await payout(
      seller,
      delivered(4 * DAY, 3 * DAY),
      { gross: 7_000, commission: 350, commissionGst: 63, tds: 7 },
      { status: 'failed', createdAt: made(94) },
    );
    payouts.toTransfer = await payout(
      seller,
      { status: 'shipped', createdAt: ago(20 * HOUR) },
      // A line Mandi resold (the seller's profile not yet approved): its GST is Mandi's to pay.
      { gross: 30_000, resaleGst: 1_429, commission: 1_500, commissionGst: 270, tds: 29 },
      { status: 'to_transfer', createdAt: made(20) },
    );
    payouts.scheduled = await payout(
      seller,
      { status: 'confirmed', createdAt: ago(10 * HOUR) },
      { gross: 8_000, commission: 400, commissionGst: 72, tds: 8 },
      { status: 'scheduled', method: 'direct_transfer', createdAt: made(10) },
    );
    payouts.toReverse = await payout(
      seller,
      delivered(3 * DAY, 2 * DAY),
      { gross: 9_000, commission: 450, commissionGst: 81, tds: 9 },
      { status: 'to_reverse', createdAt: made(9) },
    );
    payouts.reversed = await payout(
      seller,
      delivered(3 * DAY, 2 * DAY),
      { gross: 4_000, commission: 200, commissionGst: 36, tds: 4 },
      { status: 'reversed', createdAt: made(8) },
    );
    payouts.cancelled = await payout(
      seller,
      { status: 'cancelled', createdAt: ago(7 * HOUR) },
      { gross: 3_000, commission: 150, commissionGst: 27, tds: 3 },
      { status: 'cancelled', createdAt: made(7) },
    );
    payouts.onHoldInWindow = await payout(
      seller,
      delivered(4 * HOUR, 1 * HOUR),
      { gross: 10_000, commission: 500, commissionGst: 90, tds: 10 },
      { status: 'on_hold', createdAt: made(4), transferredAt: ago(4 * HOUR) },
    );

    // The settled payout's transfer moved seller_payable too: not an adjustment.
    await bookLedgerTransaction(db, {
      kind: 'payout',
      sourceKey: `payout:${payouts.settled.id}:trf_1`,
      orderId: payouts.settled.order.id,
      sellerId: seller.id,
      payoutId: payouts.settled.id,
      financialYear: 2026,
      lines: [
        { account: 'seller_payable', sellerId: seller.id, amountPaise: 94_000 },
        { account: 'razorpay_balance', sellerId: null, amountPaise: -94_000 },
      ],
    });
    await adjust(seller, 25_000, 'Courier damaged two crates; Mandi pays for them');
    await adjust(seller, -4_050, 'Packing charge for the festival week');
    await adjust(otherSeller, 99_900, 'Another seller’s adjustment');

    // Another seller's payout, which counts in no balance of the seller's.
    await payout(
      otherSeller,
      delivered(6 * DAY, 5 * DAY),
      { gross: 70_000, commission: 3_500, commissionGst: 630, tds: 70 },
      { status: 'settled', createdAt: made(100) },
    );

    // A seller with more payouts than a page, a minute apart, newest last.
    for (let index = 0; index < 23; index += 1)
      await payout(
        busySeller,
        delivered(6 * DAY, 5 * DAY),
        { gross: 10_600, commission: 500, commissionGst: 90, tds: 10 },
        { status: 'settled', createdAt: ago((100 - index) * 60_000) },
      );

    // Statements: two with files, one still being written; commission invoices of the seller's and another's.
    const week = async (
      owner: TestUser,
      weekStart: string,
      files: { pdf?: boolean; csv?: boolean },
      paise: number[],
    ) => {
      const keyOf = async (format: 'pdf' | 'csv') => {
        if (!files[format]) return null;
        const key = newFileKey(`statements/${owner.id}`, format);
        const body = format === 'pdf' ? pdfBytes(`statement ${weekStart}`) : `week,${weekStart}\nclosing,1.00\n`;
        await store.put(key, Buffer.from(body), format === 'pdf' ? 'application/pdf' : 'text/csv');
        return key;
      };
      const [opening, salesNet, paidOut, adjusted] = paise as [number, number, number, number];
      await db.sellerStatement.create({
        data: {
          sellerId: owner.id,
          weekStart: new Date(`${weekStart}T00:00:00Z`),
          openingPaise: opening,
          salesNetPaise: salesNet,
          paidOutPaise: paidOut,
          adjustedPaise: adjusted,
          closingPaise: opening + salesNet - paidOut + adjusted,
          pdfFileKey: await keyOf('pdf'),
          csvFileKey: await keyOf('csv'),
        },
      });
    };
    await week(seller, '2026-11-16', { pdf: true, csv: true }, [0, 150_000, 94_000, 0]);
    await week(seller, '2026-11-23', { pdf: true }, [56_000, 46_576, 46_576, 20_950]);
    await week(seller, '2026-11-30', {}, [76_950, 26_772, 0, 0]);
    await week(otherSeller, '2026-11-16', { pdf: true, csv: true }, [0, 65_800, 0, 0]);

    const commissionInvoice = async (owner: TestUser, month: string, number: string, rendered: boolean) => {
      const key = rendered ? newFileKey(`commission-invoices/${owner.id}`, 'pdf') : null;
      if (key) await store.put(key, pdfBytes(`commission ${number}`), 'application/pdf');
      const row = await db.commissionInvoice.create({
        data: {
          sellerId: owner.id,
          monthStart: new Date(`${month}-01T00:00:00Z`),
          number,
          financialYear: 2026,
          sequence: Number(number.slice(-6)),
          sellerName: 'Ravi Farms',
          sellerAddress: 'Plot 4, Nashik',
          sellerState: 'Maharashtra',
          commissionPaise: 10_000,
          cgstPaise: 900,
          sgstPaise: 900,
          igstPaise: 0,
          totalPaise: 11_800,
          pdfFileKey: key,
        },
      });
      return row.id;
    };
    commissionInvoices.october = await commissionInvoice(seller, '2026-10', 'COM/26-27/000001', true);
    commissionInvoices.november = await commissionInvoice(seller, '2026-11', 'COM/26-27/000002', false);
    commissionInvoices.others = await commissionInvoice(otherSeller, '2026-10', 'COM/26-27/000003', true);
  }, 120_000);
  afterAll(async () => {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (user: TestUser | null, url: string) =>
    api.request({ method: 'GET', url, headers: user ? bearer(user) : {} });
  const payoutsUrl = (uid: string, query = '') => `/api/seller-dashboard/${encodeURIComponent(uid)}/payouts${query}`;
  const statementsUrl = (uid: string) => `/api/seller-dashboard/${encodeURIComponent(uid)}/statements`;
  const statementUrl = (uid: string, week: string, format: string) =>
    `${statementsUrl(uid)}/${encodeURIComponent(week)}/${encodeURIComponent(format)}`;
  const commissionUrl = (uid: string, id: number | string) =>
    `/api/seller-dashboard/${encodeURIComponent(uid)}/commission-invoices/${id}/pdf`;
  const pageOf = async (user: TestUser, uid: string, query = '') => {
    const response = await get(user, payoutsUrl(uid, query));
    expect(response.statusCode).toBe(200);
    return sellerPayoutPageSchema.parse(response.json());
  };
  const byId = (list: SellerPayout[], name: string) => list.find((item) => item.id === String(payouts[name]!.id))!;

  describe('GET /api/seller-dashboard/{uid}/payouts', () => {
    it('adds up the balances by state, and the adjustments, leaving reversed and cancelled payouts out', async () => {
      const page = await pageOf(seller, seller.uid);
      expect(page.account).toEqual({ status: 'activated', settle_after_hours: 24 });
      expect(page.balances).toEqual({
        // On hold inside the window (9,400), being transferred while shipped (26,772), scheduled while confirmed
        // (7,520).
        pending: 436.92,
        // On hold (18,800), to release (11,605), awaiting the account (5,640) and failed (6,580), each delivered with
        // the window closed.
        held: 426.25,
        available: 465.76,
        paid: 940,
      });
      // 250.00 owed to the seller, less 40.50 charged; the payout's own seller_payable entry is no adjustment.
      expect(page.adjustments).toBe(209.5);
    });

    it('lists every payout newest first with its state, its sale’s breakdown and when it moved', async () => {
      const page = await pageOf(seller, seller.uid);
      expect(page.total).toBe(12);
      expect([page.page, page.per_page]).toEqual([1, 20]);
      expect(page.payouts.map((item) => item.id)).toEqual(
        [
          'onHoldInWindow',
          'cancelled',
          'reversed',
          'toReverse',
          'scheduled',
          'toTransfer',
          'onHold',
          'failed',
          'awaitingAccount',
          'toRelease',
          'released',
          'settled',
        ].map((name) => String(payouts[name]!.id)),
      );
      const states = Object.fromEntries(
        Object.keys(payouts).map((name) => {
          const item = byId(page.payouts, name);
          return [name, [item.status, item.balance_state]];
        }),
      );
      expect(states).toEqual({
        settled: ['settled', 'paid'],
        released: ['released', 'available'],
        onHold: ['on_hold', 'held'],
        toRelease: ['to_release', 'held'],
        awaitingAccount: ['awaiting_account', 'held'],
        failed: ['failed', 'held'],
        toTransfer: ['to_transfer', 'pending'],
        scheduled: ['scheduled', 'pending'],
        toReverse: ['to_reverse', null],
        reversed: ['reversed', null],
        cancelled: ['cancelled', null],
        onHoldInWindow: ['on_hold', 'pending'],
      });

      const settled = byId(page.payouts, 'settled');
      expect(settled).toMatchObject({
        order_id: String(payouts.settled!.order.id),
        invoice_number: payouts.settled!.invoiceNumber,
        method: 'payment_transfer',
        sale: { gross: 1000, resale_gst: 0, commission: 50, commission_gst: 9, tcs: 0, tds: 1, net: 940 },
        utr: 'UTR2026112900001',
      });
      expect(settled.settled_at).not.toBeNull();
      expect(byId(page.payouts, 'released').sale).toEqual({
        gross: 500,
        resale_gst: 0,
        commission: 25,
        commission_gst: 4.5,
        tcs: 4.24,
        tds: 0.5,
        net: 465.76,
      });
      expect(byId(page.payouts, 'toTransfer').sale).toEqual({
        gross: 300,
        resale_gst: 14.29,
        commission: 15,
        commission_gst: 2.7,
        tcs: 0,
        tds: 0.29,
        net: 267.72,
      });
      expect(byId(page.payouts, 'scheduled').method).toBe('direct_transfer');

      // Due the seller's own day after delivery; not before delivery.
      const onHold = byId(page.payouts, 'onHold');
      const deliveredAt = payouts.onHold!.order.deliveredAt!.getTime();
      expect(onHold.release_due_at).toBe(new Date(deliveredAt + 24 * HOUR).toISOString());
      expect(onHold.transferred_at).not.toBeNull();
      expect([onHold.released_at, onHold.settled_at, onHold.utr]).toEqual([null, null, null]);
      expect(byId(page.payouts, 'toTransfer').release_due_at).toBeNull();
    });

    it('pages 20 at a time, newest first, and answers a seller with no account the default period', async () => {
      const first = await pageOf(busySeller, busySeller.uid);
      const second = await pageOf(busySeller, busySeller.uid, '?page=2');
      const third = await pageOf(busySeller, busySeller.uid, '?page=3');
      expect([first.total, first.payouts.length, second.payouts.length, third.payouts.length]).toEqual([23, 20, 3, 0]);
      expect([first.page, second.page, third.page]).toEqual([1, 2, 3]);
      const ids = [...first.payouts, ...second.payouts].map((item) => Number(item.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).toBe(23);
      // The balances are the seller's whole, whichever page is read.
      expect(third.balances).toEqual({ pending: 0, held: 0, available: 0, paid: 23 * 100 });
      expect(third.adjustments).toBe(0);
      expect(first.account).toEqual({ status: 'none', settle_after_hours: PAYOUT_SETTLE_AFTER_HOURS });
      const due = first.payouts[0]!.release_due_at;
      expect(due).not.toBeNull();
    });

    it('answers a seller with no payouts zero everywhere', async () => {
      expect(await pageOf(buyer, buyer.uid)).toEqual({
        account: { status: 'none', settle_after_hours: PAYOUT_SETTLE_AFTER_HOURS },
        balances: { pending: 0, held: 0, available: 0, paid: 0 },
        adjustments: 0,
        payouts: [],
        total: 0,
        page: 1,
        per_page: 20,
      });
    });

    it.each(['0', '-1', 'abc', '1.5', '10001', '1e3'])('refuses page=%s with 400 naming the page', async (page) => {
      const response = await get(seller, payoutsUrl(seller.uid, `?page=${page}`));
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().message)).toContain('page must be a whole number');
    });
  });

  describe('GET /api/seller-dashboard/{uid}/statements', () => {
    it('lists the seller’s weekly statements and commission invoices, newest first, with what is ready', async () => {
      const response = await get(seller, statementsUrl(seller.uid));
      expect(response.statusCode).toBe(200);
      const answer = sellerStatementsSchema.parse(response.json());
      expect(answer.statements).toEqual([
        {
          week_start: '2026-11-30',
          week_end: '2026-12-06',
          opening: 769.5,
          sales_net: 267.72,
          paid_out: 0,
          adjusted: 0,
          closing: 1037.22,
          pdf_ready: false,
          csv_ready: false,
        },
        {
          week_start: '2026-11-23',
          week_end: '2026-11-29',
          opening: 560,
          sales_net: 465.76,
          paid_out: 465.76,
          adjusted: 209.5,
          closing: 769.5,
          pdf_ready: true,
          csv_ready: false,
        },
        {
          week_start: '2026-11-16',
          week_end: '2026-11-22',
          opening: 0,
          sales_net: 1500,
          paid_out: 940,
          adjusted: 0,
          closing: 560,
          pdf_ready: true,
          csv_ready: true,
        },
      ]);
      expect(answer.commission_invoices).toEqual([
        expect.objectContaining({
          id: String(commissionInvoices.november),
          month: '2026-11',
          number: 'COM/26-27/000002',
          pdf_ready: false,
        }),
        {
          id: String(commissionInvoices.october),
          month: '2026-10',
          number: 'COM/26-27/000001',
          commission: 100,
          cgst: 9,
          sgst: 9,
          igst: 0,
          total: 118,
          issued_at: expect.any(String),
          pdf_ready: true,
        },
      ]);
    });

    it('answers a seller with none two empty lists', async () => {
      const response = await get(busySeller, statementsUrl(busySeller.uid));
      expect(response.json()).toEqual({ statements: [], commission_invoices: [] });
    });
  });

  describe('the downloads', () => {
    it('sends a week’s statement as PDF and as CSV, named after its week', async () => {
      const pdf = await get(seller, statementUrl(seller.uid, '2026-11-16', 'pdf'));
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe('attachment; filename="mandi-statement-2026-11-16.pdf"');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.body).toBe(pdfBytes('statement 2026-11-16').toString());

      const csv = await get(seller, statementUrl(seller.uid, '2026-11-16', 'csv'));
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="mandi-statement-2026-11-16.csv"');
      expect(csv.body).toBe('week,2026-11-16\nclosing,1.00\n');
    });

    it.each([
      ['a CSV not written yet', '2026-11-23', 'csv'],
      ['a statement whose files are still being written', '2026-11-30', 'pdf'],
      ['a week with no statement', '2026-12-07', 'pdf'],
    ])('answers 404 for %s', async (_, week, format) => {
      const response = await get(seller, statementUrl(seller.uid, week, format));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: PAYOUT_MESSAGES.statementNotReady,
      });
    });

    it.each([
      ['a Tuesday', '2026-11-17', 'pdf', PAYOUT_MESSAGES.invalidWeek],
      ['no date', 'latest', 'pdf', PAYOUT_MESSAGES.invalidWeek],
      ['a day of no calendar', '2026-02-30', 'pdf', PAYOUT_MESSAGES.invalidWeek],
      ['another format', '2026-11-16', 'xlsx', PAYOUT_MESSAGES.invalidFormat],
      ['a format in capitals', '2026-11-16', 'PDF', PAYOUT_MESSAGES.invalidFormat],
    ])('refuses %s with 400 naming the field', async (_, week, format, message) => {
      const response = await get(seller, statementUrl(seller.uid, week, format));
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().message)).toContain(message);
    });

    it('does not send another seller’s statement of the same week under the seller’s uid', async () => {
      const response = await get(otherSeller, statementUrl(otherSeller.uid, '2026-11-23', 'pdf'));
      expect(response.statusCode).toBe(404);
    });

    it('sends the seller’s own commission invoice, named after its number', async () => {
      const response = await get(seller, commissionUrl(seller.uid, commissionInvoices.october!));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="COM-26-27-000001.pdf"');
      expect(response.body).toBe(pdfBytes('commission COM/26-27/000001').toString());
    });

    it('answers 404 for another seller’s commission invoice, an unknown one, and one not printed yet', async () => {
      for (const id of [commissionInvoices.others!, 99_999_999, 'abc', '99999999999']) {
        const response = await get(seller, commissionUrl(seller.uid, id));
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(PAYOUT_MESSAGES.commissionInvoiceNotFound);
      }
      const pending = await get(seller, commissionUrl(seller.uid, commissionInvoices.november!));
      expect(pending.statusCode).toBe(404);
      expect(pending.json().message).toBe(PAYOUT_MESSAGES.commissionInvoiceNotReady);
    });
  });

  describe('who may read them', () => {
    const everyRoute = (uid: string) => [
      payoutsUrl(uid),
      statementsUrl(uid),
      statementUrl(uid, '2026-11-16', 'pdf'),
      commissionUrl(uid, commissionInvoices.october!),
    ];

    it('answers 401 without a token on every route', async () => {
      for (const url of everyRoute(seller.uid)) {
        const response = await get(null, url);
        expect(response.statusCode).toBe(401);
        expect(response.body).not.toContain('UTR');
      }
    });

    it('answers 403 to another user on every route of the seller', async () => {
      for (const user of [buyer, otherSeller]) {
        for (const url of everyRoute(seller.uid)) {
          const response = await get(user, url);
          expect(response.statusCode).toBe(403);
          expect(response.body).not.toContain('UTR');
          expect(response.body).not.toContain('%PDF');
        }
      }
    });

    it('lets an admin read any seller’s payouts, statements and files', async () => {
      const mine = await pageOf(seller, seller.uid);
      expect(await pageOf(admin, seller.uid)).toEqual(mine);
      for (const url of everyRoute(seller.uid)) expect((await get(admin, url)).statusCode).toBe(200);
      const others = await get(admin, commissionUrl(otherSeller.uid, commissionInvoices.others!));
      expect(others.statusCode).toBe(200);
      // Under the seller's uid an admin still reads only that seller's documents.
      expect((await get(admin, commissionUrl(seller.uid, commissionInvoices.others!))).statusCode).toBe(404);
    });

    it('answers 404 for a uid that names no user', async () => {
      for (const url of everyRoute('no-such-seller')) {
        const response = await get(admin, url);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(SELLER_DASHBOARD_MESSAGES.sellerNotFound);
      }
    });
  });
});
