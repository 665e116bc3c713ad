import { LANGUAGES } from '@mandi/domain';
import { z } from 'zod';

/** What the API answers for a language it does not speak. */
export const UNSUPPORTED_LANGUAGE_MESSAGE = `Language must be one of: ${LANGUAGES.join(', ')}`;

/**
 * Body of PUT /api/account/language (issue 18): the language the signed-in user's mails and documents are written in,
 * one of the storefront's languages.
 */
export const accountLanguageBodySchema = z.object({
  language: z.enum(LANGUAGES, { error: UNSUPPORTED_LANGUAGE_MESSAGE }),
});
/** Type of {@link accountLanguageBodySchema}. */
export type AccountLanguageBody = z.infer<typeof accountLanguageBodySchema>;
