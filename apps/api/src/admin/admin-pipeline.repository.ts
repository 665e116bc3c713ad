import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';

/** The outbox's backlog: events not yet relayed to Redis, and how long the oldest has waited. */
export interface OutboxBacklog {
  unpublished: number;
  /** Seconds, by the database clock; null when nothing waits. */
  oldestAgeSeconds: number | null;
}

/** The pipeline's bookkeeping in PostgreSQL, read for the console and the metrics. */
@Injectable()
export class AdminPipelineRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Unpublished outbox rows and the age of the oldest. Both read the partial index of unpublished rows
   * (outbox_events_unpublished_idx): the oldest is the lowest id, the count scans only the backlog.
   */
  async outboxBacklog(): Promise<OutboxBacklog> {
    const [row] = await this.prisma.$queryRaw<OutboxBacklog[]>`
      SELECT (SELECT count(*)::int FROM outbox_events WHERE published_at IS NULL) AS unpublished,
             (SELECT EXTRACT(EPOCH FROM statement_timestamp() - created_at)::float8
                FROM outbox_events WHERE published_at IS NULL ORDER BY id LIMIT 1) AS "oldestAgeSeconds"`;
    return {
      unpublished: row!.unpublished,
      oldestAgeSeconds: row!.oldestAgeSeconds === null ? null : Math.max(0, row!.oldestAgeSeconds),
    };
  }

  /** Dead jobs (attempts used up, waiting for an admin's retry) by queue; queues without any are left out. */
  async deadJobsByQueue(): Promise<Map<string, number>> {
    const rows = await this.prisma.$queryRaw<{ queue: string; dead: number }[]>`
      SELECT queue, count(*)::int AS dead FROM pending_jobs WHERE dead_at IS NOT NULL GROUP BY queue`;
    return new Map(rows.map((row) => [row.queue, row.dead]));
  }
}
