import Razorpay from 'razorpay';
import type { AppConfig } from '@mandi/config';
import { razorpayErrors } from '../metrics/worker-metrics.js';

/** Longest one call to the provider may take before it fails the attempt (the SDK itself never gives up). */
export const RAZORPAY_TIMEOUT_MS = 15_000;

/**
 * Razorpay's official SDK as the worker's gateways use it (refunds, Route), configured like the API's: the same keys,
 * and RAZORPAY_API_URL as the only thing development changes (the local sandbox).
 */
export function razorpayClient(config: AppConfig): Razorpay {
  const razorpay = new Razorpay({ key_id: config.RAZORPAY_KEY_ID, key_secret: config.RAZORPAY_KEY_SECRET });
  // The SDK fixes Razorpay's host in its constructor; its axios instance is where another base URL goes.
  const { defaults } = (razorpay.api as unknown as { rq: { defaults: { baseURL: string; timeout: number } } }).rq;
  defaults.baseURL = config.RAZORPAY_API_URL;
  defaults.timeout = RAZORPAY_TIMEOUT_MS;
  return razorpay;
}

/** Runs one SDK call, counting its failure in mandi_razorpay_errors_total under `operation`; the error goes on as it was. */
export async function counted<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    razorpayErrors.inc({ operation });
    throw error;
  }
}

/** A readable line from what the SDK throws (Razorpay's { error: { description } }, or a network error). */
export function providerErrorText(error: unknown): string {
  const described = (error as { error?: { description?: unknown } })?.error?.description;
  if (typeof described === 'string') return described;
  return error instanceof Error ? error.message : String(error);
}
