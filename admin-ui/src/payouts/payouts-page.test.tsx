import type { AdminPayout, AdminPayoutList, PayoutReconciliation, SellerLedger } from '@mandi/contracts';
import { routeKey, routeUrl } from '@mandi/contracts/client';
import {
  ADJUSTMENT_MESSAGES,
  DAY_MS,
  RECONCILIATION_MESSAGES,
  SELLER_DASHBOARD_MESSAGES,
  indiaDateParts,
} from '@mandi/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/console';

const AT = '2026-11-25T04:00:00.000Z'; // 25 Nov 2026, 9:30 am IST

const payout = (overrides: Partial<AdminPayout> & Pick<AdminPayout, 'id'>): AdminPayout => ({
  order_id: '41',
  seller: { uid: 'uid-seller-ravi', name: 'Ravi Potato Farm' },
  amount: 600,
  method: 'payment_transfer',
  status: 'on_hold',
  razorpay_transfer_id: 'trf_ravi0000000001',
  attempts: 1,
  last_error: null,
  created_at: AT,
  transferred_at: AT,
  released_at: null,
  settled_at: null,
  utr: null,
  ...overrides,
});

const FAILED = payout({
  id: '12',
  status: 'failed',
  amount: 120,
  razorpay_transfer_id: null,
  transferred_at: null,
  attempts: 3,
  last_error: 'Razorpay failed the transfer',
  seller: { uid: 'uid-seller-asha', name: 'Asha Organic Farms' },
});
const SETTLED = payout({
  id: '11',
  status: 'settled',
  amount: 1000,
  released_at: AT,
  settled_at: AT,
  utr: '1767940200abc123',
});

const LIST: AdminPayoutList = {
  summary: {
    due: { count: 1, amount: 500 },
    held: { count: 2, amount: 500.25 },
    failed: { count: 1, amount: 120 },
    pending: { count: 2, amount: 249.99 },
    awaiting_account: { count: 0, amount: 0 },
  },
  payouts: [FAILED, SETTLED],
  total: 2,
  page: 1,
};

const LEDGER: SellerLedger = {
  seller: { uid: 'uid-seller-ravi', name: 'Ravi Potato Farm' },
  balance: 470.5,
  route_account: {
    status: 'activated',
    razorpay_account_id: 'acc_ravi00000001',
    settle_after_hours: null,
    last_error: null,
  },
  transactions: [
    {
      id: '31',
      kind: 'adjustment',
      source_key: 'adjustment:2f1c',
      order_id: null,
      reason: 'Short delivery made good',
      created_by: 'asha_admin',
      created_at: AT,
      entries: [
        { account: 'seller_payable', amount: -250.75 },
        { account: 'adjustments', amount: 250.75 },
      ],
    },
    {
      id: '30',
      kind: 'sale',
      source_key: 'invoice:7:seller-uid-seller-ravi',
      order_id: '41',
      reason: null,
      created_by: null,
      created_at: AT,
      entries: [
        { account: 'buyer_funds', amount: 905 },
        { account: 'seller_payable', amount: -900 },
        { account: 'commission_revenue', amount: -5 },
      ],
    },
  ],
  total: 2,
  page: 1,
};

const RAVI = { params: { uid: 'uid-seller-ravi' } };
const FIRST_PAGE = routeKey('adminPayouts', { query: { page: 1 } });
const LEDGER_KEY = routeKey('sellerLedger', { ...RAVI, query: { page: 1 } });

type Call = { method: string; url: string; route: string | null; authorization: string | null; body: unknown };
const callsOf = (calls: Call[], route: string) => calls.filter((call) => call.route === route);
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
const refusal = (status: number, message: string, fields?: Record<string, string>) => ({
  status,
  body: { statusCode: status, error: status === 400 ? 'Bad Request' : 'Conflict', message, ...(fields && { fields }) },
});

