import { Injectable } from '@nestjs/common';
import { PrismaService } from '@mandi/database';

/**
 * Deletes the pipeline's old bookkeeping, `limit` rows per statement, oldest first. Rows another transaction holds
 * are skipped (another worker pruning, the relay publishing), so replicas never wait on each other. Ages are read on
 * the database clock.
 */
@Injectable()
export class RetentionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Outbox rows published more than `days` ago; an unpublished row is never touched, however old, nor one whose job is
   * still pending or dead (pending_jobs), which a retry still needs.
   */
  deletePublishedEvents(days: number, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM outbox_events WHERE id IN (
        SELECT id FROM outbox_events
         WHERE published_at IS NOT NULL AND published_at < now() - make_interval(days => ${days}::int)
           AND NOT EXISTS (SELECT 1 FROM pending_jobs p WHERE p.event_id = outbox_events.id)
         ORDER BY id
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED)`;
  }

  /** Marks of handled events (processed_events) older than `days`. */
  deleteProcessedMarks(days: number, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM processed_events WHERE (event_id, handler) IN (
        SELECT event_id, handler FROM processed_events
         WHERE processed_at < now() - make_interval(days => ${days}::int)
         ORDER BY processed_at
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED)`;
  }

  /**
   * Deleted sellers' tax identities past the day the law made Mandi keep them (keep_until, libs/domain's
   * sellerRecordsKeptUntil), read on India's calendar.
   */
  deleteExpiredSellerTaxRecords(limit: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM seller_tax_records WHERE user_id IN (
        SELECT user_id FROM seller_tax_records
         WHERE keep_until < (now() AT TIME ZONE 'Asia/Kolkata')::date
         ORDER BY keep_until
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED)`;
  }

  /** Payment provider (webhook) events processed and received more than `days` ago; unprocessed ones stay. */
  deleteProcessedProviderEvents(days: number, limit: number): Promise<number> {
    return this.prisma.$executeRaw`
      DELETE FROM payment_provider_events WHERE id IN (
        SELECT id FROM payment_provider_events
         WHERE processed_at IS NOT NULL AND received_at < now() - make_interval(days => ${days}::int)
         ORDER BY id
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED)`;
  }
}
