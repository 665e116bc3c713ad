import { newAddress, newOrder, newProduct, newSellerProfile } from '@mandi/database';
import { orderShipmentListSchema, routeUrl, shipmentSchema } from '@mandi/contracts';
import { ACCESS_MESSAGES, SELLER_PROFILE_MESSAGES, SHIPMENT_MESSAGES } from '@mandi/domain';
import { bearer } from './catalog.testing.js';
import { ApiHarness, type TestUser } from './harness.js';

// Each seller ships their own part (issue 31, docs/shipments.md): checkout makes one shipment per seller, each seller
// packs and hands over their own on a confirmed order, and the last hand-over ships the order through the order
// process's own move. Cancelling cancels the parts.

describe("sellers' shipments", () => {
  let api: ApiHarness;
  let farmer: TestUser;
  let fpo: TestUser;
  let unverified: TestUser;
  let buyer: TestUser;
  let admin: TestUser;

  /** Gives `seller` a business profile in `status`, as an admin's review leaves it. */
  const profile = (seller: TestUser, status: 'approved' | 'pending') =>
    newSellerProfile(api.db.prisma, seller.id, { status, reviewedBy: status === 'pending' ? null : admin.id });

  beforeAll(async () => {
    api = await ApiHarness.start();
    [farmer, fpo, unverified, buyer, admin] = await Promise.all([
      api.newUser(),
      api.newUser(),
      api.newUser(),
      api.newUser(),
      api.newUser({ role: 'admin' }),
    ]);
    await profile(farmer, 'approved');
    await profile(fpo, 'approved');
    await profile(unverified, 'pending');
  }, 60_000);
  afterAll(async () => {
    await api.stop();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: unknown) =>
    api.request({ method, url, headers: user ? bearer(user) : {}, payload });

  /** A COD order of one 400 g pack at ₹100 from each of `sellers`, placed through checkout (which makes the parts). */
  async function order(sellers: TestUser[]): Promise<number> {
    const products = await Promise.all(
      sellers.map((seller) => newProduct(api.db.prisma, { sellerId: seller.id, pricePaise: 10_000, weightGrams: 400 })),
    );
    const address = await newAddress(api.db.prisma, { userId: buyer.id });
    // Up to 1 kg, cash on delivery ships for ₹88.50.
    const subtotal = 100 * products.length;
    const shipping = products.length <= 2 ? 88.5 : 129.8;
    const placed = await call('POST', '/api/payment/cod', buyer, {
      userId: buyer.id,
      addressId: address.id,
      cartItems: products.map((product) => ({ productId: product.id, quantity: 1, price: 100 })),
      billing: { subtotal, shippingCost: shipping, grandTotal: Math.round((subtotal + shipping) * 100) / 100 },
    });
    expect(placed.statusCode).toBe(201);
    const [latest] = await api.db.prisma.order.findMany({
      where: { userId: buyer.id },
      orderBy: { id: 'desc' },
      take: 1,
    });
    return latest!.id;
  }
  const confirm = async (orderId: number) =>
    expect((await call('PUT', routeUrl('confirmOrder', { params: { id: orderId } }), admin)).statusCode).toBe(200);
  const partOf = async (orderId: number, seller: TestUser) =>
    (await api.db.prisma.shipment.findFirstOrThrow({ where: { orderId, sellerId: seller.id } })).id;
  const pack = (seller: TestUser, shipmentId: number, as: TestUser | null = seller) =>
    call('POST', routeUrl('packShipment', { params: { uid: seller.uid, shipmentId } }), as);
  const handOver = (seller: TestUser, shipmentId: number, body: unknown, as: TestUser | null = seller) =>
    call('POST', routeUrl('handOverShipment', { params: { uid: seller.uid, shipmentId } }), as, body);
  const courier = { carrier: 'India Post', tracking_number: 'EE123456789IN' };
  const orderStatus = async (id: number) => (await api.db.prisma.order.findUniqueOrThrow({ where: { id } })).status;
  const events = (type: string, orderId: number) =>
    api.db.prisma.outboxEvent.count({ where: { type, payload: { path: ['orderId'], equals: orderId } } });

  it('makes one part per seller at checkout, shown to the buyer and an admin only', async () => {
    const id = await order([farmer, fpo]);
    const shipments = await call('GET', routeUrl('orderShipments', { params: { orderId: id } }), buyer);
    expect(shipments.statusCode).toBe(200);
    const parts = orderShipmentListSchema.parse(shipments.json());
    expect(parts.map((part) => [part.seller.uid, part.status, part.order_item_ids.length]).sort()).toEqual(
      [
        [farmer.uid, 'to_pack', 1],
        [fpo.uid, 'to_pack', 1],
      ].sort(),
    );
    expect((await call('GET', routeUrl('orderShipments', { params: { orderId: id } }), admin)).statusCode).toBe(200);
    expect((await call('GET', routeUrl('orderShipments', { params: { orderId: id } }), farmer)).statusCode).toBe(403);
    expect((await call('GET', routeUrl('orderShipments', { params: { orderId: id } }), null)).statusCode).toBe(401);
    expect((await call('GET', routeUrl('orderShipments', { params: { orderId: 99_999_999 } }), buyer)).statusCode).toBe(
      404,
    );
  });

  it('gives an order written line by line, as the demo seed writes one, its parts in its own state', async () => {
    const product = await newProduct(api.db.prisma, { sellerId: farmer.id });
    for (const status of ['shipped', 'cancelled', 'confirmed'] as const) {
      const placed = await newOrder(api.db.prisma, { userId: buyer.id, status, lines: [{ product }, {}] });
      const parts = await api.db.prisma.shipment.findMany({ where: { orderId: placed.id }, orderBy: { id: 'asc' } });
      const expected = { shipped: 'handed_over', cancelled: 'cancelled', confirmed: 'to_pack' }[status];
      expect(parts.map((part) => part.status)).toEqual([expected, expected]);
    }
  });

  it('moves nothing of an order that is not confirmed, and never another seller’s part', async () => {
    const id = await order([farmer, fpo]);
    const mine = await partOf(id, farmer);
    const theirs = await partOf(id, fpo);
    const pending = await pack(farmer, mine);
    expect([pending.statusCode, pending.json().message]).toEqual([409, SHIPMENT_MESSAGES.orderNotConfirmed]);
    await confirm(id);
    const another = await pack(farmer, theirs);
    expect([another.statusCode, another.json().message]).toEqual([403, SHIPMENT_MESSAGES.notYours]);
    // From someone else's dashboard path, an admin's included: refused before anything is read.
    const byAdmin = await pack(farmer, mine, admin);
    expect([byAdmin.statusCode, byAdmin.json().message]).toEqual([403, ACCESS_MESSAGES.notYours]);
    expect((await pack(farmer, mine, null)).statusCode).toBe(401);
    expect((await pack(farmer, 99_999_999)).statusCode).toBe(404);
    expect((await handOver(farmer, mine, courier)).json().message).toBe(SHIPMENT_MESSAGES.cannotHandOver);
    expect(await api.db.prisma.shipment.findUniqueOrThrow({ where: { id: mine } })).toMatchObject({
      status: 'to_pack',
    });
  });

  it('needs an approved business profile to ship', async () => {
    const id = await order([unverified]);
    await confirm(id);
    const refused = await pack(unverified, await partOf(id, unverified));
    expect([refused.statusCode, refused.json().message]).toEqual([403, SELLER_PROFILE_MESSAGES.approvalRequired]);
  });

  it('ships the order on its own when the last part is handed over, each step mailed through the outbox', async () => {
    const id = await order([farmer, fpo]);
    await confirm(id);
    const [mine, theirs] = [await partOf(id, farmer), await partOf(id, fpo)];

    const packed = await pack(farmer, mine);
    expect(shipmentSchema.parse(packed.json())).toMatchObject({ status: 'packed', packed_at: expect.any(String) });
    expect((await pack(farmer, mine)).json().message).toBe(SHIPMENT_MESSAGES.cannotPack);

    const bad = await handOver(farmer, mine, { carrier: '', tracking_number: 'x' });
    expect([bad.statusCode, bad.json().fields]).toEqual([
      400,
      { carrier: SHIPMENT_MESSAGES.carrierRequired, tracking_number: SHIPMENT_MESSAGES.trackingInvalid },
    ]);
    const mixed = await handOver(farmer, mine, { ...courier, self_delivery: true });
    expect(mixed.json().fields).toEqual({ self_delivery: SHIPMENT_MESSAGES.selfDeliveryNoCarrier });

    expect((await handOver(farmer, mine, courier)).json()).toMatchObject({
      status: 'handed_over',
      carrier: 'India Post',
      tracking_number: 'EE123456789IN',
      self_delivery: false,
    });
    expect(await orderStatus(id)).toBe('confirmed');

    expect((await pack(fpo, theirs)).statusCode).toBe(200);
    expect((await handOver(fpo, theirs, { self_delivery: true })).json()).toMatchObject({
      status: 'handed_over',
      carrier: null,
      self_delivery: true,
    });
    expect(await orderStatus(id)).toBe('shipped');
    expect(await events('order.shipped', id)).toBe(1);
    expect(await events('shipment.packed', id)).toBe(2);
    expect(await events('shipment.handed_over', id)).toBe(2);
    // Shipped now: the parts are past moving, and the order's own audit trail has no admin move for it.
    expect(
      await api.db.prisma.auditEntry.count({
        where: { objectType: 'order', objectId: String(id), action: 'order.mark_shipped' },
      }),
    ).toBe(0);
  });

  it('ships the order exactly once when two sellers hand over the last two parts at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await order([farmer, fpo]);
      await confirm(id);
      const [mine, theirs] = [await partOf(id, farmer), await partOf(id, fpo)];
      await pack(farmer, mine);
      await pack(fpo, theirs);
      const answers = await Promise.all([handOver(farmer, mine, courier), handOver(fpo, theirs, courier)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await orderStatus(id)).toBe('shipped');
      expect(await events('order.shipped', id)).toBe(1);
    }
  });

  it('cancels the parts with the order, and an admin can still mark an order shipped as the spec says', async () => {
    const cancelled = await order([farmer, fpo]);
    await confirm(cancelled);
    await pack(farmer, await partOf(cancelled, farmer));
    const cancel = await call('PUT', routeUrl('cancelOrderByAdmin', { params: { id: cancelled } }), admin, {
      reason: 'Out of stock',
    });
    expect(cancel.statusCode).toBe(200);
    const parts = await api.db.prisma.shipment.findMany({ where: { orderId: cancelled } });
    expect(parts.map((part) => part.status)).toEqual(['cancelled', 'cancelled']);
    expect((await pack(fpo, await partOf(cancelled, fpo))).json().message).toBe(SHIPMENT_MESSAGES.orderNotConfirmed);

    const byAdmin = await order([farmer]);
    await confirm(byAdmin);
    expect((await call('PUT', routeUrl('markOrderShipped', { params: { id: byAdmin } }), admin)).statusCode).toBe(200);
    expect(await orderStatus(byAdmin)).toBe('shipped');
  });
});
