// The local ONDC registry: a stand-in for ONDC's registry in development and tests, never part of the production
// build (docs/ondc.md, "Registry, keys and the test buyer app"). It answers ONDC's registry API as developer-docs
// describes it (registry/Onboarding of Participants.md, How_to_use_subscribeAPI.md, encryption_and_decryption.md):
// - POST /subscribe (v2.0, ops_no 1 buyer app, 2 seller app, 4 both): checks the payload, fetches the subscriber's
//   ondc-site-verification.html and verifies its signature of the request id, sends the on_subscribe challenge
//   encrypted for the subscriber's key and, when the answer matches, marks its records SUBSCRIBED;
// - POST /lookup and POST /v2.0/lookup: the subscribed records matching a subscriber id, key id, type, domain,
//   country or city, whose keys are valid now.
// Tests and scripts also get a control API under /registry (this tool only, not ONDC's): register a record directly,
// rotate a subscriber's key, take a record away, say where a subscriber's site is.
// Production points Mandi at ONDC's registries by configuration only (ONDC_REGISTRY_URL).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import {
  encryptChallenge,
  isEncryptionPublicKey,
  isSigningPublicKey,
  sharedKey,
  verifyMessage,
} from '../../scripts/ondc/ondc-keys.mjs';
import {
  DEFAULT_KEY_VALIDITY_MS,
  REGISTRY_ENCRYPTION_PRIVATE_KEY,
  REGISTRY_ENCRYPTION_PUBLIC_KEY,
  REGISTRY_PORT,
  mandiDevRecord,
} from './credentials.mjs';

/** The most a request body may weigh. */
const MAX_BODY_BYTES = 1_000_000;
/** How far a subscribe request's timestamp may be from the registry's clock (ONDC: "the stipulated time gap"). */
const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;
/** How long the registry waits for a subscriber's site and its on_subscribe answer. */
const SUBSCRIBER_TIMEOUT_MS = 5_000;
/** ops_no of a v2.0 subscribe and the network participant types each registers (ops 3 and 5 are withdrawn). */
const OPERATIONS = /** @type {Record<number, Array<'buyerApp' | 'sellerApp'>>} */ ({
  1: ['buyerApp'],
  2: ['sellerApp'],
  4: ['buyerApp', 'sellerApp'],
});
/** The record type of each participant type. */
const TYPE_OF = /** @type {Record<string, 'BAP' | 'BPP'>} */ ({
  buyerApp: 'BAP',
  sellerApp: 'BPP',
  BAP: 'BAP',
  BPP: 'BPP',
});

/**
 * A record of the registry, as a lookup answers it: one per subscriber, key, type, domain and city.
 * @typedef {object} RegistryEntry
 * @property {string} subscriber_id
 * @property {string} ukId the unique key id the subscriber signs with (keyId's middle part)
 * @property {string} subscriber_url where the network calls the subscriber, e.g. http://127.0.0.1:3000/ondc
 * @property {'BAP' | 'BPP'} type
 * @property {string} domain e.g. ONDC:RET10
 * @property {string} city e.g. std:080, or '*'
 * @property {string} country
 * @property {string} signing_public_key base64 of the ed25519 public key's 32 bytes
 * @property {string} encr_public_key the X25519 public key, DER in base64
 * @property {string} valid_from
 * @property {string} valid_until
 * @property {'INITIATED' | 'SUBSCRIBED'} status
 * @property {string} created
 * @property {string} updated
 *
 * @typedef {Omit<RegistryEntry, 'status' | 'created' | 'updated' | 'country' | 'valid_from' | 'valid_until'>
 *   & { country?: string, valid_from?: string, valid_until?: string }} RecordInput what {@link register} takes
 *
 * @typedef {{ subscriber_id?: string, ukId?: string, unique_key_id?: string, type?: string, domain?: string,
 *   country?: string, city?: string }} LookupQuery
 *
 * @typedef {object} OndcRegistry
 * @property {string} url base URL, e.g. http://127.0.0.1:9400 (what ONDC_REGISTRY_URL names)
 * @property {number} port
 * @property {string} encryptionPublicKey the registry's X25519 public key, which subscribers decrypt challenges with
 * @property {(record: RecordInput) => RegistryEntry} register a record, SUBSCRIBED at once (no site, no challenge)
 * @property {(rotation: Rotation) => { added: RegistryEntry[], previous: RegistryEntry[] }} rotate a subscriber's key
 * @property {(subscriberId: string, ukId?: string) => number} remove a subscriber's records (of one key), how many
 * @property {(query: LookupQuery) => RegistryEntry[]} lookup what POST /v2.0/lookup answers
 * @property {() => RegistryEntry[]} entries every record, subscribed or not
 * @property {(subscriberId: string, url: string) => void} setSite where a subscriber's site is (its
 *   ondc-site-verification.html and callback paths), instead of https://<subscriber_id>
 * @property {() => Promise<void>} close
 *
 * @typedef {object} Rotation a new key for a subscriber, the old ones kept valid until `previous_valid_until`
 * @property {string} subscriber_id
 * @property {string} ukId the new key's id
 * @property {string} signing_public_key
 * @property {string} encr_public_key
 * @property {string} [valid_from]
 * @property {string} [valid_until]
 * @property {string} previous_valid_until until when the subscriber's other keys stay valid
 */

