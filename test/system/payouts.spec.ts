import { randomBytes } from 'node:crypto';
import { routeUrl, type SellerProfileBody } from '@mandi/contracts';
import { newAddress, newProduct, type Address, type Product } from '@mandi/database';
import { EmulatorAccounts } from '@mandi/identity';
import { gstinCheckCharacter } from '@mandi/domain';
import { LedgerCheckRepository } from '../../apps/worker/src/ledger/ledger-check.repository.js';
import { bearer } from '../../apps/api/test/catalog.testing.js';
import type { ApiHarness, TestUser } from '../../apps/api/test/harness.js';
import { startWorkerJourney, type WorkerJourney } from '../../apps/api/test/worker-journey.testing.js';

// Money reaches the farmer (issue 32; docs/ledger.md, docs/payouts.md): two approved sellers get Route linked accounts;
// an online order and a cash-on-delivery order, each of Mandi's ghee, Asha's pickle and Ravi's potatoes, are placed,
// paid and delivered through the HTTP API as the storefront and the console do; the built worker books the ledger,
// transfers each seller's share (held, for the online payment), and releases it once the order is delivered and the
// settle-after period has passed (the delivery moved back in the database, not waited for); Razorpay settles it with
// a UTR. A cancellation before release reverses its transfers. Every figure is worked out in the test from the
// documents and the commission rules (5% fresh produce, 8% pickles; GST 18% on it within Karnataka; TCS 0.5% of a
// registered seller's taxable value; no TDS for individual farmers within Rs 5 lakh), not by the code under test.

const gstinOf = (state: string, pan: string) => `${state}${pan}1Z${gstinCheckCharacter(`${state}${pan}1Z`)}`;
const ASHA_PAN = 'ABCPE1234F';
const RAVI_PAN = 'BCDPK5678L';

const profile = (legalName: string, pan: string, gstin: string, mobile: string): SellerProfileBody => ({
  legal_name: legalName,
  business_kind: 'individual_farmer',
  pan,
  gstin,
  fssai_number: '21519012000123',
  pickup_address: {
    name: legalName,
    mobile,
    state: 'Karnataka',
    district: 'Bangalore',
    taluk: 'Bangalore North',
    flat_house_building: 'Survey No. 12',
    area_or_street_or_village: 'Hesaraghatta',
    landmark: 'Near the dairy',
    pincode: '560001',
  },
  bank_account_holder: legalName,
  bank_account_number: '123456789012',
  ifsc: 'SBIN0000001',
});

type Sandbox = WorkerJourney['sandbox'];

let journey: WorkerJourney;
let sandbox: Sandbox;
let api: ApiHarness;
let admin: TestUser;
let buyer: TestUser;
let asha: TestUser;
let ravi: TestUser;
let address: Address;
let ghee: Product;
let pickle: Product;
let potatoes: Product;
const accounts = new EmulatorAccounts();

