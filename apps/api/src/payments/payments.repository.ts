import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { narrowed, prepared, Prisma, PrismaService, queryRows, sqlRow, type RowOf } from '@mandi/database';
import { outboxInsertSql } from '@mandi/events';
import { ORDER_PAID_EVENTS, orderPaidSql } from '../orders/order-payment.sql.js';

/** A provider payment attempt with the order it pays. */
const PAYMENT_ROW = sqlRow('payment', {
  id: 'int',
  order_id: 'int',
  user_id: 'int',
  status: narrowed<'created' | 'captured' | 'failed' | 'refunded'>('text'),
  amount_paise: 'int',
});
/** A row of {@link PAYMENT_ROW}. */
export type PaymentRow = RowOf<typeof PAYMENT_ROW>;

/** Whether a webhook event was new, and the order a capture paid (null when it paid none). */
const CAPTURE_ROW = sqlRow('payment capture', { fresh: 'bool', order_id: 'int | null', user_id: 'int | null' });

/** Whether a webhook event was new. */
const FRESH_EVENT_ROW = sqlRow('webhook event', { fresh: 'bool' });

/** What the provider says about a successful payment. */
export interface CapturedPayment {
  /** Our payment row's provider reference: Razorpay's order id, or the payment link id. */
  providerOrderId: string;
  providerPaymentId: string;
  amountPaise: number;
  method: string | null;
}

/** What the provider says about a failed attempt. */
export interface FailedPayment {
  providerOrderId: string;
  errorCode: string | null;
  errorDescription: string | null;
}

/** What the provider says about a refund it has processed. */
export interface ProcessedRefund {
  providerRefundId: string;
  /** The refunded payment, which names our refund: one refund per payment. */
  providerPaymentId: string;
}

/** A webhook event as received, recorded once per signed body. */
export interface ProviderEvent {
  /** Razorpay's X-Razorpay-Event-Id, for tracing only: it is not signed. */
  eventId: string;
  /** SHA-256 (hex) of the signed body: the key that makes a delivery a duplicate. */
  bodySha256: string;
  type: string;
  /** The body as received (JSON text). */
  body: string;
}

/** How recording a capture went. */
export type CaptureOutcome =
  | { kind: 'paid'; orderId: number; userId: number }
  | { kind: 'already_paid'; orderId: number; userId: number }
  | { kind: 'unknown_order' }
  | { kind: 'amount_mismatch'; orderId: number; expectedPaise: number }
  /** The webhook event was recorded before: nothing was done again. */
  | { kind: 'duplicate_event' };

/**
 * Payments of orders and the provider's webhook events. Each change is ONE statement of conditional writes: it is all
 * or nothing on its own, and two reports of the same payment racing (the checkout's success call, webhook retries)
 * serialise on the payment row, where the later one no longer matches `status IN ('created', 'failed')` and does
 * nothing. No interactive transaction is held open across round trips.
 */
@Injectable()
export class PaymentsRepository {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The payment recorded for the provider's order (or payment link) `providerOrderId`, with its buyer. */
  async byProviderOrder(providerOrderId: string): Promise<PaymentRow | null> {
    const rows = await queryRows(
      this.prisma,
      PAYMENT_ROW,
      Prisma.sql`
      SELECT p.id, p.order_id, o.user_id, p.status::text AS status, p.amount_paise
        FROM payments p JOIN orders o ON o.id = p.order_id
       WHERE p.provider_order_id = ${providerOrderId}`,
    );
    return rows[0] ?? null;
  }

  /**
   * Records a successful payment once, however many times it is reported. For the amount the order expects, the
   * payment becomes captured; the order paid, and confirmed when it was pending (docs/payments.md, online flow); its
   * products leave the cart; payment.captured, order.paid (and order.confirmed) go to the outbox. With `event` (a
   * webhook) the event is recorded in the same statement, and a repeated signed body changes nothing.
   */
  async capture(payment: CapturedPayment, event?: ProviderEvent): Promise<CaptureOutcome> {
    const [result] = await queryRows(
      this.prisma,
      CAPTURE_ROW,
      prepared(Prisma.sql`
      WITH ${eventCte(event)},
      pay AS (
        UPDATE payments
           SET status = 'captured', provider_payment_id = ${payment.providerPaymentId}, signature_verified = true,
               method = ${payment.method}, error_code = NULL, error_description = NULL, captured_at = now(), updated_at = now()
         WHERE provider_order_id = ${payment.providerOrderId} AND status IN ('created', 'failed')
           AND amount_paise = ${payment.amountPaise} AND EXISTS (SELECT 1 FROM event)
        RETURNING id, order_id
      ), ${orderPaidSql('pay', this.config.ORDER_DECISION_WINDOW_MS)}, uncarted AS (
        DELETE FROM cart_items c USING paid, order_items i
         WHERE c.user_id = paid.user_id AND i.order_id = paid.id AND c.product_id = i.product_id
        RETURNING 1
      ), events AS (${outboxInsertSql(
        { type: 'payment.captured', from: 'pay', ids: { paymentId: 'id', orderId: 'order_id' } },
        ...ORDER_PAID_EVENTS,
      )})
      SELECT EXISTS (SELECT 1 FROM event) AS fresh, (SELECT id FROM paid) AS order_id, (SELECT user_id FROM paid) AS user_id`),
    );
    if (!result!.fresh) return { kind: 'duplicate_event' };
    if (result!.order_id !== null && result!.user_id !== null)
      return { kind: 'paid', orderId: result!.order_id, userId: result!.user_id };
    // Nothing changed: say why, from the row as it is now.
    const row = await this.byProviderOrder(payment.providerOrderId);
    if (!row) return { kind: 'unknown_order' };
    if (row.status === 'captured' || row.status === 'refunded')
      return { kind: 'already_paid', orderId: row.order_id, userId: row.user_id };
    return { kind: 'amount_mismatch', orderId: row.order_id, expectedPaise: row.amount_paise };
  }

