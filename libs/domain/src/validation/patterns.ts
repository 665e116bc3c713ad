/** An Indian mobile number: 10 digits, the first 6-9 (docs/domain.md section 5). */
export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;
/** An Indian PIN code: exactly 6 digits. */
export const PINCODE_PATTERN = /^\d{6}$/;
/** Longest e-mail address there can be (RFC 5321's path limit); longer text is refused before any pattern runs. */
export const EMAIL_MAX_LENGTH = 254;
/**
 * Something that looks like an e-mail address: text, '@', a domain of dot-separated labels (at least two), no spaces
 * or control characters. Each character can be read one way only, so matching takes time linear in the text (the
 * earlier `[^\s@]+\.[^\s@]+` let a run of dots split many ways and was quadratic); a test checks every pattern.
 */
// eslint-disable-next-line no-control-regex -- control characters are what the pattern refuses
export const EMAIL_PATTERN = /^[^\s@\x00-\x1f]+@[^\s@.\x00-\x1f]+(?:\.[^\s@.\x00-\x1f]+)+$/;
/** Country calling code of every phone number on Mandi. */
export const PHONE_COUNTRY_CODE = '+91';
/** The phone input accepts at most 15 digits (docs/domain.md). */
export const PHONE_INPUT_MAX_DIGITS = 15;
/** Digits of an Indian mobile number. */
export const MOBILE_DIGITS = 10;

/** Reduces a typed phone number to digits and keeps the last 10 ('+91 98765-43210' -> '9876543210'). */
export function normalizePhone(input: string): string {
  return input.replace(/\D/g, '').slice(-MOBILE_DIGITS);
}

/** True for exactly 10 digits starting 6-9, with nothing else (the address form's rule). */
export function isValidIndianMobile(value: string): boolean {
  return INDIAN_MOBILE_PATTERN.test(value);
}

/** True for a 6-digit PIN code. */
export function isValidPincode(value: string): boolean {
  return PINCODE_PATTERN.test(value);
}

/** True when the text looks like an e-mail address of at most {@link EMAIL_MAX_LENGTH} characters. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
