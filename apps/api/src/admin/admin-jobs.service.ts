import { Injectable } from '@nestjs/common';
import { rowIdOf, type DeadJob, type DeadJobRetryAnswer, type DeadJobsQuery } from '@mandi/contracts';
import { DEAD_JOB_MESSAGES, DomainError } from '@mandi/domain';
import { domainEvents, jobs } from '@mandi/events';
import type { Caller } from '../auth/caller.js';
import { AdminJobsRepository, type EventJobRow } from './admin-jobs.repository.js';

/** The jobs this version runs: only these may be retried (the worker could not enqueue another). */
const JOB_NAMES: readonly string[] = Object.keys(jobs);

/**
 * The console's Dead jobs tab: jobs that used up their attempts, kept with their error until an admin, having fixed
 * the cause, asks for them to run again. The retry is a request the worker's reconciler carries out (docs/console.md).
 */
@Injectable()
export class AdminJobsService {
  constructor(private readonly jobsRepository: AdminJobsRepository) {}

  /** A page of dead jobs, the most recent death first, and how many jobs are dead. */
  async listDead(query: DeadJobsQuery): Promise<{ total: number; jobs: DeadJob[] }> {
    const { total, jobs: rows } = await this.jobsRepository.listDead(query.page, query.perPage);
    return {
      total,
      jobs: rows.map((row) => ({ ...eventJobOf(row), error: row.error ?? '', dead_at: isoOf(row.dead_at)! })),
    };
  }

  /**
   * Asks for dead job `jobId` to run again with all its attempts. 404 when no dead job has this id (another admin or
   * bull-board retried it, it succeeded since, or it never died); 409 for a job this version no longer runs.
   */
  async retry(admin: Caller, jobId: string): Promise<DeadJobRetryAnswer> {
    const id = rowIdOf(jobId);
    if (id === null) throw new DomainError('not_found', DEAD_JOB_MESSAGES.notFound);
    const { retried, deadJob } = await this.jobsRepository.retryDead(id, JOB_NAMES, admin.id);
    if (!retried) {
      if (deadJob !== null && !JOB_NAMES.includes(deadJob))
        throw new DomainError('conflict', DEAD_JOB_MESSAGES.notRetryable);
      throw new DomainError('not_found', DEAD_JOB_MESSAGES.notFound);
    }
    return {
      message: DEAD_JOB_MESSAGES.retryQueued,
      job: {
        ...eventJobOf(retried),
        error: null,
        dead_at: null,
        retry_requested_at: isoOf(retried.retry_requested_at)!,
      },
    };
  }
}

/** The fields every job row shows, whatever its state. */
function eventJobOf(row: EventJobRow) {
  const event = Object.hasOwn(domainEvents, row.event_type)
    ? domainEvents[row.event_type as keyof typeof domainEvents]
    : null;
  return {
    id: String(row.id),
    queue: row.queue,
    job: row.job,
    event_type: row.event_type,
    event_id: String(row.event_id),
    aggregate: { field: event?.aggregate ?? null, id: row.aggregate_id },
    payload: row.payload,
    enqueues: row.enqueues,
    attempts_made: row.attempts_made,
    retryable: JOB_NAMES.includes(row.job),
  };
}

/** A time from a column or from JSON text, as ISO 8601 in UTC. */
function isoOf(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
