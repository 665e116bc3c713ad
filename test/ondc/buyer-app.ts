import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authorizationHeader, newSigningKeyPair, parseAuthorizationHeader, signatureProblem } from '@mandi/ondc';

/*
 * A buyer app (BAP) of our own, for the end-to-end flows and the callbacks bench (docs/ondc.md, "Registry, keys and
 * the test buyer app"). It has its own keys, registered in the local registry (tools/ondc-registry); it sends
 * signed requests with full ONDC:RET10 1.2.0 contexts, shaped as ONDC's log-validation-utility expects a buyer app's
 * (schema/Retail/RET/*.ts, utils/Retail/**: each call built from the callbacks before it, as a real buyer app does);
 * it takes callbacks on `<uri>/on_<action>`, verifies each one's Authorization against Mandi's key from the registry's
 * lookup (a callback Mandi signed wrongly is refused with 401 and fails the wait for it), ACKs, and keeps them by
 * transaction and action. One file with package imports only, so the bench (plain Node, types stripped) loads it too.
 */

/** Grocery, retail API 1.2.0: the domain and version Mandi speaks (libs/domain ONDC_DOMAIN, ONDC_CORE_VERSION). */
export const RET10 = { domain: 'ONDC:RET10', coreVersion: '1.2.0', country: 'IND' } as const;
/** The ttl a buyer app gives its calls; ONDC's validator expects PT30S on every retail call. */
export const REQUEST_TTL = 'PT30S';
/** The buyer app finder fee it asks for, as its search says (3% of the order). */
export const FINDER_FEE = { type: 'percent', amount: '3' } as const;
/** Where the flows' calls are written: var/ondc-flows/<flow>/<action>.json. */
export const FLOWS_DIR = fileURLToPath(new URL('../../var/ondc-flows/', import.meta.url));

/** The person a buyer app orders for: a name, a phone, an e-mail and the delivery address with its gps. */
export interface Buyer {
  name: string;
  phone: string;
  email: string;
  gps: string;
  address: {
    name: string;
    building: string;
    locality: string;
    city: string;
    state: string;
    country: string;
    area_code: string;
  };
  /** The buyer app's own GSTIN, which its confirm's bap_terms carry. */
  bapGstin: string;
}

/** A buyer in Bengaluru (pincode 560038); give another to order elsewhere. */
export const BENGALURU_BUYER: Buyer = {
  name: 'Meera Iyer',
  phone: '9123456780',
  email: 'meera.iyer@buyer.example.in',
  gps: '12.971599,77.641151',
  address: {
    name: 'Meera Iyer',
    building: '4 Lake View Apartments',
    locality: 'Indiranagar 100 Feet Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'IND',
    area_code: '560038',
  },
  bapGstin: '29AAACB1234C1Z5',
};

/** An action a buyer app calls, and the callbacks it takes. */
export type BuyerAction = 'search' | 'select' | 'init' | 'confirm' | 'status' | 'track' | 'cancel' | 'update';
export type CallbackAction = `on_${BuyerAction}`;
const CALLBACKS = new Set<string>(
  ['search', 'select', 'init', 'confirm', 'status', 'track', 'cancel', 'update'].map((action) => `on_${action}`),
);

/** A signing key of the buyer app: its id in the registry and its halves. */
export interface BuyerAppKey {
  uniqueKeyId: string;
  privateKey: string;
  publicKey: string;
}

/** A request the buyer app sent, with Mandi's synchronous answer. */
export interface SentCall {
  action: BuyerAction;
  transactionId: string;
  messageId: string;
  body: any;
  /** The exact bytes signed and sent. */
  text: string;
  sentAt: number;
  status: number;
  answer: any;
}

/** A callback Mandi sent, as received. */
export interface ReceivedCallback {
  action: CallbackAction;
  transactionId: string;
  messageId: string;
  body: any;
  text: string;
  headers: IncomingHttpHeaders;
  receivedAt: number;
  /** Why it was refused (401), or null when its signature held against Mandi's key and its context was ours. */
  problem: string | null;
}

export interface BuyerAppOptions {
  /** The registry the buyer app registers in and looks Mandi up in. */
  registryUrl: string;
  /** Mandi's subscriber id (the development one by default). */
  sellerId?: string;
  subscriberId?: string;
  /** The city of its calls (context.city); ONDC's STD code of Bengaluru by default. */
  city?: string;
  /** Where callbacks are taken: bap_uri's path under the server. */
  path?: string;
}

