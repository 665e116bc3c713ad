import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import Razorpay from 'razorpay';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { CURRENCY, DomainError, PAYMENT_MESSAGES } from '@mandi/domain';
import { razorpayErrors } from '../metrics/api-metrics.js';

/** A payment as the provider reports it. */
export interface ProviderPayment {
  id: string;
  orderId: string | null;
  amountPaise: number;
  status: string;
  method: string | null;
}

/** A hosted payment page (a Razorpay Payment Link). */
export interface HostedPaymentPage {
  id: string;
  url: string;
}

/**
 * Razorpay through its official SDK: orders for the embedded checkout, payment links for the hosted page, payment
 * lookups, and the two signature checks. The base URL is the only thing development changes (the local sandbox).
 */
@Injectable()
export class RazorpayGateway {
  private readonly razorpay: Razorpay;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.razorpay = new Razorpay({ key_id: config.RAZORPAY_KEY_ID, key_secret: config.RAZORPAY_KEY_SECRET });
    // The SDK fixes Razorpay's host in its constructor; its axios instance is where another base URL goes.
    (this.razorpay.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL =
      config.RAZORPAY_API_URL;
  }

  /** The public key the checkout widget is opened with. */
  get keyId(): string {
    return this.config.RAZORPAY_KEY_ID;
  }

  /** Creates a provider order for `amountPaise`; `receipt` is ours (at most 40 characters). */
  async createOrder(
    amountPaise: number,
    receipt: string,
    notes: Record<string, string>,
  ): Promise<{ id: string; amount: number }> {
    const order = await this.call('orders.create', () =>
      this.razorpay.orders.create({ amount: amountPaise, currency: CURRENCY, receipt, notes }),
    );
    return { id: order.id, amount: Number(order.amount) };
  }

  /** Creates a hosted payment page that returns the buyer to `returnUrl` once they have paid (or given up). */
  async createPaymentPage(options: {
    amountPaise: number;
    referenceId: string;
    description: string;
    customer: { name: string; contact: string; email?: string };
    returnUrl: string;
  }): Promise<HostedPaymentPage> {
    const link = await this.call('paymentLink.create', () =>
      this.razorpay.paymentLink.create({
        amount: options.amountPaise,
        currency: CURRENCY,
        description: options.description,
        reference_id: options.referenceId,
        customer: options.customer,
        notify: { sms: false, email: false },
        callback_url: options.returnUrl,
        callback_method: 'get',
      }),
    );
    return { id: link.id, url: link.short_url };
  }

  /** The Razorpay order a payment link made for its payments (none until someone tried to pay). */
  async paymentPageOrderId(linkId: string): Promise<string | null> {
    // The SDK's type leaves out order_id, which Razorpay's payment link entity carries.
    const link = (await this.call('paymentLink.fetch', () => this.razorpay.paymentLink.fetch(linkId))) as {
      order_id?: string | null;
    };
    return link.order_id ?? null;
  }

  /** The payment `paymentId` as the provider has it. */
  async payment(paymentId: string): Promise<ProviderPayment> {
    const payment = await this.call('payments.fetch', () => this.razorpay.payments.fetch(paymentId));
    return {
      id: payment.id,
      orderId: payment.order_id ?? null,
      amountPaise: Number(payment.amount),
      status: payment.status,
      method: payment.method ?? null,
    };
  }

  /** Captures an authorized payment (accounts without automatic capture). */
  async capture(paymentId: string, amountPaise: number): Promise<void> {
    await this.call('payments.capture', () => this.razorpay.payments.capture(paymentId, amountPaise, CURRENCY));
  }

  /** True when `signature` is the checkout's HMAC-SHA256 of `orderId|paymentId` under the key secret. */
  isCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean {
    return sameHmac(`${orderId}|${paymentId}`, this.config.RAZORPAY_KEY_SECRET, signature);
  }

  /** True when `signature` is the hosted page's return signature (link id, reference, status and payment id). */
  isPaymentPageSignature(
    fields: { linkId: string; referenceId: string; status: string; paymentId: string },
    signature: string,
  ): boolean {
    const signed = `${fields.linkId}|${fields.referenceId}|${fields.status}|${fields.paymentId}`;
    return sameHmac(signed, this.config.RAZORPAY_KEY_SECRET, signature);
  }

  /** True when `signature` is the webhook's HMAC-SHA256 of the raw body under the webhook secret. */
  isWebhookSignature(rawBody: string | Buffer, signature: string): boolean {
    return sameHmac(rawBody, this.config.RAZORPAY_WEBHOOK_SECRET, signature);
  }

  /**
   * Runs an SDK call; a provider that fails or cannot be reached becomes the spec's payment error, counted in
   * mandi_razorpay_errors_total under `operation`.
   */
  private async call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (cause) {
      razorpayErrors.inc({ operation });
      throw new DomainError('provider_failed', PAYMENT_MESSAGES.paymentError, { cause });
    }
  }
}

/** Compares an HMAC-SHA256 hex digest in constant time. */
function sameHmac(data: string | Buffer, secret: string, signature: string): boolean {
  const expected = createHmac('sha256', secret).update(data).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
