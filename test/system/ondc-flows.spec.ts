import { randomBytes, randomUUID } from 'node:crypto';
import { routeUrl } from '@mandi/contracts';
import { newProduct, newSellerProfile, SealedText, sellerProfileSealContext, type Product } from '@mandi/database';
import { EmulatorAccounts } from '@mandi/identity';
import { bearer } from '../../apps/api/test/catalog.testing.js';
import type { ApiHarness, TestUser } from '../../apps/api/test/harness.js';
import { startWorkerJourney, type WorkerJourney } from '../../apps/api/test/worker-journey.testing.js';
import { mandiDevRecord } from '../../tools/ondc-registry/credentials.mjs';
import { startOndcRegistry } from '../../tools/ondc-registry/registry.mjs';
import {
  FINDER_FEE,
  FlowLog,
  REQUEST_TTL,
  TestBuyerApp,
  billingOf,
  BENGALURU_BUYER,
  cancelMessage,
  catalogItems,
  confirmMessage,
  deliveryOf,
  fulfillmentState,
  incrementalSearchMessage,
  initMessage,
  newOrderId,
  searchMessage,
  selectMessage,
  trackMessage,
  type BuyerAction,
  type CallbackAction,
  type ReceivedCallback,
  type SentCall,
} from '../ondc/buyer-app.js';
import { PublicUrl } from '../ondc/public-url.js';

// ONDC's retail flows end to end (issue 33, docs/ondc.md): the test buyer app, its own keys in the local registry,
// runs each flow against the built API and worker as a buyer app on the network would, building every call from the
// callbacks before it. It checks what a buyer app must see (every call ACKed, every callback signed with Mandi's
// registered key and within the call's ttl, the fulfilment states in order, the quote right to the paisa) and what the
// data must be (the Mandi order and its lines, stock taken once, the network order's row). Every call and callback of
// a run is written, one JSON file per action, under var/ondc-flows/<flow>/ as ONDC's log-validation-utility keys them
// (scripts/ondc/validate-flows.mjs posts them to it).

const SELLER_ID = 'seller.mandi.test';
const ACK = { message: { ack: { status: 'ACK' } } };
const TTL_MS = 30_000;

type Registry = Awaited<ReturnType<typeof startOndcRegistry>>;
let registry: Registry;
let entrance: PublicUrl;
let publicUrl: string;
let journey: WorkerJourney;
let api: ApiHarness;
let buyer: TestBuyerApp;
let admin: TestUser;
let farmer: TestUser;
let tomatoes: Product;
let dal: Product;
let mangoes: Product;
let onions: Product;
const accounts = new EmulatorAccounts();
const SELLER_DATA_KEY = randomBytes(32).toString('base64');

beforeAll(async () => {
  registry = await startOndcRegistry({ port: 0 });
  const official = await accounts.signUp();
  // Mandi's subscriber URL is PUBLIC_URL/ondc, which its callbacks name as bpp_uri: an address in front of the API,
  // as the deployment's proxy is.
  entrance = await PublicUrl.reserve();
  publicUrl = entrance.url;
  journey = await startWorkerJourney('ondc-flows', {
    PUBLIC_URL: publicUrl,
    ONDC_REGISTRY_URL: registry.url,
    OFFICIAL_SELLER_UID: official.uid,
    SELLER_DATA_KEY: SELLER_DATA_KEY,
  });
  api = journey.api;
  await entrance.forward(api.baseUrl);
  // Mandi's record in the registry is at its PUBLIC_URL; the buyer app registers itself.
  registry.register(mandiDevRecord(publicUrl));
  buyer = await TestBuyerApp.start({ registryUrl: registry.url });
  [admin, farmer] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser()]);
  // An approved farmer of Hesaraghatta (560001) with an FSSAI licence: a provider of Mandi's catalogue.
  await newSellerProfile(api.db.prisma, farmer.id, {
    status: 'approved',
    reviewedBy: admin.id,
    legalName: 'Asha Rao Farms',
    fssaiNumber: '21519012000123',
    // Her own PAN, sealed as the profile seals it: on_confirm's provider_tax_number (Mandi is a marketplace).
    panSealed: new Uint8Array(
      new SealedText(SELLER_DATA_KEY).seal('ABCPR1234F', sellerProfileSealContext('pan', farmer.id)),
    ),
  });
  const product = (
    name: string,
    category: Product['category'],
    pricePaise: number,
    stock: number,
    prePackaged = false,
  ) =>
    newProduct(api.db.prisma, {
      sellerId: farmer.id,
      name,
      category,
      pricePaise,
      stock,
      prePackaged,
      weightGrams: 1000,
    });
  [tomatoes, dal, mangoes, onions] = await Promise.all([
    product('Desi Tamatar 1 kg', 'fresh_produce', 4_000, 40),
    product('Toor Dal 1 kg', 'pulses', 16_550, 20, true),
    product('Alphonso Mango 1 kg', 'fresh_fruits', 35_000, 3),
    product('Nashik Onion 1 kg', 'fresh_produce', 3_275, 30),
  ]);
}, 240_000);