/** A refusal in ONDC's shape: HTTP status and `{ message: { ack: { status: 'NACK' } }, error }`. */
export class RegistryError extends Error {
  /**
   * @param {number} status
   * @param {'JSON-SCHEMA-ERROR' | 'POLICY-ERROR' | 'DOMAIN-ERROR' | 'CONTEXT-ERROR'} type
   * @param {string} code ONDC's error code
   * @param {string} message
   * @param {string | null} [path] the field at fault
   */
  constructor(status, type, code, message, path = null) {
    super(message);
    this.status = status;
    this.body = { message: { ack: { status: 'NACK' } }, error: { type, code, path, message } };
  }
}

/** What the registry answers an accepted subscribe. */
const ACK = { message: { ack: { status: 'ACK' } }, error: { type: null, code: null, path: null, message: null } };

/**
 * Starts a registry. `port: 0` picks a free port (tests). With `mandiUrl` (Mandi's PUBLIC_URL) it starts with Mandi's
 * development record (subscriber URL `<mandiUrl>/ondc`) and knows Mandi's site is there; `sites` names the site of
 * other subscribers (default https://<subscriber_id>).
 * @param {{ port?: number, host?: string, mandiUrl?: string | null, sites?: Record<string, string>,
 *   subscriberTimeoutMs?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<OndcRegistry>}
 */
