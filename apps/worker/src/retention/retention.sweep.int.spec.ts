import { rmSync } from 'node:fs';
import { Test, type TestingModule } from '@nestjs/testing';
import { createTestDatabase, DatabaseModule, newUser, type TestDatabase } from '@mandi/database';
import { testWorkerConfig } from '../accounts/testing/account-jobs.testing.js';
import { deleteKeys, uniquePrefix, waitFor } from '../pipeline/testing/pipeline.testing.js';
import { WorkerModule } from '../worker.module.js';
import { EVENT_RETENTION_DAYS, PAYMENT_EVENT_RETENTION_DAYS } from './retention.policy.js';
import { RetentionModule } from './retention.module.js';
import { RetentionRepository } from './retention.repository.js';
import { RetentionSweep } from './retention.sweep.js';

// Pruning against the real PostgreSQL: rows are written with their ages set in SQL (days before the database's
// now()), then the sweep runs as the worker runs it.

let db: TestDatabase;
let module: TestingModule;
let sweep: RetentionSweep;

beforeAll(async () => {
  db = await createTestDatabase();
  // Compiled, not initialised: the sweep runs only when a test calls it.
  module = await Test.createTestingModule({ imports: [DatabaseModule.forUrl(db.url), RetentionModule] }).compile();
  sweep = module.get(RetentionSweep);
});

afterAll(async () => {
  await module.close();
  await db.drop();
});

beforeEach(async () => {
  await db.prisma.$executeRaw`TRUNCATE outbox_events, pending_jobs, processed_events, payment_provider_events`;
});

/** An outbox row created `createdDaysAgo` and published `publishedDaysAgo` (null: not yet); returns its id. */
async function outboxRow(createdDaysAgo: number, publishedDaysAgo: number | null): Promise<bigint> {
  const [row] = await db.prisma.$queryRaw<{ id: bigint }[]>`
    INSERT INTO outbox_events (type, aggregate_id, payload, created_at, published_at)
    VALUES ('user.created', '1', '{"userId":1}', now() - make_interval(days => ${createdDaysAgo}::int),
            CASE WHEN ${publishedDaysAgo}::int IS NULL THEN NULL ELSE now() - make_interval(days => ${publishedDaysAgo}::int) END)
    RETURNING id`;
  return row!.id;
}

async function processedMark(eventId: bigint, handler: string, daysAgo: number): Promise<void> {
  await db.prisma.$executeRaw`
    INSERT INTO processed_events (event_id, handler, processed_at) VALUES (${eventId}, ${handler}, now() - make_interval(days => ${daysAgo}::int))`;
}

/** A Razorpay webhook event received `receivedDaysAgo`, processed then or (null) never. */
async function webhookEvent(eventId: string, receivedDaysAgo: number, processed: boolean): Promise<void> {
  await db.prisma.$executeRaw`
    INSERT INTO payment_provider_events (provider, event_id, type, payload, received_at, processed_at)
    VALUES ('razorpay', ${eventId}, 'payment.captured', '{}', now() - make_interval(days => ${receivedDaysAgo}::int),
            CASE WHEN ${processed} THEN now() - make_interval(days => ${receivedDaysAgo}::int) END)`;
}

const outboxIds = async () => (await db.prisma.outboxEvent.findMany({ orderBy: { id: 'asc' } })).map((row) => row.id);
const processedMarks = async () =>
  (await db.prisma.processedEvent.findMany({ orderBy: { handler: 'asc' } })).map((row) => row.handler);
const webhookEventIds = async () =>
  (await db.prisma.paymentProviderEvent.findMany({ orderBy: { eventId: 'asc' } })).map((row) => row.eventId);

it("deletes a deleted seller's tax identity the day after the law stops making Mandi keep it", async () => {
  const keptUntil = async (keepUntil: string) => {
    const seller = await newUser(db.prisma);
    await db.prisma.$executeRaw`
      INSERT INTO seller_tax_records (user_id, legal_name, business_kind, pan_sealed, pan_last4, keep_until)
      VALUES (${seller.id}, 'Asha Patil', 'individual_farmer', '\\x01'::bytea, '234F', ${keepUntil}::date)`;
    return seller.id;
  };
  const today = await db.prisma.$queryRaw<{ day: string }[]>`
    SELECT to_char((now() AT TIME ZONE 'Asia/Kolkata')::date, 'YYYY-MM-DD') AS day`;
  await keptUntil('2019-12-31');
  const lastDay = await keptUntil(today[0]!.day);
  const later = await keptUntil('2033-12-31');

  expect((await sweep.pruneOnce()).sellerTaxRecords).toBe(1);
  const left = await db.prisma.sellerTaxRecord.findMany({ orderBy: { userId: 'asc' } });
  expect(left.map((row) => row.userId)).toEqual([lastDay, later]);
});

