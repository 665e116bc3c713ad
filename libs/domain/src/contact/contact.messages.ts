// Texts of docs/frontends.md (contact form); the required-field texts are ours.

/** Messages of the contact form. */
export const CONTACT_MESSAGES = {
  sending: 'Sending...',
  sent: 'Message sent successfully!',
  failed: 'Failed to send message. Try again later.',
  nameRequired: 'Full Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email address format.',
  messageRequired: 'Message is required',
} as const;
