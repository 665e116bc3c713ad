import { Injectable } from '@nestjs/common';
import { narrowed, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import { outboxInsertSql } from '@mandi/events';

/** Our refund of an online payment, with what the provider needs to find the payment. */
const REFUND_ROW = sqlRow('refund', {
  id: 'int',
  order_id: 'int',
  payment_id: 'int',
  provider_payment_id: 'text',
  amount_paise: 'int',
  status: narrowed<'pending' | 'processed' | 'failed'>('text'),
  provider_refund_id: 'text | null',
});
/** A row of {@link REFUND_ROW}. */
export type RefundRow = RowOf<typeof REFUND_ROW>;

/**
 * The refunds table (one refund per payment, a unique key). The refund row is written and committed BEFORE the
 * provider is called, so a retried job finds the same row and names the same refund to the provider; every statement
 * commits on its own, and none is open while the provider is asked.
 */
@Injectable()
export class RefundsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Opens the refund of order `orderId`'s captured online payment if the order is cancelled and none exists yet,
   * with refund.requested in the outbox; commits at once (its own statement). Then answers every refund of the
   * order's online payments, opened now or before.
   */
  async open(orderId: number): Promise<RefundRow[]> {
    await this.prisma.$executeRaw`
      WITH owed AS (
        SELECT p.id AS payment_id, p.order_id, p.amount_paise
          FROM payments p JOIN orders o ON o.id = p.order_id
         WHERE o.id = ${orderId} AND o.status = 'cancelled'
           AND p.provider = 'razorpay' AND p.status = 'captured' AND p.provider_payment_id IS NOT NULL
      ), opened AS (
        INSERT INTO refunds (payment_id, amount_paise, updated_at)
        SELECT payment_id, amount_paise, now() FROM owed
        ON CONFLICT (payment_id) DO NOTHING
        RETURNING id, payment_id
      ), requested AS (
        SELECT opened.id, opened.payment_id, owed.order_id FROM opened JOIN owed ON owed.payment_id = opened.payment_id
      ), events AS (${outboxInsertSql({
        type: 'refund.requested',
        from: 'requested',
        ids: { refundId: 'id', paymentId: 'payment_id', orderId: 'order_id' },
      })})
      SELECT count(*) FROM events`;
    return queryRows(
      this.prisma,
      REFUND_ROW,
      Prisma.sql`
      SELECT r.id, p.order_id, r.payment_id, p.provider_payment_id, r.amount_paise, r.status::text AS status, r.provider_refund_id
        FROM refunds r JOIN payments p ON p.id = r.payment_id
       WHERE p.order_id = ${orderId} AND p.provider = 'razorpay'
       ORDER BY r.id`,
    );
  }

  /**
   * Leases refund `refundId` for `leaseMs` unless it is processed or another run holds an unexpired lease: two jobs
   * for one refund (the cancellation's and a late payment's) ask the provider one after the other, and no transaction
   * stays open while they do. A run that dies lets its lease run out. Answers the refund as leased, or null.
   */
  async lease(refundId: number, leaseMs: number): Promise<RefundRow | null> {
    const [row] = await queryRows(
      this.prisma,
      REFUND_ROW,
      Prisma.sql`
      WITH leased AS (
        UPDATE refunds
           SET leased_until = now() + make_interval(secs => ${leaseMs / 1000}::float8)
         WHERE id = ${refundId} AND status <> 'processed' AND (leased_until IS NULL OR leased_until < now())
        RETURNING id, payment_id, amount_paise, status, provider_refund_id
      )
      SELECT r.id, p.order_id, r.payment_id, p.provider_payment_id, r.amount_paise, r.status::text AS status, r.provider_refund_id
        FROM leased r JOIN payments p ON p.id = r.payment_id`,
    );
    return row ?? null;
  }

  /**
   * Records that the provider processed refund `refundId` (as `providerRefundId`): the refund processed, the payment
   * refunded, refund.processed in the outbox; nothing when the webhook recorded it first.
   */
  async markProcessed(refundId: number, providerRefundId: string): Promise<void> {
    await this.prisma.$executeRaw`
      WITH processed AS (
        UPDATE refunds r
           SET status = 'processed', provider_refund_id = ${providerRefundId}, processed_at = now(), last_error = NULL,
               leased_until = NULL,
               attempts = r.attempts + 1, updated_at = now()
         WHERE r.id = ${refundId} AND r.status <> 'processed'
        RETURNING r.id, r.payment_id
      ), refunded AS (
        UPDATE payments p SET status = 'refunded', updated_at = now()
          FROM processed WHERE p.id = processed.payment_id AND p.status = 'captured'
        RETURNING p.order_id
      ), announced AS (
        SELECT processed.id, processed.payment_id, p.order_id FROM processed JOIN payments p ON p.id = processed.payment_id
      ), events AS (${outboxInsertSql({
        type: 'refund.processed',
        from: 'announced',
        ids: { refundId: 'id', paymentId: 'payment_id', orderId: 'order_id' },
      })})
      SELECT count(*) FROM events`;
  }

  /**
   * Records an attempt that did not finish the refund (the provider failed, or holds it pending), committed at once
   * so it survives the attempt's rollback: how many attempts, the last error, and the provider's refund id if any.
   */
  async recordAttempt(refundId: number, lastError: string, providerRefundId: string | null): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE refunds
         SET attempts = attempts + 1, last_error = ${lastError.slice(0, 1000)}, leased_until = NULL,
             provider_refund_id = coalesce(${providerRefundId}, provider_refund_id), updated_at = now()
       WHERE id = ${refundId} AND status <> 'processed'`;
  }
}
