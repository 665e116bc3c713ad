// Mandi's key script and subscribe script against the local registry: the subscribe it builds is what ONDC's
// registry takes (the site's signed request id verifies, the challenge decrypts with Mandi's key and the registry's
// public one), and a rotation keeps the old key answering until its time is up.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
  DEV_ONDC_SIGNING_PRIVATE_KEY,
  DEV_ONDC_SUBSCRIBER_ID,
  DEV_ONDC_UNIQUE_KEY_ID,
} from '../../libs/config/src/development-values.js';
import { REGISTRY_ENCRYPTION_PUBLIC_KEY } from '../../tools/ondc-registry/credentials.mjs';
import { startOndcRegistry } from '../../tools/ondc-registry/registry.mjs';
import { newKeys, previousKey, rotateInLocalRegistry } from './keys.mjs';
import { decryptChallenge, sharedKey, signingPublicKeyOf, encryptionPublicKeyOf } from './ondc-keys.mjs';
import { DEVELOPMENT_ENTITY, ONDC_REGISTRIES, registryBase, subscribeRequest } from './subscribe.mjs';

type Registry = Awaited<ReturnType<typeof startOndcRegistry>>;
let registry: Registry;
let site: Server;
let siteUrl: string;
/** What Mandi's site serves: the page of the current request, and on_subscribe answered with Mandi's key. */
let page = '';

beforeEach(async () => {
  site = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/ondc-site-verification.html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(page);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { challenge } = JSON.parse(Buffer.concat(chunks).toString() || '{}');
      const answer = decryptChallenge(
        challenge,
        sharedKey(DEV_ONDC_ENCRYPTION_PRIVATE_KEY, REGISTRY_ENCRYPTION_PUBLIC_KEY),
      );
      response.writeHead(request.url === '/ondc/on_subscribe' ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer }));
    });
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  registry = await startOndcRegistry({ port: 0, mandiUrl: siteUrl });
});
afterEach(async () => {
  await registry.close();
  await new Promise((resolve) => site.close(resolve));
});

