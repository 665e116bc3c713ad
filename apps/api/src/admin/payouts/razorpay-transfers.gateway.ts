import { Inject, Injectable } from '@nestjs/common';
import Razorpay from 'razorpay';
import { APP_CONFIG, type AppConfig } from '@mandi/config';
import { DomainError, RECONCILIATION_MESSAGES, type TransferAtRazorpay } from '@mandi/domain';
import { razorpayErrors } from '../../metrics/api-metrics.js';

/** Transfers Razorpay lists in one call at most (its `count`). */
export const TRANSFERS_PAGE = 100;

/** Longest one call may take before the reconciliation gives up on Razorpay (the SDK itself never does). */
export const RAZORPAY_TIMEOUT_MS = 15_000;

interface RawTransfer {
  id: string;
  status?: string;
  amount: number | string;
  amount_reversed?: number | string;
  on_hold?: boolean | number;
  recipient?: string | null;
  created_at: number | string;
  notes?: Record<string, unknown> | unknown[];
}

/** A transfer as the reconciliation reads it, with when Razorpay made it. */
export interface ListedTransfer extends TransferAtRazorpay {
  createdAt: Date;
}

/**
 * Razorpay's transfers, read for the console's reconciliation through the official SDK, configured like the payments
 * gateway (apps/api/src/payments/razorpay.gateway.ts): the same keys, and RAZORPAY_API_URL as the only thing
 * development changes (the local sandbox). It only reads; a failed call is the reconciliation's 502.
 */
@Injectable()
export class RazorpayTransfersGateway {
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
   * One page of the transfers Razorpay made between `from` and `to` (Unix seconds, both included), newest first:
   * {@link TRANSFERS_PAGE} of them after the first `skip`.
   */
  async page(from: number, to: number, skip: number): Promise<ListedTransfer[]> {
    const { items } = (await this.call('transfers.all', () =>
      this.razorpay.transfers.all({ from, to, count: TRANSFERS_PAGE, skip }),
    )) as unknown as { items: RawTransfer[] };
    return items.map(listed);
  }

  /** Transfer `id` as Razorpay has it now, or null when it has none of that id. */
  async transfer(id: string): Promise<ListedTransfer | null> {
    try {
      return listed((await this.razorpay.transfers.fetch(id)) as unknown as RawTransfer);
    } catch (cause) {
      // Razorpay answers an unknown id with 400 BAD_REQUEST_ERROR 'The id provided does not exist'.
      const { statusCode, error } = (cause ?? {}) as { statusCode?: number; error?: { description?: unknown } };
      if (statusCode === 400 && typeof error?.description === 'string' && /does not exist/i.test(error.description))
        return null;
      razorpayErrors.inc({ operation: 'transfers.fetch' });
      throw new DomainError('provider_failed', RECONCILIATION_MESSAGES.razorpayFailed, { cause });
    }
  }

  /** Runs an SDK call; a Razorpay that fails or cannot be reached is counted and becomes the reconciliation's 502. */
  private async call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (cause) {
      razorpayErrors.inc({ operation });
      throw new DomainError('provider_failed', RECONCILIATION_MESSAGES.razorpayFailed, { cause });
    }
  }
}

function listed(raw: RawTransfer): ListedTransfer {
  const notes = (Array.isArray(raw.notes) ? {} : (raw.notes ?? {})) as Record<string, unknown>;
  const payout = Number(notes.mandi_payout_id);
  return {
    id: raw.id,
    status: raw.status ?? 'created',
    amountPaise: Number(raw.amount),
    reversedPaise: Number(raw.amount_reversed ?? 0),
    onHold: Boolean(raw.on_hold),
    recipient: raw.recipient ?? null,
    payoutId: notes.mandi_payout_id !== undefined && Number.isSafeInteger(payout) && payout > 0 ? payout : null,
    createdAt: new Date(Number(raw.created_at) * 1000),
  };
}
