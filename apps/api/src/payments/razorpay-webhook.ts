import { createHash } from 'node:crypto';
import { z } from 'zod';

// The parts of Razorpay's webhook events we act on (https://razorpay.com/docs/webhooks/payloads/payments/); everything
// else in a payload is kept as received in payment_provider_events.

const paymentEntity = z.object({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  status: z.string(),
  method: z.string().nullish(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
});

const refundEntity = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  amount: z.number().int(),
  status: z.string(),
});

/**
 * A Route transfer (docs/payouts.md): its id, and the payout its notes name (our transfers carry mandi_payout_id), so
 * a failure reported before the worker recorded the transfer still finds its payout.
 */
const transferEntity = z.object({
  id: z.string().min(1).max(64),
  status: z.string(),
  notes: z
    .union([
      z.object({
        mandi_payout_id: z
          .string()
          .regex(/^\d{1,9}$/)
          .optional(),
      }),
      z.array(z.unknown()),
    ])
    .optional(),
});

/** A webhook event: its name and the entities it carries. */
export const webhookEventSchema = z.object({
  event: z.string().min(1).max(64),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      payment_link: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      refund: z.object({ entity: refundEntity }).optional(),
      transfer: z.object({ entity: transferEntity }).optional(),
    })
    .default({}),
});
/** Type of {@link webhookEventSchema}. */
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/**
 * What makes a delivery a duplicate: the SHA-256 (hex) of the exact signed body. Razorpay's retries resend the same
 * body, and a body names its entities and its created_at, so two different events never share one. The
 * X-Razorpay-Event-Id header is outside the signature: anyone replaying a signed body can change it.
 */
export function signedBodyDigest(rawBody: Buffer): string {
  return createHash('sha256').update(rawBody).digest('hex');
}

/** Razorpay's X-Razorpay-Event-Id, kept for tracing a delivery in Razorpay's dashboard; the digest when it is absent or odd. */
export function webhookEventId(header: string | string[] | undefined, rawBody: Buffer): string {
  const given = Array.isArray(header) ? header[0] : header;
  if (given && /^[\w.-]{1,128}$/.test(given)) return given;
  return `sha256:${signedBodyDigest(rawBody)}`;
}
