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

/** A webhook event: its name and the entities it carries. */
export const webhookEventSchema = z.object({
  event: z.string().min(1).max(64),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      payment_link: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      refund: z.object({ entity: refundEntity }).optional(),
    })
    .default({}),
});
/** Type of {@link webhookEventSchema}. */
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/**
 * The id that makes a delivery a duplicate: Razorpay's X-Razorpay-Event-Id (the same on every retry of an event), or,
 * when a sender leaves it out, a digest of the exact body, so a replayed body is still recognised.
 */
export function webhookEventId(header: string | string[] | undefined, rawBody: Buffer): string {
  const given = Array.isArray(header) ? header[0] : header;
  if (given && /^[\w.-]{1,128}$/.test(given)) return given;
  return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}
