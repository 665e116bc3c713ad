import { newProduct, newSellerProfile, newUser, type OndcCall, type Product, type User } from '@mandi/database';
import type { OndcCatalog, OndcIncrementalCatalog } from '@mandi/domain';
import { publish } from '@mandi/events';
import { directJobContext } from '../pipeline/testing/job-context.testing.js';
import { waitFor } from '../pipeline/testing/pipeline.testing.js';
import { OndcCatalogPushHandler } from './catalog/catalog-push.handler.js';
import { OndcRespondHandler } from './respond.handler.js';
import {
  mandiSignatureProblem,
  receiveCall,
  searchBody,
  startBuyerApp,
  useOndcWorker,
  type ReceivedCall,
  type TestBuyerApp,
} from './testing/ondc.testing.js';

// Mandi's catalogue on ONDC (docs/ondc.md, "The catalogue") in the real worker: a buyer app's recorded search is
// answered with one on_search built from the database, sent signed to the buyer app (a tiny HTTP server of the test);
// incremental searches pull a span's changes or subscribe to pushes, and a product's change is pushed once.

const OFFICIAL_UID = 'ondc-official-seller';
const world = useOndcWorker('ondc-catalog', { OFFICIAL_SELLER_UID: OFFICIAL_UID });

let app: TestBuyerApp;
let asha: User;
let tomatoes: Product;
let dal: Product;
let mango: Product;
let hidden: Product[];

beforeAll(async () => {
  app = await startBuyerApp();
  const db = world.db.prisma;
  asha = await newUser(db, { email: 'asha@example.in' });
  await newSellerProfile(db, asha.id, {
    legalName: 'Asha Rao Farms',
    businessKind: 'farmer_producer_organisation',
    fssaiNumber: '12345678901234',
    pickupPincode: '560001',
    status: 'approved',
  });
  tomatoes = await newProduct(db, { sellerId: asha.id, name: 'Desi Tamatar', pricePaise: 4_050, stock: null });
  dal = await newProduct(db, {
    sellerId: asha.id,
    name: 'Toor Dal',
    category: 'pulses',
    pricePaise: 12_000,
    originalPricePaise: 14_000,
    weightGrams: 500,
    stock: 3,
  });
  const official = await newUser(db, { firebaseUid: OFFICIAL_UID });
  mango = await newProduct(db, {
    sellerId: official.id,
    name: 'Ratnagiri Alphonso Mango',
    category: 'fresh_fruits',
    pricePaise: 65_000,
    officialBrand: true,
  });
  // Not on the network: an unlisted and an expired product of Asha's, and the product of a seller not yet approved.
  const pending = await newUser(db);
  await newSellerProfile(db, pending.id, { status: 'pending' });
  hidden = [
    await newProduct(db, { sellerId: asha.id, name: 'Unlisted Okra', unlistedAt: new Date(), unlistedReason: 'x' }),
    await newProduct(db, { sellerId: asha.id, name: 'Old Spinach', validUntil: new Date(Date.now() - 60_000) }),
    await newProduct(db, { sellerId: pending.id, name: 'Pending Potatoes' }),
  ];
});
afterAll(() => app.close());

const replyTo = (callId: bigint) => world.db.prisma.ondcCall.findUnique({ where: { replyToId: callId } });

/** The buyer app's posts of `transactionId`. */
const postsOf = (transactionId: string): ReceivedCall[] =>
  app.received.filter((call) => call.body.context['transaction_id'] === transactionId);

/** Whether job `handler` of the outbox event of `type` about `aggregateId` has run to its end. */
async function handled(type: string, aggregateId: string | number | bigint, handler: string): Promise<boolean> {
  const events = await world.db.prisma.outboxEvent.findMany({ where: { type, aggregateId: String(aggregateId) } });
  if (events.length === 0) return false;
  const done = await world.db.prisma.processedEvent.count({
    where: { eventId: { in: events.map((event) => event.id) }, handler },
  });
  return done === events.length;
}

/** Changes a product's price as a seller's edit does: the row and product.updated in one transaction. */
async function editPrice(product: Product, pricePaise: number): Promise<bigint> {
  return world.db.prisma.$transaction(async (tx) => {
    await tx.product.update({ where: { id: product.id }, data: { pricePaise } });
    return publish(tx, { type: 'product.updated', payload: { productId: product.id } });
  });
}

