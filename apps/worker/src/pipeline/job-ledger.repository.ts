import { Injectable } from '@nestjs/common';
import {
  executeStatement,
  Prisma,
  PrismaService,
  queryRows,
  sqlRow,
  type Db,
  type RowOf,
  type Transaction,
} from '@mandi/database';

/** A job that used up its attempts (or could never succeed), as failed_jobs keeps it. */
export interface FailedJobRecord {
  readonly queue: string;
  readonly jobId: string;
  readonly name: string;
  readonly eventId: bigint;
  readonly data: object;
  readonly error: string;
  readonly attemptsMade: number;
}

/** A job the relay records as enqueued, due at `dueAt`. */
export interface EnqueuedJob {
  readonly eventId: bigint;
  readonly job: string;
  readonly queue: string;
  readonly dueAt: Date;
}

/** A pending job the reconciler looks at: its event, whether it is already handled, and whether an admin asked for a retry. */
const OVERDUE_JOB_ROW = sqlRow('overdue job', {
  id: 'bigint',
  eventId: 'bigint',
  job: 'text',
  queue: 'text',
  dueAt: 'timestamptz',
  eventType: 'text',
  payload: 'json',
  handled: 'bool',
  retryRequested: 'bool',
});
/** A row of {@link OVERDUE_JOB_ROW}. */
export type OverdueJob = Readonly<RowOf<typeof OVERDUE_JOB_ROW>>;

/** A mark of a handled job, found. */
const HANDLED_ROW = sqlRow('handled job', { handled: 'int' });

/** Whether this delivery's mark went in. */
const CLAIMED_ROW = sqlRow('claimed job', { claimed: 'bool' });

/**
 * The worker's bookkeeping tables: processed_events (a job's idempotency mark), pending_jobs (the durable copy of
 * what Redis should hold: enqueued, not yet handled, or dead) and failed_jobs (the history of final failures).
 */
@Injectable()
export class JobLedgerRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Whether job `job` of event `eventId` is already handled (a committed delivery recorded it). */
  async isHandled(eventId: bigint, job: string): Promise<boolean> {
    const rows = await queryRows(
      this.prisma,
      HANDLED_ROW,
      Prisma.sql`SELECT 1 AS handled FROM processed_events WHERE event_id = ${eventId} AND handler = ${job}`,
    );
    return rows.length > 0;
  }

  /**
   * Records that job `job` has handled event `eventId`, in the transaction that writes the job's outcome (or on its
   * own, for a job that writes nothing: the mark is then one statement), and drops its pending row. False when a
   * committed delivery already did; a concurrent one waits on the primary key until the first commits or rolls back,
   * so two deliveries can never both get true.
   */
  async claim(db: Db, eventId: bigint, job: string, queue: string): Promise<boolean> {
    // A job can finish before the relay that enqueued it has committed its pending row. Inserting the same row waits
    // for that commit (the unique key), so the delete below, a statement of its own, sees the row and removes it.
    await executeStatement(
      db,
      Prisma.sql`
      INSERT INTO pending_jobs (event_id, job, queue, due_at) VALUES (${eventId}, ${job}, ${queue}, now())
      ON CONFLICT (event_id, job) DO NOTHING`,
    );
    const [row] = await queryRows(
      db,
      CLAIMED_ROW,
      Prisma.sql`
      WITH marked AS (
        INSERT INTO processed_events (event_id, handler) VALUES (${eventId}, ${job})
        ON CONFLICT DO NOTHING
        RETURNING 1
      ), done AS (
        DELETE FROM pending_jobs WHERE event_id = ${eventId} AND job = ${job}
      )
      SELECT EXISTS (SELECT 1 FROM marked) AS claimed`,
    );
    return row!.claimed;
  }

  /**
   * Drops the pending row of a job found already handled: by a delivery that skips it, or by the reconciler (the relay
   * committed the row after the handler had run).
   */
  async forget(db: Db, eventId: bigint, job: string): Promise<void> {
    await db.$executeRaw`DELETE FROM pending_jobs WHERE event_id = ${eventId} AND job = ${job}`;
  }

  /** Records the jobs the relay is enqueueing, in the transaction that marks their events published. */
  async recordEnqueued(tx: Transaction, jobs: readonly EnqueuedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await tx.$executeRaw`
      INSERT INTO pending_jobs (event_id, job, queue, due_at)
      SELECT * FROM unnest(${jobs.map((j) => String(j.eventId))}::bigint[], ${jobs.map((j) => j.job)}::text[],
                           ${jobs.map((j) => j.queue)}::text[], ${jobs.map((j) => j.dueAt)}::timestamptz[])
      ON CONFLICT (event_id, job) DO NOTHING`;
  }

  /**
   * Locks, for the reconciler's transaction, up to `limit` live pending jobs that are overdue: due and not seen in
   * their queue for `lostAfterMs`, or asked to run again by an admin. SKIP LOCKED: reconcilers of several workers take
   * disjoint rows, so none is re-enqueued twice at once. Only jobs of `jobs` (this worker's registry): a job another
   * version of the worker knows waits for that worker.
   */
  async claimOverdue(
    tx: Transaction,
    jobs: readonly string[],
    lostAfterMs: number,
    limit: number,
  ): Promise<OverdueJob[]> {
    return queryRows(
      tx,
      OVERDUE_JOB_ROW,
      Prisma.sql`
      SELECT p.id, p.event_id AS "eventId", p.job, p.queue, p.due_at AS "dueAt", o.type AS "eventType", o.payload,
             EXISTS (SELECT 1 FROM processed_events e WHERE e.event_id = p.event_id AND e.handler = p.job) AS handled,
             p.retry_requested_at IS NOT NULL AS "retryRequested"
        FROM pending_jobs p JOIN outbox_events o ON o.id = p.event_id
       WHERE p.dead_at IS NULL AND p.job = ANY(${jobs}::text[])
         AND (p.retry_requested_at IS NOT NULL
              OR greatest(p.due_at, p.seen_at) < now() - make_interval(secs => ${lostAfterMs / 1000}::float8))
       ORDER BY p.due_at
       LIMIT ${limit}
         FOR UPDATE OF p SKIP LOCKED`,
    );
  }

  /** The job is in its queue (found there, or put back): not overdue again before another `lostAfterMs`. */
  async markSeen(tx: Transaction, id: bigint, { enqueued }: { enqueued: boolean }): Promise<void> {
    await tx.$executeRaw`
      UPDATE pending_jobs
         SET seen_at = now(), retry_requested_at = NULL, enqueues = enqueues + ${enqueued ? 1 : 0}
       WHERE id = ${id}`;
  }

  /** Marks a job dead, with its error: it waits for an admin's retry. */
  async markDead(tx: Transaction, eventId: bigint, job: string, error: string): Promise<void> {
    await tx.$executeRaw`
      UPDATE pending_jobs SET dead_at = now(), error = ${error}, retry_requested_at = NULL
       WHERE event_id = ${eventId} AND job = ${job}`;
  }

  /** Keeps a finally failed job for people to look at and replay, and marks its pending row dead. */
  async recordFailure(record: FailedJobRecord): Promise<void> {
    const { eventId, ...failed } = record;
    await this.prisma.$transaction(async (tx) => {
      await tx.failedJob.create({ data: failed });
      await this.markDead(tx, eventId, record.name, record.error);
    });
  }
}