/** The ACK a buyer app answers an accepted callback with. */
const ACK = { message: { ack: { status: 'ACK' } } };

export class TestBuyerApp {
  readonly sent: SentCall[] = [];
  readonly received: ReceivedCallback[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly sellerKeys = new Map<string, Promise<string | null>>();
  private sellerUrl: string | null = null;
  private clock = 0;

  private readonly server: Server;
  /** The key it signs with now; a rotation replaces it. */
  private key: BuyerAppKey;
  private keys = 1;
  readonly registryUrl: string;
  readonly subscriberId: string;
  readonly encryptionPublicKey: string;
  /** bap_uri: where Mandi sends callbacks, `<uri>/on_<action>`. */
  readonly uri: string;
  readonly sellerId: string;
  readonly city: string;

  // Fields, not parameter properties: Node's type stripping (the bench) runs only erasable TypeScript.
  private constructor(fields: {
    server: Server;
    registryUrl: string;
    subscriberId: string;
    privateKey: string;
    publicKey: string;
    encryptionPublicKey: string;
    uri: string;
    sellerId: string;
    city: string;
  }) {
    this.server = fields.server;
    this.registryUrl = fields.registryUrl;
    this.subscriberId = fields.subscriberId;
    this.key = {
      uniqueKeyId: `${fields.subscriberId}-key-1`,
      privateKey: fields.privateKey,
      publicKey: fields.publicKey,
    };
    this.encryptionPublicKey = fields.encryptionPublicKey;
    this.uri = fields.uri;
    this.sellerId = fields.sellerId;
    this.city = fields.city;
  }

  /** Starts the buyer app's server on a free port and registers it (type BAP, ONDC:RET10) in the registry. */
  static async start(options: BuyerAppOptions): Promise<TestBuyerApp> {
    const keys = newSigningKeyPair();
    const subscriberId = options.subscriberId ?? `buyer-${randomUUID().slice(0, 8)}.test`;
    // The server listens before the app exists (its port goes into bap_uri); a callback that early gets 503.
    const started: { app?: TestBuyerApp } = {};
    const server = createServer((request, response) => {
      if (!started.app) return void response.writeHead(503).end();
      started.app.take(request.url ?? '/', request.method ?? 'GET', request.headers, request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const uri = `${base}${options.path ?? '/bap'}`;
    const app = new TestBuyerApp({
      server,
      registryUrl: options.registryUrl.replace(/\/+$/, ''),
      subscriberId,
      privateKey: keys.privateKey,
      publicKey: keys.publicKey,
      encryptionPublicKey: generateKeyPairSync('x25519')
        .publicKey.export({ format: 'der', type: 'spki' })
        .toString('base64'),
      uri,
      sellerId: options.sellerId ?? 'seller.mandi.test',
      city: options.city ?? 'std:080',
    });
    started.app = app;
    await app.register();
    return app;
  }

  /** The unique key id it signs with now. */
  get uniqueKeyId(): string {
    return this.key.uniqueKeyId;
  }

  /** The public key it signs with now. */
  get publicKey(): string {
    return this.key.publicKey;
  }

  /**
   * Rotates its key in the registry: a new key, signed with from now on, and the current one valid until
   * `previousValidUntil`. Answers the previous key, to sign with it still ({@link sign}'s `key`).
   */
  async rotateKey(previousValidUntil: Date): Promise<BuyerAppKey> {
    const previous = this.key;
    const next = newSigningKeyPair();
    this.keys += 1;
    const key = { uniqueKeyId: `${this.subscriberId}-key-${this.keys}`, ...next };
    const response = await fetch(`${this.registryUrl}/registry/subscribers/rotate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        subscriber_id: this.subscriberId,
        ukId: key.uniqueKeyId,
        signing_public_key: key.publicKey,
        encr_public_key: this.encryptionPublicKey,
        previous_valid_until: previousValidUntil.toISOString(),
      }),
    });
    if (!response.ok) throw new Error(`the registry refused the rotation: ${await response.text()}`);
    this.key = key;
    return previous;
  }

  /** Registers (again) in the registry: SUBSCRIBED at once, through the registry's control API. */
  async register(): Promise<void> {
    const response = await fetch(`${this.registryUrl}/registry/subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        subscriber_id: this.subscriberId,
        ukId: this.uniqueKeyId,
        subscriber_url: this.uri,
        type: 'BAP',
        domain: RET10.domain,
        city: this.city,
        country: RET10.country,
        signing_public_key: this.publicKey,
        encr_public_key: this.encryptionPublicKey,
      }),
    });
    if (!response.ok) throw new Error(`the registry refused the buyer app: ${await response.text()}`);
  }

  /** Mandi's subscriber URL, from the registry (type BPP, ONDC:RET10). */
  async seller(): Promise<string> {
    if (this.sellerUrl) return this.sellerUrl;
    const records = await this.lookup({ subscriber_id: this.sellerId, type: 'BPP', domain: RET10.domain });
    const url = records[0]?.subscriber_url;
    if (!url) throw new Error(`the registry at ${this.registryUrl} knows no seller node ${this.sellerId}`);
    const sellerUrl = url.replace(/\/+$/, '');
    this.sellerUrl = sellerUrl;
    return sellerUrl;
  }

  /** A full RET10 1.2.0 context for `action` of `transactionId`, with a fresh message id and a later timestamp. */
  context(action: BuyerAction, transactionId: string, overrides: Record<string, unknown> = {}): Record<string, any> {
    return {
      domain: RET10.domain,
      action,
      country: RET10.country,
      city: this.city,
      core_version: RET10.coreVersion,
      bap_id: this.subscriberId,
      bap_uri: this.uri,
      ...(action === 'search' ? {} : { bpp_id: this.sellerId, bpp_uri: this.sellerUrl ?? undefined }),
      transaction_id: transactionId,
      message_id: randomUUID(),
      timestamp: this.nextTimestamp(),
      ttl: REQUEST_TTL,
      ...overrides,
    };
  }

  /**
   * Sends `{ context, message }` for `action`, signed, to Mandi's `<subscriber_url>/<action>`, and answers what was sent
   * and Mandi's synchronous answer (its ACK or NACK).
   */
  async send(
    action: BuyerAction,
    transactionId: string,
    message: unknown,
    contextOverrides: Record<string, unknown> = {},
  ): Promise<SentCall> {
    await this.seller();
    const context = this.context(action, transactionId, contextOverrides);
    const body = { context, message };
    const text = JSON.stringify(body);
    const sentAt = Date.now();
    const { status, answer } = await this.post(action, text, { authorization: this.sign(text) });
    const call: SentCall = { action, transactionId, messageId: context.message_id, body, text, sentAt, status, answer };
    this.sent.push(call);
    return call;
  }

  /** Posts `text` as it is to Mandi's `<subscriber_url>/<action>` with these headers: for refused calls' tests. */
  async post(action: string, text: string, headers: Record<string, string>): Promise<{ status: number; answer: any }> {
    const response = await fetch(`${await this.seller()}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: text,
    });
    const answerText = await response.text();
    let answer: unknown = answerText;
    try {
      answer = JSON.parse(answerText);
    } catch {
      // Not JSON: kept as text, which the test then shows.
    }
    return { status: response.status, answer };
  }

  /** The Authorization header of `text` signed with the buyer app's key (or `key`), created `nowSeconds`. */
  sign(text: string, nowSeconds?: number, key: BuyerAppKey = this.key): string {
    return authorizationHeader(
      text,
      { subscriberId: this.subscriberId, uniqueKeyId: key.uniqueKeyId, privateKey: key.privateKey },
      nowSeconds,
    );
  }

  /** The callbacks received for a transaction (and action), in the order they came. */
  callbacksOf(transactionId: string, action?: CallbackAction): ReceivedCallback[] {
    return this.received.filter(
      (callback) => callback.transactionId === transactionId && (action === undefined || callback.action === action),
    );
  }

  /**
   * The first callback `action` of `transactionId` that matches `where` (by default: any, or the answer to
   * `replyTo`'s message id), waiting up to `timeoutMs` for it. Fails at once if such a callback was refused (a bad
   * signature or a context not ours).
   */
  async waitFor(
    transactionId: string,
    action: CallbackAction,
    options: { where?: (callback: ReceivedCallback) => boolean; replyTo?: SentCall; timeoutMs?: number } = {},
  ): Promise<ReceivedCallback> {
    const { replyTo, timeoutMs = 30_000 } = options;
    const where =
      options.where ??
      (replyTo ? (callback: ReceivedCallback) => callback.messageId === replyTo.messageId : () => true);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.callbacksOf(transactionId, action).find(where);
      if (found?.problem) throw new Error(`${action} of ${transactionId} was refused: ${found.problem}\n${found.text}`);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.callbacksOf(transactionId)
          .map((callback) => callback.action)
          .join(', ');
        throw new Error(
          `no ${action} for transaction ${transactionId} within ${timeoutMs} ms (received: ${seen || 'none'})`,
        );
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Registry records matching `query` (its /v2.0/lookup). */
  async lookup(query: Record<string, string>): Promise<any[]> {
    const response = await fetch(`${this.registryUrl}/v2.0/lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(query),
    });
    if (!response.ok) throw new Error(`the registry's lookup answered ${response.status}`);
    return (await response.json()) as any[];
  }

