import { Injectable } from '@nestjs/common';
import type { Transaction } from '@mandi/database';

/** An outbox row waiting to be relayed. */
export interface PendingOutboxRow {
  readonly id: bigint;
  readonly type: string;
  readonly payload: unknown;
  /** When the event was published, by the database clock: delayed jobs count from here. */
  readonly createdAt: Date;
  /** The database clock when the row was claimed, so a delay is measured on one clock, whatever the worker's says. */
  readonly claimedAt: Date;
}

/** The relay's access to outbox_events. */
@Injectable()
export class OutboxRepository {
  /**
   * Locks up to `limit` unpublished rows for this transaction. SKIP LOCKED lets several relays run
   * side by side: each takes rows the others do not hold, so no row is relayed by two at once.
   */
  async claimUnpublished(tx: Transaction, limit: number): Promise<PendingOutboxRow[]> {
    return tx.$queryRaw<PendingOutboxRow[]>`
      SELECT id, type, payload, created_at AS "createdAt", statement_timestamp() AS "claimedAt"
        FROM outbox_events
       WHERE published_at IS NULL
       ORDER BY id
       LIMIT ${limit}
         FOR UPDATE SKIP LOCKED`;
  }

  /** Marks the rows relayed, by the database clock. */
  async markPublished(tx: Transaction, ids: readonly bigint[]): Promise<void> {
    await tx.$executeRaw`
      UPDATE outbox_events
         SET published_at = now()
       WHERE id = ANY(${ids.map(String)}::bigint[])`;
  }
}
