import {
  createCipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { loadConfig } from '@mandi/config';
import { ONDC_ACTIONS, type OndcAction } from '@mandi/domain';
import { authorizationHeader, newSigningKeyPair, publicKeyOf } from '@mandi/ondc';
import { ApiHarness, productionEnv, type TestResponse } from './harness.js';

/*
 * The API's side of Mandi's ONDC seller node (docs/ondc.md, "Receiving calls"): every call of a buyer app is verified
 * against the sender's key in the registry (a tiny registry here, answering ONDC's lookup contract), checked as RET10
 * 1.2.0, and either recorded with its event and ACKed, or refused with a NACK that writes nothing.
 */

const MANDI = loadConfig({ NODE_ENV: 'test' }).ondc!;
// The DER wrapper of a raw ed25519 public key (RFC 8410).
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** One key of a buyer app at the registry. */
interface BuyerKey {
  subscriberId: string;
  uniqueKeyId: string;
  privateKey: string;
}

/** ONDC's registry, as far as a seller node asks it: POST /lookup by subscriber id. */
class TestRegistry {
  private readonly records = new Map<string, Record<string, unknown>[]>();
  /** Subscribers whose lookup answers 500. */
  readonly failing = new Set<string>();
  lookups = 0;
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/lookup') return response.writeHead(404).end();
        this.lookups += 1;
        const { subscriber_id: id } = JSON.parse(text) as { subscriber_id: string };
        if (this.failing.has(id)) return response.writeHead(500).end('{}');
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.records.get(id) ?? []));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  /** Registers (or replaces) a key of a buyer app, SUBSCRIBED and valid for a day. */
  register(key: BuyerKey, publicKey = publicKeyOf(key.privateKey)): void {
    const now = Date.now();
    const others = (this.records.get(key.subscriberId) ?? []).filter((record) => record.ukId !== key.uniqueKeyId);
    this.records.set(key.subscriberId, [
      ...others,
      {
        subscriber_id: key.subscriberId,
        ukId: key.uniqueKeyId,
        subscriber_url: `https://${key.subscriberId}/ondc`,
        type: 'BAP',
        domain: 'ONDC:RET10',
        city: 'std:080',
        country: 'IND',
        signing_public_key: publicKey,
        encr_public_key: 'MCowBQYDK2VuAyEAkA5Elk2aXjAKeCZV7BEOdcXBdYeZYkfm6cB1QUvmCnU=',
        valid_from: new Date(now - 3_600_000).toISOString(),
        valid_until: new Date(now + 86_400_000).toISOString(),
        status: 'SUBSCRIBED',
        created: new Date(now - 3_600_000).toISOString(),
        updated: new Date(now - 3_600_000).toISOString(),
      },
    ]);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function newBuyer(): BuyerKey {
  return { subscriberId: `buyer-${randomUUID().slice(0, 8)}.example.in`, uniqueKeyId: 'k1', ...newSigningKeyPair() };
}

const address = {
  name: 'Asha',
  building: '12, Lake View',
  locality: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'IND',
  area_code: '560038',
};
const delivery = {
  id: 'F1',
  type: 'Delivery',
  end: { location: { gps: '12.9716,77.6412', address }, contact: { phone: '9876543210' } },
};
const billing = { name: 'Asha', address, phone: '9876543210', created_at: '2026-12-18T09:00:00.000Z' };
const items = [{ id: 'I1', location_id: 'L1', fulfillment_id: 'F1', quantity: { count: 2 } }];
const provider = { id: 'P1', locations: [{ id: 'L1' }] };
const MESSAGES: Record<OndcAction, unknown> = {
  search: {
    intent: {
      fulfillment: { type: 'Delivery' },
      payment: { '@ondc/org/buyer_app_finder_fee_type': 'percent', '@ondc/org/buyer_app_finder_fee_amount': '3' },
    },
  },
  select: {
    order: {
      provider,
      items,
      fulfillments: [{ end: { location: { gps: '12.9716,77.6412', address: { area_code: '560038' } } } }],
    },
  },
  init: { order: { provider, items, billing, fulfillments: [delivery] } },
  confirm: {
    order: {
      id: 'O1',
      provider,
      items,
      billing,
      fulfillments: [delivery],
      payment: { type: 'ON-ORDER', collected_by: 'BAP', status: 'PAID', params: { amount: '120.00', currency: 'INR' } },
    },
  },
  status: { order_id: 'O1' },
  track: { order_id: 'O1' },
  cancel: { order_id: 'O1', cancellation_reason_id: '012' },
  update: { update_target: 'item', order: { id: 'O1', fulfillments: [] } },
};

/** A request of `action` as a buyer app sends it, sent now; `context` overrides fields (undefined drops one). */
function requestOf(
  buyer: BuyerKey,
  action: OndcAction,
  context: Record<string, unknown> = {},
  message = MESSAGES[action],
) {
  return {
    context: {
      domain: 'ONDC:RET10',
      country: 'IND',
      city: 'std:080',
      action,
      core_version: '1.2.0',
      bap_id: buyer.subscriberId,
      bap_uri: `https://${buyer.subscriberId}/ondc`,
      ...(action === 'search' ? {} : { bpp_id: MANDI.subscriberId, bpp_uri: 'http://127.0.0.1/ondc' }),
      transaction_id: randomUUID(),
      message_id: randomUUID(),
      timestamp: new Date().toISOString(),
      ttl: 'PT30S',
      ...context,
    },
    message,
  };
}

describe('POST /ondc/{action}: calls of buyer apps', () => {
  const registry = new TestRegistry();
  let api: ApiHarness;
  const buyer = newBuyer();

  beforeAll(async () => {
    await registry.start();
    registry.register(buyer);
    api = await ApiHarness.start({ ONDC_REGISTRY_URL: registry.url });
  });
  afterAll(async () => {
    await api?.stop();
    await registry.stop();
  });

  /** Sends `body` (an object as JSON, or text as it is) signed by `signer` over `signed` (by default the body). */
  function send(
    action: string,
    body: unknown,
    options: { signer?: BuyerKey; signed?: string; nowSeconds?: number; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const signer = options.signer ?? buyer;
    const authorization = authorizationHeader(options.signed ?? text, signer, options.nowSeconds);
    return api.request({
      method: 'POST',
      url: `/ondc/${action}`,
      headers: { 'content-type': 'application/json', authorization, ...options.headers },
      payload: text,
    });
  }

  /** The inbound calls and their events written so far. */
  async function written() {
    const [row] = await api.db.prisma.$queryRaw<{ calls: number; events: number }[]>`
      SELECT (SELECT count(*)::int FROM ondc_calls) AS calls,
             (SELECT count(*)::int FROM outbox_events WHERE type = 'ondc.request_received') AS events`;
    return row!;
  }

  /** Runs `send` and checks that it wrote nothing. */
  async function refused(sending: () => Promise<TestResponse>): Promise<TestResponse> {
    const before = await written();
    const started = performance.now();
    const response = await sending();
    const elapsed = performance.now() - started;
    expect(await written()).toEqual(before);
    // Refused at once: no lookup timeout, no retry hides in it.
    expect(elapsed).toBeLessThan(500);
    return response;
  }

  it.each(ONDC_ACTIONS)('ACKs a signed %s, recording the call and its event in one go', async (action) => {
    const body = requestOf(buyer, action);
    const before = await written();
    const response = await send(action, body);
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 200,
      body: { message: { ack: { status: 'ACK' } } },
    });
    expect(await written()).toEqual({ calls: before.calls + 1, events: before.events + 1 });
    const [call] = await api.db.prisma.$queryRaw<Record<string, unknown>[]>`
      SELECT c.id, c.direction::text, c.action, c.transaction_id, c.message_id, c.bap_id, c.bap_uri, c.body,
             c.ack_status, c.due_by, e.payload AS event
        FROM ondc_calls c JOIN outbox_events e ON e.type = 'ondc.request_received' AND e.aggregate_id = c.id::text
       WHERE c.message_id = ${body.context.message_id}`;
    expect(call).toEqual({
      id: expect.any(BigInt),
      direction: 'inbound',
      action,
      transaction_id: body.context.transaction_id,
      message_id: body.context.message_id,
      bap_id: buyer.subscriberId,
      bap_uri: body.context.bap_uri,
      body,
      ack_status: 'ACK',
      due_by: new Date(Date.parse(body.context.timestamp) + 30_000),
      event: { callId: Number(call!.id) },
    });
  });

  it("ACKs a buyer app's retry of a call again, and writes nothing the second time", async () => {
    const body = requestOf(buyer, 'select');
    expect((await send('select', body)).statusCode).toBe(200);
    const retry = await refused(() => send('select', body));
    expect({ status: retry.statusCode, body: retry.json() }).toEqual({
      status: 200,
      body: { message: { ack: { status: 'ACK' } } },
    });
  });

  describe('refuses with 401 and NACK 10001, writing nothing,', () => {
    const expectUnauthorized = (response: TestResponse, message: string | RegExp) => {
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe(
        `Signature realm="${MANDI.subscriberId}",headers="(created) (expires) digest"`,
      );
      expect(response.json()).toEqual({
        message: { ack: { status: 'NACK' } },
        error: { type: 'POLICY-ERROR', code: '10001', message: expect.stringMatching(message) },
      });
    };

    it('a body other than the one signed', async () => {
      const body = requestOf(buyer, 'init');
      // The buyer app signed the call with another quantity than the one that arrives.
      const signed = JSON.stringify({
        ...body,
        message: { order: { provider, items: [{ ...items[0], quantity: { count: 9 } }] } },
      });
      expectUnauthorized(await refused(() => send('init', body, { signed })), /does not verify/);
    });

    it('a signature that has expired', async () => {
      const twoHoursAgo = Math.floor(Date.now() / 1000) - 7200;
      const response = await refused(() => send('search', requestOf(buyer, 'search'), { nowSeconds: twoHoursAgo }));
      expectUnauthorized(response, /expired/);
    });

    it('a sender the registry does not know', async () => {
      const stranger = newBuyer();
      expectUnauthorized(
        await refused(() => send('status', requestOf(stranger, 'status'), { signer: stranger })),
        /has no valid key/,
      );
    });

    it('a key id the registry does not have for a known sender', async () => {
      const otherKey = { ...newSigningKeyPair(), subscriberId: buyer.subscriberId, uniqueKeyId: 'k-unregistered' };
      const response = await refused(() => send('status', requestOf(buyer, 'status'), { signer: otherKey }));
      expectUnauthorized(response, /has no valid key k-unregistered/);
    });

    it('no Authorization header, or one ONDC would not write', async () => {
      const body = JSON.stringify(requestOf(buyer, 'track'));
      const bare = await refused(() =>
        api.request({
          method: 'POST',
          url: '/ondc/track',
          headers: { 'content-type': 'application/json' },
          payload: body,
        }),
      );
      expectUnauthorized(bare, /no ONDC Authorization header/);
      const bearer = await refused(() => send('track', body, { headers: { authorization: 'Bearer abc' } }));
      expectUnauthorized(bearer, /no ONDC Authorization header/);
    });

    it('a call signed by one buyer app in the name of another', async () => {
      const other = newBuyer();
      registry.register(other);
      const response = await refused(() => send('cancel', requestOf(buyer, 'cancel'), { signer: other }));
      expectUnauthorized(response, /context.bap_id is not the signer/);
    });

    it('a sender the registry cannot be asked about now (a NACK, not a 5xx)', async () => {
      const unlucky = newBuyer();
      registry.register(unlucky);
      registry.failing.add(unlucky.subscriberId);
      const response = await refused(() => send('search', requestOf(unlucky, 'search'), { signer: unlucky }));
      expectUnauthorized(response, /could not look the sender up: the registry answered 500/);
    });
  });

  describe('refuses a malformed call with 400 and a NACK naming the field, writing nothing:', () => {
    const expectNack = (response: TestResponse, error: Record<string, unknown>) => {
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 400,
        body: { message: { ack: { status: 'NACK' } }, error: expect.objectContaining(error) },
      });
    };

    it.each([
      ['a domain other than RET10', 'select', { domain: 'ONDC:RET11' }, 'context.domain'],
      ['another version', 'init', { core_version: '1.2.5' }, 'context.core_version'],
      ['an action other than the path', 'confirm', { action: 'init' }, 'context.action'],
      ['no message id', 'status', { message_id: undefined }, 'context.message_id'],
      ['no bap_uri', 'search', { bap_uri: undefined }, 'context.bap_uri'],
      ['a timestamp that is not RFC 3339', 'track', { timestamp: 'yesterday' }, 'context.timestamp'],
      ['a ttl that is not a duration', 'cancel', { ttl: '30s' }, 'context.ttl'],
      ['another seller node as bpp_id', 'update', { bpp_id: 'other.example.in' }, 'context.bpp_id'],
    ] as const)('%s (CONTEXT-ERROR)', async (_, action, context, path) => {
      const response = await refused(() => send(action, requestOf(buyer, action, context)));
      expectNack(response, { type: 'CONTEXT-ERROR', code: '30000', path });
    });

    it.each([
      [
        'a count of the wrong type',
        'select',
        { order: { provider, items: [{ id: 'I1', quantity: { count: '2' } }] } },
        'message.order.items[0].quantity.count',
      ],
      ['no items', 'init', { order: { provider, billing, fulfillments: [delivery] } }, 'message.order.items'],
      [
        'no billing',
        'confirm',
        {
          order: {
            provider,
            items,
            fulfillments: [delivery],
            payment: { type: 'ON-ORDER', collected_by: 'BAP', status: 'PAID' },
          },
        },
        'message.order.billing',
      ],
      [
        'a delivery pincode that is none',
        'init',
        {
          order: {
            provider,
            items,
            billing,
            fulfillments: [
              {
                ...delivery,
                end: {
                  ...delivery.end,
                  location: { gps: '12.97,77.64', address: { ...address, area_code: 'Bengaluru' } },
                },
              },
            ],
          },
        },
        'message.order.fulfillments[0].end.location.address.area_code',
      ],
      ['no cancellation reason', 'cancel', { order_id: 'O1' }, 'message.cancellation_reason_id'],
      ['no message', 'status', undefined, 'message'],
    ] as const)('%s (JSON-SCHEMA-ERROR)', async (_, action, message, path) => {
      const { context } = requestOf(buyer, action);
      const response = await refused(() => send(action, message === undefined ? { context } : { context, message }));
      expectNack(response, { type: 'JSON-SCHEMA-ERROR', code: '30000', path });
    });

    it('a call older than its ttl (20002, stale)', async () => {
      const old = new Date(Date.now() - 60_000).toISOString();
      const response = await refused(() =>
        send('search', requestOf(buyer, 'search', { timestamp: old, ttl: 'PT30S' })),
      );
      expectNack(response, { type: 'CONTEXT-ERROR', code: '20002', path: 'context.timestamp' });
    });

    it('a body that is not JSON, or not an object', async () => {
      expectNack(await refused(() => send('search', '{"context": ')), { type: 'JSON-SCHEMA-ERROR', code: '30000' });
      expectNack(await refused(() => send('search', '[1, 2]')), { type: 'JSON-SCHEMA-ERROR', code: '30000' });
    });

    it('a body of another content type', async () => {
      const body = JSON.stringify(requestOf(buyer, 'search'));
      const response = await refused(() => send('search', body, { headers: { 'content-type': 'text/plain' } }));
      expectNack(response, { type: 'JSON-SCHEMA-ERROR', message: 'the body must be application/json' });
    });

    it('a body over 1 MB (413)', async () => {
      const body = requestOf(
        buyer,
        'search',
        {},
        { intent: { item: { descriptor: { name: 'x'.repeat(1_100_000) } } } },
      );
      const response = await refused(() => send('search', body));
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 413,
        body: {
          message: { ack: { status: 'NACK' } },
          error: { type: 'JSON-SCHEMA-ERROR', code: '30000', message: 'the body is over 1 MB' },
        },
      });
    });
  });

  it('takes a rotated key from the registry: a new key under the same key id, and a new key id', async () => {
    const rotating = newBuyer();
    registry.register(rotating);
    expect((await send('search', requestOf(rotating, 'search'), { signer: rotating })).statusCode).toBe(200);
    // The first key is cached now; the registry holds a new one under the same key id.
    const rotated = { ...rotating, ...newSigningKeyPair() };
    registry.register(rotated);
    expect((await send('search', requestOf(rotated, 'search'), { signer: rotated })).statusCode).toBe(200);
    // The old key no longer verifies.
    expect((await send('search', requestOf(rotating, 'search'), { signer: rotating })).statusCode).toBe(401);
    const renamed = { ...rotating, ...newSigningKeyPair(), uniqueKeyId: 'k2' };
    registry.register(renamed);
    expect((await send('search', requestOf(renamed, 'search'), { signer: renamed })).statusCode).toBe(200);
  });

  it('asks the registry once for a sender whose key it has cached', async () => {
    const regular = newBuyer();
    registry.register(regular);
    const before = registry.lookups;
    for (let call = 0; call < 3; call += 1) {
      expect((await send('status', requestOf(regular, 'status'), { signer: regular })).statusCode).toBe(200);
    }
    expect(registry.lookups - before).toBe(1);
  });

  it('counts calls by action, outcome and code in the metrics', async () => {
    const metrics = await api.request({ method: 'GET', url: '/api/metrics' });
    expect(metrics.body).toMatch(/mandi_ondc_calls_received_total\{action="select",outcome="ack",code=""\} [1-9]/);
    expect(metrics.body).toMatch(/mandi_ondc_calls_received_total\{action="select",outcome="duplicate",code=""\} 1/);
    expect(metrics.body).toMatch(
      /mandi_ondc_calls_received_total\{action="init",outcome="unauthorized",code="10001"\} [1-9]/,
    );
    expect(metrics.body).toMatch(/mandi_ondc_calls_received_total\{action="search",outcome="nack",code="20002"\} 1/);
  });
});