const indiaDay = (date: Date) => {
  const { year, month, day } = indiaDateParts(date);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

describe('the Payouts page', () => {
  beforeEach(() => localStorage.clear());

  it('shows what wants attention, the payouts with their seller, state and way, and the menu entry', async () => {
    const { calls } = renderConsole('/payouts', { [FIRST_PAGE]: { body: LIST } });
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'audit trail' })).toHaveAttribute('href', '/adminpanel/audit');
    const summary = screen.getByRole('region', { name: 'What wants attention' });
    expect(within(summary).getByRole('group', { name: 'Due' }).textContent).toBe(
      'Due₹500.001 payoutBeing released to sellers',
    );
    expect(within(summary).getByRole('group', { name: 'Held' }).textContent).toContain('₹500.252 payouts');
    expect(within(summary).getByRole('group', { name: 'Pending' }).textContent).toContain('₹249.992 payouts');
    expect(within(summary).getByRole('group', { name: 'Failed' }).textContent).toContain('₹120.001 payout');
    expect(within(summary).getByRole('group', { name: 'Awaiting an account' }).textContent).toContain('₹0.000 payouts');

    expect(rowsOf(table)).toEqual([
      'PayoutSellerAmountMethodStatusTransferProgress (IST)Actions',
      '#12Order #41Asha Organic Farms₹120.00From the paymentFailed3 attemptsRazorpay failed the transferNo transfer yetCreated25 Nov 2026, 9:30 am ISTRetry',
      '#11Order #41Ravi Potato Farm₹1,000.00From the paymentSettled1 attempttrf_ravi0000000001Created25 Nov 2026, 9:30 am ISTTransferred25 Nov 2026, 9:30 am ISTReleased25 Nov 2026, 9:30 am ISTSettled25 Nov 2026, 9:30 am ISTUTR1767940200abc123',
    ]);
    // Only a failed payout has Retry; each seller is a way into their ledger.
    expect(screen.getAllByRole('button', { name: /^Retry payout/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: "Ravi Potato Farm's ledger" })).toHaveAttribute(
      'href',
      '/adminpanel/payouts/sellers/uid-seller-ravi',
    );
    const read = callsOf(calls, 'adminPayouts')[0]!;
    expect([read.url, read.authorization]).toEqual([
      routeUrl('adminPayouts', { query: { page: 1 } }),
      'Bearer token-uid-admin',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Payouts' })).toHaveAttribute('href', '/adminpanel/payouts');
  });

  it('filters by status through the URL, and says when no payout is in that state', async () => {
    const { calls } = renderConsole('/payouts', {
      [FIRST_PAGE]: { body: LIST },
      [routeKey('adminPayouts', { query: { status: 'awaiting_account', page: 1 } })]: {
        body: { ...LIST, payouts: [], total: 0 },
      },
    });
    await screen.findByRole('table', { name: 'Payouts' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Awaiting account' }));
    expect(await screen.findByText('No payout is in this state.')).toBeInTheDocument();
    expect(callsOf(calls, 'adminPayouts').map((call) => call.url)).toEqual([
      routeUrl('adminPayouts', { query: { page: 1 } }),
      routeUrl('adminPayouts', { query: { status: 'awaiting_account', page: 1 } }),
    ]);
    expect(window.location.search).toBe('?status=awaiting_account');
  });

  it('retries a failed payout after a confirm, says so and reads the payouts again', async () => {
    let list = LIST;
    const { calls } = renderConsole('/payouts', {
      [FIRST_PAGE]: () => ({ body: list }),
      [routeKey('retryPayout', { params: { payoutId: '12' } })]: () => {
        const retried = { ...FAILED, status: 'to_transfer' as const };
        list = { ...LIST, payouts: [retried, SETTLED] };
        return { body: retried };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry payout 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry payout 12?' });
    expect(dialog.textContent).toContain('₹120.00 to Asha Organic Farms goes back to be transferred');
    // Nothing is sent before the confirm.
    expect(callsOf(calls, 'retryPayout')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry transfer' }));
    expect(await screen.findByText('Payout 12 is on its way again.')).toBeInTheDocument();
    const retry = callsOf(calls, 'retryPayout');
    expect(retry.map((call) => [call.method, call.url, call.authorization])).toEqual([
      ['POST', routeUrl('retryPayout', { params: { payoutId: '12' } }), 'Bearer token-uid-admin'],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry payout 12' })).toBeNull());
    expect(callsOf(calls, 'adminPayouts')).toHaveLength(2);
  });

  it("says the server's 409 when another admin retried first", async () => {
    renderConsole('/payouts', {
      [FIRST_PAGE]: { body: LIST },
      [routeKey('retryPayout', { params: { payoutId: '12' } })]: refusal(409, ADJUSTMENT_MESSAGES.onlyFailedRetried),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry payout 12' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Retry payout 12?' })).getByRole('button', {
        name: 'Retry transfer',
      }),
    );
    expect(await screen.findByText(ADJUSTMENT_MESSAGES.onlyFailedRetried)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('speaks Hindi when chosen, the server’s refusals too, and remembers the choice', async () => {
    const store = memoryStore();
    renderConsole(
      '/payouts',
      {
        [FIRST_PAGE]: { body: LIST },
        [routeKey('retryPayout', { params: { payoutId: '12' } })]: refusal(409, ADJUSTMENT_MESSAGES.onlyFailedRetried),
      },
      { store },
    );
    await screen.findByRole('table', { name: 'Payouts' });
    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'भुगतान' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'भुगतान' });
    expect(rowsOf(table)[0]).toBe('भुगतानविक्रेताराशितरीकास्थितिट्रांसफ़रप्रगति (IST)कार्रवाई');
    expect(within(table).getByText('नहीं हो सका')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'देय' }).textContent).toContain('1 भुगतान');
    expect(store.getItem('payouts.language')).toBe('hi');
    fireEvent.click(screen.getByRole('button', { name: 'भुगतान 12 फिर भेजें' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'भुगतान 12 फिर भेजें?' })).getByRole('button', {
        name: 'ट्रांसफ़र फिर भेजें',
      }),
    );
    expect(await screen.findByText('सिर्फ़ वही भुगतान फिर भेजा जा सकता है जो नहीं हो सका।')).toBeInTheDocument();
  });

  it('shows each payout as a card with its Retry on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    renderConsole('/payouts', { [FIRST_PAGE]: { body: LIST } });
    const card = await screen.findByRole('article', { name: 'Payout 12' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(card.textContent).toContain('Amount₹120.00');
    expect(within(card).getByRole('button', { name: 'Retry payout 12' })).toBeEnabled();
  });

  it("shows a failed read's message with Try again", async () => {
    let failing = true;
    renderConsole('/payouts', {
      [FIRST_PAGE]: () =>
        failing ? refusal(503, 'The database is busy.') : { body: { ...LIST, payouts: [], total: 0 } },
    });
    expect(await screen.findByText('The database is busy.')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
  });
});

describe("a seller's ledger", () => {
  beforeEach(() => localStorage.clear());

  it('opens by uid, and shows the balance, the Route account, the settle-after period and each entry', async () => {
    const { calls } = renderConsole('/payouts', { [FIRST_PAGE]: { body: LIST }, [LEDGER_KEY]: { body: LEDGER } });
    await screen.findByRole('table', { name: 'Payouts' });
    const find = screen.getByRole('search');
    fireEvent.click(within(find).getByRole('button', { name: 'Open ledger' }));
    expect(await within(find).findByText("Enter the seller's uid.")).toBeInTheDocument();
    fireEvent.change(within(find).getByRole('textbox', { name: "Seller's uid" }), {
      target: { value: ' uid-seller-ravi ' },
    });
    fireEvent.click(within(find).getByRole('button', { name: 'Open ledger' }));

    expect(await screen.findByRole('heading', { name: "Ravi Potato Farm's ledger" })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Balance' }).textContent).toBe(
      'Balance₹470.50What Mandi owes the seller',
    );
    expect(screen.getByRole('region', { name: 'Route account' }).textContent).toBe(
      'Route accountActiveacc_ravi00000001',
    );
    expect(screen.getByRole('region', { name: 'Settle-after period' }).textContent).toBe(
      "Settle-after period48 hoursAfter delivery: Mandi's defaultChange",
    );
    expect(rowsOf(screen.getByRole('table', { name: 'Transactions' }))).toEqual([
      'When (IST)KindReferenceEntries',
      '25 Nov 2026, 9:30 am ISTAdjustmentShort delivery made goodby asha_adminadjustment:2f1cOwed to the seller-₹250.75Adjustments₹250.75',
      "25 Nov 2026, 9:30 am ISTSaleinvoice:7:seller-uid-seller-raviOrder #41Buyers' money₹905.00Owed to the seller-₹900.00Commission-₹5.00",
    ]);
    expect(screen.getByRole('link', { name: 'Their payouts' })).toHaveAttribute(
      'href',
      '/adminpanel/payouts?seller=uid-seller-ravi',
    );
    expect(callsOf(calls, 'sellerLedger')[0]!.url).toBe(routeUrl('sellerLedger', { ...RAVI, query: { page: 1 } }));
  });

  it('says a uid that names no user, as the server does', async () => {
    renderConsole('/payouts/sellers/uid-nobody', {
      [routeKey('sellerLedger', { params: { uid: 'uid-nobody' }, query: { page: 1 } })]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: SELLER_DASHBOARD_MESSAGES.sellerNotFound },
      },
    });
    expect(await screen.findByText(SELLER_DASHBOARD_MESSAGES.sellerNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull();
  });

  it('adjusts the balance: says it moves no money, checks the figure, shows the server’s 400, then books it', async () => {
    let ledger = LEDGER;
    let refuse = true;
    const { calls } = renderConsole('/payouts/sellers/uid-seller-ravi', {
      [LEDGER_KEY]: () => ({ body: ledger }),
      [routeKey('adjustSellerBalance', RAVI)]: (body) => {
        if (refuse)
          return refusal(400, ADJUSTMENT_MESSAGES.amountInvalid, { amount: ADJUSTMENT_MESSAGES.amountInvalid });
        ledger = { ...LEDGER, balance: 370.5 };
        return {
          status: 201,
          body: { transaction: { ...LEDGER.transactions[0]!, ...(body as object) }, balance: 370.5 },
        };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = await screen.findByRole('dialog', { name: "Adjust Ravi Potato Farm's balance" });
    expect(dialog.textContent).toContain('It moves no money by itself');
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    fireEvent.change(amount, { target: { value: 'hundred' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book adjustment' }));
    expect(await within(dialog).findByText('Enter the amount in rupees, such as 250 or -99.50.')).toBeInTheDocument();
    expect(within(dialog).getByText(ADJUSTMENT_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(callsOf(calls, 'adjustSellerBalance')).toEqual([]);

    fireEvent.change(amount, { target: { value: '200000' } });
    fireEvent.change(reason, { target: { value: '  Duplicate credit  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book adjustment' }));
    expect(await within(dialog).findByText(ADJUSTMENT_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    fireEvent.change(amount, { target: { value: '-100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book adjustment' }));
    expect(await screen.findByText('-₹100.00 booked for Ravi Potato Farm. Balance: ₹370.50.')).toBeInTheDocument();
    expect(callsOf(calls, 'adjustSellerBalance').map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', routeUrl('adjustSellerBalance', RAVI), { amount: 200000, reason: 'Duplicate credit' }],
      ['POST', routeUrl('adjustSellerBalance', RAVI), { amount: -100, reason: 'Duplicate credit' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('region', { name: 'Balance' }).textContent).toContain('₹370.50'));
  });

  it('sets the settle-after period in hours, or back to the default when left empty', async () => {
    let ledger = LEDGER;
    const { calls } = renderConsole('/payouts/sellers/uid-seller-ravi', {
      [LEDGER_KEY]: () => ({ body: ledger }),
      [routeKey('setSellerSettleAfter', RAVI)]: (body) => {
        const hours = (body as { hours: number | null }).hours;
        ledger = { ...LEDGER, route_account: { ...LEDGER.route_account!, settle_after_hours: hours } };
        return { body: ledger.route_account };
      },
    });
    const region = await screen.findByRole('region', { name: 'Settle-after period' });
    fireEvent.click(within(region).getByRole('button', { name: 'Change' }));
    let dialog = await screen.findByRole('dialog', { name: 'Settle-after period' });
    const hours = within(dialog).getByRole('textbox', { name: 'Hours' });
    fireEvent.change(hours, { target: { value: '721' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(ADJUSTMENT_MESSAGES.settleAfterInvalid)).toBeInTheDocument();
    fireEvent.change(hours, { target: { value: '24' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Ravi Potato Farm's money is held 24 hours after delivery.")).toBeInTheDocument();
    await waitFor(() => expect(region.textContent).toContain("24 hoursAfter delivery: this seller's own period"));

    fireEvent.click(within(region).getByRole('button', { name: 'Change' }));
    dialog = await screen.findByRole('dialog', { name: 'Settle-after period' });
    expect(within(dialog).getByRole('textbox', { name: 'Hours' })).toHaveValue('24');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hours' }), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(region.textContent).toContain("48 hoursAfter delivery: Mandi's default"));
    expect(callsOf(calls, 'setSellerSettleAfter').map((call) => [call.method, call.body])).toEqual([
      ['PUT', { hours: 24 }],
      ['PUT', { hours: null }],
    ]);
  });
});

describe('the reconciliation', () => {
  beforeEach(() => localStorage.clear());

  const today = indiaDay(new Date());
  const from = indiaDay(new Date(Date.now() - 29 * DAY_MS));
  const RUN = routeKey('payoutReconciliation', { query: { from, to: today } });
  const result = (overrides: Partial<PayoutReconciliation> = {}): PayoutReconciliation => ({
    checked_at: AT,
    period: { from, to: today },
    razorpay_transfers: 1204,
    payouts: 1203,
    matched: 1201,
    mismatch_count: 2,
    mismatches: [
      {
        kind: 'missing_in_mandi',
        payout_id: null,
        transfer_id: 'trf_stray0000001',
        mandi: 'no payout names this transfer',
        razorpay: 'trf_stray0000001 processed, ₹123.45 to acc_1',
      },
      {
        kind: 'hold_differs',
        payout_id: '12',
        transfer_id: 'trf_held00000001',
        mandi: 'on hold',
        razorpay: 'released',
      },
    ],
    ...overrides,
  });

  it('runs for the last 30 days unless told otherwise, and lists each mismatch', async () => {
    const { calls } = renderConsole('/payouts', { [FIRST_PAGE]: { body: LIST }, [RUN]: { body: result() } });
    fireEvent.click(await screen.findByRole('tab', { name: 'Reconciliation' }));
    expect(await screen.findByText('Choose a period and press Run.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue(from);
    expect(screen.getByLabelText('To')).toHaveValue(today);
    // Nothing is asked of Razorpay before Run.
    expect(callsOf(calls, 'payoutReconciliation')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const table = await screen.findByRole('table', { name: '2 mismatches' });
    expect(rowsOf(table)).toEqual([
      'What differsPayoutTransferMandiRazorpay',
      "Not in Mandi's books—trf_stray0000001no payout names this transfertrf_stray0000001 processed, ₹123.45 to acc_1",
      'Hold differs#12trf_held00000001on holdreleased',
    ]);
    expect(screen.getByRole('group', { name: 'Razorpay transfers' }).textContent).toBe('Razorpay transfers1,204');
    expect(screen.getByRole('group', { name: 'Matched' }).textContent).toBe('Matched1,201');
    expect(window.location.pathname).toBe('/adminpanel/payouts/reconciliation');
    expect(callsOf(calls, 'payoutReconciliation').map((call) => [call.url, call.authorization])).toEqual([
      [routeUrl('payoutReconciliation', { query: { from, to: today } }), 'Bearer token-uid-admin'],
    ]);
  });

  it('says when every transfer matches the books, a period refused under its field, and a Razorpay failure', async () => {
    let answer: unknown = { body: result({ mismatch_count: 0, mismatches: [], matched: 1203 }) };
    renderConsole('/payouts/reconciliation', {
      [RUN]: () => answer as { body: unknown },
      [routeKey('payoutReconciliation', { query: { from: '2026-01-01', to: today } })]: refusal(
        400,
        RECONCILIATION_MESSAGES.periodTooLong,
        { from: RECONCILIATION_MESSAGES.periodTooLong },
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Every transfer matches the books.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();

    answer = {
      status: 502,
      body: { statusCode: 502, error: 'Bad Gateway', message: RECONCILIATION_MESSAGES.razorpayFailed },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(RECONCILIATION_MESSAGES.razorpayFailed)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(RECONCILIATION_MESSAGES.periodTooLong)).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
  });
});
