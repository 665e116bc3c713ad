import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PrismaService, type Transaction } from '@mandi/database';
import { jobsForEvent } from '@mandi/events';
import { EventJobQueues, type EventJob } from './event-job.queues.js';
import { JobLedgerRepository, type EnqueuedJob } from './job-ledger.repository.js';
import { OutboxRepository, type PendingOutboxRow } from './outbox.repository.js';
import { PIPELINE_OPTIONS, type PipelineOptions } from './pipeline.options.js';

/** Longest the relay holds its row locks while it talks to Redis. */
const RELAY_TRANSACTION_TIMEOUT_MS = 15_000;
/** Longest pause between passes while they keep failing. */
const MAX_ERROR_BACKOFF_MS = 5_000;
/** How often the relay looks for rows of event types it does not know, and says so while there are any. */
const UNKNOWN_TYPES_CHECK_MS = 60_000;

/**
 * How long a job due `delayMs` after its event must still wait: counted from the event's created_at, so a relay
 * that runs late (the worker was down, the outbox was backed up) does not push the deadline further, and one past
 * due runs at once. Both times come from the database clock.
 */
export function remainingDelayMs(row: Pick<PendingOutboxRow, 'createdAt' | 'claimedAt'>, delayMs: number): number {
  return Math.max(0, row.createdAt.getTime() + delayMs - row.claimedAt.getTime());
}

/**
 * Moves committed outbox rows to BullMQ: records one job per routed job name in pending_jobs, adds each to its queue
 * with a fixed job id (and, for a job with `delayMs`, a BullMQ delay), and marks the rows published, all inside the
 * transaction that locked them. From then on pending_jobs, not Redis, is the record of what is still to do: the
 * reconciler (job.reconciler.ts) puts back what Redis loses.
 *
 * A crash between enqueueing and the commit leaves the rows unpublished; the next pass enqueues them
 * again under the same job ids, which BullMQ ignores while the first jobs are kept (see
 * `keepCompletedSeconds`), and the handlers' processed_events check covers the rest.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxRelay.name);
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;
  private unknownTypesCheckedAt = 0;

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxRepository,
    private readonly ledger: JobLedgerRepository,
    private readonly queues: EventJobQueues,
    @Inject(PIPELINE_OPTIONS) private readonly options: PipelineOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options.settings.relayAutostart) this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /** Starts polling: again at once while full batches come back, else after the poll interval. */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
    this.logger.log({ msg: 'outbox relay started', pollIntervalMs: this.options.settings.pollIntervalMs });
  }

  /** Stops polling after the pass in flight, if any, has committed or rolled back. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
    this.logger.log('outbox relay stopped');
  }

  /** One pass: relays up to one batch of rows and returns how many it published. */
  async relayOnce(): Promise<number> {
    const { batchSize } = this.options.settings;
    return this.prisma.$transaction(
      async (tx) => {
        const rows = await this.outbox.claimUnpublished(tx, batchSize);
        if (rows.length === 0) return 0;
        await this.enqueue(tx, rows);
        await this.outbox.markPublished(
          tx,
          rows.map((row) => row.id),
        );
        return rows.length;
      },
      { timeout: RELAY_TRANSACTION_TIMEOUT_MS },
    );
  }

  /**
   * Refuses, loudly, the unpublished rows whose event type is not in the registry: they are never relayed (no job
   * could take them), and each type is logged as an error with its count. Returns what it found.
   */
  async reportUnknownTypes(): Promise<{ type: string; count: number }[]> {
    this.unknownTypesCheckedAt = Date.now();
    const unknown = await this.outbox.unknownTypes();
    if (unknown.length > 0) {
      this.logger.error({
        msg: 'outbox rows of unknown event types are not relayed; fix the writer or deploy a worker that knows them',
        unknown,
      });
    }
    return unknown;
  }

  private async run(): Promise<void> {
    const { batchSize, pollIntervalMs } = this.options.settings;
    let failures = 0;
    while (!this.stopping) {
      let published = 0;
      try {
        if (Date.now() - this.unknownTypesCheckedAt >= UNKNOWN_TYPES_CHECK_MS) await this.reportUnknownTypes();
        published = await this.relayOnce();
        failures = 0;
        if (published > 0) this.logger.debug({ msg: 'outbox rows relayed', count: published });
      } catch (error) {
        // The transaction rolled back, so the rows stay unpublished and a later pass retries them.
        failures += 1;
        this.logger.error({ msg: 'outbox relay pass failed', failures, err: error });
      }
      if (published < batchSize) {
        // While PostgreSQL or Redis is down, back off instead of failing five times a second.
        await this.sleep(Math.min(pollIntervalMs * 2 ** failures, MAX_ERROR_BACKOFF_MS));
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /** Records each row's routed jobs as pending in the relay's transaction, then adds them to their queues. */
  private async enqueue(tx: Transaction, rows: readonly PendingOutboxRow[]): Promise<void> {
    const jobs: EventJob[] = [];
    const enqueued: EnqueuedJob[] = [];
    for (const row of rows) {
      for (const name of jobsForEvent(this.options.routes, row.type)) {
        const { delayMs = 0, queue } = this.options.jobs[name]!;
        jobs.push({
          name,
          eventId: row.id,
          event: row.type,
          payload: row.payload,
          delayMs: remainingDelayMs(row, delayMs),
        });
        enqueued.push({ eventId: row.id, job: name, queue, dueAt: new Date(row.createdAt.getTime() + delayMs) });
      }
    }
    // Pending first: a job can run as soon as it is queued, and its claim must find the relay's (uncommitted) row to
    // wait for. Queued first, a quick job could claim and finish before the row was written, leaving it to the
    // reconciler as if the job were lost.
    await this.ledger.recordEnqueued(tx, enqueued);
    await this.queues.add(jobs);
  }
}
