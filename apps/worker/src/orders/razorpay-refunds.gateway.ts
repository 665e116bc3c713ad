import { Inject, Injectable } from '@nestjs/common';
import Razorpay from 'razorpay';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { razorpayErrors } from '../metrics/worker-metrics.js';

/** Longest one call to the provider may take before it fails the attempt (the SDK itself never gives up). */
export const RAZORPAY_TIMEOUT_MS = 15_000;

/** A refund as the provider reports it. */
export interface ProviderRefund {
  id: string;
  status: 'pending' | 'processed' | 'failed';
  amountPaise: number;
}

/**
 * Refunds at Razorpay through its official SDK, configured like the API's gateway (apps/api/src/payments): the same
 * keys, and RAZORPAY_API_URL as the only thing development changes (the local sandbox). The API's gateway takes
 * payments; this one only gives money back, so each provider call lives in one place.
 */
@Injectable()
export class RazorpayRefundsGateway {
  private readonly razorpay: Razorpay;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.razorpay = new Razorpay({ key_id: config.RAZORPAY_KEY_ID, key_secret: config.RAZORPAY_KEY_SECRET });
    // The SDK fixes Razorpay's host in its constructor; its axios instance is where another base URL goes.
    const { defaults } = (this.razorpay.api as unknown as { rq: { defaults: { baseURL: string; timeout: number } } })
      .rq;
    defaults.baseURL = config.RAZORPAY_API_URL;
    defaults.timeout = RAZORPAY_TIMEOUT_MS;
  }

  /**
   * The refund of payment `paymentId` that our refund `refundId` asked for earlier (its notes name it), unless it
   * failed: what makes a retried job find the refund a lost commit forgot, instead of refunding twice.
   */
  async findOurs(paymentId: string, refundId: number): Promise<ProviderRefund | null> {
    const { items } = await counted('payments.fetchMultipleRefund', () =>
      this.razorpay.payments.fetchMultipleRefund(paymentId, { count: 100 }),
    );
    const ours = items.find(
      (refund) => String(refund.notes?.mandi_refund_id ?? '') === String(refundId) && refund.status !== 'failed',
    );
    return ours ? toProviderRefund(ours) : null;
  }

  /** Refunds `amountPaise` of payment `paymentId`, naming our refund (receipt and notes) so it can be found again. */
  async refund(paymentId: string, amountPaise: number, refundId: number, orderId: number): Promise<ProviderRefund> {
    const refund = await counted('payments.refund', () =>
      this.razorpay.payments.refund(paymentId, {
        amount: amountPaise,
        speed: 'normal',
        receipt: `mandi-refund-${refundId}`,
        notes: { mandi_refund_id: String(refundId), mandi_order_id: String(orderId) },
      }),
    );
    return toProviderRefund(refund);
  }
}

/** Runs one SDK call, counting its failure in mandi_razorpay_errors_total under `operation`; the error goes on as it was. */
async function counted<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    razorpayErrors.inc({ operation });
    throw error;
  }
}

function toProviderRefund(refund: { id: string; status: string; amount?: number | string }): ProviderRefund {
  return { id: refund.id, status: refund.status as ProviderRefund['status'], amountPaise: Number(refund.amount ?? 0) };
}
