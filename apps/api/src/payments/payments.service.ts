import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import {
  rowIdOf,
  type CodOrderBody,
  type OrderLine,
  type OrderPlacedAnswer,
  type PaymentOrderAnswer,
  type PaymentOrderBody,
  type PaymentSuccessBody,
} from '@mandi/contracts';
import {
  ACCESS_MESSAGES,
  CURRENCY,
  DomainError,
  OPEN_ONLINE_ORDERS_MAX,
  PAYMENT_MESSAGES,
  WRITE_LIMIT_MESSAGES,
  type PaymentMethod,
} from '@mandi/domain';
import type { Caller } from '../auth/caller.js';
import { assertClientFigures, checkAddress, priceOrder, type ClientFigures, type PricedOrder } from './checkout-pricing.js';
import { CheckoutRepository, type CheckoutAddressRow, type NewOrder } from './checkout.repository.js';
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
 * Checkout and payment (spec 001 sections 4 and 7): every order is priced by the server and kept with copies of its
 * address and lines; cash on delivery places it at once; an online order is paid exactly once, whichever of the
 * checkout's success call, the webhook or the hosted page's return reports the payment first.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly checkout: CheckoutRepository,
    private readonly payments: PaymentsRepository,
    private readonly razorpay: RazorpayGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /api/payment/cod: a pending, unpaid order; its products leave the cart. */
  async placeCashOnDelivery(body: CodOrderBody): Promise<OrderPlacedAnswer> {
    const { userId, address, priced } = await this.prepare(body.userId, body.addressId, body.cartItems, 'cod', { billing: body.billing });
    const orderId = await this.place({ ...orderColumns(userId, 'cod', address, priced), providerOrderId: null, clearCart: true });
    return { success: true, orderId: String(orderId) };
  }

  /**
   * POST /api/payment/order: our order awaiting payment plus the provider's side of it. The widget variant answers
   * the provider's order for Razorpay Checkout; the cart variant (with billing) also answers a hosted payment page.
   * The provider is called before our transaction, so a provider failure leaves nothing of ours behind. A buyer with
   * OPEN_ONLINE_ORDERS_MAX online orders waiting for payment gets 409 before the provider is asked for anything.
   */
  async createOnlineOrder(body: PaymentOrderBody): Promise<PaymentOrderAnswer> {
    const client: ClientFigures = body.billing ? { billing: body.billing } : { amount: body.amount };
    const { userId, address, priced, openOnlineOrders } = await this.prepare(body.userId, body.addressId, body.items, 'online', client);
    if (openOnlineOrders >= OPEN_ONLINE_ORDERS_MAX) throw new DomainError('conflict', WRITE_LIMIT_MESSAGES.tooManyUnpaidOrders);
    const amountPaise = priced.totals.grandTotal;
    const reference = randomUUID();
    const providerOrder = body.billing
      ? await this.razorpay.createPaymentPage({
          amountPaise,
          referenceId: reference,
          description: `Mandi order of ${priced.lines.length} product(s)`,
          customer: { name: address.name, contact: `+91${address.mobile}` },
          returnUrl: `${this.config.PUBLIC_URL}/api/payment/return`,
        })
      : await this.razorpay.createOrder(amountPaise, reference, { userId: String(userId) });
    await this.place({ ...orderColumns(userId, 'online', address, priced), providerOrderId: providerOrder.id, clearCart: false });
    return {
      order: { id: providerOrder.id, amount: amountPaise, currency: CURRENCY },
      key: this.razorpay.keyId,
      ...('url' in providerOrder ? { paymentUrl: providerOrder.url } : {}),
    };
  }

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
    if (recorded.user_id !== caller.id && caller.role !== 'admin') throw new DomainError('not_allowed', ACCESS_MESSAGES.notYours);
    const outcome = await this.captureReported(orderId, paymentId);
    return { success: true, orderId: String(outcome.orderId) };
  }

  /**
   * POST /api/payment/webhook: the signature over the exact body must verify (400 otherwise); each signed body is
   * recorded once (by its digest, whatever X-Razorpay-Event-Id says) and acted on in the same statement, so retries,
   * replays and concurrent duplicates change nothing.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined, eventIdHeader: string | string[] | undefined): Promise<{ status: string }> {
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
    if (payment.orderId === null || payment.orderId !== razorpayOrderId || !['authorized', 'captured'].includes(payment.status)) {
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
      const reported = { providerOrderId, providerPaymentId: payment.id, amountPaise: payment.amount, method: payment.method ?? null };
      const outcome = await this.payments.capture(reported, received);
      if (outcome.kind === 'amount_mismatch') {
        this.logger.error({ providerOrderId, paymentId: payment.id, amount: payment.amount, expected: outcome.expectedPaise }, 'webhook payment amount differs from the order');
      }
      return outcome.kind !== 'duplicate_event';
    }
    if (payment && providerOrderId && event.event === 'payment.failed') {
      const failed = { providerOrderId, errorCode: payment.error_code ?? null, errorDescription: payment.error_description ?? null };
      return this.payments.fail(failed, received);
    }
    // A refund the worker's payment.refund job asked for (docs/orders.md); a refund of a payment not ours changes nothing.
    const refund = event.payload.refund?.entity;
    if (refund && event.event === 'refund.processed' && refund.status === 'processed') {
      return this.payments.refundProcessed({ providerRefundId: refund.id, providerPaymentId: refund.payment_id }, received);
    }
    return this.payments.record(received);
  }

  /** The order a capture paid, or the error the buyer reads. */
  private settled(outcome: CaptureOutcome): Extract<CaptureOutcome, { orderId: number; userId: number }> {
    if (outcome.kind === 'paid' || outcome.kind === 'already_paid') return outcome;
    if (outcome.kind === 'amount_mismatch') {
      this.logger.error({ orderId: outcome.orderId, expected: outcome.expectedPaise }, 'payment amount differs from the order');
      throw new DomainError('conflict', PAYMENT_MESSAGES.amountMismatch);
    }
    throw new DomainError('not_found', PAYMENT_MESSAGES.orderNotFound);
  }

  /** Loads and checks the address and the products, prices the order, and compares the client's figures. */
  private async prepare(userIdText: string, addressIdText: string, lines: readonly OrderLine[], method: PaymentMethod, client: ClientFigures) {
    const userId = Number(userIdText);
    const addressId = rowIdOf(addressIdText);
    // Ids that name no row have nothing to read: a product left out is priced as gone, no address is an unknown one.
    const productIds = lines.flatMap((line) => rowIdOf(line.productId) ?? []);
    const { products, address: addressRow, openOnlineOrders } =
      addressId === null
        ? { products: [], address: null, openOnlineOrders: 0 }
        : await this.checkout.pricingRows(productIds, addressId, userId, method);
    const address = checkAddress(addressRow, userId);
    const priced = priceOrder(lines, products, method);
    assertClientFigures(priced, lines, client);
    return { userId, address, priced, openOnlineOrders };
  }

  /**
   * Records the order; 409 when the buyer's open online orders are full. A checkout that lost the free slot to the same
   * buyer's other checkout at the same moment tries again (each try sees the orders committed since), at most once per
   * slot, so the cap holds however many race.
   */
  private async place(order: NewOrder): Promise<number> {
    for (let attempt = 0; attempt <= OPEN_ONLINE_ORDERS_MAX; attempt += 1) {
      const outcome = await this.checkout.placeOrder(order);
      if (outcome.kind === 'placed') return outcome.orderId;
      if (outcome.kind === 'open_orders_full') break;
    }
    // The provider's order made for this checkout is left unpaid; Razorpay lets unpaid orders lapse.
    throw new DomainError('conflict', WRITE_LIMIT_MESSAGES.tooManyUnpaidOrders);
  }
}

/** The order columns of a priced order. */
function orderColumns(userId: number, method: PaymentMethod, address: CheckoutAddressRow, priced: PricedOrder) {
  return {
    userId,
    method,
    address,
    lines: priced.lines,
    subtotalPaise: priced.totals.subtotal,
    shippingPaise: priced.totals.shipping,
    totalPaise: priced.totals.grandTotal,
    totalWeightGrams: priced.totals.totalWeightGrams,
  };
}
