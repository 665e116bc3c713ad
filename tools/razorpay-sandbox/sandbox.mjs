// The Razorpay sandbox: a stand-in for Razorpay in development and tests (docs/decisions.md), never part of the
// production build. It answers the official SDK's Orders, Payments, Refunds and Payment Links calls under /v1, and
// Route's linked accounts (/v2), transfers, reversals and settlements (route.mjs), with Razorpay's shapes, serves a
// checkout script with Checkout's `new Razorpay(options).open()` interface and a hosted payment page for links, signs
// results with the key secret and sends signed webhooks. Production points the same code at Razorpay by
// configuration only. docs/razorpay-sandbox.md describes it for people.
import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_PORT, SANDBOX_WEBHOOK_SECRET } from './credentials.mjs';
import { Faults, injectedError } from './faults.mjs';
import { Ledger, SandboxError } from './ledger.mjs';
import { missingLinkPage, paidPage, paymentPage, returnUrl } from './payment-page.mjs';
import { Route, booleanOf } from './route.mjs';
import { DELIVERY_MODES, Webhooks, hmacHex } from './webhooks.mjs';

const checkoutScript = readFileSync(new URL('./checkout.js', import.meta.url), 'utf8');
const SETTINGS_MARK = /\/\*settings\*\/.*?\/\*end settings\*\//;

/** The most a request body may weigh. */
const MAX_BODY_BYTES = 1_000_000;

/** Headers that let a page of another origin load the checkout script and call the checkout endpoints. */
const CROSS_ORIGIN = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/**
 * @typedef {import('./ledger.mjs').Entity} Entity
 * @typedef {import('./ledger.mjs').Snapshots} Snapshots
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 * @typedef {'success' | 'failure'} Outcome
 * @typedef {(typeof DELIVERY_MODES)[number]} Delivery
 * @typedef {{ outcome?: Outcome | string, delivery?: Delivery | string, failedAfterSuccess?: boolean, wait?: boolean,
 *   email?: string, contact?: string, notes?: object, description?: string }} PayOptions
 *
 * @typedef {{ account_id: string, settlement: Entity, transfer_ids: string[] }} SettlementRun a settlement a run
 *   made: whose it is (a linked account's id or the merchant's) and the transfers it pays out
 *
 * @typedef {Record<string, any>} PayAnswer what Checkout hands its handler (razorpay_payment_id, razorpay_order_id,
 *   razorpay_signature; a payment link's fields and callback_url), or on failure its `error`
 *
 * @typedef {object} RazorpaySandbox
 * @property {string} url base URL, e.g. http://127.0.0.1:9300 (the SDK's base URL; Checkout is at url + '/v1/checkout.js')
 * @property {number} port
 * @property {string} keyId
 * @property {string} keySecret
 * @property {string} webhookSecret
 * @property {Ledger} state orders, payments, refunds and paymentLinks (Maps by id); `balance`, the merchant's
 * @property {Route} route Route's accounts, stakeholders, products, transfers, reversals, settlements (Maps by id),
 *   accountBalances (what each linked account holds unsettled) and failRules
 * @property {Webhooks} webhooks events (Map by id), deliveries (log of attempts), endpoints
 * @property {Faults} faults slow or failing REST answers on purpose: add(rule), clear(id?), list() (faults.mjs)
 * @property {(orderId: string, options?: PayOptions) => Promise<PayAnswer>} payOrder what Checkout's Pay or Fail button does
 * @property {(linkId: string, options?: PayOptions) => Promise<PayAnswer>} payLink what the hosted page's buttons do
 * @property {(url: string, secret?: string) => void} addWebhookEndpoint
 * @property {(url: string) => void} removeWebhookEndpoint
 * @property {(options?: { merchant?: boolean, wait?: boolean }) => Promise<SettlementRun[]>} runSettlements the
 *   settlement run: pays released transfers out to their linked accounts (and with `merchant` the merchant's balance)
 * @property {(options?: { account?: string, times?: number }) => void} failNextTransfer the next transfers (to
 *   `account` only, when given) fail
 * @property {() => Promise<void>} idle resolves once no webhook is in flight or scheduled
 * @property {() => Promise<void>} close
 */

