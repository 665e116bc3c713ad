import { SIGN_IN_MESSAGES } from '@mandi/domain';
import { z } from 'zod';
import { emailSchema, uidSchema } from '../common/fields.js';

/** Body of POST /api/seller/show-interest. */
export const showInterestBodySchema = z.object({
  email: emailSchema(SIGN_IN_MESSAGES.invalidEmail),
  displayName: z.string().trim().max(100).nullish(),
  uid: uidSchema,
});
/** Type of {@link showInterestBodySchema}. */
export type ShowInterestBody = z.infer<typeof showInterestBodySchema>;