beforeAll(async () => {
  // Mandi's official seller, whose lines are Mandi's own supplies, is an account the configuration names.
  const official = await accounts.signUp();
  journey = await startWorkerJourney('payouts', {
    OFFICIAL_SELLER_UID: official.uid,
    SELLER_DATA_KEY: randomBytes(32).toString('base64'),
    PAYOUT_SWEEP_MS: '250',
  });
  ({ api, sandbox } = journey);
  [admin, buyer, asha, ravi] = await Promise.all([
    api.newUser({ role: 'admin' }),
    api.newUser(),
    api.newUser(),
    api.newUser(),
  ]);
  const mandi = await api.db.prisma.user.create({
    data: { firebaseUid: official.uid, email: official.email, username: 'mandi_official', agreedToTerms: true },
  });
  address = await newAddress(api.db.prisma, { userId: buyer.id, state: 'Karnataka', pincode: '560011' });
  [ghee, pickle, potatoes] = await Promise.all(
    (
      [
        [mandi.id, 'Desi Ghee 500 ml', 'ghee_butter', 65_000],
        [asha.id, 'Mango Pickle 500 g', 'pickles_preserves', 20_000],
        [ravi.id, 'Aloo 1 kg', 'fresh_produce', 4_000],
      ] as const
    ).map(([sellerId, name, category, pricePaise]) =>
      newProduct(api.db.prisma, {
        sellerId,
        name,
        category,
        prePackaged: true,
        pricePaise,
        weightGrams: 300,
        stock: 100,
      }),
    ),
  );
  // Cash-on-delivery shares are paid from Mandi's own Razorpay balance.
  await fetch(`${sandbox.url}/sandbox/balance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 10_000_000 }),
  });
}, 180_000);

afterAll(async () => {
  await journey?.stop();
  await accounts.removeAll();
});

const eventually: WorkerJourney['eventually'] = (check, what, timeoutMs) => journey.eventually(check, what, timeoutMs);
const call = (method: 'GET' | 'PUT' | 'POST', url: string, user: TestUser, payload?: unknown) =>
  api.request({ method, url, headers: bearer(user), payload });

const cartLines = () =>
  [ghee, pickle, potatoes].map((product) => ({
    productId: product.id,
    productName: product.name,
    quantity: 1,
    price: product.pricePaise / 100,
  }));

/** Places a cash-on-delivery order of one of each, with the billing the server prices (read off its 409). */
async function placeCod(): Promise<number> {
  const body = { userId: buyer.id, addressId: address.id, cartItems: cartLines() };
  const priced = await call('POST', '/api/payment/cod', buyer, {
    ...body,
    billing: { subtotal: 0, shippingCost: 0, grandTotal: 0 },
  });
  expect(priced.statusCode).toBe(409);
  const placed = await call('POST', '/api/payment/cod', buyer, { ...body, billing: priced.json().details.billing });
  expect([placed.statusCode, placed.body]).toEqual([201, expect.any(String)]);
  return Number(placed.json().orderId);
}

/** Places an online order of `lines` and pays it in the sandbox, reported by the checkout's success call. */
async function placeAndPayOnline(lines = cartLines()): Promise<number> {
  const body = { userId: buyer.id, addressId: address.id, items: lines };
  const priced = await call('POST', '/api/payment/order', buyer, { ...body, amount: 1 });
  expect(priced.statusCode).toBe(409);
  const billing = priced.json().details.billing;
  const created = await call('POST', '/api/payment/order', buyer, { ...body, amount: billing.grandTotal });
  expect([created.statusCode, created.body]).toEqual([201, expect.any(String)]);
  const providerOrderId: string = created.json().order.id;
  const paid = await sandbox.payOrder(providerOrderId, { outcome: 'success', delivery: 'never' });
  const success = await call('POST', '/api/payment/payment-success', buyer, {
    ...body,
    payment: { ...paid, amount: billing.grandTotal },
    billing,
  });
  expect([success.statusCode, success.body]).toEqual([200, expect.any(String)]);
  return (await api.db.prisma.order.findFirstOrThrow({ where: { payments: { some: { providerOrderId } } } })).id;
}

/** An admin's move from the console. */
async function move(action: 'confirm' | 'payment' | 'shipped' | 'delivered' | 'cancel', orderId: number) {
  const answer = await call(
    'PUT',
    `/api/admin/orders/${action}/${orderId}`,
    admin,
    action === 'payment'
      ? { status: 'paid' }
      : action === 'cancel'
        ? { reason: 'Buyer changed their mind' }
        : undefined,
  );
  expect([action, answer.statusCode, answer.body]).toEqual([action, 200, expect.any(String)]);
}

/** The order's delivery moved back past the settle-after period (48 hours), as if two days had gone by. */
const twoDaysLater = (orderId: number) =>
  api.db.prisma.order.update({ where: { id: orderId }, data: { deliveredAt: new Date(Date.now() - 49 * 3_600_000) } });

/** Half-up rounding of a share of paise, as a person works it out. */
const percentOf = (paise: number, percent: number) => Math.round((paise * percent) / 100);

/**
 * What each seller is owed for their document of `orderId`, worked out from the document and the line: the document's
 * total less the commission on the line, 18% GST on that (9% + 9%, each rounded), and the TCS on the document.
 */
async function expectedNet(orderId: number, seller: TestUser, linePaise: number, commissionPercent: number) {
  const invoice = await api.db.prisma.invoice.findFirstOrThrow({ where: { orderId, sellerId: seller.id } });
  const commission = percentOf(linePaise, commissionPercent);
  const gst = 2 * percentOf(commission, 9);
  const tcs = invoice.tcsCgstPaise + invoice.tcsSgstPaise + invoice.tcsIgstPaise;
  return { net: invoice.totalPaise - commission - gst - tcs, commission, gst, tcs, total: invoice.totalPaise };
}

const payoutsOf = (orderId: number) =>
  api.db.prisma.sellerPayout.findMany({ where: { orderId }, orderBy: { sellerId: 'asc' } });

/** Every payout of the order in `status` (there are two: Asha's and Ravi's), or undefined. */
async function payoutsIn(orderId: number, status: string) {
  const payouts = await payoutsOf(orderId);
  return payouts.length === 2 && payouts.every((payout) => payout.status === status) ? payouts : undefined;
}

const ledgerBreaks = () => new LedgerCheckRepository(api.db.prisma as never).breaks(0);

/** What the buyer's money left in buyer_funds for an order: 0 once it is all sold or refunded. */
async function heldForBuyer(orderId: number): Promise<number> {
  const { _sum } = await api.db.prisma.ledgerEntry.aggregate({
    where: { account: 'buyer_funds', transaction: { orderId } },
    _sum: { amountPaise: true },
  });
  return _sum.amountPaise ?? 0;
}

test('two sellers and Mandi, online and cash on delivery: held, released after delivery and the settle-after period, settled with a UTR; a cancellation reversed', async () => {
  // Both sellers are approved; the worker gives each a Route linked account with their bank account.
  for (const [seller, body] of [
    [asha, profile('Asha Rao Farms', ASHA_PAN, gstinOf('29', ASHA_PAN), '9876543210')],
    [ravi, profile('Ravi Kumar', RAVI_PAN, '', '9876543211')],
  ] as const) {
    expect(
      (await call('PUT', routeUrl('saveSellerProfile', { params: { uid: seller.uid } }), seller, body)).statusCode,
    ).toBe(200);
    const approved = await call('POST', routeUrl('approveSellerProfile', { params: { uid: seller.uid } }), admin);
    expect(approved.statusCode).toBe(200);
  }
  const linked = await eventually(async () => {
    const rows = await api.db.prisma.sellerRouteAccount.findMany({ where: { status: 'activated' } });
    return rows.length === 2 ? rows : undefined;
  }, 'both linked accounts activated');
  const accountOf = new Map(linked.map((row) => [row.userId, row.razorpayAccountId!]));
  for (const [seller, name] of [
    [asha, 'Asha Rao Farms'],
    [ravi, 'Ravi Kumar'],
  ] as const)
    expect(sandbox.route.account(accountOf.get(seller.id)!)).toMatchObject({
      legal_business_name: name,
      business_type: 'individual',
      status: 'activated',
    });

  // The online order: paid, three documents, each seller's share transferred from the payment, on hold.
  const online = await placeAndPayOnline();
  const held = await eventually(() => payoutsIn(online, 'on_hold'), 'the online shares transferred on hold');
  const ashaOwed = await expectedNet(online, asha, pickle.pricePaise, 8);
  const raviOwed = await expectedNet(online, ravi, potatoes.pricePaise, 5);
  expect(ashaOwed.tcs).toBeGreaterThan(0);
  expect(held.map((payout) => [payout.sellerId, payout.amountPaise, payout.method])).toEqual(
    [
      [asha.id, ashaOwed.net, 'payment_transfer'],
      [ravi.id, raviOwed.net, 'payment_transfer'],
    ].sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  const payment = await api.db.prisma.payment.findFirstOrThrow({ where: { orderId: online, provider: 'razorpay' } });
  for (const payout of held)
    expect(sandbox.route.transfer(payout.razorpayTransferId!)).toMatchObject({
      source: payment.providerPaymentId,
      recipient: accountOf.get(payout.sellerId),
      amount: payout.amountPaise,
      on_hold: true,
      notes: { mandi_payout_id: String(payout.id) },
    });

  // Delivered, but held for the settle-after period: nothing released yet.
  await move('shipped', online);
  await move('delivered', online);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect((await payoutsOf(online)).map((payout) => payout.status)).toEqual(['on_hold', 'on_hold']);
  // Two days later the sweep releases both holds; Razorpay settles them to the sellers' banks with a UTR.
  await twoDaysLater(online);
  await eventually(() => payoutsIn(online, 'released'), 'the online shares released');
  for (const payout of await payoutsOf(online))
    expect(sandbox.route.transfer(payout.razorpayTransferId!)).toMatchObject({ on_hold: false });
  const run = await sandbox.runSettlements();
  const settled = await eventually(() => payoutsIn(online, 'settled'), 'the online shares settled');
  const utrs = new Map(run.map((made) => [made.account_id, (made.settlement as { utr: string }).utr]));
  for (const payout of settled) expect(payout.utr).toBe(utrs.get(accountOf.get(payout.sellerId)!));

  // Cash on delivery: confirmed, delivered, the courier's cash recorded as paid; the shares wait for the period, then
  // go by direct transfer from Mandi's balance.
  const cod = await placeCod();
  await move('confirm', cod);
  await move('shipped', cod);
  await move('delivered', cod);
  await move('payment', cod);
  const scheduled = await eventually(() => payoutsIn(cod, 'scheduled'), 'the cash-on-delivery shares scheduled');
  expect(scheduled.map((payout) => payout.razorpayTransferId)).toEqual([null, null]);
  expect(scheduled.map((payout) => payout.amountPaise)).toEqual(
    [
      [asha.id, (await expectedNet(cod, asha, pickle.pricePaise, 8)).net],
      [ravi.id, (await expectedNet(cod, ravi, potatoes.pricePaise, 5)).net],
    ]
      .sort((a, b) => a[0]! - b[0]!)
      .map(([, net]) => net),
  );
  await twoDaysLater(cod);
  const direct = await eventually(() => payoutsIn(cod, 'released'), 'the cash-on-delivery shares paid directly');
  for (const payout of direct)
    expect(sandbox.route.transfer(payout.razorpayTransferId!)).toMatchObject({
      recipient: accountOf.get(payout.sellerId),
      amount: payout.amountPaise,
      on_hold: false,
    });
  await sandbox.runSettlements();
  await eventually(() => payoutsIn(cod, 'settled'), 'the cash-on-delivery shares settled');

  // A cancellation before release: the credit notes reverse the sales, the transfers come back, the buyer is refunded.
  const cancelled = await placeAndPayOnline();
  const transferred = await eventually(() => payoutsIn(cancelled, 'on_hold'), 'the shares of the order to cancel');
  await move('cancel', cancelled);
  await eventually(() => payoutsIn(cancelled, 'reversed'), 'the cancelled order’s transfers reversed');
  for (const payout of transferred)
    expect(sandbox.route.transfer(payout.razorpayTransferId!)).toMatchObject({ amount_reversed: payout.amountPaise });
  await eventually(
    async () => ((await heldForBuyer(cancelled)) === 0 ? true : undefined),
    'the refund booked back to the buyer',
  );

  // The books: every order's sales take exactly what the buyer paid, nothing is left owed, every seller paid once.
  for (const orderId of [online, cod, cancelled]) expect([orderId, await heldForBuyer(orderId)]).toEqual([orderId, 0]);
  await eventually(async () => ((await ledgerBreaks()).length === 0 ? true : undefined), 'a ledger with no break');
  const owed = await api.db.prisma.ledgerEntry.groupBy({
    by: ['sellerId'],
    where: { account: 'seller_payable' },
    _sum: { amountPaise: true },
  });
  // Both sellers were paid all they were owed for the two orders they keep, and nothing for the cancelled one.
  expect(owed.map((row) => [row.sellerId, row._sum.amountPaise])).toEqual(
    expect.arrayContaining([
      [asha.id, 0],
      [ravi.id, 0],
    ]),
  );
  const paidTo = await api.db.prisma.sellerPayout.groupBy({
    by: ['sellerId', 'status'],
    _count: true,
    orderBy: [{ sellerId: 'asc' }, { status: 'asc' }],
  });
  expect(paidTo.map((row) => [row.sellerId, row.status, row._count])).toEqual([
    [Math.min(asha.id, ravi.id), 'settled', 2],
    [Math.min(asha.id, ravi.id), 'reversed', 1],
    [Math.max(asha.id, ravi.id), 'settled', 2],
    [Math.max(asha.id, ravi.id), 'reversed', 1],
  ]);
}, 240_000);

test('a refund after release: the released transfers are reversed before Razorpay settles them, and the books end balanced', async () => {
  // Mandi refunds only what a cancellation cancels, and cancels only before shipping (docs/payouts.md), so a refund
  // after release has no button: here the order, delivered and its shares released, is cancelled by the database (as
  // a support correction would be) with its order.cancelled event, and everything after it runs as in production.
  const orderId = await placeAndPayOnline([
    { productId: pickle.id, productName: pickle.name, quantity: 1, price: pickle.pricePaise / 100 },
    { productId: potatoes.id, productName: potatoes.name, quantity: 1, price: potatoes.pricePaise / 100 },
  ]);
  await eventually(() => payoutsIn(orderId, 'on_hold'), 'the shares transferred on hold');
  await move('shipped', orderId);
  await move('delivered', orderId);
  await twoDaysLater(orderId);
  const released = await eventually(() => payoutsIn(orderId, 'released'), 'the shares released');

  await api.db.prisma.$transaction([
    api.db.prisma.order.update({
      where: { id: orderId },
      data: { status: 'cancelled', cancelledAt: new Date(), cancelReason: 'Produce arrived spoiled' },
    }),
    api.db.prisma.outboxEvent.create({
      data: { type: 'order.cancelled', aggregateId: String(orderId), payload: { orderId } },
    }),
  ]);
  await eventually(() => payoutsIn(orderId, 'reversed'), 'the released transfers reversed');
  for (const payout of released)
    expect(sandbox.route.transfer(payout.razorpayTransferId!)).toMatchObject({ amount_reversed: payout.amountPaise });
  await eventually(
    async () => ((await heldForBuyer(orderId)) === 0 ? true : undefined),
    'the buyer refunded and the refund booked',
  );
  expect(await api.db.prisma.refund.count({ where: { payment: { orderId }, status: 'processed' } })).toBe(1);
  // Each seller's payout came back exactly once: one payout and one reversal in the ledger each.
  for (const payout of released) {
    const moves = await api.db.prisma.ledgerTransaction.groupBy({
      by: ['kind'],
      where: { payoutId: payout.id },
      _count: true,
    });
    expect(moves.map((row) => [row.kind, row._count]).sort()).toEqual([
      ['payout', 1],
      ['payout_reversal', 1],
    ]);
  }
  await eventually(async () => ((await ledgerBreaks()).length === 0 ? true : undefined), 'a ledger with no break');
}, 180_000);
