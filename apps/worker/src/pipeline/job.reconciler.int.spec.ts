import { jest } from '@jest/globals';
import { Injectable } from '@nestjs/common';
import { loadConfig } from '@mandi/config';
import { newUser, type PrismaService } from '@mandi/database';
import { publish, type EventPayload } from '@mandi/events';
import { Redis } from 'ioredis';
import { JobLedgerRepository } from './job-ledger.repository.js';
import { HandlesJob, JobHandler, type JobContext } from './job.handler.js';
import { JobReconciler } from './job.reconciler.js';
import { JobRunner } from './job.runner.js';
import { OutboxRelay } from './outbox.relay.js';
import {
  delayedTestJobs,
  delayedTestRoutes,
  deleteKeys,
  pipelineTestBed,
  RecordingHandler,
  testDelayMs,
  testJobs,
  waitFor,
} from './testing/pipeline.testing.js';

// The reconciler against the real PostgreSQL and Redis: jobs Redis lost are put back and run once, dead jobs stay dead
// with their error until an admin asks for a retry, and then run once.

/** Fails while `broken`, then records its effect like RecordingHandler: a job whose cause an admin fixes. */
@Injectable()
@HandlesJob<typeof testJobs>('test.fail')
class FixableHandler extends JobHandler<EventPayload<'user.suspended'>> {
  broken = true;
  runs = 0;

  async handle({ userId }: EventPayload<'user.suspended'>, { finish, eventId, attempt }: JobContext): Promise<void> {
    this.runs += 1;
    if (this.broken) throw new Error('SMTP relay refused the connection');
    await finish(
      (tx) =>
        tx.$executeRaw`INSERT INTO test_effects (event_id, user_id, attempt) VALUES (${eventId}, ${userId}, ${attempt})`,
    );
  }
}

const LOST_AFTER_MS = 300;

const bed = pipelineTestBed('reconciler', {
  handlers: [RecordingHandler, FixableHandler],
  settings: { lostJobAfterMs: LOST_AFTER_MS },
});

async function publishUserEvent(type: 'user.created' | 'user.suspended'): Promise<{ eventId: bigint; userId: number }> {
  return bed.db.prisma.$transaction(async (tx) => {
    const user = await newUser(tx);
    const eventId = await publish(tx, { type, payload: { userId: user.id } });
    return { eventId, userId: user.id };
  });
}

async function effects(): Promise<{ event_id: bigint; attempt: number }[]> {
  return bed.db.prisma.$queryRaw`SELECT event_id, attempt FROM test_effects ORDER BY event_id`;
}

function pendingJobs() {
  return bed.db.prisma.pendingJob.findMany({
    select: { eventId: true, job: true, queue: true, deadAt: true, error: true, enqueues: true },
    orderBy: { eventId: 'asc' },
  });
}

/** What Redis holds for this test's queues: nothing, after a flush. */
async function redisKeyCount(): Promise<number> {
  const redis = new Redis(loadConfig().REDIS_URL);
  try {
    return (await redis.keys(`${bed.prefix}:*`)).length;
  } finally {
    redis.disconnect();
  }
}

/** Everything past the lost-job bound, so the next reconciler pass takes the job as lost. */
const pastTheBound = () => new Promise((resolve) => setTimeout(resolve, LOST_AFTER_MS + 100));

it('records every enqueued job as pending until its handler commits', async () => {
  const worker = await bed.startWorker();
  await worker.get(JobRunner).onModuleDestroy();
  const { eventId } = await publishUserEvent('user.created');

  expect(await worker.get(OutboxRelay).relayOnce()).toBe(1);
  expect(await pendingJobs()).toEqual([
    { eventId, job: 'test.record_effect', queue: 'orders', deadAt: null, error: null, enqueues: 1 },
  ]);

  const running = await bed.startWorker();
  await waitFor(async () => (await effects()).length === 1);
  expect(await pendingJobs()).toEqual([]);
  expect(await running.get(JobReconciler).reconcileOnce()).toEqual({
    requeued: 0,
    retried: 0,
    dead: 0,
    cleared: 0,
    seen: 0,
  });
});