/**
 * Starts a sandbox. `port: 0` picks a free port (tests). Webhooks go to `webhookUrl` when given (more endpoints can
 * be added); `lateMs` is the wait of the `late` delivery mode; `retryDelaysMs` the waits between attempts of a
 * failed delivery; `autoCapture: false` leaves checkout payments authorized until POST /v1/payments/:id/capture;
 * `balance` is the merchant's balance at start (paise); `settleEveryMs` runs Route's settlement by itself that often
 * (off by default: POST /sandbox/settlements/run does it).
 * @param {{ port?: number, host?: string, keyId?: string, keySecret?: string, webhookSecret?: string,
 *   webhookUrl?: string | null, lateMs?: number, retryDelaysMs?: number[], webhookTimeoutMs?: number,
 *   autoCapture?: boolean, balance?: number, settleEveryMs?: number | null, log?: (line: string) => void }} [options]
 * @returns {Promise<RazorpaySandbox>}
 */
export async function startRazorpaySandbox({
  port = SANDBOX_PORT,
  host = '127.0.0.1',
  keyId = SANDBOX_KEY_ID,
  keySecret = SANDBOX_KEY_SECRET,
  webhookSecret = SANDBOX_WEBHOOK_SECRET,
  webhookUrl = null,
  lateMs = 5000,
  retryDelaysMs,
  webhookTimeoutMs,
  autoCapture = true,
  balance = 0,
  settleEveryMs = null,
  log = () => {},
} = {}) {
  let baseUrl = '';
  const ledger = new Ledger({ autoCapture, balance, shortUrl: (id) => `${baseUrl}/pay/${id}` });
  const razorpayRoute = new Route(ledger);
  const faults = new Faults();
  /** Ends the waits of slowed calls when the sandbox closes. */
  const closing = new AbortController();
  const webhooks = new Webhooks({
    endpoints: webhookUrl ? [{ url: webhookUrl, secret: webhookSecret }] : [],
    lateMs,
    retryDelaysMs,
    timeoutMs: webhookTimeoutMs,
    log,
  });

  // ----- the payment flows shared by Checkout, the hosted page and the control API -----

  /**
   * The events of a successful attempt: captured (or only authorized), the order paid, the link paid.
   * @param {Snapshots} snapshots
   */
  function successEvents({ payment, order, paymentLink }) {
    if (payment.status === 'authorized') return [webhooks.record('payment.authorized', { payment })];
    const events = [webhooks.record('payment.captured', { payment })];
    if (order) events.push(webhooks.record('order.paid', { payment, order }));
    if (paymentLink && order)
      events.push(webhooks.record('payment_link.paid', { payment_link: paymentLink, order, payment }));
    return events;
  }

  /**
   * What Checkout's payment.failed callbacks receive.
   * @param {Entity} payment
   */
  function failure(payment) {
    return {
      error: {
        code: payment.error_code,
        description: payment.error_description,
        source: payment.error_source,
        step: payment.error_step,
        reason: payment.error_reason,
        metadata: { order_id: payment.order_id, payment_id: payment.id },
      },
    };
  }

  /**
   * Checks the options of a pay call.
   * @param {{ outcome?: unknown, delivery?: unknown }} options
   * @returns {{ outcome: Outcome, delivery: Delivery }}
   */
  function payChoices({ outcome = 'success', delivery = 'now' }) {
    if (outcome !== 'success' && outcome !== 'failure') {
      throw new SandboxError(400, 'outcome must be success or failure', { field: 'outcome' });
    }
    const mode = DELIVERY_MODES.find((known) => known === delivery);
    if (!mode)
      throw new SandboxError(400, `delivery must be one of ${DELIVERY_MODES.join(', ')}`, { field: 'delivery' });
    return { outcome, delivery: mode };
  }

  /**
   * Runs an attempt (`attempt(outcome)` makes the payment), records and sends its events. With failedAfterSuccess, an
   * earlier failed attempt's payment.failed is sent after the success events (out of order, as happens on Razorpay).
   * @param {(outcome: Outcome) => Snapshots} attempt
   * @param {PayOptions} options
   * @param {(result: Snapshots) => PayAnswer} answer the success answer
   * @returns {Promise<PayAnswer>}
   */
  async function settle(attempt, options, answer) {
    const { outcome, delivery } = payChoices(options);
    const earlier = outcome === 'success' && options.failedAfterSuccess ? attempt('failure') : null;
    const result = attempt(outcome);
    const events =
      outcome === 'failure' ? [webhooks.record('payment.failed', { payment: result.payment })] : successEvents(result);
    if (earlier) events.push(webhooks.record('payment.failed', { payment: earlier.payment }));
    const sent = webhooks.dispatch(events, delivery);
    log(
      `${result.payment.order_id}: ${result.payment.id} ${result.payment.status} (webhooks: ${delivery}${earlier ? ', then payment.failed' : ''})`,
    );
    if (options.wait && delivery !== 'late') await sent;
    return outcome === 'failure' ? failure(result.payment) : answer(result);
  }

  /** @type {RazorpaySandbox['payOrder']} */
  function payOrder(orderId, options = {}) {
    const { email, contact, notes, description } = options;
    return settle(
      (outcome) => ledger.attempt(orderId, { outcome, email, contact, notes, description }),
      options,
      ({ payment }) => ({
        razorpay_payment_id: payment.id,
        razorpay_order_id: payment.order_id,
        razorpay_signature: hmacHex(`${payment.order_id}|${payment.id}`, keySecret),
      }),
    );
  }

  /** @type {RazorpaySandbox['payLink']} */
  function payLink(linkId, options = {}) {
    return settle(
      (outcome) => ledger.attemptLink(linkId, { outcome }),
      options,
      ({ payment, paymentLink }) => {
        if (!paymentLink) throw new Error(`payment ${payment.id} has no payment link`);
        const fields = {
          razorpay_payment_id: payment.id,
          razorpay_payment_link_id: paymentLink.id,
          razorpay_payment_link_reference_id: paymentLink.reference_id,
          razorpay_payment_link_status: paymentLink.status,
          // What the SDK's validatePaymentVerification({ payment_link_id, ... }) checks.
          razorpay_signature: hmacHex(
            `${paymentLink.id}|${paymentLink.reference_id}|${paymentLink.status}|${payment.id}`,
            keySecret,
          ),
        };
        const callback = paymentLink.callback_url
          ? returnUrl(paymentLink, {
              status: paymentLink.status,
              paymentId: payment.id,
              signature: fields.razorpay_signature,
            })
          : null;
        return { ...fields, callback_url: callback };
      },
    );
  }

  // ----- Route: the webhooks of transfers, settlements and activations -----

  /**
   * Sends transfer.processed or transfer.failed for each transfer just processed.
   * @param {import('./route.mjs').Processed[]} processed
   */
  function transferEvents(processed) {
    const events = processed.map(({ transfer, failed }) =>
      webhooks.record(failed ? 'transfer.failed' : 'transfer.processed', { transfer }),
    );
    for (const { transfer } of processed) {
      log(`${transfer.source}: ${transfer.id} of ${transfer.amount} paise to ${transfer.recipient} ${transfer.status}`);
    }
    void webhooks.dispatch(events);
  }

  /** @type {RazorpaySandbox['runSettlements']} */
  async function runSettlements({ merchant = false, wait = false } = {}) {
    const made = razorpayRoute.settle({ merchant });
    const events = made.map(({ settlement, owner }) =>
      webhooks.record('settlement.processed', { settlement }, { accountId: owner }),
    );
    for (const { settlement, owner } of made)
      log(`settlement ${settlement.id}: ${settlement.amount} paise to ${owner}`);
    const sent = webhooks.dispatch(events);
    if (wait) await sent;
    return made.map(({ settlement, owner, transfers }) => ({ account_id: owner, settlement, transfer_ids: transfers }));
  }

  /** @type {RazorpaySandbox['failNextTransfer']} */
  function failNextTransfer({ account, times } = {}) {
    razorpayRoute.failNext({ account, times });
  }

  // ----- HTTP -----

  /**
   * Razorpay's REST API: HTTP Basic with key_id:key_secret.
   * @param {Request} request
   */
  function authenticated(request) {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'basic' || !encoded) return false;
    return sameText(Buffer.from(encoded, 'base64').toString('utf8'), `${keyId}:${keySecret}`);
  }

  /**
   * Checkout calls carry the public key only.
   * @param {unknown} given
   */
  function checkKey(given) {
    if (given !== keyId) {
      throw new SandboxError(401, 'The api key provided is invalid', {
        field: 'key',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
      });
    }
  }

  const api = [
    route('POST', '/v1/orders', async ({ body }) => ledger.createOrder(await body())),
    route('GET', '/v1/orders/:id', ({ params }) => ledger.order(params.id)),
    route('GET', '/v1/orders/:id/payments', ({ params }) => ledger.paymentsOfOrder(params.id)),
    route('GET', '/v1/payments/:id', ({ params }) => ledger.payment(params.id)),
    route('POST', '/v1/payments/:id/capture', async ({ params, body }) => {
      const result = ledger.capture(params.id, await body());
      void webhooks.dispatch(successEvents(result));
      return result.payment;
    }),
    route('POST', '/v1/payments/:id/refund', async ({ params, body }) => {
      const given = await body();
      // Route: `reverse_all` takes back what the payment's transfers gave the linked accounts.
      const reverseAll = booleanOf(given.reverse_all, 'reverse_all') === true;
      if (reverseAll) razorpayRoute.checkReverseAll(params.id);
      const { reverse_all: _reverseAll, ...refundBody } = given;
      const { refund, payment } = ledger.refund(params.id, refundBody);
      const reversals = reverseAll ? razorpayRoute.reverseAll(payment.id, refund.id) : [];
      void webhooks.dispatch([webhooks.record('refund.processed', { refund, payment })]);
      const reversed = reversals.length > 0 ? `, ${reversals.length} transfer(s) reversed` : '';
      log(`${payment.id}: refunded ${refund.amount} paise (${refund.id})${reversed}`);
      return refund;
    }),
    route('GET', '/v1/payments/:id/refunds', ({ params }) => ledger.refundsOfPayment(params.id)),
    route('GET', '/v1/payments/:paymentId/refunds/:id', ({ params }) => ledger.refundById(params.id, params.paymentId)),
    route('GET', '/v1/refunds/:id', ({ params }) => ledger.refundById(params.id)),
    route('POST', '/v1/payment_links', async ({ body }) => ledger.createPaymentLink(await body())),
    route('GET', '/v1/payment_links/:id', ({ params }) => ledger.paymentLink(params.id)),

    // Route: linked accounts, their stakeholders and product configuration (/v2, as the SDK calls them).
    route('POST', '/v2/accounts', async ({ body }) => razorpayRoute.createAccount(await body())),
    route('GET', '/v2/accounts/:id', ({ params }) => razorpayRoute.account(params.id)),
    route('PATCH', '/v2/accounts/:id', async ({ params, body }) => razorpayRoute.editAccount(params.id, await body())),
    route('DELETE', '/v2/accounts/:id', ({ params }) => razorpayRoute.deleteAccount(params.id)),
    route('POST', '/v2/accounts/:id/stakeholders', async ({ params, body }) =>
      razorpayRoute.createStakeholder(params.id, await body()),
    ),
    route('GET', '/v2/accounts/:id/stakeholders', ({ params }) => razorpayRoute.stakeholdersOf(params.id)),
    route('GET', '/v2/accounts/:id/stakeholders/:stakeholderId', ({ params }) =>
      razorpayRoute.stakeholder(params.id, params.stakeholderId),
    ),
    route('PATCH', '/v2/accounts/:id/stakeholders/:stakeholderId', async ({ params, body }) =>
      razorpayRoute.editStakeholder(params.id, params.stakeholderId, await body()),
    ),
    route('POST', '/v2/accounts/:id/products', async ({ params, body }) =>
      razorpayRoute.requestProduct(params.id, await body()),
    ),
    route('GET', '/v2/accounts/:id/products/:productId', ({ params }) =>
      razorpayRoute.product(params.id, params.productId),
    ),
    route('PATCH', '/v2/accounts/:id/products/:productId', async ({ params, body }) => {
      const { product, activated } = razorpayRoute.editProduct(params.id, params.productId, await body());
      if (activated) {
        const { id, account_id: accountId, activation_status: status } = product;
        const event = webhooks.record(
          'product.route.activated',
          { merchant_product: { id, merchant_id: accountId, activation_status: status } },
          { accountId, extra: { merchant_product: { data: [] } } },
        );
        void webhooks.dispatch([event]);
        log(`${accountId}: Route activated (${id})`);
      }
      return product;
    }),

    // Route: transfers, reversals, settlements.
    route('POST', '/v1/payments/:id/transfers', async ({ params, body }) => {
      const { answer, processed } = razorpayRoute.transferFromPayment(params.id, await body());
      transferEvents(processed);
      return answer;
    }),
    route('GET', '/v1/payments/:id/transfers', ({ params, query }) =>
      razorpayRoute.transfersOfPayment(params.id, query),
    ),
    route('POST', '/v1/transfers', async ({ body }) => {
      const processed = razorpayRoute.directTransfer(await body());
      transferEvents([processed]);
      return processed.transfer;
    }),
    route('GET', '/v1/transfers', ({ query, headers }) =>
      razorpayRoute.transfersList(query, razorpayRoute.viewer(headers['x-razorpay-account'])),
    ),
    route('GET', '/v1/transfers/:id', ({ params }) => razorpayRoute.transfer(params.id)),
    route('PATCH', '/v1/transfers/:id', async ({ params, body }) =>
      razorpayRoute.editTransfer(params.id, await body()),
    ),
    route('POST', '/v1/transfers/:id/reversals', async ({ params, body }) => {
      const { reversal } = razorpayRoute.reverse(params.id, await body());
      log(`${reversal.transfer_id}: reversed ${reversal.amount} paise (${reversal.id})`);
      return reversal;
    }),
    route('GET', '/v1/transfers/:id/reversals', ({ params }) => razorpayRoute.reversalsOf(params.id)),
    route('GET', '/v1/settlements', ({ query, headers }) =>
      razorpayRoute.settlementsList(query, razorpayRoute.viewer(headers['x-razorpay-account'])),
    ),
    route('GET', '/v1/settlements/:id', ({ params, headers }) =>
      razorpayRoute.settlement(params.id, razorpayRoute.viewer(headers['x-razorpay-account'])),
    ),
  ];

  const checkout = [
    route('GET', '/checkout/orders/:id', ({ params, query }) => {
      checkKey(query.get('key_id'));
      const { id, amount, currency, status } = ledger.order(params.id);
      return { id, entity: 'order', amount, currency, status };
    }),
    route('POST', '/checkout/orders/:id/pay', async ({ params, body }) => {
      const given = await body();
      checkKey(given.key);
      return payOrder(params.id, {
        ...given,
        failedAfterSuccess: truthy(given.failed_after_success),
        wait: truthy(given.wait),
      });
    }),
  ];

  const control = [
    route('GET', '/sandbox/health', () => ({
      status: 'ok',
      service: 'razorpay-sandbox',
      key_id: keyId,
      webhook_endpoints: webhooks.endpoints.map((endpoint) => endpoint.url),
    })),
    route('GET', '/sandbox/webhooks', () => ({
      endpoints: webhooks.endpoints.map((endpoint) => endpoint.url),
      events: [...webhooks.events.values()].map((event) => ({ ...event, body: JSON.parse(event.body) })),
      deliveries: webhooks.deliveries,
    })),
    route('POST', '/sandbox/webhooks/redeliver', async ({ body }) => {
      const { event_id: eventId, delivery = 'now', wait } = await body();
      payChoices({ delivery });
      const sent = webhooks.redeliver(String(eventId));
      if (!sent) throw new SandboxError(404, `No event ${String(eventId)}`, { field: 'event_id' });
      if (truthy(wait)) await sent;
      return { event_id: eventId, status: truthy(wait) ? 'delivered' : 'queued' };
    }),
    route('GET', '/sandbox/faults', () => ({ faults: faults.list() })),
    route('POST', '/sandbox/faults', async ({ body }) => {
      const fault = faults.add(await body());
      log(`fault injected: ${JSON.stringify(fault)}`);
      return { fault, faults: faults.list() };
    }),
    route('DELETE', '/sandbox/faults', ({ query }) => {
      const id = query.get('id');
      faults.clear(id === null ? undefined : Number(id));
      log(id === null ? 'faults cleared' : `fault ${id} cleared`);
      return { faults: faults.list() };
    }),
    route('GET', '/sandbox/webhooks/endpoints', () => ({
      endpoints: webhooks.endpoints.map((endpoint) => endpoint.url),
    })),
    route('POST', '/sandbox/webhooks/endpoints', async ({ body }) => {
      const { url, secret = webhookSecret } = await body();
      if (typeof url !== 'string' || !URL.canParse(url))
        throw new SandboxError(400, 'url must be a URL', { field: 'url' });
      webhooks.addEndpoint({ url, secret: String(secret) });
      log(`webhook endpoint added: ${url}`);
      return { endpoints: webhooks.endpoints.map((endpoint) => endpoint.url) };
    }),
    route('DELETE', '/sandbox/webhooks/endpoints', ({ query }) => {
      webhooks.removeEndpoint(query.get('url') ?? '');
      return { endpoints: webhooks.endpoints.map((endpoint) => endpoint.url) };
    }),
    route('POST', '/sandbox/orders/:id/pay', async ({ params, body }) => {
      const given = await body();
      return payOrder(params.id, {
        ...given,
        failedAfterSuccess: truthy(given.failed_after_success),
        wait: truthy(given.wait),
      });
    }),
    route('POST', '/sandbox/settlements/run', async ({ body }) => {
      const { merchant, wait } = await body();
      return { settlements: await runSettlements({ merchant: truthy(merchant), wait: truthy(wait) }) };
    }),
    route('POST', '/sandbox/transfers/fail_next', async ({ body }) => ({
      fail_next: razorpayRoute.failNext(await body()),
    })),
    route('GET', '/sandbox/balance', () => ({
      balance: ledger.balance,
      currency: 'INR',
      linked_accounts: Object.fromEntries(razorpayRoute.accountBalances),
    })),
    route('POST', '/sandbox/balance', async ({ body }) => {
      const { amount } = await body();
      if (!Number.isInteger(Number(amount))) throw new SandboxError(400, 'amount must be paise', { field: 'amount' });
      ledger.balance += Number(amount);
      return { balance: ledger.balance, currency: 'INR' };
    }),
    route('POST', '/sandbox/payment_links/:id/pay', async ({ params, body }) => {
      const given = await body();
      return payLink(params.id, {
        ...given,
        failedAfterSuccess: truthy(given.failed_after_success),
        wait: truthy(given.wait),
      });
    }),
  ];

  /**
   * The hosted page of a payment link, and its two form posts.
   * @param {Request} request
   * @param {Response} response
   * @param {string} path
   * @param {URLSearchParams} query
   */
  async function servePaymentPage(request, response, path, query) {
    const [, linkId, action] = path.split('/').slice(1);
    const link = ledger.paymentLinks.get(linkId);
    if (!link) return send(response, 404, missingLinkPage(), 'text/html');
    if (request.method === 'GET' && !action) {
      return send(response, 200, paymentPage(link, { lateMs, failedPaymentId: query.get('failed') }), 'text/html');
    }
    if (request.method !== 'POST' || (action !== 'pay' && action !== 'fail')) return notFound(response);
    const form = await readBody(request);
    const options = { delivery: form.delivery || 'now', failedAfterSuccess: truthy(form.failed_after_success) };
    try {
      const answer = /** @type {Record<string, any>} */ (
        await payLink(link.id, { ...options, outcome: action === 'pay' ? 'success' : 'failure' })
      );
      if (answer.error)
        return redirect(response, `/pay/${link.id}?failed=${encodeURIComponent(answer.error.metadata.payment_id)}`);
      if (answer.callback_url) return redirect(response, answer.callback_url);
      return send(response, 200, paidPage(link, answer.razorpay_payment_id), 'text/html');
    } catch (error) {
      if (!(error instanceof SandboxError)) throw error;
      return send(response, 400, paymentPage(ledger.paymentLinks.get(link.id), { lateMs }), 'text/html');
    }
  }

  /**
   * @param {Request} request
   * @param {Response} response
   */
  async function handle(request, response) {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const restApi = (path.startsWith('/v1/') || path.startsWith('/v2/')) && path !== '/v1/checkout.js';

    if (request.method === 'OPTIONS') {
      const headers = restApi
        ? {}
        : {
            ...CROSS_ORIGIN,
            'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
            'Access-Control-Allow-Headers': 'Content-Type',
            'Access-Control-Max-Age': '600',
            // Chrome asks before a public page calls a private address; the sandbox says yes.
            ...(request.headers['access-control-request-private-network']
              ? { 'Access-Control-Allow-Private-Network': 'true' }
              : {}),
          };
      response.writeHead(204, headers).end();
      return;
    }
    if (path === '/v1/checkout.js' && request.method === 'GET') {
      const settings = JSON.stringify({ origin: `http://${request.headers.host ?? new URL(baseUrl).host}`, lateMs });
      const script = checkoutScript.replace(SETTINGS_MARK, settings);
      response.writeHead(200, {
        ...CROSS_ORIGIN,
        'Content-Type': 'application/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
      response.end(script);
      return;
    }
    if (path.startsWith('/pay/')) return servePaymentPage(request, response, path, url.searchParams);
    if (restApi && !authenticated(request)) {
      const error = new SandboxError(401, 'Authentication failed', { source: 'NA', step: 'NA', reason: 'NA' });
      return sendJson(response, 401, error.body, false);
    }
    const table = restApi ? api : path.startsWith('/checkout/') ? checkout : control;
    // A fault in force for this REST call: wait first, then fail before acting, or act and lose the answer.
    const fault = restApi ? faults.take(request.method, path) : null;
    if (fault?.delayMs) await sleep(fault.delayMs, undefined, { signal: closing.signal });
    if (fault?.status !== undefined && !fault.afterEffect) throw injectedError(fault.status);
    for (const candidate of table) {
      const params = candidate.match(request.method, path);
      if (!params) continue;
      const result = await candidate.handler({
        params,
        query: url.searchParams,
        headers: request.headers,
        body: () => readBody(request),
      });
      if (fault?.answerDelayMs) await sleep(fault.answerDelayMs, undefined, { signal: closing.signal });
      if (fault?.status !== undefined) throw injectedError(fault.status);
      return sendJson(response, 200, result, !restApi);
    }
    return notFound(response, !restApi);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (closing.signal.aborted) return void response.destroy();
      const restApi = /^\/v[12]\//.test(request.url ?? '');
      if (error instanceof SandboxError) return sendJson(response, error.status, error.body, !restApi);
      log(`error on ${request.method} ${request.url}: ${error?.stack ?? error}`);
      sendJson(
        response,
        500,
        { error: { code: 'SERVER_ERROR', description: 'The sandbox failed; its log says why.' } },
        !restApi,
      );
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', (error) => {
      const taken = /** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE';
      reject(taken ? new Error(`The Razorpay sandbox cannot listen on ${host}:${port}: the port is in use.`) : error);
    });
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  baseUrl = `http://${urlHost}:${address.port}`;
  log(`Razorpay sandbox on ${baseUrl} (key ${keyId}); webhooks to ${webhookUrl ?? 'no endpoint yet'}`);
  const settling = settleEveryMs ? setInterval(() => void runSettlements(), settleEveryMs) : null;
  settling?.unref();

  return {
    url: baseUrl,
    port: address.port,
    keyId,
    keySecret,
    webhookSecret,
    state: ledger,
    route: razorpayRoute,
    webhooks,
    faults,
    payOrder,
    payLink,
    addWebhookEndpoint: (url, secret = webhookSecret) => webhooks.addEndpoint({ url, secret }),
    removeWebhookEndpoint: (url) => webhooks.removeEndpoint(url),
    runSettlements,
    failNextTransfer,
    idle: () => webhooks.idle(),
    close: () => {
      if (settling) clearInterval(settling);
      closing.abort();
      webhooks.close();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * A route: `pattern` with `:name` segments; match() answers the params or null.
 * @param {string} method
 * @param {string} pattern
 * @param {(request: { params: Record<string, string>, query: URLSearchParams,
 *   headers: import('node:http').IncomingHttpHeaders, body: () => Promise<any> }) => any} handler
 */
function route(method, pattern, handler) {
  /** @type {string[]} */
  const names = [];
  const regex = new RegExp(`^${pattern.replace(/:(\w+)/g, (_, name) => (names.push(name), '([^/]+)'))}$`);
  return {
    handler,
    /**
     * @param {string | undefined} requestMethod
     * @param {string} path
     * @returns {Record<string, string> | null}
     */
    match(requestMethod, path) {
      if (requestMethod !== method) return null;
      const found = regex.exec(path);
      if (!found) return null;
      return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1])]));
    },
  };
}

