import { randomUUID } from 'node:crypto';
import {
  newProduct,
  newSellerProfile,
  newUser,
  Prisma,
  queryRows,
  SealedText,
  sellerProfileSealContext,
  sqlRow,
} from '@mandi/database';
import { ONDC_CORE_VERSION, ONDC_DOMAIN, type OndcAction } from '@mandi/domain';
import { isInvoiceLinkSignature, publicKeyOf } from '@mandi/ondc';
import { LedgerBookService } from '../../ledger/ledger-book.service.js';
import { directJobContext } from '../../pipeline/testing/job-context.testing.js';
import { waitFor } from '../../pipeline/testing/pipeline.testing.js';
import type { InboundCall } from '../callbacks/callback-record.repository.js';
import { startBuyerApp, useOndcWorker, type TestBuyerApp } from '../testing/ondc.testing.js';
import { OndcOrderActions } from './order-actions.js';
import { OndcOrderProgressHandler } from './order-progress.handler.js';

// Network orders against the real database, through the order actions and the progress job as the worker runs them
// (the whole worker is up: the callbacks they record are sent to a test buyer app, which ACKs). Prices are checkout's:
// Rs 120.00 x 2 (500 g each) and Rs 45.50 x 3 (400 g each) is Rs 376.50 for 2.2 kg, shipped online for Rs 100.00
// (3 kg: 30 + 35 x 2), Rs 476.50 in all (libs/domain order-totals.spec.ts).

const world = useOndcWorker('ondc-orders');
let app: TestBuyerApp;
let sellerId: number;
let mangoes: number;
let dal: number;

const BAP_ID = 'buyer.test';
const SELLER_PAN = 'ABCPR1234F';
const CALL_ROW = sqlRow('test ondc order call', { id: 'bigint' });

beforeAll(async () => {
  app = await startBuyerApp();
  const { prisma } = world.db;
  const seller = await newUser(prisma);
  // The seller's own PAN, sealed as the profile seals it: on_init's and on_confirm's provider_tax_number.
  const sealed = new SealedText(world.config.SELLER_DATA_KEY).seal(
    SELLER_PAN,
    sellerProfileSealContext('pan', seller.id),
  );
  const panSealed = new Uint8Array(sealed);
  await newSellerProfile(prisma, seller.id, { status: 'approved', reviewedAt: new Date(), panSealed });
  sellerId = seller.id;
  mangoes = (await newProduct(prisma, { sellerId, name: 'Alphonso', pricePaise: 120_00, weightGrams: 500, stock: 50 }))
    .id;
  dal = (await newProduct(prisma, { sellerId, name: 'Toor dal', pricePaise: 45_50, weightGrams: 400, stock: 50 })).id;
  await prisma.$executeRaw`
    INSERT INTO pincodes (pincode, office_name, state, district, taluk)
    SELECT '560001', 'Bangalore GPO', 'Karnataka', 'Bengaluru', 'Bangalore North'
     WHERE NOT EXISTS (SELECT 1 FROM pincodes WHERE pincode = '560001')`;
});

afterAll(async () => {
  await app.close();
});

const actions = () => world.worker.get(OndcOrderActions, { strict: false });
const progress = () => world.worker.get(OndcOrderProgressHandler, { strict: false });

const end = {
  location: {
    gps: '12.974002,77.613458',
    address: {
      name: 'Asha Rao',
      building: '12, Residency Apartments',
      locality: 'MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'IND',
      area_code: '560001',
    },
  },
  contact: { phone: '9876543210', email: 'asha@example.com' },
  person: { name: 'Asha Rao' },
};
const billing = { name: 'Asha Rao', address: end.location.address, phone: '9876543210', email: 'asha@example.com' };

function contextFor(action: OndcAction, transactionId: string) {
  return {
    domain: ONDC_DOMAIN,
    country: 'IND',
    city: 'std:080',
    action,
    core_version: ONDC_CORE_VERSION,
    bap_id: BAP_ID,
    bap_uri: app.uri,
    bpp_id: 'mandi.test',
    bpp_uri: 'http://127.0.0.1/ondc',
    transaction_id: transactionId,
    message_id: randomUUID(),
    timestamp: new Date().toISOString(),
    ttl: 'PT30S',
  };
}