const lookup = (body: object) =>
  fetch(`${registry.url}/v2.0/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.json() as Promise<any[]>);

describe('subscribe.mjs', () => {
  it('builds a seller subscribe the registry takes, with the site page it verifies', async () => {
    const keys = newKeys({ subscriberId: DEV_ONDC_SUBSCRIBER_ID });
    const request = subscribeRequest({
      subscriberId: DEV_ONDC_SUBSCRIBER_ID,
      uniqueKeyId: keys.unique_key_id,
      signingPrivateKey: keys.settings.ONDC_SIGNING_PRIVATE_KEY,
      encryptionPrivateKey: DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
      entity: DEVELOPMENT_ENTITY,
      requestId: 'request-1',
    });
    expect(request.body).toMatchObject({
      context: { operation: { ops_no: 2 } },
      message: {
        request_id: 'request-1',
        entity: {
          subscriber_id: DEV_ONDC_SUBSCRIBER_ID,
          unique_key_id: keys.unique_key_id,
          callback_url: '/ondc',
          key_pair: { signing_public_key: keys.key_pair.signing_public_key },
        },
        network_participant: [
          { subscriber_url: '/ondc', domain: 'ONDC:RET10', type: 'sellerApp', city_code: ['std:080'] },
        ],
      },
    });
    page = request.siteVerificationPage;
    const answer = await fetch(`${registry.url}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    });
    expect([answer.status, await answer.json()]).toEqual([
      200,
      expect.objectContaining({ message: { ack: { status: 'ACK' } } }),
    ]);
    expect(await lookup({ subscriber_id: DEV_ONDC_SUBSCRIBER_ID, ukId: keys.unique_key_id })).toEqual([
      expect.objectContaining({
        type: 'BPP',
        subscriber_url: `${siteUrl}/ondc`,
        city: 'std:080',
        status: 'SUBSCRIBED',
      }),
    ]);
  });

  it('is refused when the site serves another request’s signature', async () => {
    const request = (requestId: string) =>
      subscribeRequest({
        subscriberId: DEV_ONDC_SUBSCRIBER_ID,
        uniqueKeyId: DEV_ONDC_UNIQUE_KEY_ID,
        signingPrivateKey: DEV_ONDC_SIGNING_PRIVATE_KEY,
        encryptionPrivateKey: DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
        entity: DEVELOPMENT_ENTITY,
        requestId,
      });
    page = request('an-older-request').siteVerificationPage;
    const answer = await fetch(`${registry.url}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request('this-request').body),
    });
    expect((await answer.json()).error).toMatchObject({ type: 'DOMAIN-ERROR', code: '129' });
  });

  it('names ONDC’s registries as ONDC does', () => {
    expect(registryBase('preprod')).toBe(ONDC_REGISTRIES.preprod);
    expect(registryBase('local')).toBe('http://127.0.0.1:9400');
    expect(registryBase('http://registry.example/')).toBe('http://registry.example');
    expect(() => registryBase('production')).toThrow('give local, staging, preprod, prod or a URL');
    expect(() => subscribeRequest({ ...request0(), opsNo: 3 })).toThrow('1 (buyer app), 2 (seller app) or 4 (both)');
  });
});

function request0() {
  return {
    subscriberId: 'x',
    uniqueKeyId: 'k',
    signingPrivateKey: DEV_ONDC_SIGNING_PRIVATE_KEY,
    encryptionPrivateKey: DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
    entity: DEVELOPMENT_ENTITY,
    requestId: 'r',
  };
}

describe('keys.mjs', () => {
  it('makes the four settings and the key pair the registry is given, from one pair of keys', () => {
    const now = new Date('2026-12-18T09:00:00.000Z');
    const keys = newKeys({ subscriberId: 'mandi.example.in', validDays: 30, now });
    expect(keys.settings.ONDC_SUBSCRIBER_ID).toBe('mandi.example.in');
    expect(keys.settings.ONDC_UNIQUE_KEY_ID).toMatch(/^mandi-20261218-[0-9a-f]{8}$/);
    expect(signingPublicKeyOf(keys.settings.ONDC_SIGNING_PRIVATE_KEY)).toBe(keys.key_pair.signing_public_key);
    expect(encryptionPublicKeyOf(keys.settings.ONDC_ENCRYPTION_PRIVATE_KEY)).toBe(keys.key_pair.encryption_public_key);
    expect(keys.key_pair).toMatchObject({ valid_from: now.toISOString(), valid_until: '2027-01-17T09:00:00.000Z' });
    expect(newKeys({ subscriberId: 'x', now }).unique_key_id).not.toBe(keys.unique_key_id);
  });

  it('rotates in the local registry: both keys answer until the old one’s valid_until', async () => {
    const keys = newKeys({ subscriberId: DEV_ONDC_SUBSCRIBER_ID });
    const previous = previousKey({
      previousKeyId: DEV_ONDC_UNIQUE_KEY_ID,
      keepUntil: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(await rotateInLocalRegistry(registry.url, { subscriberId: DEV_ONDC_SUBSCRIBER_ID, keys, previous })).toBe(
      true,
    );
    const answered = await lookup({ subscriber_id: DEV_ONDC_SUBSCRIBER_ID });
    expect(answered.map((entry) => [entry.ukId, entry.valid_until]).sort()).toEqual(
      [
        [DEV_ONDC_UNIQUE_KEY_ID, previous.valid_until],
        [keys.unique_key_id, keys.key_pair.valid_until],
      ].sort(),
    );
    expect(
      await rotateInLocalRegistry('http://127.0.0.1:9', { subscriberId: DEV_ONDC_SUBSCRIBER_ID, keys, previous }),
    ).toBe(false);
  });

  it('refuses a rotation that would end the current key at once, or does not name it', () => {
    expect(() => previousKey({ previousKeyId: undefined })).toThrow('ONDC_UNIQUE_KEY_ID');
    expect(() => previousKey({ previousKeyId: 'k1', keepUntil: '2000-01-01T00:00:00Z' })).toThrow('has passed');
    expect(() => previousKey({ previousKeyId: 'k1', keepUntil: 'soon' })).toThrow('not a date');
    const now = new Date('2026-12-18T09:00:00.000Z');
    expect(previousKey({ previousKeyId: 'k1', now })).toEqual({
      unique_key_id: 'k1',
      valid_until: '2026-12-25T09:00:00.000Z',
    });
  });
});
