// Webhook events as Razorpay sends them: a JSON body signed with HMAC-SHA256 under each endpoint's secret
// (X-Razorpay-Signature), an event id that stays the same on every delivery of the event (X-Razorpay-Event-Id), and
// retries with backoff while the endpoint fails. The delivery modes let a developer or a test reproduce what real
// Razorpay does now and then: duplicates, late arrivals, no webhook at all.
import { createHmac } from 'node:crypto';
import { MERCHANT_ACCOUNT_ID, newId, unixNow } from './ledger.mjs';

/** How a batch of events is delivered. */
export const DELIVERY_MODES = /** @type {const} */ (['now', 'twice', 'late', 'never']);

/** How many delivery attempts the log keeps. */
const MAX_DELIVERIES = 2000;

/**
 * @typedef {{ url: string, secret: string }} Endpoint
 * @typedef {{ id: string, event: string, body: string, created_at: number }} StoredEvent
 * @typedef {{ event_id: string, event: string, url: string, attempt: number, status: number | null, ok: boolean,
 *   error: string | null, at: string, duration_ms: number }} Delivery
 */

/**
 * HMAC-SHA256 hex of `data` under `secret`: the webhook signature (over the raw body) and the checkout signatures.
 * @param {string} data
 * @param {string} secret
 */
