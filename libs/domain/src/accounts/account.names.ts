import { USERNAME_LIMITS, USERNAME_PATTERN } from './account.limits.js';

/** Used when neither the display name nor the e-mail yields three usable characters. */
const FALLBACK_USERNAME = 'user';

/** Letters, digits and underscores of `text`: accents dropped, spaces, dots and hyphens turned into one underscore. */
function usernameCharacters(text: string): string {
  const name = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s.-]+/g, '_')
    .replace(/[^A-Za-z0-9_]/g, '')
    .replace(/_+/g, '_');
  return trimUnderscores(trimUnderscores(name).slice(0, USERNAME_LIMITS.max));
}

/** `text` without underscores at either end; a loop, since a trailing `_+$` pattern backtracks quadratically. */
function trimUnderscores(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '_') start++;
  while (end > start && text[end - 1] === '_') end--;
  return text.slice(start, end);
}

/**
 * The username a first OAuth sign-in starts from (before availability): the display name's letters, digits and
 * underscores ('Ravi Kumar' -> 'Ravi_Kumar'), else the e-mail's local part ('ravi.k@x.in' -> 'ravi_k'), else 'user'.
 * Always matches USERNAME_PATTERN.
 */
export function usernameBase(displayName: string | null | undefined, email: string): string {
  for (const source of [displayName ?? '', email.split('@')[0] ?? '']) {
    const name = usernameCharacters(source);
    if (USERNAME_PATTERN.test(name)) return name;
  }
  return FALLBACK_USERNAME;
}

/** `base` with the number `suffix` appended, the base cut so the whole stays within 15 characters ('ravi', 7 -> 'ravi7'). */
export function usernameWithSuffix(base: string, suffix: number): string {
  const digits = String(suffix);
  return base.slice(0, USERNAME_LIMITS.max - digits.length) + digits;
}

/** The first `count` usernames to try for `base`: the base itself, then base1, base2, ... */
export function usernameCandidates(base: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => (index === 0 ? base : usernameWithSuffix(base, index)));
}

/**
 * What a deleted account's unique columns become. A hyphen never appears in a chosen username (nor can mail reach
 * `.invalid`), so these never collide with a real user's name or address, and the old ones are free again.
 */
export function deletedAccountPlaceholders(userId: number): { username: string; email: string } {
  return { username: `deleted-${userId}`, email: `deleted-${userId}@deleted.invalid` };
}
