import { problem, type FieldProblem } from '../messages/popup-message.js';
import { isValidEmail } from '../validation/patterns.js';
import { CONTACT_MESSAGES } from './contact.messages.js';

/** Longest contact message we accept (ours; the spec sets none). */
export const CONTACT_MESSAGE_MAX = 2000;
/** Longest name on the contact form (ours, as long as the other full-name fields). */
export const CONTACT_NAME_MAX = 50;

/** The contact form: all three fields required, e-mail in a valid format (docs/frontends.md). */
export function validateContactInput(input: { name: string; email: string; message: string }): FieldProblem | null {
  if (!input.name || input.name.trim() === '') return problem('name', CONTACT_MESSAGES.nameRequired);
  if (!input.email || input.email.trim() === '') return problem('email', CONTACT_MESSAGES.emailRequired);
  if (!isValidEmail(input.email)) return problem('email', CONTACT_MESSAGES.invalidEmail);
  if (!input.message || input.message.trim() === '') return problem('message', CONTACT_MESSAGES.messageRequired);
  return null;
}
