import { Injectable, Module, type Provider, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { loadConfig } from '@mandi/config';
import { createTestDatabase, DatabaseModule, type TestDatabase } from '@mandi/database';
import { defineJobs, defineRoutes, domainEvents, type EventPayload } from '@mandi/events';
import { QueuesModule } from '@mandi/queues';
import type { TestingModule } from '@nestjs/testing';
import { Redis } from 'ioredis';
import { HandlesJob, JobHandler, type JobContext } from '../job.handler.js';
import { OutboxRepository } from '../outbox.repository.js';
import { defaultPipelineSettings, type PipelineOptions, type PipelineSettings } from '../pipeline.options.js';
import { PipelineModule } from '../pipeline.module.js';

/**
 * Test-only jobs, routed from real events through the same registry helpers production uses:
 * 'user.created' records an effect row, 'user.suspended' always fails.
 */
export const testJobs = defineJobs({
  'test.record_effect': { queue: 'orders', payload: domainEvents['user.created'].payload },
  'test.fail': { queue: 'mail', payload: domainEvents['user.suspended'].payload },
});

/** The routes of {@link testJobs}. */
export const testRoutes = defineRoutes(testJobs, {
  'user.created': ['test.record_effect'],
  'user.suspended': ['test.fail'],
});

/** The delay of 'test.record_effect' in {@link delayedTestJobs}. */
export const testDelayMs = 1_500;

/** The same jobs, with 'test.record_effect' turned into a deadline: it runs {@link testDelayMs} after its event. */
export const delayedTestJobs = defineJobs({
  'test.record_effect': { queue: 'deadlines', payload: domainEvents['user.created'].payload, delayMs: testDelayMs },
  'test.fail': testJobs['test.fail'],
});

/** The routes of {@link delayedTestJobs}. */
export const delayedTestRoutes = defineRoutes(delayedTestJobs, {
  'user.created': ['test.record_effect'],
  'user.suspended': ['test.fail'],
});

/** Fast clocks: tests drive the relay by hand unless they turn autostart on. */
export const testSettings: PipelineSettings = {
  ...defaultPipelineSettings,
  pollIntervalMs: 20,
  relayAutostart: false,
  attempts: 3,
  backoffDelayMs: 50,
  concurrency: 4,
};

/** The table the recording handler writes to; a test creates it in its own database. */
export const createEffectsTable = `
  CREATE TABLE IF NOT EXISTS test_effects (
    event_id BIGINT NOT NULL,
    user_id INTEGER NOT NULL,
    attempt INTEGER NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
  )`;

/** Records one effect row per run, through the transaction that finishes the job. */
@Injectable()
@HandlesJob<typeof testJobs>('test.record_effect')
export class RecordingHandler extends JobHandler<EventPayload<'user.created'>> {
  async handle({ userId }: EventPayload<'user.created'>, { finish, eventId, attempt }: JobContext): Promise<void> {
    await finish(
      (tx) => tx.$executeRaw`
        INSERT INTO test_effects (event_id, user_id, attempt) VALUES (${eventId}, ${userId}, ${attempt})`,
    );
  }
}

/** Records like {@link RecordingHandler}, but takes 300 ms first, long enough to shut down meanwhile. */
@Injectable()
@HandlesJob<typeof testJobs>('test.record_effect')
export class SlowRecordingHandler extends RecordingHandler {
  override async handle(payload: EventPayload<'user.created'>, context: JobContext): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await super.handle(payload, context);
  }
}

/** A second handler for 'test.record_effect', which the boot check must refuse. */
@Injectable()
@HandlesJob<typeof testJobs>('test.record_effect')
export class SecondRecordingHandler extends RecordingHandler {}

/** Fails every run, noting when each run started. */
@Injectable()
@HandlesJob<typeof testJobs>('test.fail')
export class FailingHandler extends JobHandler<EventPayload<'user.suspended'>> {
  readonly runs: { eventId: bigint; attempt: number; at: number }[] = [];

  async handle(_payload: EventPayload<'user.suspended'>, { eventId, attempt }: JobContext): Promise<void> {
    this.runs.push({ eventId, attempt, at: Date.now() });
    throw new Error('carrier unreachable');
  }
}