export function hmacHex(data, secret) {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/**
 * What an event may add to its body: the account it is about (`account_id`, the merchant's by default; a linked
 * account's for Route's settlement.processed) and fields beside an entity (`payload.<name>.data`).
 * @typedef {{ accountId?: string, extra?: Record<string, object> }} EventOptions
 */

/**
 * The event body: `contains` lists the entities in the order given, each under payload.<name>.entity.
 * @param {string} name
 * @param {Record<string, object>} entities
 * @param {EventOptions} options
 */
function eventBody(name, entities, { accountId = MERCHANT_ACCOUNT_ID, extra = {} }) {
  const contains = Object.keys(entities);
  const payload = Object.fromEntries(contains.map((key) => [key, { entity: entities[key], ...extra[key] }]));
  return { entity: 'event', account_id: accountId, event: name, contains, payload, created_at: unixNow() };
}

/** Records events and delivers them to every registered endpoint. */
export class Webhooks {
  /** @type {Map<string, StoredEvent>} every event ever recorded, delivered or not, by id */
  events = new Map();
  /** @type {Delivery[]} one line per attempt, oldest first */
  deliveries = [];
  /** @type {Endpoint[]} */
  endpoints = [];

  #timers = new Set();
  #closing = new AbortController();
  #busy = 0;
  /** @type {Array<() => void>} */
  #idleWaiters = [];

  /**
   * @param {{ endpoints?: Endpoint[], lateMs?: number, retryDelaysMs?: number[], timeoutMs?: number,
   *   log?: (line: string) => void }} options retryDelaysMs: the waits before the 2nd, 3rd... attempt of a failed
   *   delivery (Razorpay retries for a day with growing gaps; the sandbox a few times); timeoutMs: how long an
   *   endpoint may take to answer (Razorpay's is 5 s).
   */
  constructor({
    endpoints = [],
    lateMs = 5000,
    retryDelaysMs = [1000, 5000, 30000],
    timeoutMs = 5000,
    log = () => {},
  } = {}) {
    for (const endpoint of endpoints) this.addEndpoint(endpoint);
    this.lateMs = lateMs;
    this.retryDelaysMs = retryDelaysMs;
    this.timeoutMs = timeoutMs;
    this.log = log;
  }

  /**
   * Adds an endpoint (like a second webhook in Razorpay's dashboard); the same URL again only updates its secret.
   * @param {Endpoint} endpoint
   */
  addEndpoint({ url, secret }) {
    if (!URL.canParse(url)) throw new Error(`webhook URL ${url} is not a URL`);
    this.removeEndpoint(url);
    this.endpoints.push({ url, secret });
  }

  /** @param {string} url */
  removeEndpoint(url) {
    this.endpoints = this.endpoints.filter((endpoint) => endpoint.url !== url);
  }

  /**
   * Records an event of `name` carrying `entities` (e.g. `{ payment, order }`), with the exact body every delivery
   * of it will send.
   * @param {string} name
   * @param {Record<string, object>} entities
   * @param {EventOptions} [options]
   * @returns {StoredEvent}
   */
  record(name, entities, options = {}) {
    const body = eventBody(name, entities, options);
    const event = { id: newId('evt'), event: name, body: JSON.stringify(body), created_at: body.created_at };
    this.events.set(event.id, event);
    return event;
  }

  /**
   * Delivers `events` one after the other (each one's first attempt ends before the next starts, so the order is
   * kept) in the given mode: `now`; `twice`, each event sent twice at the same moment with the same id; `late`,
   * after lateMs; `never`, recorded only (redeliver sends it). Resolves when the first attempts are over.
   * @param {StoredEvent[]} events
   * @param {(typeof DELIVERY_MODES)[number]} mode
   */
  dispatch(events, mode = 'now') {
    if (mode === 'never') {
      for (const event of events) this.log(`webhook ${event.event} ${event.id} withheld (delivery: never)`);
      return Promise.resolve();
    }
    const copies = mode === 'twice' ? 2 : 1;
    const send = async () => {
      for (const event of events) await this.#deliver(event, copies);
    };
    if (mode !== 'late') return this.#track(send());
    return new Promise((/** @type {(value?: void) => void} */ resolve) => {
      this.#later(() => send().then(() => resolve()), this.lateMs);
      // A closed sandbox sends nothing more; whoever waits is released.
      this.#closing.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }

  /**
   * Sends a recorded event again, with its id and body unchanged (what Razorpay's "resend" does).
   * @param {string} eventId
   * @param {(typeof DELIVERY_MODES)[number]} [mode]
   * @returns {Promise<void> | undefined} undefined when there is no such event
   */
  redeliver(eventId, mode = 'now') {
    const event = this.events.get(eventId);
    return event ? this.dispatch([event], mode) : undefined;
  }

  /**
   * Resolves when nothing is being delivered or waiting to be (late deliveries and retries included).
   * @returns {Promise<void>}
   */
  idle() {
    return this.#busy === 0 ? Promise.resolve() : new Promise((resolve) => this.#idleWaiters.push(() => resolve()));
  }

  /** Cancels what is scheduled and aborts what is in flight. */
  close() {
    this.#closing.abort();
    for (const timer of this.#timers) {
      clearTimeout(timer);
      this.#settle();
    }
    this.#timers.clear();
  }

  /**
   * One delivery of `event` to every endpoint, `copies` times each, concurrently.
   * @param {StoredEvent} event
   * @param {number} copies
   */
  #deliver(event, copies) {
    const attempts = this.endpoints.flatMap((endpoint) =>
      Array.from({ length: copies }, () => this.#attempt(event, endpoint, 1)),
    );
    if (attempts.length === 0) this.log(`webhook ${event.event} ${event.id} not sent: no endpoint registered`);
    return Promise.all(attempts);
  }

  /**
   * Posts `event` to `endpoint`; a failure schedules the next attempt.
   * @param {StoredEvent} event
   * @param {Endpoint} endpoint
   * @param {number} attempt 1 for the first
   * @returns {Promise<void>}
   */
  async #attempt(event, endpoint, attempt) {
    if (this.#closing.signal.aborted) return;
    const started = Date.now();
    /** @type {Delivery} */
    const delivery = {
      event_id: event.id,
      event: event.event,
      url: endpoint.url,
      attempt,
      status: null,
      ok: false,
      error: null,
      at: new Date(started).toISOString(),
      duration_ms: 0,
    };
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Razorpay-Webhook/v1',
          'X-Razorpay-Signature': hmacHex(event.body, endpoint.secret),
          'X-Razorpay-Event-Id': event.id,
        },
        body: event.body,
        redirect: 'manual',
        signal: AbortSignal.any([this.#closing.signal, AbortSignal.timeout(this.timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.status = response.status;
      delivery.ok = response.status >= 200 && response.status < 300;
    } catch (error) {
      delivery.error = describe(error);
    }
    delivery.duration_ms = Date.now() - started;
    if (this.#closing.signal.aborted) return;
    this.deliveries.push(delivery);
    // A long development session keeps only the recent attempts.
    if (this.deliveries.length > MAX_DELIVERIES) this.deliveries.splice(0, this.deliveries.length - MAX_DELIVERIES);
    const retryIn = delivery.ok ? undefined : this.retryDelaysMs[attempt - 1];
    const outcome = delivery.status === null ? delivery.error : String(delivery.status);
    this.log(
      `webhook ${event.event} ${event.id} -> ${endpoint.url}: ${outcome}${retryIn === undefined ? '' : `, retry in ${retryIn} ms`}`,
    );
    if (retryIn !== undefined) this.#later(() => this.#attempt(event, endpoint, attempt + 1), retryIn);
  }

  /**
   * Runs `task` after `ms`, counted as busy until it has run; close() cancels it.
   * @param {() => unknown} task
   * @param {number} ms
   */
  #later(task, ms) {
    this.#busy += 1;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      void Promise.resolve()
        .then(task)
        .finally(() => this.#settle());
    }, ms);
    timer.unref();
    this.#timers.add(timer);
  }

  /**
   * Counts `work` as busy until it ends.
   * @param {Promise<void>} work
   */
  #track(work) {
    this.#busy += 1;
    return work.finally(() => this.#settle());
  }

  #settle() {
    this.#busy -= 1;
    if (this.#busy > 0) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}

/**
 * A short reason for a failed delivery: ECONNREFUSED, TimeoutError...
 * @param {unknown} error
 * @returns {string}
 */
function describe(error) {
  const cause = /** @type {any} */ (error)?.cause;
  return cause?.code ?? cause?.message ?? /** @type {any} */ (error)?.name ?? String(error);
}
