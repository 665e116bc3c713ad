import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow } from '@mandi/database';
import { auditInsertSql } from '@mandi/events';

/** A pending job with its event, as the Dead jobs tab shows it. Inside json_agg ids are numbers and times are text. */
export interface EventJobRow {
  id: number | bigint;
  queue: string;
  job: string;
  event_type: string;
  event_id: number | bigint;
  aggregate_id: string;
  payload: Record<string, unknown>;
  enqueues: number;
  attempts_made: number | null;
  error: string | null;
  dead_at: Date | string | null;
  retry_requested_at: Date | string | null;
}

/** A page of dead jobs (as JSON) and how many are dead. */
const DEAD_JOBS_ROW = sqlRow('dead jobs', { total: 'int', jobs: narrowed<EventJobRow[]>('json') });

/** The dead job an id named (null when none) and the job once retried (null when it was not). */
const RETRY_ROW = sqlRow('job retry', { dead_job: 'text | null', retried: narrowed<EventJobRow | null>('json') });

/** How a retry went: the job now when it was retried, and the name of the dead job the id named (null when none). */
export interface RetryOutcome {
  retried: EventJobRow | null;
  deadJob: string | null;
}

/**
 * The fields of pending job `j` beside its event `o`, and the attempts of its latest final failure: failed_jobs keys a
 * job by its BullMQ id, `<job>#<outbox id>` (eventJobId of the worker's pipeline), one row per final failure.
 */
const JOB_FIELDS = Prisma.sql`
  j.id, j.queue, j.job, o.type AS event_type, j.event_id, o.aggregate_id, o.payload, j.enqueues,
  (SELECT f.attempts_made FROM failed_jobs f
    WHERE f.job_id = j.job || '#' || j.event_id AND f.queue = j.queue
    ORDER BY f.failed_at DESC, f.id DESC LIMIT 1) AS attempts_made,
  j.error, j.dead_at, j.retry_requested_at`;

/**
 * Dead jobs (pending_jobs rows with dead_at set: their attempts used up, kept until an admin retries them) as the
 * console reads and retries them. The worker's reconciler carries out a retry; this side only records it.
 */
@Injectable()
export class AdminJobsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A page of dead jobs, the most recent death first, and how many are dead: one statement, one snapshot. */
  async listDead(page: number, perPage: number): Promise<{ total: number; jobs: EventJobRow[] }> {
    const [result] = await queryRows(
      this.prisma,
      DEAD_JOBS_ROW,
      Prisma.sql`
      WITH page AS (
        SELECT p.* FROM pending_jobs p WHERE p.dead_at IS NOT NULL
         ORDER BY p.dead_at DESC, p.id DESC
         LIMIT ${perPage} OFFSET ${(page - 1) * perPage}
      )
      SELECT (SELECT count(*)::int FROM pending_jobs WHERE dead_at IS NOT NULL) AS total,
             coalesce((SELECT json_agg(row_to_json(r) ORDER BY r.dead_at DESC, r.id DESC)
                         FROM (SELECT ${JOB_FIELDS} FROM page j JOIN outbox_events o ON o.id = j.event_id) r),
                      '[]'::json) AS jobs`,
    );
    return result!;
  }

  /**
   * Asks for dead job `id` to run again, in ONE conditional statement: dead_at and error cleared, retry_requested_at
   * set, only while the row is dead and its job is one of `jobNames` (this version's registry). Two admins retrying at
   * once serialise on the row; the later one finds it no longer dead and changes nothing. The reconciler (every
   * worker, every 10 s) then puts the job back in its queue with all its attempts, or afresh if Redis lost it.
   */
  async retryDead(id: number, jobNames: readonly string[], adminId: number): Promise<RetryOutcome> {
    const [row] = await queryRows(
      this.prisma,
      RETRY_ROW,
      Prisma.sql`
      WITH dead AS (
        SELECT id, job, error, dead_at FROM pending_jobs WHERE id = ${id} AND dead_at IS NOT NULL
      ), retried AS (
        UPDATE pending_jobs SET dead_at = NULL, error = NULL, retry_requested_at = now()
         WHERE id = ${id} AND dead_at IS NOT NULL AND job = ANY(${jobNames}::text[])
        RETURNING *
      ), retry_audit AS (
        SELECT r.id, r.job, r.event_id, r.retry_requested_at, d.error, d.dead_at FROM retried r JOIN dead d ON d.id = r.id
      ), audited AS (${auditInsertSql({
        adminId,
        action: 'job.retry',
        from: 'retry_audit',
        objectId: 'id',
        before: Prisma.sql`jsonb_build_object('job', retry_audit.job, 'event_id', retry_audit.event_id, 'dead_at', retry_audit.dead_at,
                                              'error', left(retry_audit.error, 500))`,
        after: Prisma.sql`jsonb_build_object('job', retry_audit.job, 'event_id', retry_audit.event_id,
                                             'retry_requested_at', retry_audit.retry_requested_at)`,
      })})
      SELECT (SELECT job FROM dead) AS dead_job,
             (SELECT row_to_json(r) FROM (SELECT ${JOB_FIELDS} FROM retried j JOIN outbox_events o ON o.id = j.event_id) r)
               AS retried`,
    );
    return { deadJob: row!.dead_job, retried: row!.retried };
  }
}