  /**
   * A timestamp later than every one this buyer app gave or received, as the validator wants them in order: the next
   * call's, unless a context override names another (confirm's order created_at is its context's timestamp).
   */
  nextTimestamp(): string {
    this.clock = Math.max(Date.now(), this.clock + 1);
    return new Date(this.clock).toISOString();
  }

  /** Mandi's signing key `ukId`, from the registry, asked once per key. */
  private sellerKey(subscriberId: string, ukId: string): Promise<string | null> {
    const name = `${subscriberId}|${ukId}`;
    let key = this.sellerKeys.get(name);
    if (!key) {
      key = this.lookup({ subscriber_id: subscriberId, ukId }).then(
        (records) => records.find((record) => record.ukId === ukId)?.signing_public_key ?? null,
      );
      this.sellerKeys.set(name, key);
      // A key the registry did not have may be registered later: ask again next time.
      void key.then((found) => found ?? this.sellerKeys.delete(name));
    }
    return key;
  }

  private take(
    url: string,
    method: string,
    headers: IncomingHttpHeaders,
    request: NodeJS.ReadableStream,
    response: import('node:http').ServerResponse,
  ): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const receivedAt = Date.now();
      const raw = Buffer.concat(chunks);
      const prefix = new URL(this.uri).pathname.replace(/\/+$/, '');
      const path = url.split('?', 1)[0]!;
      const action = path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : '';
      if (method !== 'POST' || !CALLBACKS.has(action)) {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":"not a callback of a buyer app"}');
        return;
      }
      void this.check(action as CallbackAction, raw, headers).then((problem) => {
        const text = raw.toString('utf8');
        let body: any = null;
        try {
          body = JSON.parse(text);
        } catch {
          // Recorded as it came; its problem says it is no JSON.
        }
        if (body?.context?.timestamp) this.clock = Math.max(this.clock, Date.parse(body.context.timestamp) || 0);
        this.received.push({
          action: action as CallbackAction,
          transactionId: String(body?.context?.transaction_id ?? ''),
          messageId: String(body?.context?.message_id ?? ''),
          body,
          text,
          headers,
          receivedAt,
          problem,
        });
        if (problem) {
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              message: { ack: { status: 'NACK' } },
              error: { type: 'POLICY-ERROR', code: '10001', message: problem },
            }),
          );
        } else {
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ACK));
        }
        for (const wake of [...this.waiters]) wake();
      });
    });
  }

  /** Why a callback is refused, or null: its signature against Mandi's registered key, and its context. */
  private async check(action: CallbackAction, raw: Buffer, headers: IncomingHttpHeaders): Promise<string | null> {
    let body: any;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return 'the body is not JSON';
    }
    const header = headers.authorization;
    const parts = parseAuthorizationHeader(Array.isArray(header) ? header[0] : header);
    if (!parts) return 'no Authorization header of ONDC’s shape';
    if (parts.subscriberId !== this.sellerId) return `signed by ${parts.subscriberId}, not ${this.sellerId}`;
    const key = await this.sellerKey(parts.subscriberId, parts.uniqueKeyId);
    if (!key) return `the registry has no key ${parts.uniqueKeyId} of ${parts.subscriberId}`;
    const problem = signatureProblem(parts, raw, key);
    if (problem) return `signature: ${problem}`;
    const context = body?.context ?? {};
    if (context.action !== action) return `context.action is ${context.action}, sent to /${action}`;
    if (context.bap_id !== this.subscriberId) return `context.bap_id is ${context.bap_id}, not ${this.subscriberId}`;
    if (context.bpp_id !== this.sellerId) return `context.bpp_id is ${context.bpp_id}, not ${this.sellerId}`;
    if (context.core_version !== RET10.coreVersion || context.domain !== RET10.domain) {
      return `context is ${context.domain} ${context.core_version}, not ${RET10.domain} ${RET10.coreVersion}`;
    }
    return null;
  }
}

