import { CONTACT_MESSAGES, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '@mandi/domain';
import { z } from 'zod';
import { emailSchema, requiredText } from '../common/fields.js';

/** Body of POST /api/contact: all three fields required, a valid e-mail (docs/frontends.md). */
export const contactBodySchema = z.object({
  name: requiredText(
    CONTACT_MESSAGES.nameRequired,
    CONTACT_NAME_MAX,
    `Full Name must be at most ${CONTACT_NAME_MAX} characters`,
  ),
  email: emailSchema(CONTACT_MESSAGES.invalidEmail, CONTACT_MESSAGES.emailRequired),
  message: requiredText(
    CONTACT_MESSAGES.messageRequired,
    CONTACT_MESSAGE_MAX,
    `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
  ),
});
/** Type of {@link contactBodySchema}. */
export type ContactBody = z.infer<typeof contactBodySchema>;
