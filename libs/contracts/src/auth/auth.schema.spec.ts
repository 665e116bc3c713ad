import { checkUsernameQuerySchema, createUserBodySchema, getUserIdAnswerSchema } from './auth.schema.js';

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
    [{ username: 'ram kumar' }, 'username', 'Username must be 3 to 15 characters: letters, digits and underscore only.'],
    [{ email: 'ram' }, 'email', 'Invalid email address format.'],
    [{ agreedToTerms: false }, 'agreedToTerms', 'Please fill in all fields and accept the terms.'],
    [{ termsVersion: 'v0.9' }, 'termsVersion', 'Terms version must be v1.0'],
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
