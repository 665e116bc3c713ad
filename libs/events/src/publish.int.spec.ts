import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { publish } from './publish.js';

describe('publish', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('writes an unpublished outbox row in the caller’s transaction and returns its id', async () => {
    const id = await db.prisma.$transaction((tx) =>
      publish(tx, { type: 'credit_note.issued', payload: { creditNoteId: 7, invoiceId: 12, orderId: 42 } }),
    );
    const row = await db.prisma.outboxEvent.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      type: 'credit_note.issued',
      aggregateId: '7',
      payload: { creditNoteId: 7, invoiceId: 12, orderId: 42 },
      publishedAt: null,
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('leaves no row when the transaction rolls back', async () => {
    const before = await db.prisma.outboxEvent.count();
    await expect(
      db.prisma.$transaction(async (tx) => {
        await publish(tx, { type: 'order.placed', payload: { orderId: 99 } });
        throw new Error('stock ran out');
      }),
    ).rejects.toThrow('stock ran out');
    expect(await db.prisma.outboxEvent.count()).toBe(before);
  });

  it('refuses a payload with more than ids', async () => {
    const payload = { orderId: 5, reason: 'Changed my mind' } as unknown as { orderId: number };
    await expect(
      db.prisma.$transaction((tx) => publish(tx, { type: 'order.cancel_requested', payload })),
    ).rejects.toThrow(/Unrecognized key/);
    expect(await db.prisma.outboxEvent.count({ where: { type: 'order.cancel_requested' } })).toBe(0);
  });
});