describe("POST /ondc/on_subscribe and GET /ondc-site-verification.html: the registry's checks", () => {
  // The registry's encryption key pair, of this test.
  const registryKeys = generateKeyPairSync('x25519');
  const registryPublicKey = registryKeys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  let api: ApiHarness;

  beforeAll(async () => {
    api = await ApiHarness.start({
      ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY: registryPublicKey,
      ONDC_SUBSCRIBE_REQUEST_ID: 'subscribe-request-1',
    });
  });
  afterAll(() => api?.stop());

  /** The challenge as ONDC's registry encrypts it: AES-256-ECB under the X25519 secret it shares with Mandi. */
  function encrypted(challenge: string): string {
    const mandiPublicKey = createPublicKey(
      createPrivateKey({ key: Buffer.from(MANDI.encryptionPrivateKey, 'base64'), format: 'der', type: 'pkcs8' }),
    );
    const key = diffieHellman({ privateKey: registryKeys.privateKey, publicKey: mandiPublicKey });
    const cipher = createCipheriv('aes-256-ecb', key, null);
    return Buffer.concat([cipher.update(challenge, 'utf8'), cipher.final()]).toString('base64');
  }

  it('answers the challenge decrypted', async () => {
    const challenge = `challenge-${randomUUID()}`;
    const response = await api.request({
      method: 'POST',
      url: '/ondc/on_subscribe',
      payload: { subscriber_id: MANDI.subscriberId, challenge: encrypted(challenge) },
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 200,
      body: { answer: challenge },
    });
  });

  it('refuses a challenge for another subscriber, or one that does not decrypt (400)', async () => {
    const other = await api.request({
      method: 'POST',
      url: '/ondc/on_subscribe',
      payload: { subscriber_id: 'someone.else.in', challenge: encrypted('x') },
    });
    expect(other.statusCode).toBe(400);
    const garbled = await api.request({
      method: 'POST',
      url: '/ondc/on_subscribe',
      payload: {
        subscriber_id: MANDI.subscriberId,
        challenge: Buffer.from('not encrypted for Mandi').toString('base64'),
      },
    });
    expect(garbled.statusCode).toBe(400);
  });

  it("shows the subscribe request's id signed with Mandi's signing key", async () => {
    const page = await api.request({ method: 'GET', url: '/ondc-site-verification.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const signed = /<meta name="ondc-site-verification" content="([^"]+)" \/>/.exec(page.body)?.[1];
    // ed25519 over the id itself, unhashed, as the registry checks it.
    const raw = Buffer.from(publicKeyOf(MANDI.signingPrivateKey), 'base64');
    const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
    expect(verify(null, Buffer.from('subscribe-request-1'), key, Buffer.from(signed ?? '', 'base64'))).toBe(true);
  });
});

describe('/ondc where Mandi is not on the network (production without the ONDC_ settings)', () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await ApiHarness.start(productionEnv());
  });
  afterAll(() => api?.stop());

  it('answers 404 on every ONDC route', async () => {
    const buyer = newBuyer();
    for (const action of ONDC_ACTIONS) {
      const text = JSON.stringify(requestOf(buyer, action));
      const response = await api.request({
        method: 'POST',
        url: `/ondc/${action}`,
        headers: { 'content-type': 'application/json', authorization: authorizationHeader(text, buyer) },
        payload: text,
      });
      expect({ action, status: response.statusCode }).toEqual({ action, status: 404 });
    }
    const subscribe = await api.request({
      method: 'POST',
      url: '/ondc/on_subscribe',
      payload: { subscriber_id: 'seller.mandi.test', challenge: 'abc' },
    });
    expect(subscribe.statusCode).toBe(404);
    expect((await api.request({ method: 'GET', url: '/ondc-site-verification.html' })).statusCode).toBe(404);
    const [{ calls }] = await api.db.prisma.$queryRaw<
      { calls: number }[]
    >`SELECT count(*)::int AS calls FROM ondc_calls`;
    expect(calls).toBe(0);
  });
});