it('puts back a queued job that Redis lost, once, and it runs once', async () => {
  // The job is in its queue, no worker has taken it yet, and Redis is flushed.
  const relaying = await bed.startWorker();
  await relaying.get(JobRunner).onModuleDestroy();
  const { eventId } = await publishUserEvent('user.created');
  await relaying.get(OutboxRelay).relayOnce();
  await deleteKeys(bed.prefix);
  expect(await redisKeyCount()).toBe(0);

  // Two workers reconcile at the same moment: the row is one reconciler's, and the job id is fixed.
  const [first, second] = [await bed.startWorker(), await bed.startWorker()];
  await pastTheBound();
  const passes = await Promise.all([first, second].map((worker) => worker.get(JobReconciler).reconcileOnce()));
  expect(passes.map((pass) => pass.requeued).sort()).toEqual([0, 1]);

  await waitFor(async () => (await effects()).length === 1);
  await pastTheBound();
  await first.get(JobReconciler).reconcileOnce();
  expect(await effects()).toEqual([{ event_id: eventId, attempt: 1 }]);
  expect(await pendingJobs()).toEqual([]);
  expect(await bed.db.prisma.processedEvent.count()).toBe(1);
});

it('puts back a deadline Redis lost only once it is due, and it runs then', async () => {
  const delayed = { registry: { jobs: delayedTestJobs, routes: delayedTestRoutes } };
  const worker = await bed.startWorker(delayed);
  const { eventId } = await publishUserEvent('user.created');
  await worker.get(OutboxRelay).relayOnce();
  await deleteKeys(bed.prefix);

  // Not due yet: the reconciler leaves it, so a deadline is never brought forward.
  await pastTheBound();
  expect((await worker.get(JobReconciler).reconcileOnce()).requeued).toBe(0);

  await new Promise((resolve) => setTimeout(resolve, testDelayMs));
  expect((await worker.get(JobReconciler).reconcileOnce()).requeued).toBe(1);
  await waitFor(async () => (await effects()).length === 1);
  expect(await effects()).toEqual([{ event_id: eventId, attempt: 1 }]);
});

it('leaves a job that is still in its queue alone', async () => {
  const worker = await bed.startWorker();
  await worker.get(JobRunner).onModuleDestroy();
  await publishUserEvent('user.created');
  await worker.get(OutboxRelay).relayOnce();

  await pastTheBound();
  expect(await worker.get(JobReconciler).reconcileOnce()).toMatchObject({ requeued: 0, seen: 1 });
  // Seen now: not looked at again before the bound has passed once more.
  expect(await worker.get(JobReconciler).reconcileOnce()).toMatchObject({ requeued: 0, seen: 0 });
});

it('drops the pending row of a job whose handler committed before the relay did', async () => {
  const worker = await bed.startWorker();
  const { eventId } = await publishUserEvent('user.created');
  await bed.db.prisma.$executeRaw`UPDATE outbox_events SET published_at = now() WHERE id = ${eventId}`;
  await bed.db.prisma.processedEvent.create({ data: { eventId, handler: 'test.record_effect' } });
  await bed.db.prisma.pendingJob.create({
    data: {
      eventId,
      job: 'test.record_effect',
      queue: 'orders',
      dueAt: new Date(Date.now() - 60_000),
      seenAt: new Date(Date.now() - 60_000),
    },
  });

  expect(await worker.get(JobReconciler).reconcileOnce()).toMatchObject({ cleared: 1, requeued: 0 });
  expect(await pendingJobs()).toEqual([]);
});

it('keeps a job that used up its attempts as dead with its error, and runs it once more when an admin retries it', async () => {
  const worker = await bed.startWorker();
  const handler = worker.get(FixableHandler);
  const { eventId } = await publishUserEvent('user.suspended');
  await worker.get(OutboxRelay).relayOnce();

  await waitFor(async () => (await pendingJobs())[0]?.deadAt != null);
  expect(handler.runs).toBe(3);
  expect(await pendingJobs()).toEqual([
    {
      eventId,
      job: 'test.fail',
      queue: 'mail',
      deadAt: expect.any(Date),
      error: 'SMTP relay refused the connection',
      enqueues: 1,
    },
  ]);
  expect(await bed.db.prisma.failedJob.count({ where: { jobId: `test.fail#${eventId}` } })).toBe(1);

  // Dead stays dead: the reconciler neither retries it nor counts it again.
  await pastTheBound();
  expect(await worker.get(JobReconciler).reconcileOnce()).toEqual({
    requeued: 0,
    retried: 0,
    dead: 0,
    cleared: 0,
    seen: 0,
  });
  expect(handler.runs).toBe(3);

  // The cause is fixed and an admin asks for a retry (what POST /api/admin/jobs/dead/:id/retry writes).
  handler.broken = false;
  await bed.db.prisma
    .$executeRaw`UPDATE pending_jobs SET dead_at = NULL, error = NULL, retry_requested_at = now() WHERE event_id = ${eventId}`;
  expect((await worker.get(JobReconciler).reconcileOnce()).retried).toBe(1);

  await waitFor(async () => (await effects()).length === 1);
  expect(handler.runs).toBe(4);
  expect(await effects()).toEqual([{ event_id: eventId, attempt: 1 }]);
  expect(await pendingJobs()).toEqual([]);
});

