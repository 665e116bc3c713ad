import { USERNAME_PATTERN } from './account.limits.js';
import { deletedAccountPlaceholders, usernameBase, usernameCandidates, usernameWithSuffix } from './account.names.js';

describe('usernameBase (first OAuth sign-in)', () => {
  it.each([
    ['Ravi Kumar', 'ravi@mandi.test', 'Ravi_Kumar'],
    ['  Asha   Rao-Patil ', 'a@mandi.test', 'Asha_Rao_Patil'],
    ['José Álvarez', 'j@mandi.test', 'Jose_Alvarez'],
    ['Venkata Subramanian Iyer', 'v@mandi.test', 'Venkata_Subrama'],
    ['Venkatasubrama Iyer', 'v@mandi.test', 'Venkatasubrama'], // the 15th character was a space: no trailing underscore
    ['राम कुमार', 'ram.kumar@gmail.com', 'ram_kumar'],
    [null, 'kisan+mandi@gmail.com', 'kisanmandi'],
    ['Al', 'al@x.in', 'user'],
    [undefined, '___@x.in', 'user'],
  ])('%p with %p -> %p', (displayName, email, expected) => {
    const base = usernameBase(displayName, email);
    expect(base).toBe(expected);
    expect(base).toMatch(USERNAME_PATTERN);
  });
});

describe('usernameCandidates', () => {
  it('tries the base, then numbered names that stay within 15 characters', () => {
    expect(usernameCandidates('ravi', 3)).toEqual(['ravi', 'ravi1', 'ravi2']);
    const long = usernameCandidates('Venkata_Subrama', 12);
    expect(long[1]).toBe('Venkata_Subram1');
    expect(long[11]).toBe('Venkata_Subra11');
    for (const name of long) expect(name).toMatch(USERNAME_PATTERN);
    expect(usernameWithSuffix('abc', 123456)).toBe('abc123456');
  });
});

describe('deletedAccountPlaceholders', () => {
  it('can never be a username or address somebody chose', () => {
    const placeholders = deletedAccountPlaceholders(42);
    expect(placeholders).toEqual({ username: 'deleted-42', email: 'deleted-42@deleted.invalid' });
    expect(placeholders.username).not.toMatch(USERNAME_PATTERN);
  });
});