/** An outbox repository whose process "dies" after the jobs are in Redis and before the commit. */
@Injectable()
export class CrashingOutboxRepository extends OutboxRepository {
  override async markPublished(): Promise<void> {
    throw new Error('relay crashed before marking rows published');
  }
}

/** What one simulated worker process is built from. */
export interface TestWorkerOptions {
  readonly databaseUrl: string;
  readonly prefix: string;
  readonly handlers?: readonly Type<unknown>[];
  readonly settings?: Partial<PipelineSettings>;
  readonly outboxRepository?: Type<OutboxRepository>;
  /** The job registry and routes; {@link testJobs} by default. */
  readonly registry?: Pick<PipelineOptions, 'jobs' | 'routes'>;
}

/**
 * Builds (not starts) one worker process as production wires it, with the test registry. Call
 * `init()` to boot it and `close()` to shut it down.
 */
export async function buildTestWorker(options: TestWorkerOptions): Promise<TestingModule> {
  const handlers: Provider[] = [...(options.handlers ?? [RecordingHandler, FailingHandler])];
  @Module({ providers: handlers })
  class TestHandlersModule {}

  const builder = Test.createTestingModule({
    imports: [
      DatabaseModule.forUrl(options.databaseUrl),
      QueuesModule.forRoot({ redisUrl: loadConfig().REDIS_URL, prefix: options.prefix }),
      PipelineModule.forRoot({
        ...(options.registry ?? { jobs: testJobs, routes: testRoutes }),
        settings: { ...testSettings, ...options.settings },
      }),
      TestHandlersModule,
    ],
  });
  if (options.outboxRepository) builder.overrideProvider(OutboxRepository).useClass(options.outboxRepository);
  const app = await builder.compile();
  app.useLogger(['error']);
  return app;
}

/** A test file's database and, per test, a Redis prefix and the workers it started: see {@link pipelineTestBed}. */
export interface PipelineTestBed {
  readonly db: TestDatabase;
  readonly prefix: string;
  readonly workers: TestingModule[];
  /** Boots one worker process (relay, job runner, reconciler) on the bed's database and this test's prefix. */
  startWorker(options?: Partial<TestWorkerOptions>): Promise<TestingModule>;
}

/**
 * Registers the jest hooks of a pipeline test file: a database of its own (with test_effects) for the file, a new
 * Redis prefix for each test, and after each test its workers closed, its keys deleted and the pipeline's tables
 * emptied. `defaults` go to every startWorker.
 */
export function pipelineTestBed(name: string, defaults: Partial<TestWorkerOptions> = {}): PipelineTestBed {
  const bed = {
    db: undefined as unknown as TestDatabase,
    prefix: '',
    workers: [] as TestingModule[],
    async startWorker(options: Partial<TestWorkerOptions> = {}): Promise<TestingModule> {
      const worker = await buildTestWorker({
        databaseUrl: bed.db.url,
        prefix: bed.prefix,
        ...defaults,
        ...options,
        settings: { ...defaults.settings, ...options.settings },
      });
      bed.workers.push(worker);
      await worker.init();
      return worker;
    },
  };
  beforeAll(async () => {
    bed.db = await createTestDatabase();
    await bed.db.prisma.$executeRawUnsafe(createEffectsTable);
  });
  afterAll(() => bed.db.drop());
  beforeEach(() => {
    bed.prefix = uniquePrefix(name);
  });
  afterEach(async () => {
    await Promise.all(bed.workers.splice(0).map((worker) => worker.close()));
    await deleteKeys(bed.prefix);
    await bed.db.prisma.$executeRawUnsafe(
      'TRUNCATE outbox_events, pending_jobs, processed_events, failed_jobs, test_effects',
    );
  });
  return bed;
}

/** A Redis key prefix no other test file uses. */
export function uniquePrefix(name: string): string {
  return `test-${name}-${process.pid}-${Date.now().toString(36)}`;
}

/** Deletes every key under `prefix`. */
export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(loadConfig().REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Polls `probe` until it returns true, failing after `timeoutMs`. */
export async function waitFor(probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
