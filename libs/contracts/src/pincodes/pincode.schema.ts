import { ADDRESS_MESSAGES, PINCODE_PATTERN } from '@mandi/domain';
import { z } from 'zod';

/** Path of GET /api/pincodes/{pincode} (our offline directory in place of the external lookup). */
export const pincodeParamsSchema = z.object({
  pincode: z
    .string({ error: ADDRESS_MESSAGES.invalidPincode })
    .trim()
    .regex(PINCODE_PATTERN, ADDRESS_MESSAGES.invalidPincode),
});

/** One post office of a PIN code; Block is the taluk. */
export const postOfficeSchema = z.object({
  Name: z.string(),
  State: z.string(),
  District: z.string(),
  Block: z.string(),
});
/** Type of {@link postOfficeSchema}. */
export type PostOffice = z.infer<typeof postOfficeSchema>;

/** The Message of an answer for a PIN code with no office, as India Post's own service words it. */
export const PINCODE_NO_RECORDS_MESSAGE = 'No records found';

/**
 * The lookup answer in the shape the address form reads (docs/addresses.md): Status 'Success' with the post
 * offices, or 'Error' with none (PostOffice null, as India Post's own service answers).
 */
export const pincodeLookupAnswerSchema = z.object({
  Status: z.enum(['Success', 'Error']),
  Message: z.string().optional(),
  PostOffice: z.array(postOfficeSchema).nullable(),
});
/** Type of {@link pincodeLookupAnswerSchema}. */
export type PincodeLookupAnswer = z.infer<typeof pincodeLookupAnswerSchema>;

/** Type of {@link pincodeParamsSchema}. */
export type PincodeParams = z.infer<typeof pincodeParamsSchema>;
