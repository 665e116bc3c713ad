import { DATE_TIME_PATTERN, EMAIL_MAX_LENGTH, EMAIL_PATTERN, parseInstant, rupeesToPaise } from '@mandi/domain';
import { z } from 'zod';

/** Message of an id that is not one of ours. */
export const INVALID_ID_MESSAGE = 'Invalid id';

/**
 * An id of one of our rows (user, product, address, order, invoice...). Text of letters, digits, '-' and '_', or a
 * positive whole number; always handed on as text, so the API and the front ends never depend on how the
 * database makes ids.
 */
export const idSchema = z
  .union(
    [
      z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, INVALID_ID_MESSAGE),
      z.number().int(INVALID_ID_MESSAGE).positive(INVALID_ID_MESSAGE),
    ],
    {
      error: INVALID_ID_MESSAGE,
    },
  )
  .transform(String);

/** A Firebase uid (the spec's uid): 1 to 128 characters. */
export const uidSchema = z
  .string({ error: 'uid is required' })
  .trim()
  .min(1, 'uid is required')
  .max(128, 'Invalid uid');

/** A required text: trimmed, not blank, at most `max` characters, each failure with its own message. */
export function requiredText(requiredMessage: string, max?: number, tooLongMessage?: string) {
  const text = z.string({ error: requiredMessage }).trim().min(1, requiredMessage);
  return max === undefined ? text : text.max(max, tooLongMessage ?? requiredMessage);
}

/** An optional text: blank and null become undefined; otherwise trimmed and at most `max` characters. */
export function optionalText(max: number, tooLongMessage: string) {
  return z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z.string().trim().max(max, tooLongMessage).optional(),
  );
}

/** An e-mail address, trimmed, at most {@link EMAIL_MAX_LENGTH} characters (checked first), then the domain's pattern. */
export function emailSchema(invalidMessage: string, requiredMessage = invalidMessage) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: invalidMessage, abort: true })
    .regex(EMAIL_PATTERN, invalidMessage);
}

/** An amount in rupees with at most 2 decimals, 0 or more (the API speaks rupees; storage speaks paise). */
export const rupeesSchema = z
  .number({ error: 'Amount must be a number' })
  .nonnegative('Amount must be 0 or more')
  .refine((value) => {
    try {
      rupeesToPaise(value);
      return true;
    } catch {
      return false;
    }
  }, 'Amount must have at most 2 decimals');

/** A form number: '' and null become undefined, text is read as a number (multipart fields arrive as text). */
export function formNumber<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value);
    return value;
  }, schema);
}

/** The spec's date-time text 'YYYY-MM-DD HH:MM:SS' (India time), checked to be a real date. */
export function dateTimeTextSchema(requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .regex(DATE_TIME_PATTERN, { error: invalidMessage, abort: true })
    .refine((text) => parseInstant(text) !== null, invalidMessage);
}

/** An ISO 8601 instant as the API writes it ('2026-03-05T12:30:00.000Z'). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** 0 or 1, as the spec's flags (official_brand, is_default, is_deleted) are; true/false and '0'/'1' are read too. */
export const flagSchema = z.preprocess(
  (value) => {
    if (value === true || value === '1') return 1;
    if (value === false || value === '0') return 0;
    return value;
  },
  z.union([z.literal(0), z.literal(1)], { error: 'Must be 0 or 1' }),
);

/** A JSON text holding an array (multipart fields such as existingImages), parsed before validation. */
export function jsonArrayField<T extends z.ZodType>(itemSchema: T, max: number, tooManyMessage: string) {
  return z.preprocess(
    (value) => {
      if (value === null || value === undefined || value === '') return [];
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    },
    z.array(itemSchema, { error: 'Must be a JSON array' }).max(max, tooManyMessage),
  );
}

/** An answer carrying only a message, e.g. { message: 'Account deleted successfully' }. */
export const messageAnswerSchema = z.object({ message: z.string() });
/** Type of {@link messageAnswerSchema}. */
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
