import type { SellerDashboard, SellerPayout, SellerPayoutPage, SellerStatements } from '@mandi/contracts';
import { routeKey, routeUrl } from '@mandi/contracts/client';
import { PAYOUT_MESSAGES, type Language } from '@mandi/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyer, buyerAnswers } from '../test/checkout-fixtures';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

type Answers = Parameters<typeof stubApi>[0];

const dashboard = (uid = 'uid-me'): SellerDashboard => ({
  seller: { uid, username: 'ravi_farms' },
  sales: {
    today: { amount: 0, orders: 0, packs: 0 },
    last_7_days: { amount: 0, orders: 0, packs: 0 },
    last_30_days: { amount: 0, orders: 0, packs: 0 },
  },
  counted_statuses: ['pending', 'confirmed', 'shipped', 'delivered'],
  products: [],
});
const noOrders = { orders: [], total: 0, page: 1, per_page: 20 };

function payout(id: number, change: Partial<SellerPayout> = {}): SellerPayout {
  return {
    id: String(id),
    order_id: String(id + 100),
    invoice_number: `RF/26-27/0000${id}`,
    status: 'settled',
    balance_state: 'paid',
    method: 'payment_transfer',
    sale: { gross: 1000, resale_gst: 0, commission: 50, commission_gst: 9, tcs: 0, tds: 1, net: 940 },
    release_due_at: '2026-11-27T10:00:00.000Z',
    transferred_at: '2026-11-25T10:00:00.000Z',
    released_at: '2026-11-27T10:05:00.000Z',
    settled_at: '2026-11-28T04:30:00.000Z',
    utr: 'UTR2026112800017',
    ...change,
  };
}

const onHold = payout(2, {
  status: 'on_hold',
  balance_state: 'held',
  sale: { gross: 500, resale_gst: 0, commission: 25, commission_gst: 4.5, tcs: 4.24, tds: 0.5, net: 465.76 },
  release_due_at: '2026-12-02T13:00:00.000Z',
  released_at: null,
  settled_at: null,
  utr: null,
});

const page = (change: Partial<SellerPayoutPage> = {}): SellerPayoutPage => ({
  account: { status: 'activated', settle_after_hours: 24 },
  balances: { pending: 436.92, held: 426.25, available: 465.76, paid: 12_940 },
  adjustments: 209.5,
  payouts: [onHold, payout(1)],
  total: 2,
  page: 1,
  per_page: 20,
  ...change,
});

const statements = (change: Partial<SellerStatements> = {}): SellerStatements => ({
  statements: [
    {
      week_start: '2026-11-23',
      week_end: '2026-11-29',
      opening: 560,
      sales_net: 465.76,
      paid_out: 465.76,
      adjusted: 209.5,
      closing: 769.5,
      pdf_ready: false,
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
  ],
  commission_invoices: [
    {
      id: '7',
      month: '2026-10',
      number: 'COM/26-27/000001',
      commission: 100,
      cgst: 9,
      sgst: 9,
      igst: 0,
      total: 118,
      issued_at: '2026-11-01T00:30:00.000Z',
      pdf_ready: true,
    },
  ],
  ...change,
});

const payoutsKey = (pageNumber = 1, uid = 'uid-me') =>
  routeKey('sellerPayouts', { params: { uid }, query: { page: pageNumber } });
const statementsKey = (uid = 'uid-me') => routeKey('sellerStatements', { params: { uid } });

/** A file answer of a download route by URL, or a refusal. */
type FileAnswer = { status?: number; body: string; headers?: Record<string, string> };

function openPayouts({
  answers = {},
  files = {},
  language = 'en',
  path = '/seller-dashboard?tab=payouts',
  identity = buyer(),
}: {
  answers?: Answers;
  files?: Record<string, FileAnswer>;
  language?: Language;
  path?: string;
  identity?: ReturnType<typeof buyer>;
} = {}) {
  const { calls, fetchStub } = stubApi({
    ...buyerAnswers,
    [routeKey('sellerDashboard', { params: { uid: 'uid-me' } })]: { body: dashboard() },
    [routeKey('sellerOrders', { params: { uid: 'uid-me' }, query: { status: 'all', period: 'all', page: 1 } })]: {
      body: noOrders,
    },
    [payoutsKey()]: { body: page() },
    [statementsKey()]: { body: statements() },
    ...answers,
  });
  const asked: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const file = files[String(input)];
    if (!file) return fetchStub(input, init);
    asked.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
    return new Response(file.body, { status: file.status ?? 200, headers: file.headers });
  });
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { calls, asked, saved, ...renderApp(path, { identity, language }) };
}