  /**
   * Records webhook `event` reporting a failed attempt, once per signed body. The payment is marked failed while it is
   * still open; a failure reported after a success (a late or out-of-order webhook) changes nothing. The buyer may try
   * again on the same provider order. False when the event was recorded before.
   */
  async fail(payment: FailedPayment, event: ProviderEvent): Promise<boolean> {
    const [result] = await queryRows(
      this.prisma,
      FRESH_EVENT_ROW,
      Prisma.sql`
      WITH ${eventCte(event)},
      failed AS (
        UPDATE payments
           SET status = 'failed', error_code = ${payment.errorCode}, error_description = ${payment.errorDescription?.slice(0, 500) ?? null},
               updated_at = now()
         WHERE provider_order_id = ${payment.providerOrderId} AND status IN ('created', 'failed') AND EXISTS (SELECT 1 FROM event)
        RETURNING id, order_id
      ), events AS (${outboxInsertSql({ type: 'payment.failed', from: 'failed', ids: { paymentId: 'id', orderId: 'order_id' } })})
      SELECT EXISTS (SELECT 1 FROM event) AS fresh`,
    );
    return result!.fresh;
  }

  /**
   * Records webhook `event` reporting a processed refund, once per signed body, and marks our refund of that payment
   * processed (and the payment refunded) unless it is already, with refund.processed in the outbox; the worker's
   * refund job may have done so first, and then nothing changes. False when the event was recorded before.
   */
  async refundProcessed(refund: ProcessedRefund, event: ProviderEvent): Promise<boolean> {
    const [result] = await queryRows(
      this.prisma,
      FRESH_EVENT_ROW,
      Prisma.sql`
      WITH ${eventCte(event)},
      processed AS (
        UPDATE refunds r
           SET status = 'processed', provider_refund_id = coalesce(r.provider_refund_id, ${refund.providerRefundId}),
               processed_at = now(), last_error = NULL, updated_at = now()
          FROM payments p
         WHERE p.id = r.payment_id AND p.provider_payment_id = ${refund.providerPaymentId}
           AND r.status <> 'processed' AND EXISTS (SELECT 1 FROM event)
        RETURNING r.id, r.payment_id, p.order_id
      ), refunded AS (
        UPDATE payments p SET status = 'refunded', updated_at = now()
          FROM processed WHERE p.id = processed.payment_id AND p.status = 'captured'
        RETURNING 1
      ), events AS (${outboxInsertSql({
        type: 'refund.processed',
        from: 'processed',
        ids: { refundId: 'id', paymentId: 'payment_id', orderId: 'order_id' },
      })})
      SELECT EXISTS (SELECT 1 FROM event) AS fresh`,
    );
    return result!.fresh;
  }

  /**
   * Records a transfer.failed webhook once and, for the payout whose transfer it is (by the transfer's id, or the payout
   * its notes name when the worker has not recorded the transfer yet), publishes payout.transfer_failed in the same
   * statement; false when the event was recorded before.
   */
  async transferFailed(transferId: string, payoutId: number | null, event: ProviderEvent): Promise<boolean> {
    const [result] = await queryRows(
      this.prisma,
      FRESH_EVENT_ROW,
      Prisma.sql`
      WITH ${eventCte(event)},
      failed AS (
        SELECT p.id, p.order_id FROM seller_payouts p
         WHERE (p.razorpay_transfer_id = ${transferId} OR p.id = ${payoutId})
           AND p.status NOT IN ('reversed', 'cancelled', 'failed')
           AND EXISTS (SELECT 1 FROM event)
      ), events AS (${outboxInsertSql({
        type: 'payout.transfer_failed',
        from: 'failed',
        ids: { payoutId: 'id', orderId: 'order_id' },
      })})
      SELECT EXISTS (SELECT 1 FROM event) AS fresh`,
    );
    return result!.fresh;
  }

  /** Records webhook `event` once per signed body, with nothing else to do; false when it was recorded before. */
  async record(event: ProviderEvent): Promise<boolean> {
    const [result] = await queryRows(
      this.prisma,
      FRESH_EVENT_ROW,
      Prisma.sql`
      WITH ${eventCte(event)} SELECT EXISTS (SELECT 1 FROM event) AS fresh`,
    );
    return result!.fresh;
  }
}

/**
 * The `event` CTE: inserts the webhook event unless its signed body is recorded already (a concurrent duplicate waits for the
 * first one's commit and then inserts nothing); one row when this delivery is the first. Without an event (the
 * checkout's own success call) it is always one row.
 */
function eventCte(event: ProviderEvent | undefined): Prisma.Sql {
  if (!event) return Prisma.sql`event AS (SELECT 1)`;
  return Prisma.sql`event AS (
    INSERT INTO payment_provider_events (provider, event_id, body_sha256, type, payload, processed_at)
    VALUES ('razorpay', ${event.eventId}, ${event.bodySha256}, ${event.type}, ${event.body}::jsonb, now())
    ON CONFLICT (body_sha256) DO NOTHING
    RETURNING 1)`;
}