it('retries a dead job that Redis no longer holds by enqueueing it afresh', async () => {
  const worker = await bed.startWorker();
  const handler = worker.get(FixableHandler);
  const { eventId } = await publishUserEvent('user.suspended');
  await worker.get(OutboxRelay).relayOnce();
  await waitFor(async () => (await pendingJobs())[0]?.deadAt != null);
  await deleteKeys(bed.prefix);

  handler.broken = false;
  await bed.db.prisma
    .$executeRaw`UPDATE pending_jobs SET dead_at = NULL, error = NULL, retry_requested_at = now() WHERE event_id = ${eventId}`;
  expect((await worker.get(JobReconciler).reconcileOnce()).retried).toBe(1);
  await waitFor(async () => (await effects()).length === 1);
  expect(await pendingJobs()).toEqual([]);
});

it('leaves a pending job of a job this worker does not know to the worker that does, and reconciles the rest', async () => {
  const worker = await bed.startWorker();
  await worker.get(JobRunner).onModuleDestroy();
  const { eventId } = await publishUserEvent('user.created');
  await worker.get(OutboxRelay).relayOnce();
  await deleteKeys(bed.prefix);
  // A newer worker's job, pending since before this one started.
  await bed.db.prisma.pendingJob.create({
    data: {
      eventId,
      job: 'test.newer',
      queue: 'orders',
      dueAt: new Date(Date.now() - 60_000),
      seenAt: new Date(Date.now() - 60_000),
    },
  });

  await pastTheBound();
  expect(await worker.get(JobReconciler).reconcileOnce()).toMatchObject({ requeued: 1 });
  expect(
    await bed.db.prisma.pendingJob.findMany({ where: { job: 'test.newer' }, select: { deadAt: true, enqueues: true } }),
  ).toEqual([{ deadAt: null, enqueues: 1 }]);
});

it('records a job as pending before queueing it: a job done before the relay commits leaves no pending row', async () => {
  const worker = await bed.startWorker();
  const { eventId } = await publishUserEvent('user.created');
  const ledger = worker.get(JobLedgerRepository);
  const record = ledger.recordEnqueued.bind(ledger);
  // A relay slow to write its pending rows: a job already queued would run, and finish, before they are written.
  jest.spyOn(ledger, 'recordEnqueued').mockImplementation(async (tx, jobs) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await record(tx, jobs);
  });

  expect(await worker.get(OutboxRelay).relayOnce()).toBe(1);
  await waitFor(async () => (await effects()).some((effect) => effect.event_id === eventId));

  // Nothing left for the reconciler to clear: the handler's claim removed the relay's row.
  expect(await pendingJobs()).toEqual([]);
});

it('leaves no pending row behind when a job finishes before the relay that enqueued it has committed', async () => {
  const { eventId } = await publishUserEvent('user.created');
  const ledger = new JobLedgerRepository(bed.db.prisma as PrismaService);
  let relayCommitted = false;
  // The relay's transaction: its pending row is written, the job already runs, and only then does the relay commit.
  const relay = bed.db.prisma.$transaction(async (tx) => {
    await tx.pendingJob.create({ data: { eventId, job: 'test.record_effect', queue: 'orders', dueAt: new Date() } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    relayCommitted = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const claimed = await bed.db.prisma.$transaction((tx) => ledger.claim(tx, eventId, 'test.record_effect', 'orders'));
  await relay;

  // The handler's claim waited for the relay's commit, then removed its row.
  expect(claimed).toBe(true);
  expect(relayCommitted).toBe(true);
  expect(await pendingJobs()).toEqual([]);
});