const payoutsRegion = (name = 'Payouts') => screen.findByRole('region', { name });
const rowOf = (table: HTMLElement, heading: string | RegExp) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('rowheader', { name: heading }))!;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Payouts tab', () => {
  it('is a tab of the dashboard: the overview first, the payouts a click away', async () => {
    const { router, calls } = openPayouts({ path: '/seller-dashboard' });
    const tabs = await screen.findByRole('tablist', { name: 'Dashboard sections' });
    const [overview, payouts] = within(tabs).getAllByRole('tab');
    expect(overview).toHaveAccessibleName('Overview');
    expect(overview).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tabpanel', { name: 'Overview' })).toBeInTheDocument();
    expect(calls.some((call) => call.route === 'sellerPayouts')).toBe(false);

    await userEvent.click(payouts!);
    expect(payouts).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=payouts');
    const panel = await screen.findByRole('tabpanel', { name: 'Payouts' });
    expect(within(panel).getByRole('heading', { name: 'Payouts', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('tabpanel', { name: 'Overview' })).not.toBeInTheDocument();

    // The arrow keys move between the tabs.
    await userEvent.keyboard('{ArrowLeft}');
    expect(overview).toHaveFocus();
    expect(router.state.location.search).toBe('');
  });

  it('shows the four balances with what each holds, the seller’s own held period and the adjustments', async () => {
    openPayouts();
    const region = await payoutsRegion();
    const balances = await within(region).findByRole('region', { name: 'Your balances' });
    const cards = within(balances)
      .getAllByRole('listitem')
      .map((card) => card.textContent);
    expect(cards).toEqual([
      'Pending₹436.92Not yet delivered, or inside the 8-hour window',
      'Held₹426.25Delivered, released after 24 hours',
      'Available₹465.76Released to your bank account, settling',
      'Paid₹12,940.00In your bank',
    ]);
    expect(balances).toHaveTextContent('Adjustments by Mandi');
    expect(balances).toHaveTextContent('+₹209.50');
    expect(region).toHaveTextContent('Payout account: Active');
    expect(within(region).queryByRole('note')).not.toBeInTheDocument();
  });

  it('says payouts wait for the approved profile and verified bank account while the account is not active', async () => {
    openPayouts({
      answers: {
        [payoutsKey()]: {
          body: page({
            account: { status: 'creating', settle_after_hours: 48 },
            adjustments: 0,
            payouts: [],
            total: 0,
            balances: { pending: 0, held: 120, available: 0, paid: 0 },
          }),
        },
      },
    });
    const region = await payoutsRegion();
    expect(await within(region).findByRole('note')).toHaveTextContent(PAYOUT_MESSAGES.accountNotActive);
    expect(region).toHaveTextContent('Payout account: Being set up');
    expect(region).toHaveTextContent('Delivered, released after 48 hours');
    expect(region).not.toHaveTextContent('Adjustments by Mandi');
    expect(within(region).getByRole('heading', { name: PAYOUT_MESSAGES.noPayouts })).toBeInTheDocument();
  });

  it('lists each payout with its sale’s breakdown, its state and when, and its UTR', async () => {
    openPayouts();
    const table = await screen.findByRole('table', { name: /Your payouts/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Order', 'Sale', 'Commission', 'GST on commission', 'TCS', 'TDS', 'Net', 'State', 'UTR']);

    const settled = rowOf(table, /Order #101/);
    expect(within(settled).getByRole('rowheader')).toHaveTextContent('Invoice RF/26-27/00001');
    expect(
      within(settled)
        .getAllByRole('cell')
        .map((cell) => [cell.dataset.label, cell.textContent]),
    ).toEqual([
      ['Sale', '₹1,000.00'],
      ['Commission', '-₹50.00'],
      ['GST on commission', '-₹9.00'],
      ['TCS', '₹0.00'],
      ['TDS', '-₹1.00'],
      ['Net', '₹940.00'],
      ['State', 'SettledSettled 28 Nov 2026, 10:00 am'],
      ['UTR', 'UTR2026112800017'],
    ]);

    const held = rowOf(table, /Order #102/);
    expect(
      within(held)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹500.00', '-₹25.00', '-₹4.50', '-₹4.24', '-₹0.50', '₹465.76', 'On holdDue 2 Dec 2026, 6:30 pm', '—']);
  });

  it('adds the column of GST on resale only when a payout of the page has some', async () => {
    const resold = payout(3, {
      status: 'to_transfer',
      balance_state: 'pending',
      sale: { gross: 300, resale_gst: 14.29, commission: 15, commission_gst: 2.7, tcs: 0, tds: 0.29, net: 267.72 },
      release_due_at: null,
      utr: null,
    });
    openPayouts({ answers: { [payoutsKey()]: { body: page({ payouts: [resold], total: 1 }) } } });
    const table = await screen.findByRole('table', { name: /Your payouts/ });
    expect(within(table).getByRole('columnheader', { name: 'GST on resale' })).toBeInTheDocument();
    const row = rowOf(table, /Order #103/);
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('-₹14.29');
    expect(within(row).getAllByRole('cell')[7]).toHaveTextContent(/^Being transferred$/);
  });

  it('pages through the payouts 20 at a time, keeping the page in the URL', async () => {
    const second = page({ payouts: [payout(21, { order_id: '900' })], total: 41, page: 2 });
    const { router } = openPayouts({
      answers: {
        [payoutsKey()]: { body: page({ total: 41 }) },
        [payoutsKey(2)]: { body: second },
      },
    });
    const pager = await screen.findByRole('navigation', { name: 'Payout pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: /Order #900/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=payouts&page=2');
    expect(screen.getByRole('navigation', { name: 'Payout pages' })).toHaveTextContent('Page 2 of 3');
  });

  it('says so when the payouts cannot be read, and reads them again on Try again', async () => {
    let failing = true;
    openPayouts({
      answers: {
        [payoutsKey()]: () =>
          failing
            ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } }
            : { body: page() },
      },
    });
    const region = await payoutsRegion();
    expect(await within(region).findByRole('alert')).toHaveTextContent("We couldn't load your payouts");
    failing = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /Your payouts/ })).toBeInTheDocument();
  });

  it('shows another seller’s payouts to an admin', async () => {
    openPayouts({
      path: '/seller-dashboard/uid-ravi?tab=payouts',
      identity: fakeIdentity(identityUser('uid-admin', 'admin@mandi.test')),
      answers: {
        [routeKey('getUserId')]: { body: { userId: 1, role: 'admin' } },
        [routeKey('sellerDashboard', { params: { uid: 'uid-ravi' } })]: { body: dashboard('uid-ravi') },
        [payoutsKey(1, 'uid-ravi')]: { body: page() },
        [statementsKey('uid-ravi')]: { body: statements() },
      },
    });
    expect(await screen.findByRole('table', { name: /Your payouts/ })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Viewing the dashboard of ravi_farms');
  });
});

describe('the statements', () => {
  const statementUrl = (week: string, format: 'pdf' | 'csv') =>
    routeUrl('downloadSellerStatement', { params: { uid: 'uid-me', week, format } });
  const invoiceUrl = routeUrl('downloadCommissionInvoice', { params: { uid: 'uid-me', invoiceId: '7' } });
  const statementsRegion = () => screen.findByRole('region', { name: 'Statements' });

  it('lists each week with its figures and files, and each commission invoice', async () => {
    openPayouts();
    const region = await statementsRegion();
    const weekly = await within(region).findByRole('table', { name: 'Weekly statements' });
    const week = rowOf(weekly, '16 Nov 2026 – 22 Nov 2026');
    expect(
      within(week)
        .getAllByRole('cell')
        .map((cell) => [cell.dataset.label, cell.textContent]),
    ).toEqual([
      ['Opening balance', '₹0.00'],
      ['Sales, net', '₹1,500.00'],
      ['Paid out', '₹940.00'],
      ['Adjustments', '₹0.00'],
      ['Closing balance', '₹560.00'],
      ['Files', 'Download PDFDownload CSV'],
    ]);
    expect(within(week).getByRole('button', { name: 'Download PDF' })).toHaveAccessibleDescription(
      '16 Nov 2026 – 22 Nov 2026',
    );
    const pending = rowOf(weekly, '23 Nov 2026 – 29 Nov 2026');
    expect(within(pending).queryByRole('button')).not.toBeInTheDocument();
    expect(pending).toHaveTextContent('Being prepared');

    const invoices = within(region).getByRole('table', { name: 'Commission invoices' });
    const october = rowOf(invoices, 'October 2026');
    expect(
      within(october)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['COM/26-27/000001', '₹100.00', '₹18.00', '₹118.00', 'Download PDF']);
  });

  it('downloads a statement and a commission invoice with the bearer token, under the server’s names', async () => {
    const { asked, saved } = openPayouts({
      files: {
        [statementUrl('2026-11-16', 'csv')]: {
          body: 'week,2026-11-16\n',
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="mandi-statement-2026-11-16.csv"',
          },
        },
        [invoiceUrl]: {
          body: '%PDF-1.7',
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="COM-26-27-000001.pdf"',
          },
        },
      },
    });
    const region = await statementsRegion();
    const weekly = await within(region).findByRole('table', { name: 'Weekly statements' });
    await userEvent.click(within(rowOf(weekly, /16 Nov/)).getByRole('button', { name: 'Download CSV' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('Downloaded mandi-statement-2026-11-16.csv.');

    const invoices = within(region).getByRole('table', { name: 'Commission invoices' });
    await userEvent.click(within(invoices).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['mandi-statement-2026-11-16.csv', 'COM-26-27-000001.pdf']));
    expect(asked).toEqual([
      { url: statementUrl('2026-11-16', 'csv'), authorization: 'Bearer token-of-uid-me' },
      { url: invoiceUrl, authorization: 'Bearer token-of-uid-me' },
    ]);
  });

  it('names a statement mandi-statement-<week>.pdf when the server gives no name, and shows a refusal', async () => {
    const { saved } = openPayouts({
      files: {
        [statementUrl('2026-11-16', 'pdf')]: { body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } },
        [statementUrl('2026-11-16', 'csv')]: {
          status: 404,
          body: JSON.stringify({ statusCode: 404, error: 'Not Found', message: PAYOUT_MESSAGES.statementNotReady }),
          headers: { 'content-type': 'application/json' },
        },
      },
    });
    const region = await statementsRegion();
    const week = rowOf(await within(region).findByRole('table', { name: 'Weekly statements' }), /16 Nov/);
    await userEvent.click(within(week).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['mandi-statement-2026-11-16.pdf']));
    await userEvent.click(within(week).getByRole('button', { name: 'Download CSV' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(PAYOUT_MESSAGES.statementNotReady);
  });

  it('says when there are no statements or commission invoices yet', async () => {
    openPayouts({ answers: { [statementsKey()]: { body: { statements: [], commission_invoices: [] } } } });
    const region = await statementsRegion();
    expect(await within(region).findByText(/No statements yet/)).toBeInTheDocument();
    expect(within(region).getByText(/No commission invoices yet/)).toBeInTheDocument();
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('the Payouts tab in Hindi', () => {
  it('reads in Hindi, the server’s refusals too', async () => {
    openPayouts({
      language: 'hi',
      files: {
        [routeUrl('downloadSellerStatement', { params: { uid: 'uid-me', week: '2026-11-16', format: 'pdf' } })]: {
          status: 404,
          body: JSON.stringify({ statusCode: 404, error: 'Not Found', message: PAYOUT_MESSAGES.statementNotReady }),
          headers: { 'content-type': 'application/json' },
        },
      },
    });
    const tabs = await screen.findByRole('tablist', { name: 'डैशबोर्ड के हिस्से' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['सारांश', 'भुगतान']);
    const region = await payoutsRegion('भुगतान');
    const balances = await within(region).findByRole('region', { name: 'आपका बैलेंस' });
    expect(balances).toHaveTextContent('डिलीवर हो गया, 24 घंटे बाद जारी होगा');
    expect(region).toHaveTextContent('भुगतान खाता: चालू');
    const table = within(region).getByRole('table', { name: /आपके भुगतान/ });
    expect(within(table).getByRole('columnheader', { name: 'कमीशन पर GST' })).toBeInTheDocument();
    expect(within(rowOf(table, /ऑर्डर #101/)).getAllByRole('cell')[6]).toHaveTextContent('सेटल हो गया');

    const statementsRegion = await screen.findByRole('region', { name: 'स्टेटमेंट' });
    const weekly = await within(statementsRegion).findByRole('table', { name: 'साप्ताहिक स्टेटमेंट' });
    await userEvent.click(within(weekly).getByRole('button', { name: 'PDF डाउनलोड करें' }));
    expect(await within(statementsRegion).findByRole('alert')).toHaveTextContent('यह स्टेटमेंट अभी तैयार नहीं है।');
  });
});
