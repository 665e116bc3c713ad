// The test buyer app against a stand-in seller node, through the local registry: its calls are signed so a seller
// verifies them with the key the registry answers for it, their contexts are full RET10 1.2.0 contexts, and it takes
// only the callbacks Mandi's registered key signed for it (anything else gets 401 and fails the wait).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { checkOndcRequest } from '@mandi/contracts';
import { authorizationHeader, newSigningKeyPair, parseAuthorizationHeader, signatureProblem } from '@mandi/ondc';
import {
  DEV_ONDC_SIGNING_PRIVATE_KEY,
  DEV_ONDC_SUBSCRIBER_ID,
  DEV_ONDC_UNIQUE_KEY_ID,
} from '../../libs/config/src/development-values.js';
import { startOndcRegistry } from '../../tools/ondc-registry/registry.mjs';
import {
  BENGALURU_BUYER,
  FlowLog,
  TestBuyerApp,
  billingOf,
  cancelMessage,
  catalogItems,
  confirmMessage,
  fulfillmentState,
  incrementalSearchMessage,
  initMessage,
  newOrderId,
  searchMessage,
  selectMessage,
  statusMessage,
  trackMessage,
} from './buyer-app.js';

type Registry = Awaited<ReturnType<typeof startOndcRegistry>>;
let registry: Registry;
let seller: { server: Server; url: string; calls: Array<{ path: string; headers: IncomingHttpHeaders; text: string }> };
let buyer: TestBuyerApp;

beforeEach(async () => {
  const calls: typeof seller.calls = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ path: request.url ?? '', headers: request.headers, text: Buffer.concat(chunks).toString() });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"message":{"ack":{"status":"ACK"}}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  seller = { server, url, calls };
  registry = await startOndcRegistry({ port: 0, mandiUrl: url });
  buyer = await TestBuyerApp.start({ registryUrl: registry.url });
});
afterEach(async () => {
  await buyer.close();
  await registry.close();
  await new Promise((resolve) => seller.server.close(resolve));
});

/** What a seller node does with a call: the buyer app's key from the registry's lookup, as Mandi's API asks it. */
async function buyerKeyFor(subscriberId: string, ukId: string): Promise<string | undefined> {
  const answer = await fetch(`${registry.url}/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscriber_id: subscriberId, type: 'BAP', domain: 'ONDC:RET10', country: 'IND' }),
  });
  const records = (await answer.json()) as any[];
  return records.find((record) => record.ukId === ukId && record.status === 'SUBSCRIBED')?.signing_public_key;
}

/** A callback as Mandi's worker sends it: signed with a key, posted to `<bap_uri>/<action>`. */
async function callback(
  action: string,
  context: object,
  message: object,
  privateKey = DEV_ONDC_SIGNING_PRIVATE_KEY,
  uniqueKeyId = DEV_ONDC_UNIQUE_KEY_ID,
) {
  const text = JSON.stringify({ context: { ...context, action }, message });
  const response = await fetch(`${buyer.uri}/${action}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: authorizationHeader(text, {
        subscriberId: DEV_ONDC_SUBSCRIBER_ID,
        uniqueKeyId,
        privateKey,
      }),
    },
    body: text,
  });
  return { status: response.status, body: await response.json() };
}

/** The context Mandi answers a call with: the call's, with Mandi's ids and a later timestamp. */
const answerContext = (call: { body: any }) => ({
  ...call.body.context,
  bpp_id: DEV_ONDC_SUBSCRIBER_ID,
  bpp_uri: `${seller.url}/ondc`,
  timestamp: new Date(Date.parse(call.body.context.timestamp) + 5).toISOString(),
});

