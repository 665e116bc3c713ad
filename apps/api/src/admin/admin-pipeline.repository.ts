import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';

/** The outbox's backlog: events not yet relayed to Redis, and how long the oldest has waited. */
const OUTBOX_BACKLOG_ROW = sqlRow('outbox backlog', {
  unpublished: 'int',
  /** Seconds, by the database clock; null when nothing waits. */
  oldestAgeSeconds: 'float | null',
});
/** A row of {@link OUTBOX_BACKLOG_ROW}. */
export type OutboxBacklog = RowOf<typeof OUTBOX_BACKLOG_ROW>;

/** Dead jobs of one queue. */
const DEAD_BY_QUEUE_ROW = sqlRow('dead jobs by queue', { queue: 'text', dead: 'int' });

/** The pipeline's bookkeeping in PostgreSQL, read for the console and the metrics. */
@Injectable()
export class AdminPipelineRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Unpublished outbox rows and the age of the oldest. Both read the partial index of unpublished rows
   * (outbox_events_unpublished_idx): the oldest is the lowest id, the count scans only the backlog.
   */
  async outboxBacklog(): Promise<OutboxBacklog> {
    const [row] = await queryRows(
      this.prisma,
      OUTBOX_BACKLOG_ROW,
      Prisma.sql`
      SELECT (SELECT count(*)::int FROM outbox_events WHERE published_at IS NULL) AS unpublished,
             (SELECT EXTRACT(EPOCH FROM statement_timestamp() - created_at)::float8
                FROM outbox_events WHERE published_at IS NULL ORDER BY id LIMIT 1) AS "oldestAgeSeconds"`,
    );
    return {
      unpublished: row!.unpublished,
      oldestAgeSeconds: row!.oldestAgeSeconds === null ? null : Math.max(0, row!.oldestAgeSeconds),
    };
  }

  /** Dead jobs (attempts used up, waiting for an admin's retry) by queue; queues without any are left out. */
  async deadJobsByQueue(): Promise<Map<string, number>> {
    const rows = await queryRows(
      this.prisma,
      DEAD_BY_QUEUE_ROW,
      Prisma.sql`
      SELECT queue, count(*)::int AS dead FROM pending_jobs WHERE dead_at IS NOT NULL GROUP BY queue`,
    );
    return new Map(rows.map((row) => [row.queue, row.dead]));
  }
}