describe('a full catalogue search', () => {
  let call: bigint;
  let answer: OndcCall;
  let catalog: OndcCatalog;

  beforeAll(async () => {
    call = await receiveCall(world.db.prisma, 'search', searchBody(app));
    await waitFor(async () => (await replyTo(call))?.ackStatus === 'ACK');
    answer = (await replyTo(call))!;
    catalog = (answer.body as unknown as { message: { catalog: OndcCatalog } }).message.catalog;
  });

  it('is answered by exactly one on_search of the same transaction and message, sent signed and ACKed', async () => {
    const search = await world.db.prisma.ondcCall.findUniqueOrThrow({ where: { id: call } });
    expect(answer).toMatchObject({
      direction: 'outbound',
      action: 'on_search',
      transactionId: search.transactionId,
      messageId: search.messageId,
      bapId: 'buyer.test',
      dueBy: search.dueBy,
      attempts: 1,
    });
    expect(await world.db.prisma.ondcCall.count({ where: { transactionId: search.transactionId } })).toBe(2);
    const [post, ...more] = postsOf(search.transactionId);
    expect(more).toEqual([]);
    expect(post!.path).toBe('/ondc-buyer/on_search');
    expect(post!.text).toBe(JSON.stringify(answer.body));
    expect(mandiSignatureProblem(post!)).toBeNull();
    expect(post!.body.context).toMatchObject({
      action: 'on_search',
      city: 'std:080',
      core_version: '1.2.0',
      bpp_id: 'seller.mandi.test',
      bpp_uri: 'http://localhost:3999/ondc',
      transaction_id: search.transactionId,
      message_id: search.messageId,
    });
  });

  it("lists the approved seller's and Mandi's products on sale, priced in rupees from paise", () => {
    const providers = catalog['bpp/providers'];
    const official = providers.find((provider) => provider.items.some((item) => item.id === String(mango.id)))!;
    const ashas = providers.find((provider) => provider.id === String(asha.id))!;
    expect(providers).toHaveLength(2);
    expect(ashas.items.map((item) => [item.id, item.price])).toEqual([
      [String(tomatoes.id), { currency: 'INR', value: '40.50', maximum_value: '40.50' }],
      [String(dal.id), { currency: 'INR', value: '120.00', maximum_value: '140.00' }],
    ]);
    expect(official.items.map((item) => [item.id, item.price.value])).toEqual([[String(mango.id), '650.00']]);
    const listed = providers.flatMap((provider) => provider.items.map((item) => item.id));
    for (const product of hidden) expect(listed).not.toContain(String(product.id));
  });

  it('gives each provider its registered name, address, directory city, FSSAI number and contact', async () => {
    const ashas = catalog['bpp/providers'].find((provider) => provider.id === String(asha.id))!;
    const directory = await world.db.prisma.pincode.findFirstOrThrow({
      where: { pincode: '560001' },
      orderBy: { id: 'asc' },
    });
    expect(ashas).toMatchObject({
      descriptor: { name: 'Asha Rao Farms' },
      '@ondc/org/fssai_license_no': '12345678901234',
      fulfillments: [{ id: 'F1', type: 'Delivery', contact: { phone: '9876543210', email: 'asha@example.in' } }],
      locations: [
        {
          id: `L${asha.id}`,
          address: { street: 'Survey No. 12', locality: 'Hesaraghatta', city: directory.district, area_code: '560001' },
        },
      ],
    });
    expect(ashas.items[1]!['@ondc/org/statutory_reqs_packaged_commodities']).toMatchObject({
      manufacturer_or_packer_name: 'Asha Rao Farms',
      common_or_generic_name_of_commodity: 'Toor Dal',
      net_quantity_or_measure_of_commodity_in_pkg: '500 g',
    });
    expect(ashas.items[1]!.quantity).toEqual({
      unitized: { measure: { unit: 'gram', value: '500' } },
      available: { count: '99' },
      maximum: { count: '3' },
    });
    // Mandi's own provider: Mandi's registered name and address (SELLER_ADDRESS), its city from the directory.
    const mandi = catalog['bpp/providers'].find((provider) => provider.id !== String(asha.id))!;
    const mandiPlace = await world.db.prisma.pincode.findFirstOrThrow({
      where: { pincode: '560002' },
      orderBy: { id: 'asc' },
    });
    expect(mandi.descriptor.name).toBe(world.config.SELLER_LEGAL_NAME);
    expect(mandi.locations[0]!.address).toMatchObject({
      street: world.config.SELLER_ADDRESS,
      city: mandiPlace.district,
      area_code: '560002',
      state: world.config.SELLER_STATE,
    });
    expect(mandi.fulfillments[0]!.contact.email).toBe(world.config.CONTACT_INBOX);
  });

  it('records nothing more when the job is delivered again', async () => {
    const handler = world.worker.get(OndcRespondHandler);
    await handler.handle({ callId: Number(call) }, directJobContext(world.db.prisma));
    expect(await world.db.prisma.ondcCall.count({ where: { replyToId: call } })).toBe(1);
    expect(
      await world.db.prisma.outboxEvent.count({
        where: { type: 'ondc.callback_ready', aggregateId: String(answer.id) },
      }),
    ).toBe(1);
  });
});

