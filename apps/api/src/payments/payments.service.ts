import { Injectable, Logger } from '@nestjs/common';
import type { OrderPlacedAnswer, PaymentSuccessBody } from '@mandi/contracts';
import { ACCESS_MESSAGES, DomainError, PAYMENT_MESSAGES } from '@mandi/domain';
import type { Caller } from '../auth/caller.js';
import { PaymentsRepository, type CaptureOutcome, type ProviderEvent } from './payments.repository.js';
import { RazorpayGateway } from './razorpay.gateway.js';
import { signedBodyDigest, webhookEventId, webhookEventSchema, type WebhookEvent } from './razorpay-webhook.js';

/** Webhook events that report money received for one of our provider orders or payment links. */
const CAPTURE_EVENTS = new Set(['payment.captured', 'order.paid', 'payment_link.paid']);

/** What the hosted payment page sends the buyer back with (Razorpay Payment Links' callback query). */
export interface PaymentPageReturn {
  razorpay_payment_id?: string;
  razorpay_payment_link_id?: string;
  razorpay_payment_link_reference_id?: string;
  razorpay_payment_link_status?: string;
  razorpay_signature?: string;
}

/**
 * Payment of online orders (docs/payments.md): an order placed by checkout is paid exactly once, whichever
 * of the checkout's success call, the webhook or the hosted page's return reports the payment first.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly razorpay: RazorpayGateway,
  ) {}

  /**
   * POST /api/payment/payment-success: accepts only the checkout's valid signature (400 and no change otherwise),
   * checks the payment with the provider (its order and amount must be ours), and marks the order paid and confirmed.
   * Repeating the call, or calling after the webhook did the work, answers the same.
   */
  async confirmCheckout(body: PaymentSuccessBody, caller: Caller): Promise<OrderPlacedAnswer> {
    const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body.payment;
    if (!this.razorpay.isCheckoutSignature(orderId, paymentId, signature)) {
      throw new DomainError('invalid_data', PAYMENT_MESSAGES.signatureInvalid);
    }
    const recorded = await this.payments.byProviderOrder(orderId);
    if (!recorded) throw new DomainError('not_found', PAYMENT_MESSAGES.orderNotFound);
    if (recorded.user_id !== caller.id && caller.role !== 'admin')
      throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
    const outcome = await this.captureReported(orderId, paymentId);
    return { success: true, orderId: String(outcome.orderId) };
  }

  /**
   * POST /api/payment/webhook: the signature over the exact body must verify (400 otherwise); each signed body is
   * recorded once (by its digest, whatever X-Razorpay-Event-Id says) and acted on in the same statement, so retries,
   * replays and concurrent duplicates change nothing.
   */
  async handleWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventIdHeader: string | string[] | undefined,
  ): Promise<{ status: string }> {
    if (!signature || !this.razorpay.isWebhookSignature(rawBody, signature)) {
      throw new DomainError('invalid_data', PAYMENT_MESSAGES.webhookSignatureInvalid);
    }
    const parsed = webhookEventSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
    if (!parsed.success) throw new DomainError('invalid_data', PAYMENT_MESSAGES.webhookUnreadable);
    const received = {
      eventId: webhookEventId(eventIdHeader, rawBody),
      bodySha256: signedBodyDigest(rawBody),
      type: parsed.data.event,
      body: rawBody.toString('utf8'),
    };
    const fresh = await this.applyEvent(parsed.data, received);
    return { status: fresh ? 'processed' : 'duplicate' };
  }

  /**
   * GET /api/payment/return: the hosted payment page sends the buyer back here. A valid signature of a paid link marks
   * the order paid (like the webhook, which may come first); the buyer lands on their orders either way.
   */
  async returnFromPaymentPage(query: PaymentPageReturn): Promise<string> {
    const linkId = query.razorpay_payment_link_id ?? '';
    const recorded = linkId ? await this.payments.byProviderOrder(linkId) : null;
    if (!recorded) throw new DomainError('not_found', PAYMENT_MESSAGES.orderNotFound);
    const ordersPage = `/orders/${recorded.user_id}`;
    const fields = {
      linkId,
      referenceId: query.razorpay_payment_link_reference_id ?? '',
      status: query.razorpay_payment_link_status ?? '',
      paymentId: query.razorpay_payment_id ?? '',
    };
    if (fields.status !== 'paid' || !this.razorpay.isPaymentPageSignature(fields, query.razorpay_signature ?? '')) {
      return `${ordersPage}?payment=failed`;
    }
    // A link's payments belong to the Razorpay order the link made for them.
    await this.captureReported(linkId, fields.paymentId, await this.razorpay.paymentPageOrderId(linkId));
    return ordersPage;
  }

  /**
   * Looks the payment up with the provider (it must belong to `razorpayOrderId`, the Razorpay order behind our payment
   * row, and be for the order's amount), captures it if only authorized, and records it.
   */
  private async captureReported(
    providerOrderId: string,
    paymentId: string,
    razorpayOrderId: string | null = providerOrderId,
  ): Promise<Extract<CaptureOutcome, { orderId: number; userId: number }>> {
    const payment = await this.razorpay.payment(paymentId);
    if (
      payment.orderId === null ||
      payment.orderId !== razorpayOrderId ||
      !['authorized', 'captured'].includes(payment.status)
    ) {
      throw new DomainError('invalid_data', PAYMENT_MESSAGES.signatureInvalid);
    }
    if (payment.status === 'authorized') await this.razorpay.capture(payment.id, payment.amountPaise);
    const outcome = await this.payments.capture({
      providerOrderId,
      providerPaymentId: payment.id,
      amountPaise: payment.amountPaise,
      method: payment.method,
    });
    return this.settled(outcome);
  }

  /**
   * Records one webhook event and acts on it in the same statement; false when its id was recorded before. A
   * capture of a payment that is not one of ours (a payment link's own order) is recorded and left alone.
   */
  private async applyEvent(event: WebhookEvent, received: ProviderEvent): Promise<boolean> {
    const payment = event.payload.payment?.entity;
    const providerOrderId = event.payload.payment_link?.entity.id ?? payment?.order_id;
    if (payment && providerOrderId && CAPTURE_EVENTS.has(event.event)) {
      const reported = {
        providerOrderId,
        providerPaymentId: payment.id,
        amountPaise: payment.amount,
        method: payment.method ?? null,
      };
      const outcome = await this.payments.capture(reported, received);
      if (outcome.kind === 'amount_mismatch') {
        this.logger.error(
          { providerOrderId, paymentId: payment.id, amount: payment.amount, expected: outcome.expectedPaise },
          'webhook payment amount differs from the order',
        );
      }
      return outcome.kind !== 'duplicate_event';
    }
    if (payment && providerOrderId && event.event === 'payment.failed') {
      const failed = {
        providerOrderId,
        errorCode: payment.error_code ?? null,
        errorDescription: payment.error_description ?? null,
      };
      return this.payments.fail(failed, received);
    }
    // A refund the worker's payment.refund job asked for (docs/orders.md); a refund of a payment not ours changes nothing.
    const refund = event.payload.refund?.entity;
    if (refund && event.event === 'refund.processed' && refund.status === 'processed') {
      return this.payments.refundProcessed(
        { providerRefundId: refund.id, providerPaymentId: refund.payment_id },
        received,
      );
    }
    // A Route transfer to a seller failed (docs/payouts.md): the worker asks Razorpay and books the money back.
    const transfer = event.payload.transfer?.entity;
    if (transfer && event.event === 'transfer.failed') {
      const payoutId = Array.isArray(transfer.notes) ? undefined : transfer.notes?.mandi_payout_id;
      return this.payments.transferFailed(transfer.id, payoutId === undefined ? null : Number(payoutId), received);
    }
    return this.payments.record(received);
  }

  /** The order a capture paid, or the error the buyer reads. */
  private settled(outcome: CaptureOutcome): Extract<CaptureOutcome, { orderId: number; userId: number }> {
    if (outcome.kind === 'paid' || outcome.kind === 'already_paid') return outcome;
    if (outcome.kind === 'amount_mismatch') {
      this.logger.error(
        { orderId: outcome.orderId, expected: outcome.expectedPaise },
        'payment amount differs from the order',
      );
      throw new DomainError('conflict', PAYMENT_MESSAGES.amountMismatch);
    }
    throw new DomainError('not_found', PAYMENT_MESSAGES.orderNotFound);
  }
}