const orderOf = (items: [number, number][], extra: Record<string, unknown> = {}) => ({
  provider: { id: String(sellerId), locations: [{ id: `L${sellerId}` }] },
  items: items.map(([id, count]) => ({ id: String(id), fulfillment_id: 'F1', quantity: { count } })),
  ...extra,
});

/** Records a buyer app's call as the API does (without its event: the test answers it itself). */
async function receive(action: OndcAction, transactionId: string, message: object): Promise<InboundCall> {
  const body = { context: contextFor(action, transactionId), message };
  const [row] = await queryRows(
    world.db.prisma,
    CALL_ROW,
    Prisma.sql`
    INSERT INTO ondc_calls (direction, action, transaction_id, message_id, bap_id, bap_uri, body, ack_status, answered_at)
    VALUES ('inbound', ${action}, ${transactionId}, ${body.context.message_id}, ${BAP_ID}, ${app.uri},
            ${JSON.stringify(body)}::jsonb, 'ACK', now())
    RETURNING id`,
  );
  return {
    id: row!.id,
    action,
    transactionId,
    messageId: body.context.message_id,
    bapId: BAP_ID,
    bapUri: app.uri,
    body,
    dueBy: new Date(Date.now() + 30_000),
    orderId: null,
  };
}

/** Answers `call` as the worker's ondc.respond does, and reads the callback it recorded. */
async function answer(call: InboundCall) {
  await actions().answer(call, directJobContext(world.db.prisma));
  const callback = await world.db.prisma.ondcCall.findUniqueOrThrow({ where: { replyToId: call.id } });
  return callback as typeof callback & { body: { message?: any; error?: { code: string; message: string } } };
}

const prepaid = {
  type: 'ON-ORDER',
  collected_by: 'BAP',
  status: 'PAID',
  params: { currency: 'INR', amount: '476.50', transaction_id: 'bap-pay-1' },
  '@ondc/org/buyer_app_finder_fee_type': 'percent',
  '@ondc/org/buyer_app_finder_fee_amount': '3',
};

/** Confirms a new transaction of `items`, priced at `total` (rupees), paid as `payment` says. */
async function confirm(items: [number, number][], total: string, payment: Record<string, unknown> = prepaid) {
  const transactionId = randomUUID();
  const call = await receive('confirm', transactionId, {
    order: orderOf(items, {
      id: `T-${transactionId.slice(0, 8)}`,
      billing,
      fulfillments: [{ id: 'F1', type: 'Delivery', end }],
      quote: { price: { currency: 'INR', value: total } },
      payment: { ...payment, params: { currency: 'INR', amount: total } },
      created_at: new Date().toISOString(),
    }),
  });
  return { call, callback: await answer(call) };
}

const stockOf = async (id: number) =>
  (await world.db.prisma.product.findUniqueOrThrow({ where: { id }, select: { stock: true } })).stock;

