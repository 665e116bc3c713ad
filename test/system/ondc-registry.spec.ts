import { randomUUID } from 'node:crypto';
import {
  DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
  DEV_ONDC_SIGNING_PRIVATE_KEY,
  DEV_ONDC_SUBSCRIBER_ID,
  DEV_ONDC_UNIQUE_KEY_ID,
} from '../../libs/config/src/development-values.js';
import { ApiHarness } from '../../apps/api/test/harness.js';
import { DEVELOPMENT_ENTITY, subscribeRequest } from '../../scripts/ondc/subscribe.mjs';
import { mandiDevRecord } from '../../tools/ondc-registry/credentials.mjs';
import { startOndcRegistry } from '../../tools/ondc-registry/registry.mjs';
import { TestBuyerApp, searchMessage } from '../ondc/buyer-app.js';
import { PublicUrl } from '../ondc/public-url.js';

// Mandi and the registry (issue 33, docs/ondc.md): Mandi subscribes to the local registry as it would to ONDC's, the
// built API serving the site verification page and answering the on_subscribe challenge; and a buyer app that rotates
// its key is verified with whichever of its keys the registry holds valid.

type Registry = Awaited<ReturnType<typeof startOndcRegistry>>;
let registry: Registry;
let entrance: PublicUrl;
let api: ApiHarness;
const requestId = randomUUID();

beforeAll(async () => {
  registry = await startOndcRegistry({ port: 0 });
  entrance = await PublicUrl.reserve();
  api = await ApiHarness.start({
    PUBLIC_URL: entrance.url,
    ONDC_REGISTRY_URL: registry.url,
    ONDC_SUBSCRIBE_REQUEST_ID: requestId,
  });
  await entrance.forward(api.baseUrl);
  // Mandi's site is its PUBLIC_URL (on the network, https://<subscriber id>).
  registry.setSite(DEV_ONDC_SUBSCRIBER_ID, entrance.url);
}, 60_000);
afterAll(async () => {
  await entrance?.close();
  await api?.stop();
  await registry?.close();
});

/** Mandi's subscribe (scripts/ondc/subscribe.mjs) with its development keys, sent to the registry. */
async function subscribe(id: string) {
  const { body } = subscribeRequest({
    subscriberId: DEV_ONDC_SUBSCRIBER_ID,
    uniqueKeyId: DEV_ONDC_UNIQUE_KEY_ID,
    signingPrivateKey: DEV_ONDC_SIGNING_PRIVATE_KEY,
    encryptionPrivateKey: DEV_ONDC_ENCRYPTION_PRIVATE_KEY,
    entity: DEVELOPMENT_ENTITY,
    requestId: id,
  });
  const response = await fetch(`${registry.url}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const lookup = (query: object) =>
  fetch(`${registry.url}/v2.0/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(query),
  }).then((response) => response.json() as Promise<any[]>);

test('Mandi subscribes: the registry verifies its site’s signed request id and its answer to the challenge', async () => {
  // Another request's id: the page Mandi serves signs this run's, so the registry refuses it, and sends no challenge.
  const refused = await subscribe(randomUUID());
  expect(refused).toEqual({
    status: 400,
    body: {
      message: { ack: { status: 'NACK' } },
      error: expect.objectContaining({ type: 'DOMAIN-ERROR', code: '129' }),
    },
  });
  expect(await lookup({ subscriber_id: DEV_ONDC_SUBSCRIBER_ID })).toEqual([]);

  const accepted = await subscribe(requestId);
  expect(accepted).toEqual({
    status: 200,
    body: { message: { ack: { status: 'ACK' } }, error: { type: null, code: null, path: null, message: null } },
  });
  expect(await lookup({ subscriber_id: DEV_ONDC_SUBSCRIBER_ID, ukId: DEV_ONDC_UNIQUE_KEY_ID })).toEqual([
    expect.objectContaining({
      type: 'BPP',
      domain: 'ONDC:RET10',
      subscriber_url: `${entrance.url}/ondc`,
      signing_public_key: mandiDevRecord().signing_public_key,
      encr_public_key: mandiDevRecord().encr_public_key,
      status: 'SUBSCRIBED',
    }),
  ]);
});

test('a buyer app that rotates its key: both keys verify while the old one is valid, a key no longer valid does not', async () => {
  registry.register(mandiDevRecord(entrance.url));
  const buyer = await TestBuyerApp.start({ registryUrl: registry.url });
  try {
    const first = await buyer.send('search', randomUUID(), searchMessage());
    expect([first.status, first.answer]).toEqual([200, { message: { ack: { status: 'ACK' } } }]);

    const old = await buyer.rotateKey(new Date(Date.now() + 3_600_000));
    expect(buyer.uniqueKeyId).not.toBe(old.uniqueKeyId);
    const withNew = await buyer.send('search', randomUUID(), searchMessage());
    expect([withNew.status, withNew.answer]).toEqual([200, { message: { ack: { status: 'ACK' } } }]);
    const text = JSON.stringify({ context: buyer.context('search', randomUUID()), message: searchMessage() });
    const withOld = await buyer.post('search', text, { authorization: buyer.sign(text, undefined, old) });
    expect(withOld.status).toBe(200);

    // A key Mandi never saw, rotated out at once: Mandi looks it up, and the registry holds it valid no more.
    await buyer.rotateKey(new Date(Date.now() + 3_600_000));
    const neverUsed = await buyer.rotateKey(new Date(Date.now() - 1_000));
    const late = JSON.stringify({ context: buyer.context('search', randomUUID()), message: searchMessage() });
    const refused = await buyer.post('search', late, { authorization: buyer.sign(late, undefined, neverUsed) });
    expect([refused.status, refused.answer.error.code]).toEqual([401, '10001']);
  } finally {
    await buyer.close();
  }
});
