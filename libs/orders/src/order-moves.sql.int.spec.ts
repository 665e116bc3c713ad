import { Prisma, createTestDatabase, newOrder, newProduct, newUser, type TestDatabase } from '@mandi/database';
import {
  ORDER_ACTIONS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  ORDER_WINDOW_MS,
  cancelReasonAfter,
  checkTransition,
  type OrderAction,
  type OrderStatus,
} from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';
import { moveAllowedSql, moveEventSql, moveWhereAllowedSetSql, orderMoveSql } from './order-moves.sql.js';

const HOUR = 60 * 60 * 1000;
const ENTERED_AT = {
  confirmed: 'confirmedAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  cancel_requested: 'cancelRequestedAt',
  cancelled: 'cancelledAt',
} as const;

describe('every order move against the database', () => {
  let db: TestDatabase;
  let buyerId: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    buyerId = (await newUser(db.prisma)).id;
  });

  afterAll(async () => {
    await db.drop();
  });

  async function orderIn(status: OrderStatus, ageMs: number, cancelReason: string | null = null): Promise<number> {
    const order = await newOrder(db.prisma, {
      userId: buyerId,
      paymentMethod: 'cod',
      status,
      cancelReason,
      createdAt: new Date(Date.now() - ageMs),
      updatedAt: new Date(Date.now() - ageMs),
    });
    return order.id;
  }

  async function move(action: OrderAction, id: number, reason?: string): Promise<{ id: number; status: string }[]> {
    return db.prisma.$queryRaw<{ id: number; status: string }[]>`
      WITH ${orderMoveSql({ action, orders: Prisma.sql`o.id = ${id}`, windowMs: ORDER_WINDOW_MS, reason })}
      SELECT id, status::text AS status FROM moved`;
  }

  const windows = [
    { name: 'inside the window', ageMs: 1 * HOUR },
    { name: 'outside the window', ageMs: 9 * HOUR },
  ];

  // The table test of issue 15: every (state, actor, move, inside/outside window), the database deciding as the domain does.
  for (const from of ORDER_STATUSES) {
    for (const action of ORDER_ACTIONS) {
      const { actor, to, event } = ORDER_TRANSITIONS[action];
      for (const window of windows) {
        it(`${from}, ${actor} ${action}, ${window.name}`, async () => {
          // A buyer who asked to cancel gave a reason (with the spaces a form may leave); other orders have none yet.
          const id = await orderIn(from, window.ageMs, from === 'cancel_requested' ? ' Ordered twice ' : null);
          const before = await db.prisma.order.findUniqueOrThrow({ where: { id } });
          const check = checkTransition(from, action, { createdAt: before.createdAt, now: new Date() });

          const moved = await move(action, id, 'Changed my mind');

          const after = await db.prisma.order.findUniqueOrThrow({ where: { id } });
          const events = await db.prisma.outboxEvent.findMany({ where: { aggregateId: String(id) } });
          if (check.allowed) {
            expect(moved).toEqual([{ id, status: to }]);
            expect(after.status).toBe(to);
            expect(after.cancelReason).toBe(cancelReasonAfter(action, from, before.cancelReason, 'Changed my mind'));
            expect(after[ENTERED_AT[to as keyof typeof ENTERED_AT]]).toBeInstanceOf(Date);
            expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
            expect(events.map(({ type, payload }) => ({ type, payload }))).toEqual([
              { type: event, payload: { orderId: id } },
            ]);
          } else {
            expect(moved).toEqual([]);
            expect(after).toEqual(before);
            expect(events).toEqual([]);
          }
        });
      }
    }
  }

  it("keeps the buyer's own reason when an admin or the deadline cancels a requested cancellation, else records the one given", async () => {
    const requested = await orderIn('cancel_requested', 1 * HOUR, ' Ordered twice ');
    const pending = await orderIn('pending', 1 * HOUR);
    const requestedSilently = await orderIn('cancel_requested', 9 * HOUR, '  ');
    await move('cancel', requested, 'Cancelled by Mandi');
    await move('cancel', pending, 'Out of stock');
    await move('settle_deadline', requestedSilently, 'Not confirmed within 8 hours');
    const reasons = await db.prisma.order.findMany({
      where: { id: { in: [requested, pending, requestedSilently] } },
      select: { id: true, cancelReason: true },
    });
    expect(Object.fromEntries(reasons.map((row) => [row.id, row.cancelReason]))).toEqual({
      [requested]: 'Ordered twice',
      [pending]: 'Out of stock',
      [requestedSilently]: 'Not confirmed within 8 hours',
    });
  });

  it('refuses to build a cancelling move without its reason', () => {
    expect(() => orderMoveSql({ action: 'cancel', orders: Prisma.sql`o.id = 1`, windowMs: ORDER_WINDOW_MS })).toThrow(
      "Order move 'cancel' records a cancellation reason; none was given",
    );
  });

  it('confirms along with another change only where the locked row allows it, and announces only those', async () => {
    const pending = await orderIn('pending', 9 * HOUR);
    const cancelled = await orderIn('cancelled', 1 * HOUR);
    const rows = await db.prisma.$queryRaw<
      { id: number; status: string; payment_status: string; confirmed: boolean }[]
    >`
      WITH decided AS (
        SELECT o.id, o.status, o.created_at FROM orders o WHERE o.id IN (${pending}, ${cancelled}) FOR UPDATE
      ), paid AS (
        UPDATE orders o SET payment_status = 'paid', paid_at = now(), updated_at = now(),
               ${moveWhereAllowedSetSql('confirm_payment', 'decided', ORDER_WINDOW_MS)}
          FROM decided WHERE o.id = decided.id
        RETURNING o.id, o.status::text AS status, o.payment_status::text AS payment_status,
                  ${moveAllowedSql('confirm_payment', 'decided', ORDER_WINDOW_MS)} AS confirmed
      ), events AS (${outboxInsertSql(moveEventSql('confirm_payment', 'paid', Prisma.sql`paid.confirmed`))})
      SELECT * FROM paid ORDER BY id`;
    expect(rows).toEqual([
      { id: pending, status: 'confirmed', payment_status: 'paid', confirmed: true },
      { id: cancelled, status: 'cancelled', payment_status: 'paid', confirmed: false },
    ]);
    const events = await db.prisma.outboxEvent.findMany({
      where: { aggregateId: { in: [String(pending), String(cancelled)] } },
    });
    expect(events.map(({ type, aggregateId }) => ({ type, aggregateId }))).toEqual([
      { type: 'order.confirmed', aggregateId: String(pending) },
    ]);
  });

  describe('stock (docs/stock.md)', () => {
    const stockOf = async (id: number) => (await db.prisma.product.findUniqueOrThrow({ where: { id } })).stock;

    /** An order of `status`, `ageMs` old, with 3 packs of a counted product (7 left) and 2 of an unlimited one. */
    async function orderWithStock(status: OrderStatus, ageMs: number) {
      const counted = await newProduct(db.prisma, { stock: 7 });
      const unlimited = await newProduct(db.prisma, { stock: null });
      const order = await newOrder(db.prisma, {
        userId: buyerId,
        status,
        createdAt: new Date(Date.now() - ageMs),
        lines: [
          { product: counted, quantity: 3 },
          { product: unlimited, quantity: 2 },
        ],
      });
      return { orderId: order.id, counted: counted.id, unlimited: unlimited.id };
    }

    it.each([
      ['an admin cancels', 'cancel', 'pending', 1 * HOUR],
      ['an admin cancels a requested cancellation', 'cancel', 'cancel_requested', 1 * HOUR],
      ['the deadline settles', 'settle_deadline', 'pending', 9 * HOUR],
    ] as const)(
      'gives back the packs of every line once when %s, and leaves unlimited products unlimited',
      async (_name, action, status, ageMs) => {
        const { orderId, counted, unlimited } = await orderWithStock(status, ageMs);
        expect(await move(action, orderId, 'Out of season')).toHaveLength(1);
        expect(await stockOf(counted)).toBe(10);
        expect(await stockOf(unlimited)).toBeNull();
        // The order is cancelled now: the same move again matches nothing and gives nothing back.
        expect(await move(action, orderId, 'Out of season')).toHaveLength(0);
        expect(await stockOf(counted)).toBe(10);
      },
    );

    it.each([
      ['request_cancel', 'pending'],
      ['confirm', 'pending'],
      ['mark_shipped', 'confirmed'],
      ['mark_delivered', 'shipped'],
    ] as const)('keeps the packs taken on %s', async (action, status) => {
      const { orderId, counted } = await orderWithStock(status, 1 * HOUR);
      expect(await move(action, orderId, 'Changed my mind')).toHaveLength(1);
      expect(await stockOf(counted)).toBe(7);
    });

    it('gives the packs back once when an admin cancelling just before the deadline races the deadline, whichever commits first', async () => {
      for (const first of ['admin', 'deadline'] as const) {
        // Created just under 8 hours ago: the admin's statement still finds the window open, the deadline's (as if run a
        // moment later) finds it closed; both try the same row, the later one waits for it and then no longer matches.
        const { orderId, counted } = await orderWithStock('pending', ORDER_WINDOW_MS - 60_000);
        const admin = Prisma.sql`WITH ${orderMoveSql({ action: 'cancel', orders: Prisma.sql`o.id = ${orderId}`, windowMs: ORDER_WINDOW_MS, reason: 'Out of season' })} SELECT id FROM moved`;
        const deadline = Prisma.sql`WITH ${orderMoveSql({ action: 'settle_deadline', orders: Prisma.sql`o.id = ${orderId}`, windowMs: ORDER_WINDOW_MS - 120_000, reason: 'Not confirmed within 8 hours' })} SELECT id FROM moved`;
        const [winner, loser] = first === 'admin' ? [admin, deadline] : [deadline, admin];
        let loserMoved: Promise<unknown[]> | undefined;
        await db.prisma.$transaction(
          async (tx) => {
            expect(await tx.$queryRaw<unknown[]>(winner)).toHaveLength(1);
            // The other statement starts while the winner's transaction still holds the row.
            loserMoved = db.prisma.$queryRaw<unknown[]>(loser);
            await new Promise((resolve) => setTimeout(resolve, 300));
          },
          { timeout: 10_000 },
        );
        expect(await loserMoved).toHaveLength(0);
        expect(await stockOf(counted)).toBe(10);
        expect(
          await db.prisma.outboxEvent.count({ where: { type: 'order.cancelled', aggregateId: String(orderId) } }),
        ).toBe(1);
      }
    });
  });
});