// ----- the calls of a RET10 1.2.0 buyer app, each built from the callbacks before it -----

/** The finder fee of every search, as the validator wants it (`payment` of the intent). */
const intentPayment = {
  '@ondc/org/buyer_app_finder_fee_type': FINDER_FEE.type,
  '@ondc/org/buyer_app_finder_fee_amount': FINDER_FEE.amount,
};

/** search for the full catalogue that delivers to the buyer. */
export function searchMessage(buyer: Buyer = BENGALURU_BUYER) {
  return {
    intent: {
      fulfillment: {
        type: 'Delivery',
        end: { location: { gps: buyer.gps, address: { area_code: buyer.address.area_code } } },
      },
      payment: intentPayment,
    },
  };
}

/**
 * search for incremental catalogue changes: pulled for a time range (`start`..`end`, before the call's timestamp), or
 * pushed from now on (`mode` start) until stopped (`mode` stop). Its context city is '*'.
 */
export function incrementalSearchMessage(range: { start: Date; end: Date } | { mode: 'start' | 'stop' }) {
  const list =
    'mode' in range
      ? [{ code: 'mode', value: range.mode }]
      : [
          { code: 'start_time', value: range.start.toISOString() },
          { code: 'end_time', value: range.end.toISOString() },
        ];
  return { intent: { payment: intentPayment, tags: [{ code: 'catalog_inc', list }] } };
}

