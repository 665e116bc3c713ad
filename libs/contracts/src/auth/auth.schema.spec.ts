import {
  AUTH_FIELD_MESSAGES,
  checkUsernameQuerySchema,
  createUserAnswerSchema,
  createUserBodySchema,
  getUserIdAnswerSchema,
  oauthLoginBodySchema,
  sendVerificationBodySchema,
} from './auth.schema.js';

describe('createUserBodySchema', () => {
  const body = {
    email: 'ram@mandi.test',
    username: 'ram_kumar',
    agreedToTerms: true,
    agreedAt: '2026-03-01T10:00:00.000Z',
    ipAddress: '203.0.113.7',
    termsVersion: 'v1.0',
  };

  it('accepts the creation record', () => {
    expect(createUserBodySchema.parse(body)).toEqual(body);
  });

  it.each([
    [{ username: 'ra' }, 'username', 'Username must be 3 to 15 characters: letters, digits and underscore only.'],
    [
      { username: 'ram kumar' },
      'username',
      'Username must be 3 to 15 characters: letters, digits and underscore only.',
    ],
    [{ email: 'ram' }, 'email', 'Invalid email address format.'],
    [{ agreedToTerms: false }, 'agreedToTerms', 'Please fill in all fields and accept the terms.'],
    [{ termsVersion: 'v0.9' }, 'termsVersion', 'Terms version must be v1.0'],
    [{ agreedAt: '1 March' }, 'agreedAt', AUTH_FIELD_MESSAGES.agreedAtInvalid],
  ])('%j is refused on %s', (change, field, message) => {
    const result = createUserBodySchema.safeParse({ ...body, ...change });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[field, message]]);
  });
});

describe('other auth shapes', () => {
  it('checks the username before asking the database', () => {
    expect(checkUsernameQuerySchema.safeParse({ username: 'Farmer_Ram_20251' }).success).toBe(false);
    expect(checkUsernameQuerySchema.parse({ username: 'Farmer_Ram_2025' })).toEqual({ username: 'Farmer_Ram_2025' });
  });

  it('answers the user id as text', () => {
    expect(getUserIdAnswerSchema.parse({ userId: 42, role: 'admin' })).toEqual({ userId: '42', role: 'admin' });
  });
});

describe('sendVerificationBodySchema', () => {
  it('takes the chosen username as displayName, held to the username rules', () => {
    const body = { email: 'ram@mandi.test', uid: 'firebase-uid', displayName: ' ram_kumar ' };
    expect(sendVerificationBodySchema.parse(body)).toEqual({ ...body, displayName: 'ram_kumar' });
    const result = sendVerificationBodySchema.safeParse({ ...body, displayName: 'ram kumar' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['displayName', 'Username must be 3 to 15 characters: letters, digits and underscore only.'],
    ]);
  });
});

describe('oauthLoginBodySchema', () => {
  it('needs only the provider, uid and e-mail; the terms fields are optional', () => {
    expect(oauthLoginBodySchema.parse({ provider: 'google', uid: 'u1', email: 'a@b.in' })).toEqual({
      provider: 'google',
      uid: 'u1',
      email: 'a@b.in',
    });
    const result = oauthLoginBodySchema.safeParse({ provider: '', uid: 'u1', email: 'a@b.in', termsVersion: 'v2' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['provider', AUTH_FIELD_MESSAGES.providerRequired],
      ['termsVersion', 'Terms version must be v1.0'],
    ]);
  });
});

describe('createUserAnswerSchema', () => {
  it('answers the new user id as text', () => {
    expect(createUserAnswerSchema.parse({ message: 'made', userId: 7 })).toEqual({ message: 'made', userId: '7' });
  });
});
