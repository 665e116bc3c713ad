import { createTestDatabase, newOrder, newUser, type TestDatabase } from '@mandi/database';
import { ORDER_WINDOW_MS } from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';
import { ORDER_PAID_EVENTS, orderPaidSql } from './order-payment.sql.js';

describe('the payment-driven move of an order', () => {
  let db: TestDatabase;
  let buyerId: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    buyerId = (await newUser(db.prisma)).id;
  });

  afterAll(async () => {
    await db.drop();
  });

  /** Pays order `orderId` as a capture does: the order's CTEs of the capture statement, with their events. */
  function pay(orderId: number) {
    return db.prisma.$queryRaw<{ id: number; confirmed: boolean }[]>`
      WITH pay AS (SELECT ${orderId}::int AS order_id),
      ${orderPaidSql('pay', ORDER_WINDOW_MS)},
      events AS (${outboxInsertSql(...ORDER_PAID_EVENTS)})
      SELECT id, confirmed FROM paid`;
  }

  async function state(orderId: number) {
    const order = await db.prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const events = await db.prisma.outboxEvent.findMany({
      where: { aggregateId: String(orderId) },
      orderBy: { id: 'asc' },
    });
    return { status: order.status, paymentStatus: order.paymentStatus, events: events.map((event) => event.type) };
  }

  it('marks a pending order paid and confirms it, announcing both', async () => {
    const { id } = await newOrder(db.prisma, { userId: buyerId });
    expect(await pay(id)).toEqual([{ id, confirmed: true }]);
    expect(await state(id)).toEqual({
      status: 'confirmed',
      paymentStatus: 'paid',
      events: ['order.paid', 'order.confirmed'],
    });
  });

  it('marks an order the deadline cancelled meanwhile paid, without confirming it or announcing a confirmation', async () => {
    const { id } = await newOrder(db.prisma, { userId: buyerId });
    let paying: Promise<{ id: number; confirmed: boolean }[]> | undefined;
    await db.prisma.$transaction(async (tx) => {
      // The deadline holds the row while the payment arrives; the payment waits for it and then decides.
      await tx.$executeRaw`UPDATE orders SET status = 'cancelled', cancelled_at = now() WHERE id = ${id}`;
      paying = pay(id).then((rows) => rows); // then() sends it now: a Prisma query waits to be awaited otherwise
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await paying).toEqual([{ id, confirmed: false }]);
    expect(await state(id)).toEqual({ status: 'cancelled', paymentStatus: 'paid', events: ['order.paid'] });
  });

  it('leaves an order paid already as it is', async () => {
    const { id } = await newOrder(db.prisma, { userId: buyerId, paymentStatus: 'paid', status: 'confirmed' });
    expect(await pay(id)).toEqual([]);
    expect(await state(id)).toEqual({ status: 'confirmed', paymentStatus: 'paid', events: [] });
  });
});
