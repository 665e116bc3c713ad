import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, queryRows, sqlRow, type RowOf, type Transaction } from '@mandi/database';
import { eventTypes } from '@mandi/events';

/** An outbox row waiting to be relayed. */
const PENDING_OUTBOX_ROW = sqlRow('pending outbox event', {
  id: 'bigint',
  type: 'text',
  payload: 'json',
  /** When the event was published, by the database clock: delayed jobs count from here. */
  createdAt: 'timestamptz',
  /** The database clock when the row was claimed, so a delay is measured on one clock, whatever the worker's says. */
  claimedAt: 'timestamptz',
});
/** A row of {@link PENDING_OUTBOX_ROW}. */
export type PendingOutboxRow = Readonly<RowOf<typeof PENDING_OUTBOX_ROW>>;

/** Unpublished events of one type this worker does not know. */
const UNKNOWN_TYPE_ROW = sqlRow('unknown event type', { type: 'text', count: 'int' });

/** The relay's access to outbox_events. */
@Injectable()
export class OutboxRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Locks up to `limit` unpublished rows of the registry's event types for this transaction. SKIP LOCKED lets several
   * relays run side by side: each takes rows the others do not hold, so no row is relayed by two at once. A row of a
   * type this worker does not know stays unpublished (see {@link unknownTypes}). NO KEY UPDATE, since the relay only
   * sets published_at: a job that finishes before the relay commits inserts its pending_jobs row, whose foreign key
   * takes KEY SHARE on the event's row, and a FOR UPDATE lock would make that claim and the relay's own insert of the
   * same row wait on each other (a deadlock that rolled the claim back, so the job, a mail, ran twice).
   */
  async claimUnpublished(tx: Transaction, limit: number): Promise<PendingOutboxRow[]> {
    return queryRows(
      tx,
      PENDING_OUTBOX_ROW,
      Prisma.sql`
      SELECT id, type, payload, created_at AS "createdAt", statement_timestamp() AS "claimedAt"
        FROM outbox_events
       WHERE published_at IS NULL AND type = ANY(${eventTypes}::text[])
       ORDER BY id
       LIMIT ${limit}
         FOR NO KEY UPDATE SKIP LOCKED`,
    );
  }

  /** Marks the rows relayed, by the database clock. */
  async markPublished(tx: Transaction, ids: readonly bigint[]): Promise<void> {
    await tx.$executeRaw`
      UPDATE outbox_events
         SET published_at = now()
       WHERE id = ANY(${ids.map(String)}::bigint[])`;
  }

  /**
   * The unpublished rows whose type is not in the registry, counted by type. Nothing writes them through the typed
   * helpers; a misspelt hand-written type, or an API newer than this worker during a deployment, does. They wait,
   * unrelayed and never lost, for a worker that knows them.
   */
  async unknownTypes(): Promise<{ type: string; count: number }[]> {
    return queryRows(
      this.prisma,
      UNKNOWN_TYPE_ROW,
      Prisma.sql`
      SELECT type, count(*)::int AS count FROM outbox_events
       WHERE published_at IS NULL AND NOT (type = ANY(${eventTypes}::text[]))
       GROUP BY type ORDER BY type`,
    );
  }
}
