import { profileQuerySchema, updateProfileBodySchema } from './profile.schema.js';

describe('updateProfileBodySchema', () => {
  it('trims the fields and drops blank ones', () => {
    expect(updateProfileBodySchema.parse({ fullName: ' Asha Patil ', bio: '', city: 'Nashik' })).toEqual({
      fullName: 'Asha Patil',
      city: 'Nashik',
    });
  });

  it.each([
    [{ fullName: 'f'.repeat(51) }, 'Full name must be at most 50 characters.'],
    [{ bio: 'b'.repeat(201) }, 'Bio must be at most 200 characters.'],
    [{ city: 'c'.repeat(31) }, 'City must be at most 30 characters.'],
  ])('%j is refused with %p', (body, message) => {
    const result = updateProfileBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('profileQuerySchema', () => {
  it('reads minimal=true', () => {
    expect(profileQuerySchema.parse({ minimal: 'true' })).toEqual({ minimal: true });
    expect(profileQuerySchema.parse({})).toEqual({ minimal: false });
  });
});