/** An item of an on_search catalogue, with its provider. */
export interface CatalogItem {
  providerId: string;
  locationIds: string[];
  item: any;
}

/** Every item of an on_search, with its provider and the provider's locations. */
export function catalogItems(onSearch: any): CatalogItem[] {
  const providers: any[] = onSearch?.message?.catalog?.['bpp/providers'] ?? [];
  return providers.flatMap((provider) =>
    (provider.items ?? []).map((item: any) => ({
      providerId: provider.id,
      locationIds: (provider.locations ?? []).map((location: any) => location.id),
      item,
    })),
  );
}

/**
 * select of `lines` (items of one provider, from the catalogue) for delivery to the buyer; `payment` says how the
 * buyer will pay when it is cash on delivery (ON-FULFILLMENT), which the delivery charge may depend on.
 */
export function selectMessage(
  lines: Array<{ item: CatalogItem; count: number }>,
  buyer: Buyer = BENGALURU_BUYER,
  payment?: 'ON-ORDER' | 'ON-FULFILLMENT',
) {
  const provider = lines[0]!.item;
  return {
    order: {
      provider: { id: provider.providerId, locations: [{ id: provider.item.location_id ?? provider.locationIds[0] }] },
      items: lines.map(({ item, count }) => ({
        id: item.item.id,
        location_id: item.item.location_id ?? item.locationIds[0],
        quantity: { count },
      })),
      fulfillments: [{ end: { location: { gps: buyer.gps, address: { area_code: buyer.address.area_code } } } }],
      ...(payment ? { payment: { type: payment } } : {}),
    },
  };
}

/** The delivery fulfillment of an on_select or on_init (the one of type Delivery, else the first). */
export function deliveryOf(order: any): any {
  const fulfillments: any[] = order?.fulfillments ?? [];
  return fulfillments.find((fulfillment) => fulfillment.type === 'Delivery') ?? fulfillments[0];
}

