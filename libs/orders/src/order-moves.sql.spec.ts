import { Prisma, createTestDatabase, newOrder, newUser, type TestDatabase } from '@mandi/database';
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
            expect(events.map(({ type, payload }) => ({ type, payload }))).toEqual([{ type: event, payload: { orderId: id } }]);
          } else {
            expect(moved).toEqual([]);
            expect(after).toEqual(before);
            expect(events).toEqual([]);
          }
        });
      }
    }
  }

  it('keeps the buyer\'s own reason when an admin or the deadline cancels a requested cancellation, else records the one given', async () => {
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
    const rows = await db.prisma.$queryRaw<{ id: number; status: string; payment_status: string; confirmed: boolean }[]>`
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
    const events = await db.prisma.outboxEvent.findMany({ where: { aggregateId: { in: [String(pending), String(cancelled)] } } });
    expect(events.map(({ type, aggregateId }) => ({ type, aggregateId }))).toEqual([{ type: 'order.confirmed', aggregateId: String(pending) }]);
  });
});
