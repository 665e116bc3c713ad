// The local ONDC registry as its users meet it, over HTTP: a subscriber (a real HTTP server here, with its own keys)
// subscribes, serves its site verification page and answers the on_subscribe challenge; Mandi's API and the test buyer
// app look keys up; tests register, rotate and remove records through the control API.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEV_ONDC_ENCRYPTION_PUBLIC_KEY,
  DEV_ONDC_SIGNING_PUBLIC_KEY,
  DEV_ONDC_SUBSCRIBER_ID,
  DEV_ONDC_UNIQUE_KEY_ID,
} from '../../libs/config/src/development-values.js';
import {
  decryptChallenge,
  newEncryptionKeyPair,
  newSigningKeyPair,
  sharedKey,
  signMessage,
} from '../../scripts/ondc/ondc-keys.mjs';
import { REGISTRY_ENCRYPTION_PUBLIC_KEY } from './credentials.mjs';
import { ensureOndcRegistry } from './dev-registry.mjs';
import { siteVerificationContent, startOndcRegistry } from './registry.mjs';

type Registry = Awaited<ReturnType<typeof startOndcRegistry>>;
let registry: Registry;
const closers: Array<() => Promise<unknown>> = [];

beforeEach(async () => {
  registry = await startOndcRegistry({ port: 0, mandiUrl: 'http://127.0.0.1:3999', subscriberTimeoutMs: 2_000 });
  closers.push(() => registry.close());
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const post = async (path: string, body: unknown) => {
  const response = await fetch(`${registry.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
};

/** A would-be participant: its keys, its site (verification page and on_subscribe), and what it was sent. */
async function subscriber(
  options: { signsWith?: string; answer?: (decrypted: string) => string; siteStatus?: number } = {},
) {
  const signing = newSigningKeyPair();
  const encryption = newEncryptionKeyPair();
  const requestId = randomUUID();
  const challenges: Array<{ subscriber_id: string; challenge: string }> = [];
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/ondc-site-verification.html') {
      const signature = signMessage(requestId, options.signsWith ?? signing.privateKey);
      response.writeHead(options.siteStatus ?? 200, { 'content-type': 'text/html' });
      response.end(
        `<html><head><meta name='ondc-site-verification' content='${signature}' /></head><body>ONDC Site Verification Page</body></html>`,
      );
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/bap/on_subscribe') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString());
      challenges.push(body);
      const decrypted = decryptChallenge(
        body.challenge,
        sharedKey(encryption.privateKey, REGISTRY_ENCRYPTION_PUBLIC_KEY),
      );
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: options.answer ? options.answer(decrypted) : decrypted }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const subscriberId = `buyer-${randomUUID().slice(0, 8)}.example.in`;
  const ukId = randomUUID();
  registry.setSite(subscriberId, site);
  const subscribe = (changes: (body: any) => void = () => {}) => {
    const body = {
      context: { operation: { ops_no: 1 } },
      message: {
        request_id: requestId,
        timestamp: new Date().toISOString(),
        entity: {
          gst: {
            legal_entity_name: 'Test Buyer App Private Limited',
            business_address: '12 MG Road, Bengaluru 560001',
            city_code: ['std:080'],
            gst_no: '29ABCDE1234F1Z5',
          },
          pan: { name_as_per_pan: 'Test Buyer App', pan_no: 'ABCDE1234F', date_of_incorporation: '01/04/2020' },
          name_of_authorised_signatory: 'Meera Iyer',
          address_of_authorised_signatory: '12 MG Road, Bengaluru',
          email_id: 'ondc@buyer.example.in',
          mobile_no: '9876543210',
          country: 'IND',
          subscriber_id: subscriberId,
          unique_key_id: ukId,
          callback_url: '/bap',
          key_pair: {
            signing_public_key: signing.publicKey,
            encryption_public_key: encryption.publicKey,
            valid_from: new Date(Date.now() - 60_000).toISOString(),
            valid_until: new Date(Date.now() + 86_400_000).toISOString(),
          },
        },
        network_participant: [
          { subscriber_url: '/bap', domain: 'ONDC:RET10', type: 'buyerApp', msn: false, city_code: ['std:080'] },
        ],
      },
    };
    changes(body);
    return post('/subscribe', body);
  };
  return { signing, encryption, requestId, challenges, site, subscriberId, ukId, subscribe };
}

describe('lookup', () => {
  it('knows Mandi’s development record from the start, by subscriber and key, by type and domain', async () => {
    const byKey = await post('/v2.0/lookup', { subscriber_id: DEV_ONDC_SUBSCRIBER_ID, ukId: DEV_ONDC_UNIQUE_KEY_ID });
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual([
      {
        subscriber_id: DEV_ONDC_SUBSCRIBER_ID,
        ukId: DEV_ONDC_UNIQUE_KEY_ID,
        subscriber_url: 'http://127.0.0.1:3999/ondc',
        type: 'BPP',
        domain: 'ONDC:RET10',
        city: '*',
        country: 'IND',
        signing_public_key: DEV_ONDC_SIGNING_PUBLIC_KEY,
        encr_public_key: DEV_ONDC_ENCRYPTION_PUBLIC_KEY,
        valid_from: expect.any(String),
        valid_until: expect.any(String),
        status: 'SUBSCRIBED',
        created: expect.any(String),
        updated: expect.any(String),
      },
    ]);
    const byType = await post('/lookup', { type: 'sellerApp', domain: 'ONDC:RET10', city: 'std:080', country: 'IND' });
    expect(byType.body.map((entry: any) => entry.subscriber_id)).toEqual([DEV_ONDC_SUBSCRIBER_ID]);
    expect((await post('/lookup', { type: 'BAP' })).body).toEqual([]);
    expect((await post('/v2.0/lookup', { subscriber_id: 'nobody.example.in' })).body).toEqual([]);
  });

  it('refuses a lookup it cannot read, in ONDC’s NACK shape', async () => {
    expect(await post('/v2.0/lookup', '{not json')).toEqual({
      status: 400,
      body: { message: { ack: { status: 'NACK' } }, error: expect.objectContaining({ type: 'JSON-SCHEMA-ERROR' }) },
    });
    expect((await post('/v2.0/lookup', { subscriber_id: 7 })).body.error).toMatchObject({ path: 'subscriber_id' });
    expect((await post('/lookup', { type: 'gateway' })).body.error).toMatchObject({ path: 'type' });
  });

  it('publishes its encryption key for subscribers to decrypt challenges with', async () => {
    const health = await fetch(`${registry.url}/registry/health`).then((r) => r.json());
    expect(health).toMatchObject({ service: 'ondc-registry', encryption_public_key: REGISTRY_ENCRYPTION_PUBLIC_KEY });
    expect(registry.encryptionPublicKey).toBe(REGISTRY_ENCRYPTION_PUBLIC_KEY);
  });
});

describe('subscribe', () => {
  it('verifies the site’s signed request id, sends the challenge encrypted and subscribes on the right answer', async () => {
    const buyer = await subscriber();
    expect(await buyer.subscribe()).toEqual({
      status: 200,
      body: { message: { ack: { status: 'ACK' } }, error: { type: null, code: null, path: null, message: null } },
    });
    expect(buyer.challenges).toEqual([{ subscriber_id: buyer.subscriberId, challenge: expect.any(String) }]);
    const [entry] = (await post('/v2.0/lookup', { subscriber_id: buyer.subscriberId, ukId: buyer.ukId })).body;
    expect(entry).toMatchObject({
      subscriber_url: `${buyer.site}/bap`,
      type: 'BAP',
      domain: 'ONDC:RET10',
      city: 'std:080',
      signing_public_key: buyer.signing.publicKey,
      encr_public_key: buyer.encryption.publicKey,
      status: 'SUBSCRIBED',
    });
  });

  it('refuses a site whose page is not signed with the subscribing key, and sends no challenge', async () => {
    const buyer = await subscriber({ signsWith: newSigningKeyPair().privateKey });
    const answer = await buyer.subscribe();
    expect(answer).toEqual({
      status: 400,
      body: {
        message: { ack: { status: 'NACK' } },
        error: {
          type: 'DOMAIN-ERROR',
          code: '129',
          path: null,
          message: `${buyer.site} : Domain verification is failed`,
        },
      },
    });
    expect(buyer.challenges).toEqual([]);
    expect(registry.entries().filter((entry) => entry.subscriber_id === buyer.subscriberId)).toEqual([]);
    const missing = await subscriber({ siteStatus: 404 });
    expect((await missing.subscribe()).body.error.code).toBe('129');
  });

  it('leaves a subscriber that answers the challenge wrongly out of lookups', async () => {
    const buyer = await subscriber({ answer: () => 'a guess' });
    const answer = await buyer.subscribe();
    expect(answer.body.error).toMatchObject({
      type: 'POLICY-ERROR',
      code: '132',
      message: `${buyer.site}/bap/on_subscribe : Encryption verification is failed`,
    });
    expect((await post('/v2.0/lookup', { subscriber_id: buyer.subscriberId })).body).toEqual([]);
    expect(registry.entries().find((entry) => entry.subscriber_id === buyer.subscriberId)?.status).toBe('INITIATED');
  });

  it('refuses payloads ONDC refuses, naming the field', async () => {
    const buyer = await subscriber();
    const refusal = async (change: (body: any) => void) => (await buyer.subscribe(change)).body.error;
    expect(await refusal((body) => delete body.message.entity.gst.gst_no)).toMatchObject({
      type: 'JSON-SCHEMA-ERROR',
      path: 'message.entity.gst.gst_no',
    });
    expect(
      await refusal((body) => (body.message.entity.key_pair.encryption_public_key = buyer.signing.publicKey)),
    ).toMatchObject({
      path: 'message.entity.key_pair.encryption_public_key',
    });
    expect(await refusal((body) => (body.message.timestamp = '2020-01-01T00:00:00.000Z'))).toMatchObject({
      type: 'POLICY-ERROR',
      message: 'Timestamp is invalid',
    });
    expect(await refusal((body) => (body.context.operation.ops_no = 2))).toMatchObject({
      code: '132',
      path: 'message.network_participant[0].type',
    });
    expect(await refusal((body) => (body.context.operation.ops_no = 3))).toMatchObject({
      path: 'context.operation.ops_no',
    });
    expect(await refusal((body) => (body.message.network_participant = []))).toMatchObject({
      path: 'message.network_participant',
    });
    expect(buyer.challenges).toEqual([]);
    expect(registry.entries().filter((entry) => entry.subscriber_id === buyer.subscriberId)).toEqual([]);
  });
});

describe('the control API', () => {
  const buyerRecord = (keys = newSigningKeyPair(), encryption = newEncryptionKeyPair()) => ({
    subscriber_id: 'buyer.test',
    ukId: 'buyer-key-1',
    subscriber_url: 'http://127.0.0.1:4000/bap',
    type: 'BAP',
    domain: 'ONDC:RET10',
    city: 'std:080',
    signing_public_key: keys.publicKey,
    encr_public_key: encryption.publicKey,
  });

  it('registers a buyer app directly, and takes it away', async () => {
    const registered = await post('/registry/subscribers', buyerRecord());
    expect(registered.body).toMatchObject({ subscriber_id: 'buyer.test', status: 'SUBSCRIBED', country: 'IND' });
    expect((await post('/v2.0/lookup', { subscriber_id: 'buyer.test', ukId: 'buyer-key-1' })).body).toHaveLength(1);
    const removed = await fetch(`${registry.url}/registry/subscribers?subscriber_id=buyer.test`, { method: 'DELETE' });
    expect(await removed.json()).toEqual({ removed: 1 });
    expect((await post('/v2.0/lookup', { subscriber_id: 'buyer.test' })).body).toEqual([]);
    expect(
      (await post('/registry/subscribers', { ...buyerRecord(), signing_public_key: 'short' })).body.error,
    ).toMatchObject({
      path: 'signing_public_key',
    });
  });

  it('rotates a key: both verify until the old one’s valid_until, then only the new one', async () => {
    await post('/registry/subscribers', buyerRecord());
    const next = newSigningKeyPair();
    const soon = new Date(Date.now() + 60_000).toISOString();
    const rotated = await post('/registry/subscribers/rotate', {
      subscriber_id: 'buyer.test',
      ukId: 'buyer-key-2',
      signing_public_key: next.publicKey,
      encr_public_key: newEncryptionKeyPair().publicKey,
      previous_valid_until: soon,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.previous).toEqual([expect.objectContaining({ ukId: 'buyer-key-1', valid_until: soon })]);
    const both = (await post('/v2.0/lookup', { subscriber_id: 'buyer.test' })).body;
    expect(both.map((entry: any) => [entry.ukId, entry.subscriber_url]).sort()).toEqual([
      ['buyer-key-1', 'http://127.0.0.1:4000/bap'],
      ['buyer-key-2', 'http://127.0.0.1:4000/bap'],
    ]);
    // Rotated again with the old key's time up: it is no longer looked up.
    await post('/registry/subscribers/rotate', {
      subscriber_id: 'buyer.test',
      ukId: 'buyer-key-2',
      signing_public_key: next.publicKey,
      encr_public_key: newEncryptionKeyPair().publicKey,
      previous_valid_until: new Date(Date.now() - 1_000).toISOString(),
    });
    expect((await post('/v2.0/lookup', { subscriber_id: 'buyer.test' })).body.map((entry: any) => entry.ukId)).toEqual([
      'buyer-key-2',
    ]);
    expect(
      (await post('/registry/subscribers/rotate', { subscriber_id: 'nobody', ukId: 'x', previous_valid_until: soon }))
        .status,
    ).toBe(404);
  });

  it('answers unknown paths with 404 and wrong methods with 405', async () => {
    expect((await fetch(`${registry.url}/nothing`)).status).toBe(404);
    expect((await fetch(`${registry.url}/subscribe`)).status).toBe(405);
  });
});

describe('the site verification page', () => {
  it('reads the meta tag in either quoting and attribute order', () => {
    expect(siteVerificationContent(`<meta name='ondc-site-verification' content='abc==' />`)).toBe('abc==');
    expect(siteVerificationContent(`<META content="x/y+" name="ondc-site-verification">`)).toBe('x/y+');
    expect(siteVerificationContent(`<meta name="description" content="no">`)).toBeNull();
  });
});

describe('a local run’s registry', () => {
  it('is started once and reused by the next run', async () => {
    const first = await ensureOndcRegistry({ port: 0, mandiUrl: 'http://127.0.0.1:3000' });
    closers.push(first.stop);
    expect(first.reused).toBe(false);
    const second = await ensureOndcRegistry({
      port: Number(new URL(first.url).port),
      mandiUrl: 'http://127.0.0.1:3000',
    });
    expect(second).toMatchObject({ url: first.url, reused: true });
    await second.stop();
    expect((await fetch(`${first.url}/registry/health`)).status).toBe(200);
  });
});
