import {
  ADMIN_ONDC_MESSAGES,
  type AdminOndcCall,
  type AdminOndcCallDetail,
  type AdminOndcCallList,
  type AdminOndcOrder,
  type AdminOndcOrderList,
  type AdminOndcSummary,
} from '@mandi/contracts';
import { routeKey, routeUrl } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/console';

const AT = '2026-11-25T04:00:00.000Z'; // 25 Nov 2026, 9:30 am IST
const later = (seconds: number) => new Date(Date.parse(AT) + seconds * 1000).toISOString();
const PINCODE = 'buyer-app.pincode.example';
const PAYTM = 'buyer-app.paytm.example';

const order = (overrides: Partial<AdminOndcOrder> & Pick<AdminOndcOrder, 'order_id'>): AdminOndcOrder => ({
  transaction_id: `txn-${overrides.order_id}`,
  ondc_order_id: `ONDC-${overrides.order_id}`,
  bap_id: PINCODE,
  bap_uri: `https://${PINCODE}/ondc`,
  status: 'confirmed',
  payment_type: 'ON-ORDER',
  collected_by: 'BAP',
  total: 530,
  finder_fee: 15.9,
  finder_fee_type: 'percent',
  finder_fee_value: '3',
  cancel_reason_code: null,
  cancelled_by: null,
  created_at: AT,
  ...overrides,
});
const PREPAID = order({ order_id: '41' });
const COD = order({
  order_id: '42',
  bap_id: PAYTM,
  status: 'cancelled',
  payment_type: 'ON-FULFILLMENT',
  collected_by: 'BPP',
  finder_fee: 10,
  finder_fee_type: 'amount',
  finder_fee_value: '10.00',
  cancel_reason_code: '012',
  cancelled_by: 'buyer_app',
});
const ORDERS: AdminOndcOrderList = { orders: [COD, PREPAID], total: 2, page: 1 };

const call = (overrides: Partial<AdminOndcCall> & Pick<AdminOndcCall, 'id' | 'action'>): AdminOndcCall => ({
  direction: overrides.action.startsWith('on_') ? 'outbound' : 'inbound',
  transaction_id: 'txn-41',
  message_id: `msg-${overrides.id}`,
  bap_id: PINCODE,
  ack_status: 'ACK',
  error_code: null,
  error_message: null,
  attempts: 0,
  late: false,
  due_by: null,
  answered_at: null,
  created_at: AT,
  order_id: null,
  reply_to_id: null,
  ...overrides,
});
const CONFIRM = call({ id: '7', action: 'confirm', created_at: later(0) });
const ON_CONFIRM = call({
  id: '8',
  action: 'on_confirm',
  reply_to_id: '7',
  attempts: 3,
  late: true,
  due_by: later(30),
  answered_at: later(95),
  created_at: later(2),
  order_id: '41',
});
const ON_INIT = call({
  id: '6',
  action: 'on_init',
  ack_status: 'NACK',
  error_code: '20006',
  error_message: 'Invalid response: quote breakup does not add up',
  reply_to_id: '5',
  attempts: 1,
  due_by: later(-50),
  answered_at: later(-58),
  created_at: later(-59),
});
const CALLS: AdminOndcCallList = { calls: [ON_CONFIRM, CONFIRM, ON_INIT], total: 3, total_capped: false, page: 1 };
const SUMMARY: AdminOndcSummary = {
  at: later(24 * 3600),
  since: AT,
  calls: 1234,
  nacks: 3,
  late: 1,
  awaiting: 0,
};

const ORDERS_PAGE = routeKey('adminOndcOrders', { query: { page: 1 } });
const CALLS_PAGE = routeKey('adminOndcCalls', { query: { page: 1 } });
const SUMMARY_KEY = routeKey('adminOndcSummary');