describe('the test buyer app', () => {
  it('registers as a buyer app and signs its calls so a seller verifies them with the registry’s key', async () => {
    const call = await buyer.send('search', 'txn-1', searchMessage());
    expect([call.status, call.answer]).toEqual([200, { message: { ack: { status: 'ACK' } } }]);
    const [received] = seller.calls;
    expect(received!.path).toBe('/ondc/search');
    expect(received!.text).toBe(call.text);
    const parts = parseAuthorizationHeader(received!.headers.authorization)!;
    expect(parts).toMatchObject({ subscriberId: buyer.subscriberId, uniqueKeyId: buyer.uniqueKeyId });
    const key = await buyerKeyFor(parts.subscriberId, parts.uniqueKeyId);
    expect(key).toBe(buyer.publicKey);
    expect(signatureProblem(parts, received!.text, key!)).toBeNull();
    expect(signatureProblem(parts, received!.text.replace('txn-1', 'txn-2'), key!)).toBe('signature');
    expect(JSON.parse(received!.text)).toEqual({
      context: {
        domain: 'ONDC:RET10',
        action: 'search',
        country: 'IND',
        city: 'std:080',
        core_version: '1.2.0',
        bap_id: buyer.subscriberId,
        bap_uri: buyer.uri,
        transaction_id: 'txn-1',
        message_id: call.messageId,
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        ttl: 'PT30S',
      },
      message: {
        intent: {
          fulfillment: {
            type: 'Delivery',
            end: { location: { gps: '12.971599,77.641151', address: { area_code: '560038' } } },
          },
          payment: { '@ondc/org/buyer_app_finder_fee_type': 'percent', '@ondc/org/buyer_app_finder_fee_amount': '3' },
        },
      },
    });
    // Calls after search name the seller node; every call's timestamp is later than the one before.
    const select = await buyer.send('select', 'txn-1', {});
    expect(select.body.context).toMatchObject({ bpp_id: DEV_ONDC_SUBSCRIBER_ID, bpp_uri: `${seller.url}/ondc` });
    expect(Date.parse(select.body.context.timestamp)).toBeGreaterThan(Date.parse(call.body.context.timestamp));
    expect(select.messageId).not.toBe(call.messageId);
  });

  it('takes a callback Mandi’s registered key signed, and answers ACK', async () => {
    const call = await buyer.send('search', 'txn-2', searchMessage());
    const pending = buyer.waitFor('txn-2', 'on_search', { replyTo: call });
    expect(await callback('on_search', answerContext(call), { catalog: {} })).toEqual({
      status: 200,
      body: { message: { ack: { status: 'ACK' } } },
    });
    const received = await pending;
    expect(received).toMatchObject({
      action: 'on_search',
      transactionId: 'txn-2',
      messageId: call.messageId,
      problem: null,
    });
    expect(received.receivedAt).toBeGreaterThanOrEqual(call.sentAt);
  });

  it('refuses callbacks signed with another key, not for it, or of a key the registry does not have', async () => {
    const call = await buyer.send('search', 'txn-3', searchMessage());
    const forged = await callback('on_search', answerContext(call), { catalog: {} }, newSigningKeyPair().privateKey);
    expect(forged).toEqual({
      status: 401,
      body: {
        message: { ack: { status: 'NACK' } },
        error: expect.objectContaining({ message: 'signature: signature' }),
      },
    });
    await expect(buyer.waitFor('txn-3', 'on_search', { timeoutMs: 1_000 })).rejects.toThrow('was refused: signature');

    const otherBuyer = await callback(
      'on_search',
      { ...answerContext(call), transaction_id: 'txn-4', bap_id: 'x.test' },
      {},
    );
    expect(otherBuyer.status).toBe(401);
    expect(otherBuyer.body.error.message).toBe(`context.bap_id is x.test, not ${buyer.subscriberId}`);

    const wrongPath = await fetch(`${buyer.uri}/on_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ context: answerContext(call) }),
    });
    expect(wrongPath.status).toBe(401);
    const unknown = await callback(
      'on_search',
      { ...answerContext(call), transaction_id: 'txn-5' },
      {},
      DEV_ONDC_SIGNING_PRIVATE_KEY,
      'mandi-unregistered-key',
    );
    expect(unknown.body.error.message).toBe(
      `the registry has no key mandi-unregistered-key of ${DEV_ONDC_SUBSCRIBER_ID}`,
    );
    expect((await fetch(`${buyer.uri}/search`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('waits for the callback that matches, and says what came when none did', async () => {
    const call = await buyer.send('confirm', 'txn-6', {});
    const context = answerContext(call);
    const packed = buyer.waitFor('txn-6', 'on_status', {
      where: (received) => fulfillmentState(received) === 'Packed',
    });
    const state = (code: string) => ({
      order: { fulfillments: [{ type: 'Delivery', state: { descriptor: { code } } }] },
    });
    await callback('on_status', { ...context, message_id: 'm-1' }, state('Pending'));
    await callback('on_status', { ...context, message_id: 'm-2' }, state('Packed'));
    expect((await packed).messageId).toBe('m-2');
    await expect(buyer.waitFor('txn-6', 'on_cancel', { timeoutMs: 200 })).rejects.toThrow(
      'no on_cancel for transaction txn-6 within 200 ms (received: on_status, on_status)',
    );
  });
});

describe('the calls it builds', () => {
  const onSearch = {
    message: {
      catalog: {
        'bpp/providers': [
          {
            id: 'P1',
            locations: [{ id: 'L1' }],
            items: [
              { id: 'I1', location_id: 'L1', price: { value: '40.00' } },
              { id: 'I2', location_id: 'L1', price: { value: '65.50' } },
            ],
          },
        ],
      },
    },
  };

  it('selects, inits and confirms from what the seller answered before', () => {
    const items = catalogItems(onSearch);
    expect(items.map((item) => [item.providerId, item.item.id])).toEqual([
      ['P1', 'I1'],
      ['P1', 'I2'],
    ]);
    const select = { message: selectMessage([{ item: items[0]!, count: 2 }]) };
    expect(select.message.order).toEqual({
      provider: { id: 'P1', locations: [{ id: 'L1' }] },
      items: [{ id: 'I1', location_id: 'L1', quantity: { count: 2 } }],
      fulfillments: [{ end: { location: { gps: BENGALURU_BUYER.gps, address: { area_code: '560038' } } } }],
    });
    const onSelect = {
      message: {
        order: {
          items: [{ id: 'I1', fulfillment_id: 'F1' }],
          fulfillments: [{ id: 'F1', type: 'Delivery', tracking: false }],
        },
      },
    };
    const billing = billingOf(BENGALURU_BUYER, new Date('2026-12-18T09:00:00.000Z'));
    const init = { message: initMessage(select, onSelect, billing, 'ON-FULFILLMENT') };
    expect(init.message.order).toMatchObject({
      items: [{ id: 'I1', location_id: 'L1', fulfillment_id: 'F1', quantity: { count: 2 } }],
      billing,
      fulfillments: [{ id: 'F1', type: 'Delivery', end: { contact: { phone: BENGALURU_BUYER.phone } } }],
      payment: { type: 'ON-FULFILLMENT' },
    });
    const onInit = {
      message: {
        order: {
          fulfillments: [{ id: 'F1', type: 'Delivery', tracking: false }],
          quote: { price: { currency: 'INR', value: '80.00' }, breakup: [], ttl: 'P1D' },
          payment: {
            type: 'ON-ORDER',
            collected_by: 'BAP',
            '@ondc/org/settlement_details': [{ settlement_phase: 'sale-amount' }],
          },
          tags: [{ code: 'bpp_terms', list: [{ code: 'tax_number', value: '29ABCDE1234F1Z5' }] }],
        },
      },
    };
    const orderId = newOrderId();
    expect(orderId).toMatch(/^[a-zA-Z0-9-]{1,32}$/);
    const at = '2026-12-18T09:01:00.000Z';
    const confirm = confirmMessage(init, onInit, { orderId, at, paid: true, paymentTransactionId: 'pay-1' });
    expect(confirm.order).toMatchObject({
      id: orderId,
      state: 'Created',
      billing,
      quote: onInit.message.order.quote,
      payment: {
        type: 'ON-ORDER',
        collected_by: 'BAP',
        status: 'PAID',
        params: { amount: '80.00', currency: 'INR', transaction_id: 'pay-1' },
        '@ondc/org/settlement_details': [{ settlement_phase: 'sale-amount' }],
      },
      fulfillments: [{ id: 'F1', tracking: false, end: { person: { name: 'Meera Iyer' } } }],
      created_at: at,
      updated_at: at,
    });
    expect(confirm.order.tags.map((tag: any) => tag.code)).toEqual(['bpp_terms', 'bap_terms']);
    expect(confirmMessage(init, onInit, { orderId, at, paid: false }).order.payment).toMatchObject({
      status: 'NOT-PAID',
    });
    expect(confirmMessage(init, onInit, { orderId, at, paid: false }).order.payment.params).not.toHaveProperty(
      'transaction_id',
    );
  });

  it('sends every call as one Mandi’s contracts accept (libs/contracts checkOndcRequest)', async () => {
    const txn = 'txn-contracts';
    const items = catalogItems(onSearch);
    const select = await buyer.send('select', txn, selectMessage([{ item: items[0]!, count: 2 }]));
    const onSelect = {
      message: {
        order: { items: [{ id: 'I1', fulfillment_id: 'F1' }], fulfillments: [{ id: 'F1', type: 'Delivery' }] },
      },
    };
    const billing = billingOf(BENGALURU_BUYER, new Date());
    const init = await buyer.send('init', txn, initMessage(select.body, onSelect, billing));
    const onInit = {
      message: {
        order: {
          fulfillments: [{ id: 'F1', type: 'Delivery', tracking: false }],
          quote: { price: { currency: 'INR', value: '80.00' }, breakup: [], ttl: 'P1D' },
          payment: { type: 'ON-FULFILLMENT', collected_by: 'BPP' },
        },
      },
    };
    const orderId = newOrderId();
    const at = new Date(Date.now() + 10).toISOString();
    const calls = [
      await buyer.send('search', 'txn-s', searchMessage()),
      await buyer.send('search', 'txn-s', incrementalSearchMessage({ mode: 'start' }), { city: '*' }),
      select,
      init,
      await buyer.send('confirm', txn, confirmMessage(init.body, onInit, { orderId, at, paid: false }), {
        timestamp: at,
      }),
      await buyer.send('status', txn, statusMessage(orderId)),
      await buyer.send('track', txn, trackMessage(orderId)),
      await buyer.send('cancel', txn, cancelMessage(orderId)),
    ];
    for (const call of calls) {
      const check = checkOndcRequest(call.action, JSON.parse(call.text), {
        subscriberId: DEV_ONDC_SUBSCRIBER_ID,
        now: Date.now(),
      });
      expect([call.action, check.ok ? 'accepted' : check.error]).toEqual([call.action, 'accepted']);
    }
  });

  it('asks for incremental changes by time range or by push, and cancels with a buyer reason code', () => {
    const start = new Date('2026-12-18T08:00:00.000Z');
    const end = new Date('2026-12-18T09:00:00.000Z');
    expect(incrementalSearchMessage({ start, end }).intent.tags).toEqual([
      {
        code: 'catalog_inc',
        list: [
          { code: 'start_time', value: start.toISOString() },
          { code: 'end_time', value: end.toISOString() },
        ],
      },
    ]);
    expect(incrementalSearchMessage({ mode: 'start' }).intent.tags[0]!.list).toEqual([
      { code: 'mode', value: 'start' },
    ]);
    expect(cancelMessage('BAP-1')).toEqual({
      order_id: 'BAP-1',
      cancellation_reason_id: '010',
      descriptor: { name: 'fulfillment', short_desc: '010' },
    });
  });
});

describe('the flow log', () => {
  it('writes each call as the exact bytes sent, named as the validator keys it', async () => {
    const root = join(tmpdir(), `ondc-flows-${process.pid}`);
    const log = new FlowLog('2', root);
    const call = await buyer.send('search', 'txn-7', searchMessage());
    log.write('search_full_catalog_refresh', call);
    expect(readFileSync(join(root, '2', 'search_full_catalog_refresh.json'), 'utf8')).toBe(call.text);
    // A new run of the flow starts from an empty folder.
    new FlowLog('2', root);
    expect(() => readFileSync(join(root, '2', 'search_full_catalog_refresh.json'))).toThrow();
    rmSync(root, { recursive: true, force: true });
  });
});