afterAll(async () => {
  await buyer?.close();
  await entrance?.close();
  await journey?.stop();
  await registry?.close();
  await accounts.removeAll();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, user: TestUser, payload?: unknown) =>
  api.request({ method, url, headers: bearer(user), payload });

/** An admin's move from the console. */
async function move(action: 'confirm' | 'shipped' | 'delivered' | 'cancel' | 'payment', orderId: number) {
  const answer = await call(
    'PUT',
    `/api/admin/orders/${action}/${orderId}`,
    admin,
    action === 'cancel'
      ? { reason: 'The farmer’s crop failed' }
      : action === 'payment'
        ? { status: 'paid' }
        : undefined,
  );
  expect([action, answer.statusCode, answer.body]).toEqual([action, 200, expect.any(String)]);
}

/** What a seller does on their dashboard with their part of an order: pack it, hand it to the courier. */
async function ship(step: 'pack' | 'hand over', orderId: number) {
  const shipment = await api.db.prisma.shipment.findFirstOrThrow({ where: { orderId, sellerId: farmer.id } });
  const params = { params: { uid: farmer.uid, shipmentId: shipment.id } };
  const answer =
    step === 'pack'
      ? await call('POST', routeUrl('packShipment', params), farmer)
      : await call('POST', routeUrl('handOverShipment', params), farmer, {
          carrier: 'India Post',
          tracking_number: 'EE123456789IN',
        });
  expect([step, answer.statusCode, answer.body]).toEqual([step, 200, expect.any(String)]);
}

/** The farmer's 'restock' on their dashboard: the packs left of a product, a product change with its event. */
async function restock(product: Product, stock: number) {
  const url = routeUrl('restockProduct', { params: { uid: farmer.uid, productId: String(product.id) } });
  const answer = await call('PUT', url, farmer, { stock });
  expect([product.name, answer.statusCode, answer.body]).toEqual([product.name, 200, expect.any(String)]);
}

const stockOf = async (product: Product) =>
  (await api.db.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock;

/** Rupees as ONDC writes them, from paise. */
const rupees = (paise: number) => (paise / 100).toFixed(2);
/** Paise of a price ONDC wrote. */
const paiseOf = (value: string) => Math.round(Number(value) * 100);

/**
 * One run of a flow: a transaction of the buyer app whose calls and callbacks are written under var/ondc-flows/<flow>/,
 * each checked as a buyer app checks what it gets.
 */
class Run {
  readonly transactionId = randomUUID();
  readonly log: FlowLog;

  constructor(flow: string) {
    this.log = new FlowLog(flow);
  }

  /** Sends a call, which Mandi must ACK at once, and writes it as `name`. */
  async send(action: BuyerAction, message: unknown, name: string, context: Record<string, unknown> = {}) {
    const sent = await buyer.send(action, this.transactionId, message, context);
    expect([name, sent.status, sent.answer]).toEqual([name, 200, ACK]);
    this.log.write(name, sent);
    return sent;
  }

  /**
   * The callback answering `sent`, written as `name`: signed with Mandi's registered key (the buyer app refuses any
   * other), for this buyer app and transaction, and within the call's ttl by its context and by the clock.
   */
  async answer(sent: SentCall, name: string): Promise<ReceivedCallback> {
    const received = await buyer.waitFor(this.transactionId, `on_${sent.action}`, { replyTo: sent, timeoutMs: TTL_MS });
    this.expectOurs(received);
    expect(received.receivedAt - sent.sentAt).toBeLessThanOrEqual(TTL_MS);
    expect(Date.parse(received.body.context.timestamp) - Date.parse(sent.body.context.timestamp)).toBeLessThanOrEqual(
      TTL_MS,
    );
    this.log.write(name, received);
    return received;
  }

  /** An unsolicited callback of this transaction, the first that `where` takes, written as `name`. */
  async unsolicited(action: CallbackAction, name: string, where: (callback: ReceivedCallback) => boolean) {
    const received = await buyer.waitFor(this.transactionId, action, {
      where: (callback) => !buyer.sent.some((sent) => sent.messageId === callback.messageId) && where(callback),
      timeoutMs: 60_000,
    });
    this.expectOurs(received);
    this.log.write(name, received);
    return received;
  }

  /** The unsolicited on_status callbacks so far, by fulfilment state, in the order they came. */
  statesSoFar(): string[] {
    return this.unsolicitedOnStatus().map((callback) => fulfillmentState(callback) ?? '?');
  }

  /** The unsolicited on_status callbacks so far, in the order they came. */
  unsolicitedOnStatus(): ReceivedCallback[] {
    return buyer
      .callbacksOf(this.transactionId, 'on_status')
      .filter((callback) => !buyer.sent.some((sent) => sent.messageId === callback.messageId));
  }

  private expectOurs(received: ReceivedCallback) {
    expect(received.problem).toBeNull();
    expect(received.body.context).toMatchObject({
      domain: 'ONDC:RET10',
      country: 'IND',
      core_version: '1.2.0',
      bap_id: buyer.subscriberId,
      bap_uri: buyer.uri,
      bpp_id: SELLER_ID,
      bpp_uri: `${publicUrl}/ondc`,
      transaction_id: this.transactionId,
    });
    expect(received.body.error).toBeUndefined();
  }
}

/** The catalogue item of a product in an on_search, with its provider. */
function itemOf(onSearch: ReceivedCallback, product: Product) {
  const found = catalogItems(onSearch.body).find((entry) => entry.item.descriptor?.name === product.name);
  if (!found) throw new Error(`${product.name} is not in the catalogue:\n${onSearch.text.slice(0, 2_000)}`);
  return found;
}

/** The full catalogue, searched for and answered. */
async function fullCatalogue(run: Run) {
  const search = await run.send('search', searchMessage(), 'search_full_catalog_refresh');
  return run.answer(search, 'on_search_full_catalog_refresh');
}

/** What a quote's breakup says of each item (its count and line price) and of delivery, and its total. */
function quoteLines(quote: any) {
  const items = quote.breakup.filter((line: any) => line['@ondc/org/title_type'] === 'item');
  const sum = quote.breakup.reduce((total: number, line: any) => total + paiseOf(line.price.value), 0);
  const delivery = quote.breakup.find((line: any) => line['@ondc/org/title_type'] === 'delivery');
  return {
    items: items.map((line: any) => [line.title, line['@ondc/org/item_quantity'].count, paiseOf(line.price.value)]),
    unitPrices: items.map((line: any) => paiseOf(line.item.price.value)),
    deliveryPaise: paiseOf(delivery.price.value),
    sumPaise: sum,
    totalPaise: paiseOf(quote.price.value),
  };
}

/** Checks a quote of `lines` to the paisa: each line unit price × count, and the total the breakup's sum. */
function expectQuote(quote: any, lines: Array<[Product, number]>) {
  const read = quoteLines(quote);
  expect(read.items).toEqual(lines.map(([product, count]) => [product.name, count, product.pricePaise * count]));
  expect(read.unitPrices).toEqual(lines.map(([product]) => product.pricePaise));
  expect(read.totalPaise).toBe(read.sumPaise);
  expect(read.totalPaise).toBe(
    lines.reduce((total, [product, count]) => total + product.pricePaise * count, 0) + read.deliveryPaise,
  );
  return read;
}

/** select, init and confirm of `lines`, prepaid or cash on delivery, from a catalogue answered in the same run. */
async function order(run: Run, onSearch: ReceivedCallback, lines: Array<[Product, number]>, cash: boolean) {
  const payment = cash ? 'ON-FULFILLMENT' : 'ON-ORDER';
  const select = await run.send(
    'select',
    selectMessage(
      lines.map(([product, count]) => ({ item: itemOf(onSearch, product), count })),
      BENGALURU_BUYER,
      cash ? payment : undefined,
    ),
    'select',
  );
  const onSelect = await run.answer(select, 'on_select');
  const quoted = expectQuote(onSelect.body.message.order.quote, lines);
  expect(deliveryOf(onSelect.body.message.order)).toMatchObject({ type: 'Delivery' });

  const billing = billingOf(BENGALURU_BUYER, new Date(buyer.nextTimestamp()));
  const init = await run.send('init', initMessage(select.body, onSelect.body, billing, payment), 'init');
  const onInit = await run.answer(init, 'on_init');
  const offered = onInit.body.message.order;
  // The same money as on_select, and how it is paid: collected by the buyer app, or cash to Mandi's courier.
  expect(quoteLines(offered.quote)).toEqual(quoted);
  expect(offered.payment).toMatchObject({
    type: payment,
    collected_by: cash ? 'BPP' : 'BAP',
    '@ondc/org/buyer_app_finder_fee_type': FINDER_FEE.type,
    '@ondc/org/buyer_app_finder_fee_amount': FINDER_FEE.amount,
  });
  expect(offered.billing).toEqual(billing);

  const orderId = newOrderId();
  const at = buyer.nextTimestamp();
  const confirm = await run.send(
    'confirm',
    confirmMessage(init.body, onInit.body, { orderId, at, paid: !cash }),
    'confirm',
    { timestamp: at },
  );
  const onConfirm = await run.answer(confirm, 'on_confirm');
  const placed = onConfirm.body.message.order;
  expect(placed).toMatchObject({ id: orderId, provider: { id: offered.provider.id } });
  expect(quoteLines(placed.quote)).toEqual(quoted);
  const network = await api.db.prisma.ondcOrder.findUniqueOrThrow({ where: { transactionId: run.transactionId } });
  return { select, onSelect, init, onInit, confirm, onConfirm, orderId, mandiOrderId: network.orderId, quoted };
}

/** The Mandi order a network order is, with its lines and its network row, as the data must be. */
async function expectMandiOrder(
  placed: Awaited<ReturnType<typeof order>>,
  lines: Array<[Product, number]>,
  cash: boolean,
) {
  const mandi = await api.db.prisma.order.findUniqueOrThrow({
    where: { id: placed.mandiOrderId },
    include: { items: { orderBy: { id: 'asc' } } },
  });
  expect(mandi.items.map((item) => [item.productId, item.quantity, item.unitPricePaise ?? null]).sort()).toEqual(
    lines.map(([product, count]) => [product.id, count, product.pricePaise]).sort(),
  );
  const subtotal = lines.reduce((total, [product, count]) => total + product.pricePaise * count, 0);
  expect(mandi).toMatchObject({
    paymentMethod: cash ? 'cod' : 'online',
    subtotalPaise: subtotal,
    shippingPaise: placed.quoted.deliveryPaise,
    totalPaise: placed.quoted.totalPaise,
  });
  const network = await api.db.prisma.ondcOrder.findUniqueOrThrow({ where: { orderId: mandi.id } });
  expect(network).toMatchObject({
    transactionId: placed.onConfirm.body.context.transaction_id,
    ondcOrderId: placed.orderId,
    bapId: buyer.subscriberId,
    bapUri: buyer.uri,
    paymentType: cash ? 'ON-FULFILLMENT' : 'ON-ORDER',
    collectedBy: cash ? 'BPP' : 'BAP',
    finderFeeType: FINDER_FEE.type,
    finderFeeValue: FINDER_FEE.amount,
    // 3% of what the buyer pays, to the paisa.
    finderFeePaise: Math.round((placed.quoted.totalPaise * Number(FINDER_FEE.amount)) / 100),
  });
  return mandi;
}

/** The fulfilment steps of an order, each an unsolicited on_status, written as the validator names them. */
const STATUS_FILES = {
  Pending: 'on_status_pending',
  Packed: 'on_status_packed',
  'Order-picked-up': 'on_status_picked',
  'Out-for-delivery': 'on_status_out_for_delivery',
  'Order-delivered': 'on_status_delivered',
} as const;

/** Takes a confirmed order through packing, hand-over and delivery, each step's on_status as the buyer app sees it. */
async function deliver(run: Run, placed: Awaited<ReturnType<typeof order>>) {
  const step = (state: keyof typeof STATUS_FILES) =>
    run.unsolicited('on_status', STATUS_FILES[state], (callback) => fulfillmentState(callback) === state);
  const pending = await step('Pending');
  expect(pending.body.message.order).toMatchObject({ id: placed.orderId, state: 'Accepted' });
  await ship('pack', placed.mandiOrderId);
  const packed = await step('Packed');
  expect(packed.body.message.order.state).toBe('In-progress');
  await ship('hand over', placed.mandiOrderId);
  await step('Order-picked-up');
  // The last part handed over ships the order (docs/shipments.md); an admin ships one that is not yet.
  const shipped = await api.db.prisma.order.findUniqueOrThrow({ where: { id: placed.mandiOrderId } });
  if (shipped.status !== 'shipped') await move('shipped', placed.mandiOrderId);
  await step('Out-for-delivery');
  const track = await run.send('track', trackMessage(placed.orderId), 'track');
  const onTrack = await run.answer(track, 'on_track');
  expect(onTrack.body.message.tracking).toMatchObject({ status: 'active' });
  await move('delivered', placed.mandiOrderId);
  const delivered = await step('Order-delivered');
  expect(delivered.body.message.order.state).toBe('Completed');
  // Each step once, none skipped, in order: as they came to the buyer app, and by their timestamps.
  expect(run.statesSoFar()).toEqual(Object.keys(STATUS_FILES));
  const stamped = run.unsolicitedOnStatus().map((callback) => Date.parse(callback.body.context.timestamp));
  expect(stamped).toEqual([...stamped].sort((a, b) => a - b));
}

test('flow 1: the full catalogue, and incremental changes pulled for a time range and pushed', async () => {
  const run = new Run('1');
  const onSearch = await fullCatalogue(run);
  const providers = onSearch.body.message.catalog['bpp/providers'];
  const provider = providers.find((entry: any) =>
    entry.items.some((item: any) => item.descriptor.name === tomatoes.name),
  );
  expect(provider).toBeDefined();
  for (const product of [tomatoes, dal, mangoes, onions]) {
    const { item } = itemOf(onSearch, product);
    expect([product.name, item.price.value, item.quantity.available.count]).toEqual([
      product.name,
      rupees(product.pricePaise),
      '99',
    ]);
    expect(Number(item.quantity.maximum.count)).toBeLessThanOrEqual(product.stock!);
    expect(item).toMatchObject({
      '@ondc/org/returnable': false,
      '@ondc/org/cancellable': true,
      location_id: provider.locations[0].id,
    });
  }
  // Packed dal carries the Legal Metrology block; the farmer's FSSAI licence is the provider's.
  expect(itemOf(onSearch, dal).item['@ondc/org/statutory_reqs_packaged_commodities']).toMatchObject({
    manufacturer_or_packer_name: expect.any(String),
    net_quantity_or_measure_of_commodity_in_pkg: expect.any(String),
  });

  // The farmer restocks the onions on their dashboard; a pull for the time since the last change before it answers
  // that item alone.
  const latest = await api.db.prisma.product.aggregate({ _max: { updatedAt: true } });
  const from = new Date(Math.max(latest._max.updatedAt!.getTime() + 1, Date.now()));
  await new Promise((resolve) => setTimeout(resolve, 5));
  // Fewer than a line may take: the item's maximum count shows the change.
  await restock(onions, 12);
  const to = new Date();
  const pull = await run.send('search', incrementalSearchMessage({ start: from, end: to }), 'search_inc_refresh', {
    city: '*',
  });
  const onPull = await run.answer(pull, 'on_search_inc_refresh');
  expect(onPull.body.context.city).toBe('*');
  expect(
    catalogItems(onPull.body).map((entry) => [
      entry.item.descriptor.name,
      entry.item.price.value,
      entry.item.quantity.maximum.count,
    ]),
  ).toEqual([[onions.name, rupees(onions.pricePaise), '12']]);

  // Pushed: from mode start, every product change reaches the buyer app by itself, until mode stop.
  const push = new Run('1-push');
  await fullCatalogue(push);
  await push.send('search', incrementalSearchMessage({ mode: 'start' }), 'search_inc_refresh', { city: '*' });
  // ONDC answers a start with no on_search: the subscription is what it leaves.
  await journey.eventually(
    () =>
      api.db.prisma.ondcCatalogSubscription
        .findFirst({ where: { bapId: buyer.subscriberId, transactionId: push.transactionId, stoppedAt: null } })
        .then((found) => found ?? undefined),
    'the push subscription started',
  );
  const changedAt = Date.now();
  await restock(tomatoes, 10);
  const pushed = await push.unsolicited('on_search', 'on_search_inc_refresh', (callback) =>
    catalogItems(callback.body).some((entry) => entry.item.descriptor.name === tomatoes.name),
  );
  expect(pushed.body.context.city).toBe('*');
  expect(Date.parse(pushed.body.context.timestamp)).toBeGreaterThanOrEqual(changedAt - 1_000);
  expect(
    catalogItems(pushed.body).map((entry) => [entry.item.descriptor.name, entry.item.quantity.maximum.count]),
  ).toEqual([[tomatoes.name, '10']]);
  await push.send('search', incrementalSearchMessage({ mode: 'stop' }), 'search_inc_refresh_stop', { city: '*' });
  await journey.eventually(
    async () =>
      (await api.db.prisma.ondcCatalogSubscription.count({
        where: { bapId: buyer.subscriberId, stoppedAt: null },
      })) === 0
        ? true
        : undefined,
    'the push subscription stopped',
  );
  // Stopped: a change reaches the buyer app no more, once the push job has handled it.
  const seen = buyer.callbacksOf(push.transactionId, 'on_search').length;
  await restock(tomatoes, 40);
  const last = await api.db.prisma.outboxEvent.findFirstOrThrow({
    where: { type: 'product.updated', aggregateId: String(tomatoes.id) },
    orderBy: { id: 'desc' },
  });
  await journey.eventually(
    async () =>
      (await api.db.prisma.processedEvent.count({ where: { eventId: last.id, handler: 'ondc.catalog_push' } })) > 0
        ? true
        : undefined,
    'the last restock handled by ondc.catalog_push',
  );
  expect(buyer.callbacksOf(push.transactionId, 'on_search')).toHaveLength(seen);
}, 180_000);

test('flow 2: a prepaid order from select to delivered, tracked; the same confirm again takes stock once', async () => {
  const run = new Run('2');
  const onSearch = await fullCatalogue(run);
  const lines: Array<[Product, number]> = [
    [tomatoes, 2],
    [dal, 1],
  ];
  const before = await Promise.all(lines.map(([product]) => stockOf(product)));
  const placed = await order(run, onSearch, lines, false);
  const mandi = await expectMandiOrder(placed, lines, false);
  expect(mandi).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  expect(await Promise.all(lines.map(([product]) => stockOf(product)))).toEqual(
    before.map((stock, i) => stock! - lines[i]![1]),
  );

  // The buyer app sends its confirm again (its retry, a new message): the same order, no second one, stock as it was.
  const again = await buyer.send('confirm', run.transactionId, placed.confirm.body.message);
  expect([again.status, again.answer]).toEqual([200, ACK]);
  const onAgain = await buyer.waitFor(run.transactionId, 'on_confirm', { replyTo: again });
  expect(onAgain.body.message.order.id).toBe(placed.orderId);
  expect(await api.db.prisma.ondcOrder.count({ where: { transactionId: run.transactionId } })).toBe(1);
  expect(await Promise.all(lines.map(([product]) => stockOf(product)))).toEqual(
    before.map((stock, i) => stock! - lines[i]![1]),
  );

  await deliver(run, placed);
  expect(await api.db.prisma.order.findUniqueOrThrow({ where: { id: placed.mandiOrderId } })).toMatchObject({
    status: 'delivered',
  });
}, 240_000);

test('flow 2A: cash on delivery, confirmed by Mandi, paid to the courier', async () => {
  const run = new Run('2A');
  const onSearch = await fullCatalogue(run);
  const lines: Array<[Product, number]> = [[onions, 3]];
  const before = await stockOf(onions);
  const placed = await order(run, onSearch, lines, true);
  const mandi = await expectMandiOrder(placed, lines, true);
  expect(mandi).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
  expect(placed.onConfirm.body.message.order.payment).toMatchObject({ type: 'ON-FULFILLMENT', status: 'NOT-PAID' });
  expect(await stockOf(onions)).toBe(before! - 3);
  // Mandi confirms the cash order as it confirms any (the 8-hour window): then it is accepted on the network too.
  await move('confirm', placed.mandiOrderId);
  await deliver(run, placed);
  await move('payment', placed.mandiOrderId);
  expect(await api.db.prisma.order.findUniqueOrThrow({ where: { id: placed.mandiOrderId } })).toMatchObject({
    status: 'delivered',
    paymentStatus: 'paid',
  });
}, 240_000);

test('flow 3: a select refused for stock, selected again with what is left, and ordered', async () => {
  const run = new Run('3');
  const onSearch = await fullCatalogue(run);
  const left = (await stockOf(mangoes))!;
  expect(left).toBe(3);
  const tooMany = await run.send(
    'select',
    selectMessage([{ item: itemOf(onSearch, mangoes), count: left + 2 }]),
    'select_out_of_stock',
  );
  const refused = await buyer.waitFor(run.transactionId, 'on_select', { replyTo: tooMany });
  expect(refused.problem).toBeNull();
  run.log.write('on_select_out_of_stock', refused);
  // ONDC's 40002, naming the item, and a quote of what is left.
  expect(refused.body.error).toMatchObject({ type: 'DOMAIN-ERROR', code: '40002' });
  expect(JSON.parse(refused.body.error.message)).toEqual([{ item_id: expect.any(String), error: '40002' }]);
  const offered = refused.body.message.order.quote.breakup.find((line: any) => line['@ondc/org/title_type'] === 'item');
  expect(offered['@ondc/org/item_quantity'].count).toBe(left);
  expect(offered.item.quantity.maximum.count).toBe(String(left));
  expect(await stockOf(mangoes)).toBe(left);

  const placed = await order(run, onSearch, [[mangoes, left]], false);
  await expectMandiOrder(placed, [[mangoes, left]], false);
  expect(await stockOf(mangoes)).toBe(0);
  await deliver(run, placed);
}, 240_000);

test('flow 4: the buyer app cancels its order within Mandi’s window; the stock comes back', async () => {
  const run = new Run('4');
  const onSearch = await fullCatalogue(run);
  const before = await stockOf(tomatoes);
  const placed = await order(run, onSearch, [[tomatoes, 1]], false);
  expect(await stockOf(tomatoes)).toBe(before! - 1);
  // 010, the buyer wants to change the order: a buyer app's reason code as ONDC's validator lists them.
  const cancel = await run.send('cancel', cancelMessage(placed.orderId, '010'), 'cancel');
  const onCancel = await run.answer(cancel, 'on_cancel');
  expect(onCancel.body.message.order).toMatchObject({ id: placed.orderId, state: 'Cancelled' });
  expect(fulfillmentState(onCancel)).toBe('Cancelled');
  expect(await api.db.prisma.order.findUniqueOrThrow({ where: { id: placed.mandiOrderId } })).toMatchObject({
    status: 'cancelled',
  });
  expect(await api.db.prisma.ondcOrder.findUniqueOrThrow({ where: { orderId: placed.mandiOrderId } })).toMatchObject({
    cancelledBy: 'buyer_app',
    cancelReasonCode: '010',
  });
  expect(await stockOf(tomatoes)).toBe(before);
  // Mandi sends no cancellation of its own for it.
  expect(buyer.callbacksOf(run.transactionId, 'on_cancel')).toHaveLength(1);
}, 180_000);

test('a cancellation by Mandi: an admin cancels, the buyer app hears it with Mandi’s reason code', async () => {
  const run = new Run('4-mandi');
  const onSearch = await fullCatalogue(run);
  const before = await stockOf(dal);
  const placed = await order(run, onSearch, [[dal, 2]], true);
  await move('cancel', placed.mandiOrderId);
  const onCancel = await run.unsolicited('on_cancel', 'on_cancel', () => true);
  expect(onCancel.body.message.order).toMatchObject({ id: placed.orderId, state: 'Cancelled' });
  expect(JSON.stringify(onCancel.body.message.order)).toContain('"005"');
  expect(await api.db.prisma.ondcOrder.findUniqueOrThrow({ where: { orderId: placed.mandiOrderId } })).toMatchObject({
    cancelledBy: 'seller_node',
    cancelReasonCode: '005',
  });
  expect(await stockOf(dal)).toBe(before);
  // The ttl the buyer app gave its calls is the one Mandi's unsolicited callback carries too.
  expect(onCancel.body.context.ttl).toBe(REQUEST_TTL);
}, 180_000);