type Call = { method: string; url: string; route: string | null; authorization: string | null; body: unknown };
const callsOf = (calls: Call[], route: string) => calls.filter((sent) => sent.route === route);
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('the Network (ONDC) page', () => {
  beforeEach(() => localStorage.clear());

  it("shows the last 24 hours at the top, the network orders with their terms, and the menu's entry", async () => {
    const { calls } = renderConsole('/ondc', { [ORDERS_PAGE]: { body: ORDERS }, [SUMMARY_KEY]: { body: SUMMARY } });
    const table = await screen.findByRole('table', { name: 'Network orders' });
    expect(screen.getByRole('heading', { level: 1, name: 'Network (ONDC)' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'The last 24 hours' });
    await waitFor(() =>
      expect(within(summary).getByRole('group', { name: 'NACKs' }).textContent).toBe(
        'NACKs3Refused, either wayShow NACKs',
      ),
    );
    expect(within(summary).getByRole('group', { name: 'Calls and callbacks' }).textContent).toContain('1,234');
    expect(within(summary).getByRole('group', { name: 'Late callbacks' }).textContent).toContain('1');
    // Nothing to show for a figure at zero, and no way to the calls behind the total.
    expect(within(summary).getByRole('group', { name: 'Awaiting an ACK' }).textContent).toBe(
      'Awaiting an ACK0Callbacks not acknowledged yet',
    );
    expect(within(summary).getByRole('link', { name: 'Show NACKs' })).toHaveAttribute(
      'href',
      '/adminpanel/ondc/calls?ack=NACK',
    );
    expect(within(summary).getByRole('link', { name: 'Show late callbacks' })).toHaveAttribute(
      'href',
      '/adminpanel/ondc/calls?late=true',
    );

    expect(rowsOf(table)).toEqual([
      'Network orderTransactionBuyer appStatusPaymentTotalFinder feeCreated (IST)',
      `ONDC-42Order #42txn-42${PAYTM}CancelledBy the buyer app012: Buyer does not want product any moreCash on deliveryCollected by Mandi₹530.00₹10.00₹10.00 flat asked25 Nov 20269:30 am IST`,
      `ONDC-41Order #41txn-41${PINCODE}ConfirmedPrepaidCollected by the buyer app₹530.00₹15.903% asked25 Nov 20269:30 am IST`,
    ]);
    expect(screen.getByRole('link', { name: 'Open network order ONDC-41' })).toHaveAttribute(
      'href',
      '/adminpanel/ondc/orders/41',
    );
    expect(screen.getByRole('link', { name: 'Open Mandi order #41' })).toHaveAttribute(
      'href',
      '/adminpanel/orders/41/show',
    );
    expect(screen.getByRole('link', { name: 'Calls of transaction txn-42' })).toHaveAttribute(
      'href',
      '/adminpanel/ondc/calls?transaction_id=txn-42',
    );
    const read = callsOf(calls, 'adminOndcOrders')[0]!;
    expect([read.url, read.authorization]).toEqual([
      routeUrl('adminOndcOrders', { query: { page: 1 } }),
      'Bearer token-uid-admin',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Network (ONDC)' })).toHaveAttribute('href', '/adminpanel/ondc');
  });

  it('filters the orders by buyer app and transaction id through the URL, and clears them', async () => {
    const filtered = routeKey('adminOndcOrders', { query: { bap_id: PAYTM, transaction_id: 'txn-42', page: 1 } });
    const { calls } = renderConsole('/ondc', {
      [ORDERS_PAGE]: { body: ORDERS },
      [filtered]: { body: { orders: [], total: 0, page: 1 } },
      [SUMMARY_KEY]: { body: SUMMARY },
    });
    await screen.findByRole('table', { name: 'Network orders' });
    const form = screen.getByRole('search', { name: 'Filters' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Buyer app (bap_id)' }), {
      target: { value: ` ${PAYTM} ` },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Transaction id' }), { target: { value: 'txn-42' } });
    // Nothing is sent while typing.
    expect(callsOf(calls, 'adminOndcOrders')).toHaveLength(1);
    fireEvent.click(within(form).getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No network order matches these filters.')).toBeInTheDocument();
    expect(window.location.search).toBe(`?bap_id=${PAYTM}&transaction_id=txn-42`);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(screen.getByRole('textbox', { name: 'Buyer app (bap_id)' })).toHaveValue('');
    expect(callsOf(calls, 'adminOndcOrders').map((sent) => sent.url)).toEqual([
      routeUrl('adminOndcOrders', { query: { page: 1 } }),
      routeUrl('adminOndcOrders', { query: { bap_id: PAYTM, transaction_id: 'txn-42', page: 1 } }),
      routeUrl('adminOndcOrders', { query: { page: 1 } }),
    ]);
  });

  it("shows a network order's terms and its transaction's calls oldest first, each a way to its page", async () => {
    renderConsole('/ondc/orders/41', {
      [routeKey('adminOndcOrder', { params: { orderId: '41' } })]: {
        body: { order: PREPAID, calls: [ON_INIT, CONFIRM, ON_CONFIRM], call_count: 3 },
      },
      [SUMMARY_KEY]: { body: SUMMARY },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Network order ONDC-41' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Network order ONDC-41' });
    expect(facts.textContent).toContain('Transactiontxn-41');
    expect(facts.textContent).toContain(`Callback URI (bap_uri)https://${PINCODE}/ondc`);
    expect(facts.textContent).toContain('Finder fee₹15.903% asked');
    expect(within(facts).getByRole('link', { name: '#41' })).toHaveAttribute('href', '/adminpanel/orders/41/show');
    const table = screen.getByRole('table', { name: 'Calls of this transaction' });
    expect(rowsOf(table)).toEqual([
      'CallMessage idAcknowledgementTiming (IST)',
      '#6 on_initOutmsg-6NACK20006: Invalid response: quote breakup does not add up1 attemptMade25 Nov, 9:29:01 amttl9.0 sAnsweredafter 1.0 s',
      '#7 confirmInmsg-7ACKMade25 Nov, 9:30:00 am',
      '#8 on_confirmOutmsg-8ACKLate3 attemptsMade25 Nov, 9:30:02 amttl28 sAnsweredafter 93 s',
    ]);
    expect(within(table).getByRole('link', { name: '#8 on_confirm' })).toHaveAttribute(
      'href',
      '/adminpanel/ondc/calls/8',
    );
    expect(screen.getByRole('link', { name: 'All of them in the calls list' })).toHaveAttribute(
      'href',
      '/adminpanel/ondc/calls?transaction_id=txn-41',
    );
  });

  it('says an order that did not come from the network, as the server does', async () => {
    renderConsole('/ondc/orders/99', {
      [routeKey('adminOndcOrder', { params: { orderId: '99' } })]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: ADMIN_ONDC_MESSAGES.orderNotFound },
      },
      [SUMMARY_KEY]: { body: SUMMARY },
    });
    expect(await screen.findByText(ADMIN_ONDC_MESSAGES.orderNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('calls and callbacks', () => {
  beforeEach(() => localStorage.clear());

  it('lists every call with its acknowledgement and timing, and filters by the selects at once', async () => {
    const nacked = routeKey('adminOndcCalls', { query: { direction: 'outbound', ack: 'NACK', page: 1 } });
    const { calls } = renderConsole('/ondc/calls?direction=outbound', {
      [routeKey('adminOndcCalls', { query: { direction: 'outbound', page: 1 } })]: { body: CALLS },
      [nacked]: { body: { ...CALLS, calls: [ON_INIT], total: 1 } },
      [SUMMARY_KEY]: { body: SUMMARY },
    });
    const table = await screen.findByRole('table', { name: 'Calls and callbacks' });
    expect(screen.getByRole('tab', { name: 'Calls and callbacks' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('3 calls')).toBeInTheDocument();
    expect(rowsOf(table)[1]).toBe(
      `#8 on_confirmOuttxn-41Order #41${PINCODE}msg-8ACKLate3 attemptsMade25 Nov, 9:30:02 amttl28 sAnsweredafter 93 s`,
    );
    expect(within(table).getByRole('link', { name: 'Order #41' })).toHaveAttribute(
      'href',
      '/adminpanel/ondc/orders/41',
    );
    expect(within(table).getByText('20006: Invalid response: quote breakup does not add up')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'ACK/NACK' }));
    fireEvent.click(await screen.findByRole('option', { name: 'NACK' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(window.location.search).toBe('?direction=outbound&ack=NACK');
    expect(screen.getByText('1 call')).toBeInTheDocument();
    expect(callsOf(calls, 'adminOndcCalls').map((sent) => sent.url)).toEqual([
      routeUrl('adminOndcCalls', { query: { direction: 'outbound', page: 1 } }),
      routeUrl('adminOndcCalls', { query: { direction: 'outbound', ack: 'NACK', page: 1 } }),
    ]);
  });

  it('leaves out a filter the URL gives that the server would refuse, and says when more calls match than it counts', async () => {
    const { calls } = renderConsole('/ondc/calls?ack=maybe&late=yes', {
      [CALLS_PAGE]: { body: { ...CALLS, total: 10_000, total_capped: true } },
      [SUMMARY_KEY]: { body: SUMMARY },
    });
    await screen.findByRole('table', { name: 'Calls and callbacks' });
    expect(screen.getByText('More than 10,000 calls match; narrow the filters to count them.')).toBeInTheDocument();
    expect(callsOf(calls, 'adminOndcCalls').map((sent) => sent.url)).toEqual([
      routeUrl('adminOndcCalls', { query: { page: 1 } }),
    ]);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 1 of 500');
  });

  it("shows a call's body as JSON to read, its request and its order, and copies the body", async () => {
    const body = {
      context: { domain: 'ONDC:RET10', action: 'on_confirm', transaction_id: 'txn-41', message_id: 'msg-8' },
      message: { order: { id: 'ONDC-41', state: 'Accepted' } },
    };
    const detail: AdminOndcCallDetail = {
      ...ON_CONFIRM,
      bap_uri: `https://${PINCODE}/ondc`,
      unsolicited_key: null,
      callback_id: null,
      body_bytes: 212,
      body,
      context: body.context,
    };
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderConsole('/ondc/calls/8', {
      [routeKey('adminOndcCall', { params: { callId: '8' } })]: { body: detail },
      [SUMMARY_KEY]: { body: SUMMARY },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Call 8: on_confirm' })).toBeInTheDocument();
    const pre = screen.getByLabelText('Body', { selector: 'pre' });
    expect(pre.textContent).toBe(JSON.stringify(body, null, 2));
    expect(screen.getByRole('link', { name: '#7 confirm' })).toHaveAttribute('href', '/adminpanel/ondc/calls/7');
    expect(screen.getByRole('link', { name: 'Order #41' })).toHaveAttribute('href', '/adminpanel/ondc/orders/41');
    expect(screen.getByRole('link', { name: 'Calls of transaction txn-41' })).toHaveAttribute(
      'href',
      '/adminpanel/ondc/calls?transaction_id=txn-41',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy body' }));
    expect(await screen.findByText('The body is copied.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(JSON.stringify(body, null, 2));
  });

  it('shows the context of a body too large to show, and downloads the whole body with the token', async () => {
    const context = { domain: 'ONDC:RET10', action: 'on_search', transaction_id: 'txn-catalogue' };
    const detail: AdminOndcCallDetail = {
      ...call({ id: '90', action: 'on_search', attempts: 1 }),
      bap_uri: `https://${PINCODE}/ondc`,
      unsolicited_key: null,
      callback_id: null,
      body_bytes: 20_412_345,
      body: null,
      context,
    };
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:body');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = renderConsole('/ondc/calls/90', {
      [routeKey('adminOndcCall', { params: { callId: '90' } })]: { body: detail },
      [routeKey('adminOndcCallBody', { params: { callId: '90' } })]: {
        body: { context, message: { catalog: {} } },
        headers: { 'content-disposition': 'attachment; filename="ondc-call-90-on_search.json"' },
      },
      [SUMMARY_KEY]: { body: SUMMARY },
    });
    expect(
      await screen.findByText(
        'This body is 20.4 MB, too large to show here: its context is below. Download it to read it whole.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Context of the body', { selector: 'pre' }).textContent).toBe(
      JSON.stringify(context, null, 2),
    );
    expect(screen.queryByRole('button', { name: 'Copy body' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download (20.4 MB)' }));
    await waitFor(() => expect(saved).toEqual(['ondc-call-90-on_search.json']));
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(callsOf(calls, 'adminOndcCallBody').map((sent) => [sent.url, sent.authorization])).toEqual([
      [routeUrl('adminOndcCallBody', { params: { callId: '90' } }), 'Bearer token-uid-admin'],
    ]);
  });

  it('speaks Hindi when chosen, the server’s 404 too, and remembers the choice', async () => {
    const store = memoryStore();
    renderConsole(
      '/ondc/calls/404',
      {
        [routeKey('adminOndcCall', { params: { callId: '404' } })]: {
          status: 404,
          body: { statusCode: 404, error: 'Not Found', message: ADMIN_ONDC_MESSAGES.callNotFound },
        },
        [SUMMARY_KEY]: { body: SUMMARY },
      },
      { store },
    );
    expect(await screen.findByText(ADMIN_ONDC_MESSAGES.callNotFound)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'नेटवर्क (ONDC)' })).toBeInTheDocument();
    expect(screen.getByText('इस id की कोई ONDC कॉल नहीं है।')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'पिछले 24 घंटे' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'कॉल और कॉलबैक' })).toHaveAttribute('aria-selected', 'true');
    expect(store.getItem('ondc.language')).toBe('hi');
  });

  it("on a phone: each call a card, the filters behind one button, and a transaction's calls a line each", async () => {
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
    const view = renderConsole('/ondc/calls?ack=NACK', {
      [routeKey('adminOndcCalls', { query: { ack: 'NACK', page: 1 } })]: { body: CALLS },
      [routeKey('adminOndcOrder', { params: { orderId: '41' } })]: {
        body: { order: PREPAID, calls: [ON_INIT, CONFIRM, ON_CONFIRM], call_count: 3 },
      },
      [SUMMARY_KEY]: { body: SUMMARY },
    });
    const card = await screen.findByRole('article', { name: 'Call 6: on_init' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(card.textContent).toContain('AcknowledgementNACK20006');
    expect(within(card).getByRole('link', { name: '#6 on_init' })).toBeInTheDocument();
    expect(screen.queryByRole('search')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    expect(
      within(screen.getByRole('search', { name: 'Filters' })).getByRole('combobox', { name: 'ACK/NACK' }),
    ).toHaveTextContent('NACK');
    view.unmount();

    renderConsole('/ondc/orders/41', {
      [routeKey('adminOndcOrder', { params: { orderId: '41' } })]: {
        body: { order: PREPAID, calls: [ON_INIT, CONFIRM, ON_CONFIRM], call_count: 3 },
      },
      [SUMMARY_KEY]: { body: SUMMARY },
    });
    const timeline = await screen.findByRole('list', { name: 'Calls of this transaction' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '#6 on_initOut25 Nov, 9:29:01 amafter 1.0 s20006: Invalid response: quote breakup does not add upNACK',
      '#7 confirmIn25 Nov, 9:30:00 amACK',
      '#8 on_confirmOut25 Nov, 9:30:02 amafter 93 sACKLate',
    ]);
  });
});
