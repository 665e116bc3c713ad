import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService, type Transaction } from '@mandi/database';
import { publish } from '@mandi/events';
import { clearOrderedFromCart } from './checkout.repository.js';

/** A provider payment attempt with the order it pays. */
export interface PaymentRow {
  id: number;
  order_id: number;
  user_id: number;
  status: 'created' | 'captured' | 'failed' | 'refunded';
  amount_paise: number;
  provider_payment_id: string | null;
}

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
  providerPaymentId: string | null;
  errorCode: string | null;
  errorDescription: string | null;
}

/** How recording a capture went. */
export type CaptureOutcome =
  | { kind: 'paid'; orderId: number; userId: number }
  | { kind: 'already_paid'; orderId: number; userId: number }
  | { kind: 'unknown_order' }
  | { kind: 'amount_mismatch'; orderId: number; expectedPaise: number };

/** Payments of orders and the provider's webhook events. */
@Injectable()
export class PaymentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The payment recorded for the provider's order (or payment link) `providerOrderId`, with its buyer. */
  async byProviderOrder(providerOrderId: string, db: Transaction | PrismaService = this.prisma, lock = false): Promise<PaymentRow | null> {
    const forUpdate = lock ? Prisma.sql`FOR UPDATE OF p` : Prisma.empty;
    const rows = await db.$queryRaw<PaymentRow[]>`
      SELECT p.id, p.order_id, o.user_id, p.status::text AS status, p.amount_paise, p.provider_payment_id
        FROM payments p JOIN orders o ON o.id = p.order_id
       WHERE p.provider_order_id = ${providerOrderId} ${forUpdate}`;
    return rows[0] ?? null;
  }

  /**
   * Records a successful payment once, however many times it is reported (the checkout's success call, each
   * webhook delivery): the payment row is locked, so concurrent reports queue and the later ones find it captured.
   * The order becomes paid, and confirmed when it was pending (spec 001 section 4, online flow); its products leave
   * the cart; order.paid and payment.captured go to the outbox.
   */
  capture(payment: CapturedPayment, tx?: Transaction): Promise<CaptureOutcome> {
    const run = async (db: Transaction): Promise<CaptureOutcome> => {
      const row = await this.byProviderOrder(payment.providerOrderId, db, true);
      if (!row) return { kind: 'unknown_order' };
      if (row.status === 'captured' || row.status === 'refunded') return { kind: 'already_paid', orderId: row.order_id, userId: row.user_id };
      if (row.amount_paise !== payment.amountPaise) {
        return { kind: 'amount_mismatch', orderId: row.order_id, expectedPaise: row.amount_paise };
      }
      await db.$executeRaw`
        UPDATE payments
           SET status = 'captured', provider_payment_id = ${payment.providerPaymentId}, signature_verified = true,
               method = ${payment.method}, error_code = NULL, error_description = NULL, captured_at = now(), updated_at = now()
         WHERE id = ${row.id}`;
      // `before` reads the row as it was, so the answer says whether this payment also confirmed the order.
      const [order] = await db.$queryRaw<{ confirmed: boolean }[]>`
        UPDATE orders o
           SET payment_status = 'paid', paid_at = now(), updated_at = now(),
               status = CASE WHEN o.status = 'pending' THEN 'confirmed'::order_status ELSE o.status END,
               confirmed_at = CASE WHEN o.status = 'pending' THEN now() ELSE o.confirmed_at END
          FROM (SELECT status FROM orders WHERE id = ${row.order_id}) before
         WHERE o.id = ${row.order_id} AND o.payment_status = 'unpaid'
        RETURNING before.status = 'pending' AS confirmed`;
      await clearOrderedFromCart(db, row.user_id, row.order_id);
      const orderId = row.order_id;
      await publish(db, { type: 'payment.captured', payload: { paymentId: row.id, orderId } });
      if (order) {
        await publish(db, { type: 'order.paid', payload: { orderId } });
        if (order.confirmed) await publish(db, { type: 'order.confirmed', payload: { orderId } });
      }
      return { kind: 'paid', orderId: row.order_id, userId: row.user_id };
    };
    return tx ? run(tx) : this.prisma.$transaction(run);
  }

  /**
   * Records a failed attempt while the payment is still open; a failure reported after a success (a late or
   * out-of-order webhook) changes nothing. The buyer may try again on the same provider order.
   */
  async fail(payment: FailedPayment, tx: Transaction): Promise<void> {
    const [row] = await tx.$queryRaw<{ id: number; order_id: number }[]>`
      UPDATE payments
         SET status = 'failed', error_code = ${payment.errorCode}, error_description = ${payment.errorDescription?.slice(0, 500) ?? null},
             updated_at = now()
       WHERE provider_order_id = ${payment.providerOrderId} AND status IN ('created', 'failed')
      RETURNING id, order_id`;
    if (row) await publish(tx, { type: 'payment.failed', payload: { paymentId: row.id, orderId: row.order_id } });
  }

  /**
   * Runs `handle` in a transaction that first records the provider's event `eventId`; a delivery whose id is already
   * recorded (a retry, a replay, a concurrent duplicate waiting on the first one's commit) does nothing and answers false.
   */
  async onceForEvent(
    event: { eventId: string; type: string; payload: Prisma.InputJsonValue },
    handle: (tx: Transaction) => Promise<void>,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const inserted = await tx.$executeRaw`
        INSERT INTO payment_provider_events (provider, event_id, type, payload, processed_at)
        VALUES ('razorpay', ${event.eventId}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb, now())
        ON CONFLICT (event_id) DO NOTHING`;
      if (inserted === 0) return false;
      await handle(tx);
      return true;
    });
  }
}
