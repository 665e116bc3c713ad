import { z } from 'zod';
import { INVALID_ID_MESSAGE } from './fields.js';

/** The largest row id: our keys are PostgreSQL integers (int4), so a bigger number names no row. */
export const ROW_ID_MAX = 2_147_483_647;

/**
 * A row id as the API names one in a path or body: a text of up to 10 digits (leading zeros read as before) naming a
 * positive int4 id, 1 to {@link ROW_ID_MAX}; parsed to the number.
 */
export const rowIdSchema = z
  .string({ error: INVALID_ID_MESSAGE })
  .regex(/^\d{1,10}$/, INVALID_ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, INVALID_ID_MESSAGE).max(ROW_ID_MAX, INVALID_ID_MESSAGE));

/**
 * The row id that `text` names, or null when it names none ('abc', '0', '-1', '1.5', past int4): the caller answers
 * as for an unknown id, so a non-id and a missing row get the same 404.
 */
export function rowIdOf(text: string): number | null {
  const parsed = rowIdSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}
