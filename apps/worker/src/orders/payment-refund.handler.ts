import { Injectable, Logger } from '@nestjs/common';
import { HandlesJob, JobHandler } from '../pipeline/job.handler.js';
import { RazorpayRefundsGateway, type ProviderRefund } from './razorpay-refunds.gateway.js';
import { providerErrorText, RAZORPAY_TIMEOUT_MS } from './razorpay-sdk.js';
import { RefundsRepository, type RefundRow } from './refunds.repository.js';

/**
 * How long a run holds a refund while it asks the provider: longer than its two calls can take (each is cut off after
 * RAZORPAY_TIMEOUT_MS), so a live run never loses it, and short enough that a dead run's refund is taken up again soon.
 */
const REFUND_LEASE_MS = 2 * RAZORPAY_TIMEOUT_MS + 5_000;

/**
 * `payment.refund`: gives back the money of a cancelled order paid online (started by order.cancelled, and by a
 * payment captured after the order was cancelled). In this order, so a retried or repeated job refunds once:
 * 1. the refund row is opened and committed (one per payment), its id naming the refund from then on;
 * 2. holding a lease on that refund (no transaction is open meanwhile), the provider is asked whether it already has
 *    a refund naming it (an earlier attempt that died before recording it) and only otherwise asked to refund, with
 *    the id in receipt and notes;
 * 3. a processed refund is recorded with refund.processed; a pending one fails the attempt, so BullMQ retries with
 *    backoff until the provider has processed it (or its refund.processed webhook has recorded it).
 * Each step commits on its own and is safe to repeat, so the job's own processed_events mark carries no writes.
 * An order with no captured online payment (cash on delivery, never paid) has nothing to refund.
 */
@Injectable()
@HandlesJob('payment.refund')
export class PaymentRefundHandler extends JobHandler<{ orderId: number }> {
  private readonly logger = new Logger(PaymentRefundHandler.name);

  constructor(
    private readonly refunds: RefundsRepository,
    private readonly razorpay: RazorpayRefundsGateway,
  ) {
    super();
  }

  async handle({ orderId }: { orderId: number }): Promise<void> {
    for (const opened of await this.refunds.open(orderId)) {
      if (opened.status === 'processed') continue;
      const refund = await this.refunds.lease(opened.id, REFUND_LEASE_MS);
      // Processed meanwhile, or another run is asking the provider right now: retry later and look again.
      if (!refund) throw new Error(`refund ${opened.id} is being asked about by another run; looking again later`);
      const outcome = await this.askProvider(refund);
      if (outcome.status === 'processed') {
        await this.refunds.markProcessed(refund.id, outcome.id);
        this.logger.log({ msg: 'refund processed', orderId, refundId: refund.id, providerRefundId: outcome.id });
        continue;
      }
      const why = `Razorpay holds refund ${outcome.id} as ${outcome.status}`;
      await this.refunds.recordAttempt(refund.id, why, outcome.id);
      throw new Error(`${why}; asking again`);
    }
  }

  /** The provider's refund naming ours: the one it has already, else a new one. A provider failure is recorded, then fails the attempt. */
  private async askProvider(refund: RefundRow): Promise<ProviderRefund> {
    try {
      const earlier = await this.razorpay.findOurs(refund.provider_payment_id, refund.id);
      return (
        earlier ??
        (await this.razorpay.refund(refund.provider_payment_id, refund.amount_paise, refund.id, refund.order_id))
      );
    } catch (error) {
      await this.refunds.recordAttempt(refund.id, providerErrorText(error), null);
      throw error;
    }
  }
}
