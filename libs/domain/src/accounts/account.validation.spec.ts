import { ACCOUNT_PAGE_TEXTS, AUTH_ACTION_MESSAGES, FORGOT_PASSWORD_MESSAGES } from './account.messages.js';
import {
  AUTH_TIMINGS,
  CREATE_USER_SUCCESS_STATUSES,
  PASSWORD_MIN_LENGTH,
  TERMS_VERSION,
  toggledUserStatus,
} from './account.limits.js';
import {
  checkUsername,
  isValidUsername,
  validateNewPassword,
  validateProfileInput,
  validateSignIn,
  validateSignUp,
} from './account.validation.js';

describe('username rules', () => {
  it.each([
    ['', 'short'],
    ['ab', 'short'],
    ['abc', 'valid'],
    ['Farmer_Ram_2025', 'valid'], // 15 characters
    ['Farmer_Ram_20251', 'invalid'], // 16 characters
    ['ram kumar', 'invalid'],
    ['ram-kumar', 'invalid'],
    ['राम_कुमार', 'invalid'],
    ['a_1', 'valid'],
  ])('%p is %p', (username, state) => {
    expect(checkUsername(username)).toBe(state);
    expect(isValidUsername(username)).toBe(state === 'valid');
  });
});

describe('validateSignUp', () => {
  const good = {
    username: 'ram_kumar',
    email: 'ram@mandi.test',
    password: 'secret1',
    confirmPassword: 'secret1',
    agreedToTerms: true,
  };

  it('passes a complete form', () => {
    expect(validateSignUp(good)).toBeNull();
  });

  it.each([
    [{ username: '' }, 'username', 'Incomplete Form', 'Please fill in all fields and accept the terms.'],
    [{ confirmPassword: ' ' }, 'confirmPassword', 'Incomplete Form', 'Please fill in all fields and accept the terms.'],
    [{ agreedToTerms: false }, 'agreedToTerms', 'Incomplete Form', 'Please fill in all fields and accept the terms.'],
    [
      { username: 'ram kumar' },
      'username',
      'Invalid Username',
      'Username must be 3 to 15 characters: letters, digits and underscore only.',
    ],
    [{ email: 'ram.mandi.test' }, 'email', undefined, 'Invalid email address format.'],
    [{ confirmPassword: 'secret2' }, 'confirmPassword', 'Password Error', 'Passwords do not match.'],
  ])('%j fails on %s', (change, field, title, text) => {
    const expected = title === undefined ? { field, text } : { field, title, text };
    expect(validateSignUp({ ...good, ...change })).toEqual(expected);
  });
});

describe('validateSignIn', () => {
  it('requires both fields and a readable e-mail', () => {
    expect(validateSignIn({ email: '', password: 'x' })).toEqual({
      field: 'email',
      title: 'Missing Fields',
      text: 'Please enter your email and password.',
    });
    expect(validateSignIn({ email: 'a@b.in', password: '' })?.field).toBe('password');
    expect(validateSignIn({ email: 'nope', password: 'x' })).toEqual({
      field: 'email',
      text: 'Invalid email address format.',
    });
    expect(validateSignIn({ email: 'a@b.in', password: 'x' })).toBeNull();
  });
});

describe('validateNewPassword', () => {
  it.each([
    [{ password: 'secret', confirmPassword: 'secret' }, null],
    [
      { password: '', confirmPassword: 'secret' },
      { field: 'password', text: 'Please enter and confirm your new password.' },
    ],
    [
      { password: 'secret', confirmPassword: '' },
      { field: 'confirmPassword', text: 'Please enter and confirm your new password.' },
    ],
    [
      { password: 'five5', confirmPassword: 'five5' },
      { field: 'password', text: 'Password must be at least 6 characters.' },
    ],
    [
      { password: 'secret1', confirmPassword: 'secret2' },
      { field: 'confirmPassword', title: 'Password Error', text: 'Passwords do not match.' },
    ],
    // Spaces are part of a password (Firebase keeps them), so they count and are not trimmed.
    [{ password: '      ', confirmPassword: '      ' }, null],
  ])('%j -> %j', (input, expected) => {
    expect(validateNewPassword(input)).toEqual(expected);
  });
});

describe('validateProfileInput', () => {
  it.each([
    [{ fullName: 'f'.repeat(50), bio: 'b'.repeat(200), city: 'c'.repeat(30) }, null],
    [{ fullName: 'f'.repeat(51) }, { field: 'fullName', text: 'Full name must be at most 50 characters.' }],
    [{ bio: 'b'.repeat(201) }, { field: 'bio', text: 'Bio must be at most 200 characters.' }],
    [{ city: 'c'.repeat(31) }, { field: 'city', text: 'City must be at most 30 characters.' }],
    [{}, null],
  ])('%j -> %j', (input, expected) => {
    expect(validateProfileInput(input)).toEqual(expected);
  });
});

describe('account constants', () => {
  it('match spec 000 sections 4 and 9', () => {
    expect(TERMS_VERSION).toBe('v1.0');
    expect(AUTH_TIMINGS).toEqual({
      verificationWindowMs: 90_000,
      verificationPollMs: 3_000,
      resetLockoutMs: 120_000,
      resetRedirectMs: 5_000,
      usernameCheckDebounceMs: 1_000,
    });
    expect(CREATE_USER_SUCCESS_STATUSES).toEqual([200, 201, 409]);
  });

  it("states Firebase's 6-character password rule in the weak-password text", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(ACCOUNT_PAGE_TEXTS.weakPassword).toBe('Password must be at least 6 characters.');
  });

  it('names the account on the reset form', () => {
    expect(AUTH_ACTION_MESSAGES.resetPassword.resetFor('asha@mandi.test')).toBe(
      'Reset the password for asha@mandi.test',
    );
  });

  it('tells a second reset request inside the lockout how long to wait', () => {
    expect(FORGOT_PASSWORD_MESSAGES.tooSoon).toContain('wait 2 minutes');
  });

  it('toggles suspended and active', () => {
    expect(toggledUserStatus('active')).toBe('suspended');
    expect(toggledUserStatus('suspended')).toBe('active');
  });
});
