import {
  ADMIN_ONDC_LIMITS,
  ADMIN_ONDC_MESSAGES,
  routeUrl,
  type AdminOndcCall,
  type AdminOndcCallDetail,
  type AdminOndcCallList,
  type AdminOndcOrderDetail,
  type AdminOndcOrderList,
  type AdminOndcSummary,
} from '@mandi/contracts';
import { newOrder, type Prisma } from '@mandi/database';
import type { OrderStatus } from '@mandi/domain';
import { bearer } from './catalog.testing.js';
import { ApiHarness, type TestUser } from './harness.js';

// The network in the console (issue 33, docs/ondc.md "The console") against the real API, PostgreSQL and the Auth
// emulator: network orders with their transaction's calls, every call and callback with its acknowledgement and
// body, the filters and their 400s, the last 24 hours' NACKs and late callbacks, and who may read any of it. The rows
// are inserted here as the pipeline writes them (ondc_orders beside a Mandi order, ondc_calls both ways).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PINCODE = 'buyer-app.pincode.example';
const PAYTM = 'buyer-app.paytm.example';

describe('the network in the console', () => {
  let api: ApiHarness;
  let admin: TestUser;
  let user: TestUser;
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo);
  const made: Record<string, { orderId: number }> = {};
  const calls: Record<string, bigint> = {};
  let messages = 0;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [admin, user] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser()]);

    // Three network orders, oldest first: a prepaid one from Pincode, a cash-on-delivery one from Paytm that the buyer
    // app cancelled, and a newer prepaid one from Pincode.
    made.prepaid = await networkOrder('txn-prepaid', 'ondc-ord-1', PINCODE, at(5 * HOUR), {
      paymentType: 'ON-ORDER',
      collectedBy: 'BAP',
      finderFeeType: 'percent',
      finderFeeValue: '3',
      finderFeePaise: 1_590,
    });
    made.cod = await networkOrder('txn-cod', 'ondc-ord-2', PAYTM, at(4 * HOUR), {
      paymentType: 'ON-FULFILLMENT',
      collectedBy: 'BPP',
      finderFeeType: 'amount',
      finderFeeValue: '10.00',
      finderFeePaise: 1_000,
      cancelReasonCode: '012',
      cancelledBy: 'buyer_app',
      status: 'cancelled',
    });
    made.newest = await networkOrder('txn-newest', 'ondc-ord-3', PINCODE, at(3 * HOUR), {
      paymentType: 'ON-ORDER',
      collectedBy: 'BAP',
      finderFeeType: 'percent',
      finderFeeValue: '0',
      finderFeePaise: 0,
    });

    // The prepaid order's transaction, in the order it happened: each request and its callback.
    calls.select = await newCall('inbound', 'select', 'txn-prepaid', PINCODE, at(6 * HOUR), { ack: 'ACK' });
    calls.onSelect = await newCall('outbound', 'on_select', 'txn-prepaid', PINCODE, at(6 * HOUR - MINUTE), {
      ack: 'ACK',
      replyTo: calls.select,
      attempts: 1,
      dueBy: at(6 * HOUR - 2 * MINUTE),
      answeredAt: at(6 * HOUR - MINUTE - 1_000),
    });
    calls.init = await newCall('inbound', 'init', 'txn-prepaid', PINCODE, at(5 * HOUR + 10 * MINUTE), { ack: 'ACK' });
    // The buyer app refused Mandi's on_init.
    calls.onInit = await newCall('outbound', 'on_init', 'txn-prepaid', PINCODE, at(5 * HOUR + 9 * MINUTE), {
      ack: 'NACK',
      errorCode: '20006',
      errorMessage: 'Invalid response: quote breakup does not add up',
      replyTo: calls.init,
      attempts: 1,
      dueBy: at(5 * HOUR + 8 * MINUTE),
      answeredAt: at(5 * HOUR + 9 * MINUTE - 500),
    });
    calls.confirm = await newCall('inbound', 'confirm', 'txn-prepaid', PINCODE, at(5 * HOUR), { ack: 'ACK' });
    // on_confirm reached the buyer app after the request's ttl: late.
    calls.onConfirm = await newCall('outbound', 'on_confirm', 'txn-prepaid', PINCODE, at(5 * HOUR - MINUTE), {
      ack: 'ACK',
      replyTo: calls.confirm,
      attempts: 3,
      dueBy: at(5 * HOUR - MINUTE - 30_000),
      answeredAt: at(5 * HOUR - 2 * MINUTE),
      orderId: made.prepaid!.orderId,
    });
    // An unsolicited on_status not acknowledged yet.
    calls.onStatus = await newCall('outbound', 'on_status', 'txn-prepaid', PINCODE, at(2 * HOUR), {
      attempts: 2,
      unsolicitedKey: `order:${made.prepaid!.orderId}:status:Packed`,
      orderId: made.prepaid!.orderId,
    });
    // The cash-on-delivery order's cancellation, and a search from a day and a half ago that Mandi answered late.
    calls.cancel = await newCall('inbound', 'cancel', 'txn-cod', PAYTM, at(3 * HOUR + 30 * MINUTE), {
      ack: 'ACK',
      orderId: made.cod!.orderId,
    });
    calls.oldSearch = await newCall('inbound', 'search', 'txn-search', PAYTM, at(36 * HOUR), { ack: 'ACK' });
    calls.oldOnSearch = await newCall('outbound', 'on_search', 'txn-search', PAYTM, at(36 * HOUR - MINUTE), {
      ack: 'NACK',
      errorCode: '20002',
      errorMessage: 'Stale Request',
      replyTo: calls.oldSearch,
      attempts: 1,
      dueBy: at(36 * HOUR - MINUTE),
      answeredAt: at(36 * HOUR - 2 * MINUTE),
    });
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
  });

  const db = () => api.db.prisma;
  const get = (url: string, who: TestUser | null = admin) =>
    api.request({ method: 'GET', url, headers: who ? bearer(who) : {} });
  const ok = async <T>(url: string): Promise<T> => {
    const response = await get(url);
    expect([url, response.statusCode]).toEqual([url, 200]);
    return response.json() as T;
  };
  const orders = (query: Record<string, string | number> = {}) =>
    ok<AdminOndcOrderList>(routeUrl('adminOndcOrders', { query }));
  const callList = (query: Record<string, string | number> = {}) =>
    ok<AdminOndcCallList>(routeUrl('adminOndcCalls', { query }));
  const idsOf = (list: { calls: AdminOndcCall[] }) => list.calls.map((call) => call.id);
  const ids = (...names: string[]) => names.map((name) => String(calls[name]));
  /** The size of a call's body as the database writes it out (its jsonb text). */
  const storedBytes = async (id: bigint) => {
    const [row] = await db().$queryRaw<{ text: string }[]>`SELECT body::text AS text FROM ondc_calls WHERE id = ${id}`;
    return Buffer.byteLength(row!.text);
  };

  /** A Mandi order that came from the network, as the worker's confirm makes one. */
  async function networkOrder(
    transactionId: string,
    ondcOrderId: string,
    bapId: string,
    createdAt: Date,
    terms: Omit<
      Prisma.OndcOrderUncheckedCreateInput,
      'orderId' | 'transactionId' | 'ondcOrderId' | 'bapId' | 'bapUri'
    > & {
      status?: OrderStatus;
    },
  ) {
    const { status = 'confirmed', ...ondc } = terms;
    const order = await newOrder(db(), {
      status,
      paymentMethod: ondc.paymentType === 'ON-FULFILLMENT' ? 'cod' : 'online',
      subtotalPaise: 50_000,
      shippingPaise: 3_000,
      totalPaise: 53_000,
    });
    await db().ondcOrder.create({
      data: {
        orderId: order.id,
        transactionId,
        ondcOrderId,
        bapId,
        bapUri: `https://${bapId}/ondc`,
        createdAt,
        ...ondc,
      },
    });
    return { orderId: order.id };
  }

  /** One call or callback as the API and the worker record it, with a body carrying its context. */
  async function newCall(
    direction: 'inbound' | 'outbound',
    action: string,
    transactionId: string,
    bapId: string,
    createdAt: Date,
    options: {
      ack?: 'ACK' | 'NACK';
      errorCode?: string;
      errorMessage?: string;
      replyTo?: bigint;
      attempts?: number;
      dueBy?: Date;
      answeredAt?: Date;
      orderId?: number;
      unsolicitedKey?: string;
    } = {},
  ): Promise<bigint> {
    messages += 1;
    const messageId = `msg-${messages}`;
    const row = await db().ondcCall.create({
      data: {
        direction,
        action,
        transactionId,
        messageId,
        bapId,
        bapUri: `https://${bapId}/ondc`,
        body: {
          context: {
            domain: 'ONDC:RET10',
            action,
            core_version: '1.2.0',
            bap_id: bapId,
            transaction_id: transactionId,
            message_id: messageId,
            timestamp: createdAt.toISOString(),
          },
          message: { note: `${action} नमूना` },
        },
        ackStatus: options.ack ?? null,
        errorCode: options.errorCode ?? null,
        errorMessage: options.errorMessage ?? null,
        replyToId: options.replyTo ?? null,
        unsolicitedKey: options.unsolicitedKey ?? null,
        attempts: options.attempts ?? 0,
        dueBy: options.dueBy ?? null,
        answeredAt: options.answeredAt ?? null,
        orderId: options.orderId ?? null,
        createdAt,
      },
    });
    return row.id;
  }

  describe('who may read', () => {
    it('answers 401 without a token and 403 to a signed-in user who is not an admin, on every route', async () => {
      const urls = [
        routeUrl('adminOndcOrders'),
        routeUrl('adminOndcOrder', { params: { orderId: String(made.prepaid!.orderId) } }),
        routeUrl('adminOndcCalls'),
        routeUrl('adminOndcCall', { params: { callId: String(calls.select) } }),
        routeUrl('adminOndcCallBody', { params: { callId: String(calls.select) } }),
        routeUrl('adminOndcSummary'),
      ];
      for (const url of urls) {
        expect([url, (await get(url, null)).statusCode]).toEqual([url, 401]);
        const refused = await get(url, user);
        expect([url, refused.statusCode]).toEqual([url, 403]);
        // Nothing of the network in the refusal.
        expect(refused.body).not.toContain('txn-');
        expect(refused.body).not.toContain(PINCODE);
      }
    });
  });

  describe('network orders', () => {
    it('lists every network order newest first, with its ids, buyer app, terms and the Mandi order', async () => {
      const list = await orders();
      expect(list.total).toBe(3);
      expect(list.page).toBe(1);
      expect(list.orders.map((order) => order.transaction_id)).toEqual(['txn-newest', 'txn-cod', 'txn-prepaid']);
      expect(list.orders[1]).toEqual({
        order_id: String(made.cod!.orderId),
        transaction_id: 'txn-cod',
        ondc_order_id: 'ondc-ord-2',
        bap_id: PAYTM,
        bap_uri: `https://${PAYTM}/ondc`,
        status: 'cancelled',
        payment_type: 'ON-FULFILLMENT',
        collected_by: 'BPP',
        total: 530,
        finder_fee: 10,
        finder_fee_type: 'amount',
        finder_fee_value: '10.00',
        cancel_reason_code: '012',
        cancelled_by: 'buyer_app',
        created_at: at(4 * HOUR).toISOString(),
      });
      expect(list.orders[2]).toMatchObject({
        status: 'confirmed',
        payment_type: 'ON-ORDER',
        collected_by: 'BAP',
        finder_fee: 15.9,
        finder_fee_type: 'percent',
        finder_fee_value: '3',
        cancel_reason_code: null,
        cancelled_by: null,
      });
    });

    it('filters by buyer app and by transaction id, and pages 20 at a time', async () => {
      const pincode = await orders({ bap_id: PINCODE });
      expect(pincode.orders.map((order) => order.ondc_order_id)).toEqual(['ondc-ord-3', 'ondc-ord-1']);
      expect(pincode.total).toBe(2);
      const one = await orders({ transaction_id: 'txn-cod' });
      expect(one.orders.map((order) => order.order_id)).toEqual([String(made.cod!.orderId)]);
      expect(await orders({ transaction_id: 'txn-cod', bap_id: PINCODE })).toEqual({ orders: [], total: 0, page: 1 });
      // Blank is no filter.
      expect((await orders({ bap_id: ' ' })).total).toBe(3);
      expect(await orders({ page: 2 })).toEqual({ orders: [], total: 3, page: 2 });
    });

    it("shows a network order's transaction, every call and callback oldest first, and nothing of other transactions", async () => {
      const detail = await ok<AdminOndcOrderDetail>(
        routeUrl('adminOndcOrder', { params: { orderId: String(made.prepaid!.orderId) } }),
      );
      expect(detail.order).toMatchObject({ order_id: String(made.prepaid!.orderId), transaction_id: 'txn-prepaid' });
      expect(detail.call_count).toBe(7);
      expect(detail.calls.map((call) => [call.direction, call.action])).toEqual([
        ['inbound', 'select'],
        ['outbound', 'on_select'],
        ['inbound', 'init'],
        ['outbound', 'on_init'],
        ['inbound', 'confirm'],
        ['outbound', 'on_confirm'],
        ['outbound', 'on_status'],
      ]);
      expect(detail.calls[3]).toMatchObject({
        ack_status: 'NACK',
        error_code: '20006',
        reply_to_id: String(calls.init),
        late: false,
      });
      expect(detail.calls[5]).toMatchObject({ late: true, attempts: 3, order_id: String(made.prepaid!.orderId) });
    });

    it('answers 404 for an order that did not come from the network and for a path that names no order', async () => {
      const shopOrder = await newOrder(db());
      for (const orderId of [String(shopOrder.id), '999999', 'abc', '0', '99999999999']) {
        const response = await get(routeUrl('adminOndcOrder', { params: { orderId } }));
        expect([orderId, response.statusCode, response.json().message]).toEqual([
          orderId,
          404,
          ADMIN_ONDC_MESSAGES.orderNotFound,
        ]);
      }
    });

    it('refuses a page or filter it cannot read with a 400 naming the field', async () => {
      const cases: [string, string][] = [
        ['page=0', 'page'],
        ['page=two', 'page'],
        [`bap_id=${PINCODE}&bap_id=${PAYTM}`, 'bap_id'],
        [`transaction_id=${'t'.repeat(101)}`, 'transaction_id'],
      ];
      for (const [query, field] of cases) {
        const response = await get(`${routeUrl('adminOndcOrders')}?${query}`);
        expect([query, response.statusCode]).toEqual([query, 400]);
        expect(Object.keys(response.json().fields)).toEqual([field]);
      }
    });
  });

  describe('calls and callbacks', () => {
    it('lists every call newest first with its acknowledgement, attempts and lateness, without its body', async () => {
      const list = await callList();
      expect(list).toMatchObject({ total: 10, total_capped: false, page: 1 });
      expect(idsOf(list)).toEqual(
        ids(
          'onStatus',
          'cancel',
          'onConfirm',
          'confirm',
          'onInit',
          'init',
          'onSelect',
          'select',
          'oldOnSearch',
          'oldSearch',
        ),
      );
      const onConfirm = list.calls.find((call) => call.id === String(calls.onConfirm));
      expect(onConfirm).toEqual({
        id: String(calls.onConfirm),
        direction: 'outbound',
        action: 'on_confirm',
        transaction_id: 'txn-prepaid',
        message_id: expect.stringMatching(/^msg-\d+$/),
        bap_id: PINCODE,
        ack_status: 'ACK',
        error_code: null,
        error_message: null,
        attempts: 3,
        late: true,
        due_by: at(5 * HOUR - MINUTE - 30_000).toISOString(),
        answered_at: at(5 * HOUR - 2 * MINUTE).toISOString(),
        created_at: at(5 * HOUR - MINUTE).toISOString(),
        order_id: String(made.prepaid!.orderId),
        reply_to_id: String(calls.confirm),
      });
      expect(list.calls.find((call) => call.id === String(calls.onStatus))).toMatchObject({
        ack_status: null,
        attempts: 2,
        late: false,
        answered_at: null,
        reply_to_id: null,
      });
      expect(list.calls.every((call) => !('body' in call))).toBe(true);
    });

    it('filters by transaction, action, direction, ACK/NACK, buyer app and lateness, together too', async () => {
      expect(idsOf(await callList({ transaction_id: 'txn-search' }))).toEqual(ids('oldOnSearch', 'oldSearch'));
      expect(idsOf(await callList({ action: 'on_init' }))).toEqual(ids('onInit'));
      expect(idsOf(await callList({ direction: 'outbound' }))).toEqual(
        ids('onStatus', 'onConfirm', 'onInit', 'onSelect', 'oldOnSearch'),
      );
      expect(idsOf(await callList({ ack: 'NACK' }))).toEqual(ids('onInit', 'oldOnSearch'));
      expect(idsOf(await callList({ ack: 'pending' }))).toEqual(ids('onStatus'));
      expect(idsOf(await callList({ bap_id: PAYTM }))).toEqual(ids('cancel', 'oldOnSearch', 'oldSearch'));
      expect(idsOf(await callList({ late: 'true' }))).toEqual(ids('onConfirm', 'oldOnSearch'));
      expect((await callList({ late: 'false' })).total).toBe(8);
      expect(idsOf(await callList({ direction: 'inbound', bap_id: PINCODE, transaction_id: 'txn-prepaid' }))).toEqual(
        ids('confirm', 'init', 'select'),
      );
      expect(await callList({ action: 'update' })).toEqual({ calls: [], total: 0, total_capped: false, page: 1 });
    });

    it('pages 20 at a time', async () => {
      for (let index = 0; index < 25; index += 1)
        await newCall('inbound', 'search', `txn-paging-${index}`, PAYTM, at(40 * HOUR + index * MINUTE), {
          ack: 'ACK',
        });
      const first = await callList({ bap_id: PAYTM });
      expect(first.calls).toHaveLength(ADMIN_ONDC_LIMITS.page);
      expect(first.total).toBe(28);
      // The cancel and the old search first, then the paging calls, newest (0) first: 17 on the first page.
      const second = await callList({ bap_id: PAYTM, page: 2 });
      expect(second.calls.map((call) => call.transaction_id)).toEqual(
        [17, 18, 19, 20, 21, 22, 23, 24].map((index) => `txn-paging-${index}`),
      );
      await db().ondcCall.deleteMany({ where: { transactionId: { startsWith: 'txn-paging-' } } });
    });

    it('refuses a filter it does not know with a 400 naming the field', async () => {
      const cases: [string, string][] = [
        ['direction=sideways', 'direction'],
        ['action=on_dance', 'action'],
        ['ack=maybe', 'ack'],
        ['late=yes', 'late'],
        ['page=10001', 'page'],
        [`transaction_id=${'t'.repeat(101)}`, 'transaction_id'],
        ['bap_id=a&bap_id=b', 'bap_id'],
      ];
      for (const [query, field] of cases) {
        const response = await get(`${routeUrl('adminOndcCalls')}?${query}`);
        expect([query, response.statusCode]).toEqual([query, 400]);
        expect(Object.keys(response.json().fields)).toEqual([field]);
      }
    });

    it('shows one call with its body exactly as recorded, the request it answers and the callback answering it', async () => {
      const request = await ok<AdminOndcCallDetail>(
        routeUrl('adminOndcCall', { params: { callId: String(calls.confirm) } }),
      );
      const stored = await db().ondcCall.findUniqueOrThrow({ where: { id: calls.confirm! } });
      expect(request).toMatchObject({
        id: String(calls.confirm),
        direction: 'inbound',
        action: 'confirm',
        bap_uri: `https://${PINCODE}/ondc`,
        callback_id: String(calls.onConfirm),
        reply_to_id: null,
        unsolicited_key: null,
      });
      expect(request.body).toEqual(stored.body);
      expect((request.body as { message: { note: string } }).message.note).toBe('confirm नमूना');
      expect(request.context).toEqual((stored.body as { context: unknown }).context);
      // Its size as the download gives it (the database's JSON text).
      expect(request.body_bytes).toBe(await storedBytes(calls.confirm!));

      const callback = await ok<AdminOndcCallDetail>(
        routeUrl('adminOndcCall', { params: { callId: String(calls.onStatus) } }),
      );
      expect(callback).toMatchObject({
        reply_to_id: null,
        callback_id: null,
        unsolicited_key: `order:${made.prepaid!.orderId}:status:Packed`,
      });
    });

    it('leaves out a body too large to show, with its size and context, and downloads it whole as a JSON file', async () => {
      // A full catalogue's on_search: thousands of items.
      const items = Array.from({ length: 3_000 }, (_, index) => ({
        id: `item-${index}`,
        descriptor: { name: `टमाटर ${index}`, short_desc: 'Desi tamatar from Kolar, 1 kg' },
        price: { currency: 'INR', value: '40.00' },
      }));
      const id = await newCall('outbound', 'on_search', 'txn-catalogue', PINCODE, at(30 * MINUTE), { ack: 'ACK' });
      const stored = await db().ondcCall.update({
        where: { id },
        data: { body: { context: { action: 'on_search', transaction_id: 'txn-catalogue' }, message: { items } } },
      });
      const text = JSON.stringify(stored.body);
      expect(Buffer.byteLength(text)).toBeGreaterThan(ADMIN_ONDC_LIMITS.bodyShownBytes);

      const detail = await ok<AdminOndcCallDetail>(routeUrl('adminOndcCall', { params: { callId: String(id) } }));
      expect(detail).toMatchObject({
        body: null,
        context: { action: 'on_search', transaction_id: 'txn-catalogue' },
        body_bytes: await storedBytes(id),
      });

      const file = await get(routeUrl('adminOndcCallBody', { params: { callId: String(id) } }));
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="ondc-call-${id}-on_search.json"`);
      expect(file.json()).toEqual(stored.body);
      expect(Buffer.byteLength(file.body)).toBe(detail.body_bytes);
      await db().ondcCall.delete({ where: { id } });
    });

    it('answers 404 for a call that does not exist and for a path that names none', async () => {
      for (const callId of ['999999', '0', 'abc', '9'.repeat(19), '-1']) {
        for (const route of ['adminOndcCall', 'adminOndcCallBody'] as const) {
          const response = await get(routeUrl(route, { params: { callId } }));
          expect([route, callId, response.statusCode, response.json().message]).toEqual([
            route,
            callId,
            404,
            ADMIN_ONDC_MESSAGES.callNotFound,
          ]);
        }
      }
    });
  });

  describe('the last 24 hours', () => {
    it('counts the calls, the NACKs, the late callbacks and those awaiting an ACK since a day ago', async () => {
      const summary = await ok<AdminOndcSummary>(routeUrl('adminOndcSummary'));
      // The search of 36 hours ago and its late NACKed on_search are not counted.
      expect(summary).toEqual({
        at: expect.any(String),
        since: expect.any(String),
        calls: 8,
        nacks: 1,
        late: 1,
        awaiting: 1,
      });
      expect(Date.parse(summary.at) - Date.parse(summary.since)).toBe(24 * HOUR);
      expect(Math.abs(Date.parse(summary.at) - Date.now())).toBeLessThan(MINUTE);
    });
  });
});
