/** What each error status the API answers means, in the reference's words (libs/contracts is browser-safe: no node:http). */
export const STATUS_CODES_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad input: the message names what is wrong, fields lists each failing field',
  401: 'No valid ID token',
  403: 'Not allowed: not your data, not an admin, or the account is suspended',
  404: 'Not found',
  409: 'Conflict: the current state does not allow this (details carry it)',
  411: 'A multipart form sent without Content-Length (its size is checked before it is read)',
  413: "A file, a picture's pixels or the whole body is too large",
  415: 'Not an image (checked by its bytes)',
  429: 'Too many requests: Retry-After says when to try again',
  502: 'The payment provider failed',
};