it('deletes old published events and old marks, and keeps recent, unpublished and unprocessed ones', async () => {
  const old = EVENT_RETENTION_DAYS + 1;
  await outboxRow(old, old); // published long ago: goes
  const recent = await outboxRow(1, 1);
  const stuck = await outboxRow(old * 2, null); // never published, however old: stays
  const lateRelay = await outboxRow(old, 1); // old, but published only yesterday: its jobs may still run
  await processedMark(1n, 'old.handler', old);
  await processedMark(recent, 'recent.handler', 1);
  await webhookEvent('evt_old', PAYMENT_EVENT_RETENTION_DAYS + 1, true);
  await webhookEvent('evt_kept', EVENT_RETENTION_DAYS + 1, true); // past the events' retention, not the webhooks'
  await webhookEvent('evt_unprocessed', PAYMENT_EVENT_RETENTION_DAYS * 2, false);

  expect(await sweep.pruneOnce()).toEqual({
    outboxEvents: 1,
    processedEvents: 1,
    paymentProviderEvents: 1,
    sellerTaxRecords: 0,
  });

  expect(await outboxIds()).toEqual([recent, stuck, lateRelay]);
  expect(await processedMarks()).toEqual(['recent.handler']);
  expect(await webhookEventIds()).toEqual(['evt_kept', 'evt_unprocessed']);
});

it('changes nothing when run again', async () => {
  const old = EVENT_RETENTION_DAYS + 1;
  await outboxRow(old, old);
  const kept = await outboxRow(1, 1);
  await processedMark(kept, 'recent.handler', 1);
  await sweep.pruneOnce();

  expect(await sweep.pruneOnce()).toEqual({
    outboxEvents: 0,
    processedEvents: 0,
    paymentProviderEvents: 0,
    sellerTaxRecords: 0,
  });
  expect(await outboxIds()).toEqual([kept]);
  expect(await processedMarks()).toEqual(['recent.handler']);
});

it('deletes a backlog in statements of at most one batch each', async () => {
  const old = EVENT_RETENTION_DAYS + 1;
  for (let i = 0; i < 12; i += 1) await outboxRow(old, old);
  const retention = module.get(RetentionRepository);

  // One statement deletes one batch, oldest first, however large the backlog.
  expect(await retention.deletePublishedEvents(EVENT_RETENTION_DAYS, 5)).toBe(5);
  expect(await outboxIds()).toHaveLength(7);

  // What each statement of a sweep deleted.
  const statements: number[] = [];
  const deleteBatch = retention.deletePublishedEvents.bind(retention);
  retention.deletePublishedEvents = async (days, limit) => {
    const deleted = await deleteBatch(days, limit);
    statements.push(deleted);
    return deleted;
  };
  try {
    expect((await sweep.pruneOnce(5)).outboxEvents).toBe(7);
  } finally {
    retention.deletePublishedEvents = deleteBatch;
  }
  expect(statements).toEqual([5, 2]); // fewer than a batch: done
  expect(await outboxIds()).toEqual([]);
});

it('runs in the worker: a worker that starts prunes at once', async () => {
  const old = EVENT_RETENTION_DAYS + 1;
  await outboxRow(old, old);
  const kept = await outboxRow(1, 1);
  const config = testWorkerConfig(db.url, { REDIS_PREFIX: uniquePrefix('retention'), LOG_LEVEL: 'silent' });
  const worker = await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] }).compile();
  await worker.init();
  try {
    await waitFor(async () => (await outboxIds()).length === 1);
    expect(await outboxIds()).toEqual([kept]);
  } finally {
    await worker.close();
    await deleteKeys(config.REDIS_PREFIX);
    rmSync(config.MAIL_CAPTURE_DIR, { recursive: true, force: true });
  }
});