describe('select', () => {
  it("quotes Mandi's price to the paisa: each item, no extra tax (prices include GST), checkout's shipping", async () => {
    const callback = await answer(
      await receive('select', randomUUID(), {
        order: orderOf(
          [
            [mangoes, 2],
            [dal, 3],
          ],
          { fulfillments: [{ end: { location: { gps: end.location.gps, address: { area_code: '560001' } } } }] },
        ),
      }),
    );
    const quote = callback.body.message.order.quote;
    expect(callback.body.error).toBeUndefined();
    expect(quote.price).toEqual({ currency: 'INR', value: '476.50' });
    const lines = quote.breakup.map((line: any) => [
      line['@ondc/org/title_type'],
      line['@ondc/org/item_id'],
      line.price.value,
    ]);
    expect(lines).toEqual([
      ['item', String(mangoes), '240.00'],
      ['tax', String(mangoes), '0.00'],
      ['item', String(dal), '136.50'],
      ['tax', String(dal), '0.00'],
      ['delivery', 'F1', '100.00'],
    ]);
    expect(callback.body.message.order.fulfillments[0]).toMatchObject({
      id: 'F1',
      '@ondc/org/TAT': 'P5D',
      state: { descriptor: { code: 'Serviceable' } },
    });
  });

  it('answers 40002 for more than is left, the quote showing what there is', async () => {
    const few = (await newProduct(world.db.prisma, { sellerId, name: 'Kesar', pricePaise: 99_00, stock: 2 })).id;
    const callback = await answer(await receive('select', randomUUID(), { order: orderOf([[few, 5]]) }));
    expect(callback.body.error).toMatchObject({ type: 'DOMAIN-ERROR', code: '40002' });
    expect(JSON.parse(callback.body.error!.message)).toEqual([{ item_id: String(few), error: '40002' }]);
    const item = callback.body.message.order.quote.breakup[0];
    expect(item['@ondc/org/item_quantity']).toEqual({ count: 2 });
    expect(item.item.quantity).toEqual({ available: { count: '99' }, maximum: { count: '2' } });
    expect(item.price.value).toBe('198.00');
  });

  it('refuses items of another provider in one order', async () => {
    const other = (await newProduct(world.db.prisma, { name: 'Elsewhere' })).id;
    const callback = await answer(
      await receive('select', randomUUID(), {
        order: orderOf([
          [mangoes, 1],
          [other, 1],
        ]),
      }),
    );
    expect(callback.body.error).toMatchObject({ code: '30000' });
  });
});

describe('confirm', () => {
  it('places exactly one Mandi order, paid by the buyer app and confirmed, stock taken, with its network row', async () => {
    const before = await stockOf(mangoes);
    const { call, callback } = await confirm(
      [
        [mangoes, 2],
        [dal, 3],
      ],
      '476.50',
    );
    expect(callback.body.error).toBeUndefined();
    const orderId = callback.orderId!;
    const order = await world.db.prisma.order.findUniqueOrThrow({
      where: { id: orderId },
      include: { payments: true },
    });
    expect(order).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
      paymentMethod: 'online',
      totalPaise: 476_50,
    });
    expect(order.payments).toMatchObject([{ provider: 'ondc', status: 'captured', amountPaise: 476_50 }]);
    expect(await stockOf(mangoes)).toBe(before! - 2);
    const network = await world.db.prisma.ondcOrder.findUniqueOrThrow({ where: { orderId } });
    // 3% of Rs 476.50 is Rs 14.295, rounded half up to the paisa.
    expect(network).toMatchObject({ paymentType: 'ON-ORDER', collectedBy: 'BAP', finderFeePaise: 14_30 });
    // Confirmed at once, yet on_confirm says Created: the on_status Pending that follows says Accepted (RET 1.2.0).
    expect(callback.body.message.order).toMatchObject({
      id: network.ondcOrderId,
      state: 'Created',
      quote: { price: { value: '476.50' } },
      payment: { status: 'PAID', type: 'ON-ORDER', '@ondc/org/buyer_app_finder_fee_amount': '3' },
    });
    // A marketplace's provider is its own business: its PAN, not the one in Mandi's GSTIN.
    expect(callback.body.message.order.tags[0].list).toContainEqual({ code: 'provider_tax_number', value: SELLER_PAN });
    const buyer = await world.db.prisma.user.findUniqueOrThrow({ where: { id: order.userId } });
    expect(buyer.email).toMatch(/\.invalid$/);

    // The same job again: the same order, no second one, no second answer.
    await actions().answer(call, directJobContext(world.db.prisma));
    expect(await world.db.prisma.ondcOrder.count({ where: { transactionId: call.transactionId } })).toBe(1);
    expect(await world.db.prisma.order.count({ where: { userId: order.userId, id: { gte: orderId } } })).toBe(1);
    expect(await world.db.prisma.ondcCall.count({ where: { replyToId: call.id } })).toBe(1);
  });

  it('refuses a quote that is not Mandi’s (40003) and places nothing', async () => {
    const orders = await world.db.prisma.order.count();
    const { callback } = await confirm([[mangoes, 1]], '100.00');
    expect(callback.body.error).toMatchObject({ code: '40003' });
    expect(await world.db.prisma.order.count()).toBe(orders);
  });

  it('of racing confirms for the last packs, places only as many orders as there is stock', async () => {
    const last = (await newProduct(world.db.prisma, { sellerId, name: 'Last ghee', pricePaise: 500_00, stock: 3 })).id;
    // Rs 500.00, 1 kg: shipped for Rs 30.00 online.
    const results = await Promise.all(Array.from({ length: 6 }, () => confirm([[last, 1]], '530.00')));
    const placed = results.filter((result) => result.callback.body.error === undefined);
    expect(placed).toHaveLength(3);
    for (const refused of results.filter((result) => result.callback.body.error !== undefined))
      expect(refused.callback.body.error).toMatchObject({ code: '40002' });
    expect(await stockOf(last)).toBe(0);
  });
});