/** The buyer's billing, made once per order: init and confirm carry the same object, as the validator compares. */
export function billingOf(buyer: Buyer, at: Date) {
  return {
    name: buyer.name,
    address: { ...buyer.address },
    email: buyer.email,
    phone: buyer.phone,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}

/**
 * init of what was selected, as Mandi quoted it in on_select: each item with the fulfillment on_select gave it, the
 * buyer's billing and delivery address. `payment` says how the buyer pays (ON-ORDER, or ON-FULFILLMENT: cash).
 */
export function initMessage(
  select: any,
  onSelect: any,
  billing: ReturnType<typeof billingOf>,
  payment: 'ON-ORDER' | 'ON-FULFILLMENT' = 'ON-ORDER',
  buyer: Buyer = BENGALURU_BUYER,
) {
  const quoted = onSelect.message.order;
  const fulfillmentOf = new Map<string, string>(
    (quoted.items ?? []).map((item: any) => [item.id, item.fulfillment_id]),
  );
  const delivery = deliveryOf(quoted);
  return {
    order: {
      provider: select.message.order.provider,
      items: select.message.order.items.map((item: any) => ({
        id: item.id,
        location_id: item.location_id,
        fulfillment_id: fulfillmentOf.get(item.id) ?? delivery?.id,
        quantity: item.quantity,
      })),
      billing,
      fulfillments: [
        {
          id: delivery?.id,
          type: 'Delivery',
          end: {
            location: { gps: buyer.gps, address: { ...buyer.address } },
            contact: { phone: buyer.phone, email: buyer.email },
          },
        },
      ],
      payment: { type: payment },
    },
  };
}

/**
 * confirm of the order as on_init offered it: the buyer app's order id, state Created, the quote and payment of
 * on_init (paid by the buyer app, with its transaction id, or not paid: cash on delivery), the same billing, the
 * buyer's name on the delivery, and the buyer app's terms. `created_at` and `updated_at` are the call's timestamp,
 * given by {@link TestBuyerApp.send}'s context: pass that timestamp as `at`.
 */
export function confirmMessage(
  init: any,
  onInit: any,
  options: { orderId: string; at: string; paid: boolean; paymentTransactionId?: string; buyer?: Buyer },
) {
  const buyer = options.buyer ?? BENGALURU_BUYER;
  const offered = onInit.message.order;
  const initOrder = init.message.order;
  const delivery = deliveryOf(offered);
  const payment = offered.payment ?? {};
  const bppTerms = (offered.tags ?? []).filter((tag: any) => tag.code === 'bpp_terms');
  return {
    order: {
      id: options.orderId,
      state: 'Created',
      provider: initOrder.provider,
      items: initOrder.items,
      billing: initOrder.billing,
      fulfillments: [
        {
          id: delivery?.id ?? initOrder.fulfillments[0].id,
          type: 'Delivery',
          tracking: delivery?.tracking ?? false,
          end: {
            person: { name: buyer.name },
            contact: { phone: buyer.phone, email: buyer.email },
            location: { gps: buyer.gps, address: { ...buyer.address } },
          },
        },
      ],
      quote: offered.quote,
      payment: {
        ...payment,
        params: {
          ...(payment.params ?? {}),
          currency: payment.params?.currency ?? 'INR',
          amount: offered.quote?.price?.value,
          ...(options.paid ? { transaction_id: options.paymentTransactionId ?? randomUUID() } : {}),
        },
        status: options.paid ? 'PAID' : 'NOT-PAID',
      },
      tags: [
        ...bppTerms,
        {
          code: 'bap_terms',
          list: [
            { code: 'tax_number', value: buyer.bapGstin },
            { code: 'accept_bpp_terms', value: 'Y' },
          ],
        },
      ],
      created_at: options.at,
      updated_at: options.at,
    },
  };
}

/** status of an order. */
export function statusMessage(orderId: string) {
  return { order_id: orderId };
}

/** track of an order. */
export function trackMessage(orderId: string) {
  return { order_id: orderId };
}

/**
 * cancel of an order by the buyer app, with one of ONDC's buyer reason codes (the validator takes 010, 051, 052, 053
 * and 999 from a buyer app: constants/index.ts buyerCancellationRid).
 */
export function cancelMessage(orderId: string, reasonId = '010') {
  return {
    order_id: orderId,
    cancellation_reason_id: reasonId,
    descriptor: { name: 'fulfillment', short_desc: reasonId },
  };
}

/** The fulfillment state of an on_status or on_cancel: its delivery's state descriptor code. */
export function fulfillmentState(callback: ReceivedCallback | any): string | undefined {
  const body = callback?.body ?? callback;
  return deliveryOf(body?.message?.order)?.state?.descriptor?.code;
}

/** An order id as a buyer app makes one: up to 32 letters, digits and '-' (the validator's rule). */
export function newOrderId(): string {
  return `BAP-${randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase()}`;
}

/**
 * The calls of one flow run, written one JSON file per action under var/ondc-flows/<flow>/, named as ONDC's
 * validator keys its payload (constants/index.ts ApiSequence: `search_full_catalog_refresh`, `on_status_packed`, ...),
 * each file the exact body sent or received.
 */
export class FlowLog {
  readonly flow: string;
  readonly dir: string;
  /** The names written so far, with their text. */
  readonly written = new Map<string, string>();

  constructor(flow: string, root = FLOWS_DIR) {
    this.flow = flow;
    this.dir = join(root, flow);
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  /** Writes `name`.json: the exact bytes of a call as sent, or of a callback as received. */
  write(name: string, call: SentCall | ReceivedCallback): void {
    writeFileSync(join(this.dir, `${name}.json`), call.text);
    this.written.set(name, call.text);
  }
}
