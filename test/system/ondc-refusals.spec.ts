import { randomUUID } from 'node:crypto';
import { newSigningKeyPair, authorizationHeader } from '@mandi/ondc';
import { ApiHarness } from '../../apps/api/test/harness.js';
import { mandiDevRecord } from '../../tools/ondc-registry/credentials.mjs';
import { startOndcRegistry } from '../../tools/ondc-registry/registry.mjs';
import { TestBuyerApp, searchMessage, selectMessage } from '../ondc/buyer-app.js';

// What Mandi's seller node refuses (issue 33, docs/ondc.md): calls of the test buyer app, signed as ONDC signs them and
// sent to the built API over HTTP, with the buyer app's key in the local registry. A tampered body, an expired
// signature and an unknown sender get 401; a malformed payload gets a NACK naming the field; none writes a row (no
// call recorded, no event). The one call that is fine, sent the same way, writes its row: the counts can move.

type Registry = Awaited<ReturnType<typeof startOndcRegistry>>;
let registry: Registry;
let api: ApiHarness;
let buyer: TestBuyerApp;

beforeAll(async () => {
  registry = await startOndcRegistry({ port: 0 });
  api = await ApiHarness.start({ ONDC_REGISTRY_URL: registry.url });
  registry.register(mandiDevRecord(api.baseUrl));
  buyer = await TestBuyerApp.start({ registryUrl: registry.url });
}, 60_000);
afterAll(async () => {
  await buyer?.close();
  await api?.stop();
  await registry?.close();
});

/** What the network's calls wrote: rows of ondc_calls and their ondc.request_received events. */
async function written() {
  const [calls, events] = await Promise.all([
    api.db.prisma.ondcCall.count(),
    api.db.prisma.outboxEvent.count({ where: { type: 'ondc.request_received' } }),
  ]);
  return { calls, events };
}

/** A signed select of the buyer app (its body text), the calls that follow a search. */
function selectText(transactionId = randomUUID(), changes: (body: any) => void = () => {}) {
  const body: any = {
    context: buyer.context('select', transactionId, { bpp_uri: `${api.baseUrl}/ondc` }),
    message: selectMessage([
      {
        item: {
          providerId: 'mandi-seller-1',
          locationIds: ['mandi-seller-1-location'],
          item: { id: 'mandi-product-1' },
        },
        count: 1,
      },
    ]),
  };
  changes(body);
  return JSON.stringify(body);
}

const NACK = { message: { ack: { status: 'NACK' } } };

