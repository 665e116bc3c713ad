import { jest } from '@jest/globals';
import { getQueueToken } from '@nestjs/bullmq';
import type { TestingModule } from '@nestjs/testing';
import { newUser } from '@mandi/database';
import { publish } from '@mandi/events';
import type { Queue } from 'bullmq';
import { OutboxRelay, remainingDelayMs } from './outbox.relay.js';
import { eventJobId } from './pipeline.options.js';
import {
  CrashingOutboxRepository,
  delayedTestJobs,
  delayedTestRoutes,
  FailingHandler,
  pipelineTestBed,
  SlowRecordingHandler,
  testDelayMs,
  waitFor,
} from './testing/pipeline.testing.js';

// The event pipeline end to end, against the real PostgreSQL and Redis: publish in a transaction,
// relay, queue, handler, processed_events, failed_jobs.

const bed = pipelineTestBed('pipeline');

/** Creates a user and publishes 'user.created' for it in one transaction; returns the event id. */
async function createUserWithEvent(): Promise<{ eventId: bigint; userId: number }> {
  return bed.db.prisma.$transaction(async (tx) => {
    const user = await newUser(tx);
    const eventId = await publish(tx, { type: 'user.created', payload: { userId: user.id } });
    return { eventId, userId: user.id };
  });
}

async function effects(): Promise<{ event_id: bigint; user_id: number; attempt: number }[]> {
  return bed.db.prisma.$queryRaw`SELECT event_id, user_id, attempt FROM test_effects ORDER BY event_id`;
}

async function processed(): Promise<{ eventId: bigint; handler: string }[]> {
  return bed.db.prisma.processedEvent.findMany({
    select: { eventId: true, handler: true },
    orderBy: { eventId: 'asc' },
  });
}

async function unpublishedCount(): Promise<number> {
  return bed.db.prisma.outboxEvent.count({ where: { publishedAt: null } });
}

