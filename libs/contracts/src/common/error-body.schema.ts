import { z } from 'zod';

/** The one JSON shape of every API error: status, its reason phrase, the user-facing message, failing fields. */
export const errorBodySchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  error: z.string(),
  message: z.string(),
  /** Field -> what is wrong with it, for bad input (400). */
  fields: z.record(z.string(), z.string()).optional(),
  /** Machine-readable facts, e.g. the real totals of a checkout (409) or an order's current state. */
  details: z.record(z.string(), z.unknown()).optional(),
});

/** Type of {@link errorBodySchema}. */
export type ErrorBody = z.infer<typeof errorBodySchema>;