describe('calls Mandi refuses, and writes nothing for', () => {
  it('a tampered body, an expired signature, an unknown sender or another key: 401', async () => {
    const before = await written();
    const text = selectText();
    const signature = buyer.sign(text);
    const refusals = {
      tampered: await buyer.post('select', text.replace('"count":1', '"count":9'), { authorization: signature }),
      expired: await buyer.post('select', text, {
        authorization: buyer.sign(text, Math.floor(Date.now() / 1000) - 7_200),
      }),
      unsigned: await buyer.post('select', text, {}),
      'unknown sender': await buyer.post('select', text, {
        authorization: authorizationHeader(text, {
          subscriberId: 'stranger.example.in',
          uniqueKeyId: 'k1',
          privateKey: newSigningKeyPair().privateKey,
        }),
      }),
      'another key of the buyer app': await buyer.post('select', text, {
        authorization: authorizationHeader(text, {
          subscriberId: buyer.subscriberId,
          uniqueKeyId: buyer.uniqueKeyId,
          privateKey: newSigningKeyPair().privateKey,
        }),
      }),
      'a key the registry does not have': await buyer.post('select', text, {
        authorization: authorizationHeader(text, {
          subscriberId: buyer.subscriberId,
          uniqueKeyId: 'not-registered',
          privateKey: newSigningKeyPair().privateKey,
        }),
      }),
    };
    for (const [what, answer] of Object.entries(refusals)) {
      expect([what, answer.status, answer.answer]).toEqual([
        what,
        401,
        { ...NACK, error: expect.objectContaining({ type: 'POLICY-ERROR', code: '10001' }) },
      ]);
    }
    expect(await written()).toEqual(before);
  });

  it('a call signed by one buyer app for another’s bap_id: 401', async () => {
    const before = await written();
    const text = selectText(randomUUID(), (body) => (body.context.bap_id = 'someone-else.example.in'));
    const answer = await buyer.post('select', text, { authorization: buyer.sign(text) });
    expect([answer.status, answer.answer.error.code]).toEqual([401, '10001']);
    expect(await written()).toEqual(before);
  });

  it('malformed payloads: a NACK naming the field', async () => {
    const before = await written();
    const cases: Array<[string, (body: any) => void, string]> = [
      ['no items', (body) => delete body.message.order.items, 'message.order.items'],
      [
        'a count of 0',
        (body) => (body.message.order.items[0].quantity.count = 0),
        'message.order.items[0].quantity.count',
      ],
      [
        'a count as text',
        (body) => (body.message.order.items[0].quantity.count = '2'),
        'message.order.items[0].quantity.count',
      ],
      ['no provider', (body) => delete body.message.order.provider, 'message.order.provider'],
      ['another version', (body) => (body.context.core_version = '1.1.0'), 'context.core_version'],
      ['another domain', (body) => (body.context.domain = 'ONDC:RET11'), 'context.domain'],
      ['another seller node', (body) => (body.context.bpp_id = 'other-seller.example.in'), 'context.bpp_id'],
      ['the action of another URL', (body) => (body.context.action = 'init'), 'context.action'],
      ['no transaction id', (body) => delete body.context.transaction_id, 'context.transaction_id'],
      ['a timestamp that is no date', (body) => (body.context.timestamp = 'yesterday'), 'context.timestamp'],
      [
        'a gps that is no position',
        (body) => (body.message.order.fulfillments[0].end.location.gps = 'north'),
        'message.order.fulfillments[0].end.location.gps',
      ],
    ];
    for (const [what, change, path] of cases) {
      const text = selectText(randomUUID(), change);
      const answer = await buyer.post('select', text, { authorization: buyer.sign(text) });
      expect([what, answer.status, answer.answer]).toEqual([
        what,
        400,
        { ...NACK, error: expect.objectContaining({ code: '30000', path }) },
      ]);
    }
    // A call whose ttl ran out before it arrived: ONDC's stale request.
    const stale = selectText(
      randomUUID(),
      (body) => (body.context.timestamp = new Date(Date.now() - 60_000).toISOString()),
    );
    const answer = await buyer.post('select', stale, { authorization: buyer.sign(stale) });
    expect([answer.status, answer.answer.error]).toEqual([
      400,
      expect.objectContaining({ code: '20002', path: 'context.timestamp' }),
    ]);
    expect(await written()).toEqual(before);
  });

  it('bodies that are not a call: a NACK, never a 5xx', async () => {
    const before = await written();
    for (const text of [
      '',
      'not json',
      '[]',
      '"a string"',
      '{"context":',
      JSON.stringify({ context: 7, message: [] }),
    ]) {
      const answer = await buyer.post('search', text, { authorization: buyer.sign(text) });
      expect([text, answer.status < 500, answer.answer?.message]).toEqual([text, true, NACK.message]);
    }
    const huge = JSON.stringify({
      context: buyer.context('search', randomUUID()),
      message: { pad: 'x'.repeat(1_100_000) },
    });
    const tooLarge = await buyer.post('search', huge, { authorization: buyer.sign(huge) });
    expect([tooLarge.status, tooLarge.answer.message]).toEqual([413, NACK.message]);
    expect(await written()).toEqual(before);
  });

  it('while the one call that is fine is recorded once, with its event', async () => {
    const before = await written();
    const call = await buyer.send('search', randomUUID(), searchMessage());
    expect([call.status, call.answer]).toEqual([200, { message: { ack: { status: 'ACK' } } }]);
    // The same call again (a retry of the buyer app): acknowledged, and nothing more is written.
    const again = await buyer.post('search', call.text, { authorization: buyer.sign(call.text) });
    expect(again.status).toBe(200);
    expect(await written()).toEqual({ calls: before.calls + 1, events: before.events + 1 });
    const row = await api.db.prisma.ondcCall.findFirstOrThrow({ where: { messageId: call.messageId } });
    expect(row).toMatchObject({ direction: 'inbound', action: 'search', bapId: buyer.subscriberId, bapUri: buyer.uri });
  });
});