describe('incremental catalogue searches', () => {
  it('pulls the changes of a span in one incremental on_search (city *), disabled ones included', async () => {
    // Prisma stamps updated_at with this process's clock, so the span is read off the same clock.
    const from = new Date();
    await world.db.prisma.product.update({ where: { id: dal.id }, data: { stock: 0 } });
    await world.db.prisma.product.update({ where: { id: hidden[0]!.id }, data: { name: 'Unlisted Okra (1 kg)' } });
    const to = new Date();
    const body = searchBody(app, [
      {
        code: 'catalog_inc',
        list: [
          { code: 'start_time', value: from.toISOString() },
          { code: 'end_time', value: to.toISOString() },
        ],
      },
    ]);
    const call = await receiveCall(world.db.prisma, 'search', body);
    await waitFor(async () => (await replyTo(call))?.ackStatus === 'ACK');

    const { context, message } = (await replyTo(call))!.body as unknown as {
      context: Record<string, string>;
      message: { catalog: OndcIncrementalCatalog };
    };
    expect(context).toMatchObject({ city: '*', message_id: body.context.message_id });
    const [provider, ...others] = message.catalog['bpp/providers'];
    expect(others).toEqual([]);
    expect(provider!.id).toBe(String(asha.id));
    expect(provider!.items.map((item) => [item.id, item.time.label, item.quantity.available.count])).toEqual([
      // By category (vegetables before pulses), then id.
      [String(hidden[0]!.id), 'disable', '0'],
      [String(dal.id), 'enable', '0'],
    ]);
  });

  it("subscribes a buyer app to pushes, pushes a product's change to it once, and stops when asked", async () => {
    const start = searchBody(app, [{ code: 'catalog_inc', list: [{ code: 'mode', value: 'start' }] }]);
    const startCall = await receiveCall(world.db.prisma, 'search', start);
    await waitFor(() => handled('ondc.request_received', startCall, 'ondc.respond'));
    // ONDC answers a start with pushes as the catalogue changes, not with an on_search now.
    expect(await replyTo(startCall)).toBeNull();
    const subscription = await world.db.prisma.ondcCatalogSubscription.findFirstOrThrow({ where: { bapUri: app.uri } });
    expect(subscription).toMatchObject({ transactionId: start.context.transaction_id, stoppedAt: null });

    const edit = await editPrice(tomatoes, 4_500);
    await waitFor(() => handled('product.updated', tomatoes.id, 'ondc.catalog_push'));
    await waitFor(async () => postsOf(start.context.transaction_id).length > 0);
    const pushes = await world.db.prisma.ondcCall.findMany({
      where: { direction: 'outbound', transactionId: start.context.transaction_id },
    });
    expect(pushes).toHaveLength(1);
    const updated = await world.db.prisma.product.findUniqueOrThrow({ where: { id: tomatoes.id } });
    expect(pushes[0]).toMatchObject({
      action: 'on_search',
      replyToId: null,
      unsolicitedKey: `catalog:${subscription.id}:${tomatoes.id}:${updated.updatedAt.getTime()}`,
    });
    const [post, ...more] = postsOf(start.context.transaction_id);
    expect(more).toEqual([]);
    expect(mandiSignatureProblem(post!)).toBeNull();
    expect(post!.body.context).toMatchObject({ action: 'on_search', city: '*' });
    expect(post!.body.context['message_id']).not.toBe(start.context.message_id);
    const pushed = (post!.body.message as { catalog: OndcIncrementalCatalog }).catalog['bpp/providers'];
    expect(pushed.map((provider) => [provider.id, provider.items.map((item) => [item.id, item.price.value])])).toEqual([
      [String(asha.id), [[String(tomatoes.id), '45.00']]],
    ]);
    await waitFor(
      async () =>
        (await world.db.prisma.ondcCall.findUniqueOrThrow({ where: { id: pushes[0]!.id } })).ackStatus === 'ACK',
    );

    // The push job delivered again sends nothing new.
    await world.worker
      .get(OndcCatalogPushHandler)
      .handle({ productId: tomatoes.id }, directJobContext(world.db.prisma, { eventId: edit }));
    expect(await world.db.prisma.ondcCall.count({ where: { transactionId: start.context.transaction_id } })).toBe(2);

    const stop = searchBody(app, [{ code: 'catalog_inc', list: [{ code: 'mode', value: 'stop' }] }]);
    const stopCall = await receiveCall(world.db.prisma, 'search', stop);
    await waitFor(() => handled('ondc.request_received', stopCall, 'ondc.respond'));
    expect(
      (await world.db.prisma.ondcCatalogSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).stoppedAt,
    ).not.toBeNull();
    await editPrice(tomatoes, 4_600);
    await waitFor(() => handled('product.updated', tomatoes.id, 'ondc.catalog_push'));
    expect(postsOf(start.context.transaction_id)).toHaveLength(1);
  });
});