describe('cancel', () => {
  const cancel = async (ondcOrderId: string, transactionId: string, code = '010') =>
    answer(await receive('cancel', transactionId, { order_id: ondcOrderId, cancellation_reason_id: code }));

  it('cancels within the rules: cancelled, restocked, on_cancel by the buyer app; the ledger settles to nothing', async () => {
    const before = await stockOf(dal);
    // Rs 136.50 for 1.2 kg, shipped as 2 kg online (30 + 35).
    const { call, callback } = await confirm([[dal, 3]], '201.50');
    const orderId = callback.orderId!;
    const { ondcOrderId } = await world.db.prisma.ondcOrder.findUniqueOrThrow({ where: { orderId } });
    const ledger = world.worker.get(LedgerBookService, { strict: false });
    await world.db.prisma.$transaction((tx) => ledger.bookOrder(tx, orderId));

    const cancelled = await cancel(ondcOrderId, call.transactionId);
    expect(cancelled.body.message.order).toMatchObject({
      state: 'Cancelled',
      cancellation: { cancelled_by: BAP_ID, reason: { id: '010' } },
    });
    expect(await world.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: 'cancelled',
    });
    expect(await stockOf(dal)).toBe(before);
    expect(await world.db.prisma.ondcOrder.findUniqueOrThrow({ where: { orderId } })).toMatchObject({
      cancelledBy: 'buyer_app',
      cancelReasonCode: '010',
    });

    // The progress job of the cancellation: no on_cancel of Mandi's, and the buyer app's money settles to nothing.
    await progress().handle({ orderId }, directJobContext(world.db.prisma));
    expect(await world.db.prisma.ondcCall.count({ where: { unsolicitedKey: `order:${orderId}:cancel` } })).toBe(0);
    // Once the documents are through (the invoice's sale, the credit note's reversal, booked by the worker), the
    // order holds nothing of the buyer's money and the buyer app owes nothing for it.
    const balances = async () =>
      (
        await world.db.prisma.$queryRaw<{ account: string; total: bigint }[]>`
        SELECT e.account::text AS account, sum(e.amount_paise) AS total
          FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
         WHERE t.order_id = ${orderId} AND e.account IN ('network_receivable', 'finder_fees', 'buyer_funds')
         GROUP BY e.account ORDER BY e.account::text`
      ).map((row) => [row.account, Number(row.total)]);
    await waitFor(
      async () => (await world.db.prisma.ledgerTransaction.count({ where: { orderId, kind: 'sale_reversal' } })) > 0,
    );
    expect(await balances()).toEqual([
      ['buyer_funds', 0],
      ['finder_fees', 0],
      ['network_receivable', 0],
    ]);
    const kinds = await world.db.prisma.ledgerTransaction.findMany({ where: { orderId }, select: { sourceKey: true } });
    expect(kinds.map((row) => row.sourceKey.split(':')[0]).sort()).toEqual(
      expect.arrayContaining(['credit_note', 'invoice', 'network_refund', 'payment']),
    );
  });

  it('refuses to cancel a shipped order (50001) and leaves it as it is', async () => {
    const { call, callback } = await confirm([[dal, 1]], '75.50');
    const orderId = callback.orderId!;
    await world.db.prisma.order.update({ where: { id: orderId }, data: { status: 'shipped', shippedAt: new Date() } });
    const { ondcOrderId } = await world.db.prisma.ondcOrder.findUniqueOrThrow({ where: { orderId } });
    const refused = await cancel(ondcOrderId, call.transactionId);
    expect(refused.body.error).toMatchObject({ code: '50001' });
    expect((await world.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe('shipped');
  });
});

describe('order progress', () => {
  it('sends each on_status once and in order, every step before the latest too', async () => {
    const { callback } = await confirm([[mangoes, 1]], '150.00');
    const orderId = callback.orderId!;
    const run = () => progress().handle({ orderId }, directJobContext(world.db.prisma));
    await run();
    // An admin marks it shipped before the seller packed: Packed and Order-picked-up are still told, before it.
    await world.db.prisma.order.update({ where: { id: orderId }, data: { status: 'shipped', shippedAt: new Date() } });
    await run();
    await run();
    // Paid, so the worker invoices it: the steps told from then on link the invoice (documents), by a link only
    // Mandi can sign.
    const invoiceOf = () => world.db.prisma.invoice.findFirst({ where: { orderId }, orderBy: { id: 'asc' } });
    await waitFor(async () => (await invoiceOf()) !== null);
    const invoice = (await invoiceOf())!;
    await world.db.prisma.order.update({
      where: { id: orderId },
      data: { status: 'delivered', deliveredAt: new Date() },
    });
    await Promise.all([run(), run()]);
    const sent = await world.db.prisma.ondcCall.findMany({
      where: { orderId, direction: 'outbound', action: 'on_status', replyToId: null },
      orderBy: { id: 'asc' },
    });
    expect(sent.map((call) => call.unsolicitedKey)).toEqual(
      ['Pending', 'Packed', 'Order-picked-up', 'Out-for-delivery', 'Order-delivered'].map(
        (step) => `order:${orderId}:status:${step}`,
      ),
    );
    const last = sent.at(-1)!.body as any;
    expect(last.message.order.state).toBe('Completed');
    expect(last.message.order.fulfillments[0].end.time.timestamp).toBeDefined();
    expect(last.message.order.documents).toEqual([{ url: expect.any(String), label: 'Invoice' }]);
    const link = new RegExp(`^${world.config.PUBLIC_URL}/ondc/invoices/(\\d+)/([A-Za-z0-9_-]+)$`).exec(
      last.message.order.documents[0].url,
    );
    expect(link?.[1]).toBe(String(invoice.id));
    const signingKey = world.config.ondc!.signingPrivateKey;
    expect(isInvoiceLinkSignature(invoice.id, link![2]!, publicKeyOf(signingKey))).toBe(true);
  });

  it("tells Mandi's own cancellation once, with a seller's reason code", async () => {
    // Cash on delivery: Rs 120.00, 1 kg shipped for Rs 75.00 + 18% = Rs 88.50 (libs/domain shipping).
    const cod = { ...prepaid, type: 'ON-FULFILLMENT', collected_by: 'BPP', status: 'NOT-PAID' };
    const { callback } = await confirm([[mangoes, 1]], '208.50', cod);
    expect(callback.body.error).toBeUndefined();
    const orderId = callback.orderId!;
    expect(await world.db.prisma.order.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      status: 'pending',
      paymentMethod: 'cod',
    });
    await world.db.prisma.order.update({
      where: { id: orderId },
      data: { status: 'cancelled', cancelledAt: new Date(), cancelReason: 'Cancelled by Mandi' },
    });
    const run = () => progress().handle({ orderId }, directJobContext(world.db.prisma));
    await Promise.all([run(), run()]);
    const sent = await world.db.prisma.ondcCall.findMany({ where: { orderId, action: 'on_cancel' } });
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as any).message.order).toMatchObject({
      state: 'Cancelled',
      cancellation: { reason: { id: '005' } },
    });
    expect(await world.db.prisma.ondcOrder.findUniqueOrThrow({ where: { orderId } })).toMatchObject({
      cancelledBy: 'seller_node',
      cancelReasonCode: '005',
    });
  });
});
