import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PrismaService, type Transaction } from '@mandi/database';
import { EventJobQueues } from './event-job.queues.js';
import { JobLedgerRepository, type OverdueJob } from './job-ledger.repository.js';
import { PeriodicTask } from './periodic-task.js';
import { PIPELINE_OPTIONS, type PipelineOptions } from './pipeline.options.js';

/** Pending jobs looked at per transaction; a pass repeats while full batches come back. */
const RECONCILE_BATCH = 100;
/** Longest a reconciler transaction may hold its row locks while it talks to Redis. */
const RECONCILE_TRANSACTION_TIMEOUT_MS = 15_000;

/** What one reconciler pass did. */
export interface ReconcileCounts {
  /** Lost jobs put back in their queue (Redis flushed or restarted without them). */
  requeued: number;
  /** Dead jobs an admin asked to run again, back in their queue. */
  retried: number;
  /** Jobs BullMQ failed without the runner recording it (a job that stalled twice), now dead. */
  dead: number;
  /** Pending rows of jobs already handled (the relay committed after the handler), dropped. */
  cleared: number;
  /** Jobs found in their queue (waiting, delayed, active): nothing to do. */
  seen: number;
}

/**
 * Makes Redis agree with pending_jobs, the durable record of every job not yet handled. Every
 * `reconcileIntervalMs` (10 s) it takes the live pending jobs that are overdue, i.e. due and not seen in their queue
 * for `lostJobAfterMs` (a minute), plus the dead jobs an admin asked to retry, and asks BullMQ for each one's job:
 * - none (Redis lost it): enqueued again under the same id, due at once (a deadline past due runs now);
 * - waiting, delayed or active: left alone, seen now;
 * - failed: dead, unless an admin asked for the retry, which then starts afresh with all its attempts;
 * - completed: the row is dropped if the job is handled, else the job is run again.
 * Every worker runs it; SKIP LOCKED gives each pending row to one reconciler at a time, and the fixed job id makes a
 * second add a no-op, so nothing is enqueued twice. A lost job is therefore back in its queue at most
 * `lostJobAfterMs + reconcileIntervalMs` (70 s) after it was due or last seen.
 */
@Injectable()
export class JobReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobReconciler.name);
  private readonly jobNames: readonly string[];
  private readonly task: PeriodicTask<ReconcileCounts>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly ledger: JobLedgerRepository,
    private readonly queues: EventJobQueues,
    @Inject(PIPELINE_OPTIONS) private readonly options: PipelineOptions,
  ) {
    this.jobNames = Object.keys(options.jobs);
    this.task = new PeriodicTask({
      everyMs: options.settings.reconcileIntervalMs,
      atStart: false,
      pass: () => this.reconcileOnce(),
      report: (counts) => {
        if (counts.requeued + counts.retried + counts.dead + counts.cleared > 0) {
          this.logger.warn({ msg: 'pending jobs reconciled with their queues', ...counts });
        }
      },
      logger: this.logger,
      failure: 'job reconciler pass failed; the next one tries again',
    });
  }

  onApplicationBootstrap(): void {
    if (this.options.settings.relayAutostart) this.task.start();
  }

  /** Stops reconciling and waits for a pass in flight. */
  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  /** One pass over every overdue pending job, in batches. */
  async reconcileOnce(): Promise<ReconcileCounts> {
    const counts: ReconcileCounts = { requeued: 0, retried: 0, dead: 0, cleared: 0, seen: 0 };
    for (;;) {
      const looked = await this.prisma.$transaction(
        async (tx) => {
          const rows = await this.ledger.claimOverdue(
            tx,
            this.jobNames,
            this.options.settings.lostJobAfterMs,
            RECONCILE_BATCH,
          );
          for (const row of rows) counts[await this.reconcile(tx, row)] += 1;
          return rows.length;
        },
        { timeout: RECONCILE_TRANSACTION_TIMEOUT_MS },
      );
      if (looked < RECONCILE_BATCH) return counts;
    }
  }

  private async reconcile(tx: Transaction, row: OverdueJob): Promise<keyof ReconcileCounts> {
    if (row.handled) {
      await this.ledger.forget(tx, row.eventId, row.job);
      return 'cleared';
    }
    const job = await this.queues.find(row.job, row.eventId);
    const state = job ? await job.getState() : 'missing';
    if (state === 'failed' && !row.retryRequested) {
      await this.ledger.markDead(tx, row.eventId, row.job, job?.failedReason || 'Failed in its queue');
      return 'dead';
    }
    if (state === 'failed') {
      await job!.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    } else if (state === 'missing' || state === 'completed' || state === 'unknown') {
      // A completed job that is not handled was run by code that did not record it; run it again.
      if (job && state === 'completed') await job.remove();
      await this.queues.add([
        { name: row.job, eventId: row.eventId, event: row.eventType, payload: row.payload, delayMs: 0 },
      ]);
    } else {
      await this.ledger.markSeen(tx, row.id, { enqueued: false });
      return 'seen';
    }
    await this.ledger.markSeen(tx, row.id, { enqueued: true });
    return row.retryRequested ? 'retried' : 'requeued';
  }
}
