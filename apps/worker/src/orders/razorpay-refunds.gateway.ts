import { Inject, Injectable } from '@nestjs/common';
import type Razorpay from 'razorpay';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { counted, razorpayClient } from './razorpay-sdk.js';

export { RAZORPAY_TIMEOUT_MS } from './razorpay-sdk.js';

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
    this.razorpay = razorpayClient(config);
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

function toProviderRefund(refund: { id: string; status: string; amount?: number | string }): ProviderRefund {
  return { id: refund.id, status: refund.status as ProviderRefund['status'], amountPaise: Number(refund.amount ?? 0) };
}
