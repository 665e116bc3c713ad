import { Prisma, createTestDatabase, type TestDatabase } from '@mandi/database';
import { outboxInsertSql, type OutboxSource } from './outbox.sql.js';
import { publish } from './publish.js';

describe('outboxInsertSql', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  beforeEach(async () => {
    await db.prisma.outboxEvent.deleteMany();
  });

  async function rows() {
    return db.prisma.outboxEvent.findMany({
      orderBy: { id: 'asc' },
      select: { type: true, aggregateId: true, payload: true },
    });
  }

  it('writes, inside the statement, the rows publish() writes', async () => {
    await db.prisma.$transaction((tx) =>
      publish(tx, { type: 'credit_note.issued', payload: { creditNoteId: 7, invoiceId: 12, orderId: 42 } }),
    );
    const published = await rows();
    await db.prisma.outboxEvent.deleteMany();

    await db.prisma.$executeRaw`
      WITH issued AS (SELECT 7 AS id, 12 AS invoice_id, 42 AS order_id),
      events AS (${outboxInsertSql({ type: 'credit_note.issued', from: 'issued', ids: { creditNoteId: 'id', invoiceId: 'invoice_id', orderId: 'order_id' } })})
      SELECT count(*) FROM events`;
    expect(await rows()).toEqual(published);
  });

  it('writes one row per source row, only where the filter holds, in the order asked for', async () => {
    const [result] = await db.prisma.$queryRaw<{ written: number }[]>`
      WITH moved AS (SELECT * FROM (VALUES (3, true), (1, true), (2, false)) AS t(id, confirmed)),
      events AS (${outboxInsertSql(
        { type: 'order.paid', from: 'moved', ids: { orderId: 'id' }, orderBy: 'id' },
        {
          type: 'order.confirmed',
          from: 'moved',
          ids: { orderId: 'id' },
          where: Prisma.sql`moved.confirmed`,
          orderBy: 'id',
        },
      )})
      SELECT count(*)::int AS written FROM events`;
    expect(result!.written).toBe(5);
    expect(await rows()).toEqual([
      { type: 'order.paid', aggregateId: '1', payload: { orderId: 1 } },
      { type: 'order.paid', aggregateId: '2', payload: { orderId: 2 } },
      { type: 'order.paid', aggregateId: '3', payload: { orderId: 3 } },
      { type: 'order.confirmed', aggregateId: '1', payload: { orderId: 1 } },
      { type: 'order.confirmed', aggregateId: '3', payload: { orderId: 3 } },
    ]);
  });

  it('writes nothing when its source is empty, so an update that matched nothing announces nothing', async () => {
    await db.prisma.$executeRaw`
      WITH moved AS (SELECT 1 AS id WHERE false),
      events AS (${outboxInsertSql({ type: 'order.cancelled', from: 'moved', ids: { orderId: 'id' } })})
      SELECT count(*) FROM events`;
    expect(await rows()).toEqual([]);
  });

  it("refuses, before any SQL runs, an event outside the registry, ids that are not the event's, and a name that is not an identifier", () => {
    const misspelled = { type: 'order.canceled', from: 'moved', ids: { orderId: 'id' } } as unknown as OutboxSource;
    expect(() => outboxInsertSql(misspelled)).toThrow("Unknown event 'order.canceled'");
    const missing = { type: 'payment.captured', from: 'pay', ids: { paymentId: 'id' } } as unknown as OutboxSource;
    expect(() => outboxInsertSql(missing)).toThrow("Event 'payment.captured' carries orderId, paymentId");
    expect(() =>
      outboxInsertSql({ type: 'order.placed', from: 'moved; DROP TABLE orders', ids: { orderId: 'id' } }),
    ).toThrow('is not a column or CTE name');
  });
});