/**
 * The request body: JSON, or a form (the hosted page's, or `curl -d`), where notes[key]=value nests one level.
 * @param {Request} request
 * @returns {Promise<Record<string, any>>}
 */
async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new SandboxError(413, 'The request body is too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    /** @type {Record<string, any>} */
    const body = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const nested = /^(\w+)\[(\w+)\]$/.exec(key);
      if (nested) body[nested[1]] = { ...body[nested[1]], [nested[2]]: value };
      else body[key] = value;
    }
    return body;
  }
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SandboxError(400, 'The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new SandboxError(400, 'The request body must be a JSON object');
  return body;
}

/**
 * @param {Response} response
 * @param {number} status
 * @param {unknown} body
 * @param {boolean} crossOrigin
 */
function sendJson(response, status, body, crossOrigin) {
  send(response, status, JSON.stringify(body), 'application/json', crossOrigin);
}

/**
 * @param {Response} response
 * @param {number} status
 * @param {string} text
 * @param {string} type
 */
function send(response, status, text, type, crossOrigin = false) {
  response.writeHead(status, {
    'Content-Type': `${type}; charset=utf-8`,
    'Cache-Control': 'no-store',
    ...(crossOrigin ? CROSS_ORIGIN : {}),
  });
  response.end(text);
}

/**
 * @param {Response} response
 * @param {string} location
 */
function redirect(response, location) {
  response.writeHead(303, { Location: location, 'Cache-Control': 'no-store' }).end();
}

/** @param {Response} response */
function notFound(response, crossOrigin = false) {
  sendJson(
    response,
    404,
    { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } },
    crossOrigin,
  );
}

/**
 * A form's checkbox or a JSON boolean.
 * @param {unknown} value
 */
function truthy(value) {
  return value === true || value === 'true' || value === '1' || value === 'on';
}

/**
 * Constant-time text comparison.
 * @param {string} given
 * @param {string} expected
 */
function sameText(given, expected) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