function queue(worker: TestingModule, name: string): Queue {
  return worker.get<Queue>(getQueueToken(name), { strict: false });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('delivers an event published with a change to its handler exactly once', async () => {
  const worker = await bed.startWorker({ settings: { relayAutostart: true } });
  const { eventId, userId } = await createUserWithEvent();

  await waitFor(async () => (await effects()).length > 0);
  // Many relay polls later, still one effect: the row was published once and handled once.
  await pause(300);

  expect(await effects()).toEqual([{ event_id: eventId, user_id: userId, attempt: 1 }]);
  expect(await processed()).toEqual([{ eventId, handler: 'test.record_effect' }]);
  const row = await bed.db.prisma.outboxEvent.findUniqueOrThrow({ where: { id: eventId } });
  expect(row).toMatchObject({ type: 'user.created', aggregateId: String(userId), payload: { userId } });
  expect(row.publishedAt).toBeInstanceOf(Date);
  const job = await queue(worker, 'orders').getJob(`test.record_effect#${eventId}`);
  expect(job?.name).toBe('test.record_effect');
  expect(await job?.getState()).toBe('completed');
  expect(job?.returnvalue).toBe('handled');
});

it('never relays the event of a rolled-back change', async () => {
  const worker = await bed.startWorker();
  const relay = worker.get(OutboxRelay);

  await expect(
    bed.db.prisma.$transaction(async (tx) => {
      const user = await newUser(tx, { username: 'rolled_back' });
      await publish(tx, { type: 'user.created', payload: { userId: user.id } });
      throw new Error('payment declined');
    }),
  ).rejects.toThrow('payment declined');
  const committed = await createUserWithEvent();

  expect(await relay.relayOnce()).toBe(1);
  await waitFor(async () => (await effects()).length > 0);
  await pause(200);

  expect(await bed.db.prisma.outboxEvent.count()).toBe(1);
  expect(await bed.db.prisma.user.count({ where: { username: 'rolled_back' } })).toBe(0);
  expect((await effects()).map((e) => e.event_id)).toEqual([committed.eventId]);
  const orders = queue(worker, 'orders');
  const counts = await orders.getJobCounts('completed', 'waiting', 'active', 'delayed', 'failed');
  expect(counts).toEqual({ completed: 1, waiting: 0, active: 0, delayed: 0, failed: 0 });
});

it('refuses a row of an event type the registry does not know: never relayed, reported by type, the rest relayed', async () => {
  const worker = await bed.startWorker();
  const relay = worker.get(OutboxRelay);
  const errors = jest.spyOn((relay as unknown as { logger: { error: (entry: unknown) => void } }).logger, 'error');
  await bed.db.prisma.$executeRaw`
    INSERT INTO outbox_events (type, aggregate_id, payload) VALUES ('order.canceled', '7', '{"orderId": 7}'::jsonb)`;
  const { eventId } = await createUserWithEvent();

  expect(await relay.relayOnce()).toBe(1);
  expect(await relay.relayOnce()).toBe(0);
  await waitFor(async () => (await effects()).length > 0);

  expect((await effects()).map((e) => e.event_id)).toEqual([eventId]);
  const refused = await bed.db.prisma.outboxEvent.findFirstOrThrow({ where: { type: 'order.canceled' } });
  expect(refused.publishedAt).toBeNull();
  expect(await relay.reportUnknownTypes()).toEqual([{ type: 'order.canceled', count: 1 }]);
  expect(errors).toHaveBeenCalledWith(expect.objectContaining({ unknown: [{ type: 'order.canceled', count: 1 }] }));
});

it('refuses to publish a payload that is not the event’s shape, rolling the change back', async () => {
  await expect(
    bed.db.prisma.$transaction(async (tx) => {
      const user = await newUser(tx, { username: 'bad_payload' });
      const payload = { userId: user.id, email: user.email } as unknown as { userId: number };
      await publish(tx, { type: 'user.created', payload });
    }),
  ).rejects.toThrow();
  expect(await bed.db.prisma.outboxEvent.count()).toBe(0);
  expect(await bed.db.prisma.user.count({ where: { username: 'bad_payload' } })).toBe(0);
});

it('handles each event once when the relay crashes after enqueueing and a new one takes over', async () => {
  const first = await bed.startWorker({ outboxRepository: CrashingOutboxRepository });
  const published = [await createUserWithEvent(), await createUserWithEvent(), await createUserWithEvent()];

  const crashed = first.get(OutboxRelay).relayOnce();
  await expect(crashed).rejects.toThrow('relay crashed before marking rows published');
  // The jobs reached Redis and ran, but the rows still look unrelayed.
  await waitFor(async () => (await effects()).length === 3);
  expect(await unpublishedCount()).toBe(3);
  await first.close();

  const second = await bed.startWorker();
  expect(await second.get(OutboxRelay).relayOnce()).toBe(3);
  await pause(300);

  expect(await unpublishedCount()).toBe(0);
  // BullMQ ignored the re-added ids: still three jobs, each run once.
  expect(await queue(second, 'orders').getJobCounts('completed', 'waiting', 'delayed')).toEqual({
    completed: 3,
    waiting: 0,
    delayed: 0,
  });
  expect((await effects()).map((e) => [e.event_id, e.attempt])).toEqual(published.map((p) => [p.eventId, 1]));
});

it('skips a repeated delivery through processed_events once BullMQ no longer remembers the job', async () => {
  const first = await bed.startWorker({ outboxRepository: CrashingOutboxRepository });
  const { eventId, userId } = await createUserWithEvent();
  await expect(first.get(OutboxRelay).relayOnce()).rejects.toThrow('relay crashed');
  await waitFor(async () => (await effects()).length === 1);
  // The kept job has expired (or someone cleaned the queue): the re-add creates a new job.
  await queue(first, 'orders').clean(0, 100, 'completed');
  await first.close();

  const second = await bed.startWorker();
  expect(await second.get(OutboxRelay).relayOnce()).toBe(1);
  const orders = queue(second, 'orders');
  await waitFor(async () => (await orders.getJobCounts('completed')).completed === 1);

  const job = await orders.getJob(`test.record_effect#${eventId}`);
  expect(job?.returnvalue).toBe('duplicate');
  expect(await effects()).toEqual([{ event_id: eventId, user_id: userId, attempt: 1 }]);
  expect(await processed()).toEqual([{ eventId, handler: 'test.record_effect' }]);
});

it('runs a job queued under its kebab-case name before the rename once, under its snake_case name', async () => {
  const { eventId, userId } = await createUserWithEvent();
  const worker = await bed.startWorker();
  // What the release before the rename left in Redis: the job under its old spelling and its old job id.
  const oldName = 'test.record-effect';
  const data = { eventId: String(eventId), event: 'user.created', payload: { userId } };
  await queue(worker, 'orders').add(oldName, data, { jobId: eventJobId(oldName, eventId) });
  await waitFor(async () => (await effects()).length === 1);
  // The relay then enqueues the event under the new name too: processed_events makes it a duplicate.
  expect(await worker.get(OutboxRelay).relayOnce()).toBe(1);
  const orders = queue(worker, 'orders');
  await waitFor(async () => (await orders.getJobCounts('completed')).completed === 2);

  expect((await orders.getJob(eventJobId('test.record_effect', eventId)))?.returnvalue).toBe('duplicate');
  expect(await effects()).toEqual([{ event_id: eventId, user_id: userId, attempt: 1 }]);
  expect(await processed()).toEqual([{ eventId, handler: 'test.record_effect' }]);
});

it('lets two relays run side by side without relaying a row twice', async () => {
  // 200 rows in batches of 50: each relay needs several passes, so their passes interleave.
  const eventIds: bigint[] = [];
  await bed.db.prisma.$transaction(async (tx) => {
    for (let userId = 1; userId <= 200; userId += 1) {
      eventIds.push(await publish(tx, { type: 'user.created', payload: { userId } }));
    }
  });
  const settings = { batchSize: 50 };
  const [a, b] = [await bed.startWorker({ settings }), await bed.startWorker({ settings })];
  const drain = async (relay: OutboxRelay) => {
    let total = 0;
    for (let n = await relay.relayOnce(); n > 0; n = await relay.relayOnce()) total += n;
    return total;
  };

  const [byA, byB] = await Promise.all([drain(a.get(OutboxRelay)), drain(b.get(OutboxRelay))]);
  expect(byA + byB).toBe(200);
  await waitFor(async () => (await effects()).length >= 200, 20_000);
  await pause(300);

  expect((await effects()).map((e) => e.event_id)).toEqual(eventIds);
  expect(await queue(a, 'orders').getJobCounts('completed', 'waiting', 'delayed')).toEqual({
    completed: 200,
    waiting: 0,
    delayed: 0,
  });
});

it('retries a failing handler with backoff and records it in failed_jobs after the last attempt', async () => {
  const worker = await bed.startWorker();
  const eventId = await bed.db.prisma.$transaction(async (tx) => {
    const user = await newUser(tx);
    return publish(tx, { type: 'user.suspended', payload: { userId: user.id } });
  });

  expect(await worker.get(OutboxRelay).relayOnce()).toBe(1);
  await waitFor(async () => (await bed.db.prisma.failedJob.count()) > 0);

  const runs = worker.get(FailingHandler).runs;
  expect(runs.map((r) => [r.eventId, r.attempt])).toEqual([
    [eventId, 1],
    [eventId, 2],
    [eventId, 3],
  ]);
  // backoffDelayMs 50 in the test settings: 50 ms before the 2nd run, 100 ms before the 3rd.
  expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(50);
  expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(100);

  const failed = await bed.db.prisma.failedJob.findMany();
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatchObject({
    queue: 'mail',
    jobId: `test.fail#${eventId}`,
    name: 'test.fail',
    error: 'carrier unreachable',
    attemptsMade: 3,
    data: { eventId: String(eventId), event: 'user.suspended' },
  });
  expect(await processed()).toEqual([]);
  const job = await queue(worker, 'mail').getJob(`test.fail#${eventId}`);
  expect(await job?.getState()).toBe('failed');
});

it('fails a job with an invalid payload at once, without retrying', async () => {
  const worker = await bed.startWorker();
  // A row written by an older release, before the payload's shape changed.
  await bed.db.prisma.outboxEvent.create({
    data: { type: 'user.created', aggregateId: 'legacy', payload: { uid: 'firebase-uid' } },
  });

  expect(await worker.get(OutboxRelay).relayOnce()).toBe(1);
  await waitFor(async () => (await bed.db.prisma.failedJob.count()) > 0);

  const [failed] = await bed.db.prisma.failedJob.findMany();
  expect(failed).toMatchObject({ name: 'test.record_effect', attemptsMade: 1 });
  expect(failed!.error).toMatch(/^Invalid payload for job 'test.record_effect'/);
  expect(await effects()).toEqual([]);
});

it('stops relaying on shutdown, leaving new rows for the next worker', async () => {
  const worker = await bed.startWorker({ settings: { relayAutostart: true } });
  await createUserWithEvent();
  await waitFor(async () => (await effects()).length === 1);

  await worker.close();
  bed.workers.splice(bed.workers.indexOf(worker), 1);
  const { eventId } = await createUserWithEvent();
  await pause(200);

  // Nothing relays after shutdown: the new row waits for the next worker.
  expect(await bed.db.prisma.outboxEvent.findUniqueOrThrow({ where: { id: eventId } })).toMatchObject({
    publishedAt: null,
  });
});

it('lets a running job finish, writing through the database, before shutdown completes', async () => {
  const worker = await bed.startWorker({ handlers: [SlowRecordingHandler, FailingHandler] });
  const { eventId, userId } = await createUserWithEvent();
  expect(await worker.get(OutboxRelay).relayOnce()).toBe(1);
  const orders = queue(worker, 'orders');
  await waitFor(async () => (await orders.getJobCounts('active')).active === 1);

  await worker.close();
  bed.workers.splice(bed.workers.indexOf(worker), 1);

  expect(await effects()).toEqual([{ event_id: eventId, user_id: userId, attempt: 1 }]);
  expect(await processed()).toEqual([{ eventId, handler: 'test.record_effect' }]);
});

describe('delayed jobs', () => {
  const delayed = { registry: { jobs: delayedTestJobs, routes: delayedTestRoutes } };

  /** Moves an event's created_at back, as if the relay reached it `ms` late. */
  async function publishedAgo(eventId: bigint, ms: number): Promise<void> {
    await bed.db.prisma.$executeRaw`
      UPDATE outbox_events SET created_at = created_at - make_interval(secs => ${ms / 1000}) WHERE id = ${eventId}`;
  }

  async function ranAfterEventMs(eventId: bigint): Promise<number> {
    const [row] = await bed.db.prisma.$queryRaw<{ ms: number }[]>`
      SELECT (extract(epoch FROM e.recorded_at - o.created_at) * 1000)::float8 AS ms
        FROM test_effects e JOIN outbox_events o ON o.id = e.event_id
       WHERE e.event_id = ${eventId}`;
    return row!.ms;
  }

  it('counts the wait from the event, never below zero', () => {
    const createdAt = new Date('2026-11-22T10:00:00.000Z');
    const at = (iso: string) => ({ createdAt, claimedAt: new Date(iso) });
    expect(remainingDelayMs(at('2026-11-22T10:00:00.000Z'), 95_000)).toBe(95_000);
    expect(remainingDelayMs(at('2026-11-22T10:00:30.000Z'), 95_000)).toBe(65_000);
    expect(remainingDelayMs(at('2026-11-22T10:01:35.000Z'), 95_000)).toBe(0);
    expect(remainingDelayMs(at('2026-11-22T18:00:00.000Z'), 95_000)).toBe(0);
  });

  it('holds the job until its delay after the event has passed, then runs it once', async () => {
    const worker = await bed.startWorker(delayed);
    const { eventId, userId } = await createUserWithEvent();

    expect(await worker.get(OutboxRelay).relayOnce()).toBe(1);
    const job = await queue(worker, 'deadlines').getJob(`test.record_effect#${eventId}`);
    expect(await job?.getState()).toBe('delayed');
    expect(job!.opts.delay).toBeLessThanOrEqual(testDelayMs);
    expect(job!.opts.delay).toBeGreaterThan(testDelayMs - 1_000);
    // The row is published at once: the wait is BullMQ's, not the outbox's.
    expect(await unpublishedCount()).toBe(0);

    await pause(testDelayMs / 2);
    expect(await effects()).toEqual([]);

    await waitFor(async () => (await effects()).length > 0);
    expect(await effects()).toEqual([{ event_id: eventId, user_id: userId, attempt: 1 }]);
    expect(await ranAfterEventMs(eventId)).toBeGreaterThanOrEqual(testDelayMs);
    expect(await ranAfterEventMs(eventId)).toBeLessThan(testDelayMs + 1_500);
  });

  it('does not push the deadline further when the relay runs late', async () => {
    const worker = await bed.startWorker(delayed);
    const { eventId } = await createUserWithEvent();
    await publishedAgo(eventId, 1_000);

    expect(await worker.get(OutboxRelay).relayOnce()).toBe(1);
    const job = await queue(worker, 'deadlines').getJob(`test.record_effect#${eventId}`);
    expect(job!.opts.delay).toBeLessThanOrEqual(testDelayMs - 1_000);

    await waitFor(async () => (await effects()).length > 0);
    // Still due 1.5 s after the event, not 1.5 s after the late relay.
    expect(await ranAfterEventMs(eventId)).toBeGreaterThanOrEqual(testDelayMs);
    expect(await ranAfterEventMs(eventId)).toBeLessThan(testDelayMs + 1_000);
  });

  it('runs a job whose deadline passed while nothing relayed at once', async () => {
    const worker = await bed.startWorker(delayed);
    const { eventId, userId } = await createUserWithEvent();
    await publishedAgo(eventId, 60_000);

    const relayedAt = Date.now();
    expect(await worker.get(OutboxRelay).relayOnce()).toBe(1);
    await waitFor(async () => (await effects()).length > 0);

    expect(Date.now() - relayedAt).toBeLessThan(testDelayMs);
    expect(await effects()).toEqual([{ event_id: eventId, user_id: userId, attempt: 1 }]);
    const job = await queue(worker, 'deadlines').getJob(`test.record_effect#${eventId}`);
    expect(job!.opts.delay ?? 0).toBe(0);
  });
});