export async function startOndcRegistry({
  port = REGISTRY_PORT,
  host = '127.0.0.1',
  mandiUrl = null,
  sites = {},
  subscriberTimeoutMs = SUBSCRIBER_TIMEOUT_MS,
  log = () => {},
} = {}) {
  /** @type {RegistryEntry[]} */
  let entries = [];
  const siteOf = new Map(Object.entries(sites).map(([id, url]) => [id, url.replace(/\/+$/, '')]));
  const closing = new AbortController();

  /** @param {string} subscriberId */
  const siteUrl = (subscriberId) => siteOf.get(subscriberId) ?? `https://${subscriberId}`;

  /**
   * Puts an entry in, replacing the one of the same subscriber, key, type, domain and city.
   * @param {RegistryEntry} entry
   */
  function upsert(entry) {
    const same = (/** @type {RegistryEntry} */ other) =>
      other.subscriber_id === entry.subscriber_id &&
      other.ukId === entry.ukId &&
      other.type === entry.type &&
      other.domain === entry.domain &&
      other.city === entry.city;
    const existing = entries.find(same);
    const stamped = { ...entry, created: existing?.created ?? entry.created };
    entries = [...entries.filter((other) => !same(other)), stamped];
    return stamped;
  }

  /** @type {OndcRegistry['register']} */
  function register(record) {
    const now = new Date();
    const entry = checkRecord(record, now);
    const stored = upsert(entry);
    log(`registered ${stored.type} ${stored.subscriber_id} key ${stored.ukId} at ${stored.subscriber_url}`);
    return stored;
  }

  /** @type {OndcRegistry['rotate']} */
  function rotate(rotation) {
    const subscriberId = requiredText(rotation, 'subscriber_id');
    const ukId = requiredText(rotation, 'ukId');
    const until = instant(rotation.previous_valid_until, 'previous_valid_until');
    const current = entries.filter((entry) => entry.subscriber_id === subscriberId && entry.ukId !== ukId);
    if (current.length === 0) {
      throw new RegistryError(404, 'POLICY-ERROR', '132', `No subscriber ${subscriberId} to rotate`, 'subscriber_id');
    }
    const now = new Date();
    const previous = current.map((entry) =>
      upsert({
        ...entry,
        valid_until: new Date(Math.min(Date.parse(entry.valid_until), until.getTime())).toISOString(),
        updated: now.toISOString(),
      }),
    );
    const templates = new Map(current.map((entry) => [`${entry.type}|${entry.domain}|${entry.city}`, entry]));
    const added = [...templates.values()].map((entry) =>
      register({
        subscriber_id: subscriberId,
        ukId,
        subscriber_url: entry.subscriber_url,
        type: entry.type,
        domain: entry.domain,
        city: entry.city,
        country: entry.country,
        signing_public_key: rotation.signing_public_key,
        encr_public_key: rotation.encr_public_key,
        valid_from: rotation.valid_from,
        valid_until: rotation.valid_until,
      }),
    );
    log(`rotated ${subscriberId}: key ${ukId} added, the others valid until ${until.toISOString()}`);
    return { added, previous };
  }

  /** @type {OndcRegistry['remove']} */
  function remove(subscriberId, ukId) {
    const before = entries.length;
    entries = entries.filter(
      (entry) => entry.subscriber_id !== subscriberId || (ukId !== undefined && entry.ukId !== ukId),
    );
    return before - entries.length;
  }

  /** @type {OndcRegistry['lookup']} */
  function lookup(query) {
    const now = Date.now();
    const type = query.type === undefined ? undefined : TYPE_OF[query.type];
    if (query.type !== undefined && !type) {
      throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', 'type must be BAP, BPP, buyerApp or sellerApp', 'type');
    }
    const ukId = query.ukId ?? query.unique_key_id;
    return entries.filter(
      (entry) =>
        entry.status === 'SUBSCRIBED' &&
        Date.parse(entry.valid_from) <= now &&
        now < Date.parse(entry.valid_until) &&
        (query.subscriber_id === undefined || entry.subscriber_id === query.subscriber_id) &&
        (ukId === undefined || entry.ukId === ukId) &&
        (type === undefined || entry.type === type) &&
        (query.domain === undefined || entry.domain === query.domain) &&
        (query.country === undefined || entry.country === query.country) &&
        (query.city === undefined || entry.city === query.city || entry.city === '*'),
    );
  }

  // ----- subscribe -----

  /**
   * ONDC's v2.0 subscribe: the payload checked, the site verified, the challenge answered, then SUBSCRIBED.
   * @param {Record<string, any>} body
   */
  async function subscribe(body) {
    const request = checkSubscribe(body, new Date());
    const { entity } = request;
    const site = siteUrl(entity.subscriber_id);
    await verifySite(site, request.request_id, entity.key_pair.signing_public_key);
    const now = new Date().toISOString();
    const proposed = request.network_participant.flatMap((participant) =>
      participant.city_code.map((city) => ({
        subscriber_id: entity.subscriber_id,
        ukId: entity.unique_key_id,
        subscriber_url: joinUrl(site, participant.subscriber_url),
        type: TYPE_OF[participant.type],
        domain: participant.domain,
        city,
        country: entity.country,
        signing_public_key: entity.key_pair.signing_public_key,
        encr_public_key: entity.key_pair.encryption_public_key,
        valid_from: entity.key_pair.valid_from,
        valid_until: entity.key_pair.valid_until,
        status: /** @type {const} */ ('INITIATED'),
        created: now,
        updated: now,
      })),
    );
    // A new key waits as INITIATED until the challenge is answered; a subscribed one stays as it was meanwhile.
    for (const entry of proposed) {
      const known = entries.some(
        (other) =>
          other.subscriber_id === entry.subscriber_id &&
          other.ukId === entry.ukId &&
          other.type === entry.type &&
          other.domain === entry.domain &&
          other.city === entry.city,
      );
      if (!known) upsert(entry);
    }
    await challenge(joinUrl(site, `${entity.callback_url}/on_subscribe`), entity);
    for (const entry of proposed) upsert({ ...entry, status: 'SUBSCRIBED', updated: new Date().toISOString() });
    log(
      `subscribed ${entity.subscriber_id} key ${entity.unique_key_id}: ` +
        proposed.map((entry) => `${entry.type} ${entry.domain} ${entry.city}`).join(', '),
    );
    return ACK;
  }

  /**
   * Fetches `<site>/ondc-site-verification.html` and checks its meta tag signs `requestId` with `publicKey`.
   * @param {string} site
   * @param {string} requestId
   * @param {string} publicKey
   */
  async function verifySite(site, requestId, publicKey) {
    const address = `${site}/ondc-site-verification.html`;
    const failed = (/** @type {string} */ why) => {
      log(`site verification of ${address} failed: ${why}`);
      return new RegistryError(400, 'DOMAIN-ERROR', '129', `${site} : Domain verification is failed`);
    };
    let page;
    try {
      const response = await fetch(address, { signal: timeout() });
      if (!response.ok) throw failed(`HTTP ${response.status}`);
      page = await response.text();
    } catch (error) {
      if (error instanceof RegistryError) throw error;
      throw failed(error instanceof Error ? error.message : String(error));
    }
    const signed = siteVerificationContent(page);
    if (!signed) throw failed('no <meta name="ondc-site-verification" content="..."> in the page');
    if (!verifyMessage(requestId, signed, publicKey))
      throw failed('the signature is not of the request_id by key_pair.signing_public_key');
  }

  /**
   * Sends the encrypted challenge to the subscriber's on_subscribe and checks its answer.
   * @param {string} address
   * @param {{ subscriber_id: string, key_pair: { encryption_public_key: string } }} entity
   */
  async function challenge(address, entity) {
    const secret = randomUUID();
    const failed = (/** @type {string} */ why) => {
      log(`on_subscribe challenge to ${address} failed: ${why}`);
      return new RegistryError(400, 'POLICY-ERROR', '132', `${address} : Encryption verification is failed`);
    };
    const encrypted = encryptChallenge(
      secret,
      sharedKey(REGISTRY_ENCRYPTION_PRIVATE_KEY, entity.key_pair.encryption_public_key),
    );
    let answer;
    try {
      const response = await fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subscriber_id: entity.subscriber_id, challenge: encrypted }),
        signal: timeout(),
      });
      if (!response.ok) throw failed(`HTTP ${response.status}`);
      answer = /** @type {any} */ (await response.json())?.answer;
    } catch (error) {
      if (error instanceof RegistryError) throw error;
      throw failed(error instanceof Error ? error.message : String(error));
    }
    if (answer !== secret) throw failed('the answer is not the challenge decrypted');
  }

  const timeout = () => AbortSignal.any([AbortSignal.timeout(subscriberTimeoutMs), closing.signal]);

  // ----- HTTP -----

  const routes = [
    route('POST', '/subscribe', ({ body }) => subscribe(body)),
    route('POST', '/lookup', ({ body }) => lookup(lookupQuery(body))),
    route('POST', '/v2.0/lookup', ({ body }) => lookup(lookupQuery(body))),
    route('GET', '/registry/health', () => ({
      status: 'ok',
      service: 'ondc-registry',
      encryption_public_key: REGISTRY_ENCRYPTION_PUBLIC_KEY,
      subscribers: new Set(entries.map((entry) => entry.subscriber_id)).size,
    })),
    route('GET', '/registry/subscribers', () => ({
      subscribers: entries,
      sites: Object.fromEntries(siteOf),
    })),
    route('POST', '/registry/subscribers', ({ body }) => {
      if (body.site_url !== undefined) setSite(requiredText(body, 'subscriber_id'), requiredText(body, 'site_url'));
      const { site_url: _site, ...record } = body;
      return register(/** @type {RecordInput} */ (record));
    }),
    route('POST', '/registry/subscribers/rotate', ({ body }) => rotate(/** @type {Rotation} */ (body))),
    route('DELETE', '/registry/subscribers', ({ query }) => {
      const subscriberId = query.get('subscriber_id');
      if (!subscriberId)
        throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', 'subscriber_id is required', 'subscriber_id');
      return { removed: remove(subscriberId, query.get('ukId') ?? undefined) };
    }),
    route('POST', '/registry/sites', ({ body }) => {
      setSite(requiredText(body, 'subscriber_id'), requiredText(body, 'url'));
      return { sites: Object.fromEntries(siteOf) };
    }),
  ];

  /** @type {OndcRegistry['setSite']} */
  function setSite(subscriberId, url) {
    if (!URL.canParse(url)) throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', 'the site must be a URL', 'url');
    siteOf.set(subscriberId, url.replace(/\/+$/, ''));
  }

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  async function handle(request, response) {
    const url = new URL(request.url ?? '/', 'http://registry');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const pathKnown = routes.some((candidate) => candidate.path === path);
    for (const candidate of routes) {
      if (candidate.method !== request.method || candidate.path !== path) continue;
      const body = request.method === 'POST' ? await readBody(request) : {};
      const result = await candidate.handler({ body, query: url.searchParams });
      return sendJson(response, 200, result);
    }
    const status = pathKnown ? 405 : 404;
    return sendJson(
      response,
      status,
      new RegistryError(status, 'CONTEXT-ERROR', '404', `No ${request.method} ${path} here`).body,
    );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (closing.signal.aborted) return void response.destroy();
      if (error instanceof RegistryError) return sendJson(response, error.status, error.body);
      log(`error on ${request.method} ${request.url}: ${error?.stack ?? error}`);
      sendJson(
        response,
        500,
        new RegistryError(500, 'CONTEXT-ERROR', '500', 'The registry failed; its log says why.').body,
      );
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', (error) => {
      const taken = /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE';
      reject(taken ? new Error(`The ONDC registry cannot listen on ${host}:${port}: the port is in use.`) : error);
    });
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const baseUrl = `http://${urlHost}:${address.port}`;

  if (mandiUrl) {
    const record = mandiDevRecord(mandiUrl);
    siteOf.set(record.subscriber_id, mandiUrl.replace(/\/+$/, ''));
    register(record);
  }
  log(`ONDC registry on ${baseUrl} (encryption public key ${REGISTRY_ENCRYPTION_PUBLIC_KEY})`);

  return {
    url: baseUrl,
    port: address.port,
    encryptionPublicKey: REGISTRY_ENCRYPTION_PUBLIC_KEY,
    register,
    rotate,
    remove,
    lookup,
    entries: () => [...entries],
    setSite,
    close: () => {
      closing.abort();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * The signature a site verification page carries: the content of its `ondc-site-verification` meta tag, or null.
 * @param {string} page
 */
export function siteVerificationContent(page) {
  for (const [tag] of page.matchAll(/<meta\b[^>]*>/gi)) {
    const name = /\bname\s*=\s*(["'])(.*?)\1/i.exec(tag)?.[2];
    const content = /\bcontent\s*=\s*(["'])(.*?)\1/i.exec(tag)?.[2];
    if (name === 'ondc-site-verification' && content) return content.trim();
  }
  return null;
}

/**
 * A record from a test or the control API, checked, as a SUBSCRIBED entry.
 * @param {Record<string, any>} record
 * @param {Date} now
 * @returns {RegistryEntry}
 */
function checkRecord(record, now) {
  if (typeof record !== 'object' || record === null) {
    throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', 'a record is a JSON object');
  }
  const type = TYPE_OF[record.type];
  if (!type) throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', 'type must be BAP or BPP', 'type');
  const subscriberUrl = requiredText(record, 'subscriber_url');
  if (!URL.canParse(subscriberUrl)) {
    throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', 'subscriber_url must be a URL', 'subscriber_url');
  }
  checkKeys(record.signing_public_key, record.encr_public_key, 'signing_public_key', 'encr_public_key');
  const validFrom = record.valid_from === undefined ? now : instant(record.valid_from, 'valid_from');
  const validUntil =
    record.valid_until === undefined
      ? new Date(validFrom.getTime() + DEFAULT_KEY_VALIDITY_MS)
      : instant(record.valid_until, 'valid_until');
  return {
    subscriber_id: requiredText(record, 'subscriber_id'),
    ukId: requiredText(record, 'ukId'),
    subscriber_url: subscriberUrl.replace(/\/+$/, ''),
    type,
    domain: requiredText(record, 'domain'),
    city: requiredText(record, 'city'),
    country: record.country === undefined ? 'IND' : requiredText(record, 'country'),
    signing_public_key: record.signing_public_key,
    encr_public_key: record.encr_public_key,
    valid_from: validFrom.toISOString(),
    valid_until: validUntil.toISOString(),
    status: 'SUBSCRIBED',
    created: now.toISOString(),
    updated: now.toISOString(),
  };
}

/**
 * A v2.0 subscribe checked as ONDC's registry checks it before it looks at the site.
 * @param {Record<string, any>} body
 * @param {Date} now
 */
function checkSubscribe(body, now) {
  const schema = (/** @type {string} */ path, /** @type {string} */ why) =>
    new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', `${path} ${why}`, path);
  const opsNo = body?.context?.operation?.ops_no;
  if (!Number.isInteger(opsNo)) throw schema('context.operation.ops_no', 'must be a number');
  const types = OPERATIONS[opsNo];
  if (!types) {
    throw new RegistryError(
      400,
      'POLICY-ERROR',
      '132',
      `ops_no ${opsNo} is not supported (1, 2 or 4)`,
      'context.operation.ops_no',
    );
  }
  const message = body.message;
  if (typeof message !== 'object' || message === null) throw schema('message', 'is required');
  for (const field of ['request_id', 'timestamp']) {
    if (typeof message[field] !== 'string' || message[field] === '') throw schema(`message.${field}`, 'is required');
  }
  const timestamp = Date.parse(message.timestamp);
  if (Number.isNaN(timestamp) || Math.abs(timestamp - now.getTime()) > TIMESTAMP_TOLERANCE_MS) {
    throw new RegistryError(400, 'POLICY-ERROR', '132', 'Timestamp is invalid', 'message.timestamp');
  }
  const entity = message.entity;
  if (typeof entity !== 'object' || entity === null) throw schema('message.entity', 'is required');
  for (const group of ['gst', 'pan']) {
    if (typeof entity[group] !== 'object' || entity[group] === null)
      throw schema(`message.entity.${group}`, 'is required');
  }
  for (const [group, field] of [
    ['gst', 'legal_entity_name'],
    ['gst', 'business_address'],
    ['gst', 'gst_no'],
    ['pan', 'name_as_per_pan'],
    ['pan', 'pan_no'],
    ['pan', 'date_of_incorporation'],
  ]) {
    if (typeof entity[group][field] !== 'string' || entity[group][field].trim() === '') {
      throw schema(`message.entity.${group}.${field}`, 'is required');
    }
  }
  if (!Array.isArray(entity.gst.city_code) || entity.gst.city_code.length === 0) {
    throw schema('message.entity.gst.city_code', 'must list at least one city code');
  }
  for (const field of [
    'name_of_authorised_signatory',
    'email_id',
    'mobile_no',
    'country',
    'subscriber_id',
    'unique_key_id',
    'callback_url',
  ]) {
    if (typeof entity[field] !== 'string' || entity[field].trim() === '')
      throw schema(`message.entity.${field}`, 'is required');
  }
  if (!entity.callback_url.startsWith('/'))
    throw schema('message.entity.callback_url', 'must be a path starting with /');
  const keyPair = entity.key_pair;
  if (typeof keyPair !== 'object' || keyPair === null) throw schema('message.entity.key_pair', 'is required');
  checkKeys(
    keyPair.signing_public_key,
    keyPair.encryption_public_key,
    'message.entity.key_pair.signing_public_key',
    'message.entity.key_pair.encryption_public_key',
  );
  const validFrom = instant(keyPair.valid_from, 'message.entity.key_pair.valid_from');
  const validUntil = instant(keyPair.valid_until, 'message.entity.key_pair.valid_until');
  if (validUntil <= validFrom) throw schema('message.entity.key_pair.valid_until', 'must be after valid_from');
  const participants = message.network_participant;
  if (!Array.isArray(participants) || participants.length === 0) {
    throw schema('message.network_participant', 'must list at least one participant');
  }
  participants.forEach((participant, index) => {
    const at = `message.network_participant[${index}]`;
    if (typeof participant !== 'object' || participant === null) throw schema(at, 'must be an object');
    if (typeof participant.subscriber_url !== 'string' || !participant.subscriber_url.startsWith('/')) {
      throw schema(`${at}.subscriber_url`, 'must be a path starting with /');
    }
    if (typeof participant.domain !== 'string' || participant.domain === '')
      throw schema(`${at}.domain`, 'is required');
    if (!Array.isArray(participant.city_code) || participant.city_code.length === 0) {
      throw schema(`${at}.city_code`, 'must list at least one city code');
    }
    if (!types.includes(participant.type)) {
      throw new RegistryError(
        400,
        'POLICY-ERROR',
        '132',
        ` Please provide valid Network Participant [${index}] Type `,
        `${at}.type`,
      );
    }
  });
  const missing = types.filter((type) => !participants.some((participant) => participant.type === type));
  if (missing.length > 0) {
    throw new RegistryError(
      400,
      'POLICY-ERROR',
      '132',
      `ops_no ${opsNo} needs a ${missing.join(' and a ')} participant`,
      'message.network_participant',
    );
  }
  return {
    request_id: /** @type {string} */ (message.request_id),
    entity: /** @type {{ subscriber_id: string, unique_key_id: string, callback_url: string, country: string,
      key_pair: { signing_public_key: string, encryption_public_key: string, valid_from: string, valid_until: string } }} */ ({
      ...entity,
      key_pair: { ...keyPair, valid_from: validFrom.toISOString(), valid_until: validUntil.toISOString() },
    }),
    network_participant:
      /** @type {Array<{ subscriber_url: string, domain: string, type: string, city_code: string[] }>} */ (
        participants
      ),
  };
}

/**
 * @param {unknown} signing
 * @param {unknown} encryption
 * @param {string} signingPath
 * @param {string} encryptionPath
 */
function checkKeys(signing, encryption, signingPath, encryptionPath) {
  if (!isSigningPublicKey(signing)) {
    throw new RegistryError(
      400,
      'JSON-SCHEMA-ERROR',
      '151',
      `${signingPath} must be base64 of a 32-byte ed25519 key`,
      signingPath,
    );
  }
  if (!isEncryptionPublicKey(encryption)) {
    throw new RegistryError(
      400,
      'JSON-SCHEMA-ERROR',
      '151',
      `${encryptionPath} must be an X25519 key, DER in base64`,
      encryptionPath,
    );
  }
}

/**
 * A lookup's body checked: only the fields a lookup filters on, each text.
 * @param {Record<string, any>} body
 * @returns {LookupQuery}
 */
function lookupQuery(body) {
  /** @type {Record<string, string>} */
  const query = {};
  for (const field of ['subscriber_id', 'ukId', 'unique_key_id', 'type', 'domain', 'country', 'city']) {
    const value = body[field];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') {
      throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', `${field} must be text`, field);
    }
    query[field] = value;
  }
  return query;
}

/**
 * @param {Record<string, any>} record
 * @param {string} field
 * @returns {string}
 */
function requiredText(record, field) {
  const value = record?.[field];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', `${field} is required`, field);
  }
  return value;
}

/**
 * @param {unknown} value
 * @param {string} field
 */
function instant(value, field) {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', `${field} must be an RFC 3339 date-time`, field);
  }
  return new Date(time);
}

/**
 * `base` and a path that starts with '/', without a doubled or trailing slash.
 * @param {string} base
 * @param {string} path
 */
function joinUrl(base, path) {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '');
}

/**
 * @param {string} method
 * @param {string} path
 * @param {(request: { body: Record<string, any>, query: URLSearchParams }) => unknown} handler
 */
function route(method, path, handler) {
  return { method, path, handler };
}

/**
 * The request body as a JSON object.
 * @param {import('node:http').IncomingMessage} request
 * @returns {Promise<Record<string, any>>}
 */
async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      throw new RegistryError(413, 'JSON-SCHEMA-ERROR', '151', 'The request body is too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let body;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', 'The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RegistryError(400, 'JSON-SCHEMA-ERROR', '151', 'The request body must be a JSON object');
  }
  return body;
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(response, status, body) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}
