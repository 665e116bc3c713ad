import { ApiHarness, type TestUser } from '../../test/harness.js';

// PUT /api/account/language (issue 18) against the real API process, PostgreSQL and the Auth emulator: a signed-in
// user saves the language of their own mails and documents, and nothing else.

describe('PUT /api/account/language', () => {
  let api: ApiHarness;
  let asha: TestUser;
  let ravi: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [asha, ravi] = await Promise.all([api.newUser(), api.newUser()]);
  });
  afterAll(() => api.stop());

  const save = (user: TestUser | null, payload: unknown) =>
    api.request({
      method: 'PUT',
      url: '/api/account/language',
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      payload,
    });
  const languageOf = async (user: TestUser) =>
    (await api.db.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { language: true } })).language;

  it("saves the caller's own language, English by default, and only theirs", async () => {
    expect(await languageOf(asha)).toBe('en');

    const saved = await save(asha, { language: 'hi' });
    expect(saved.statusCode).toBe(204);
    expect(saved.body).toBe('');
    expect(await languageOf(asha)).toBe('hi');
    expect(await languageOf(ravi)).toBe('en');

    expect((await save(asha, { language: 'en' })).statusCode).toBe(204);
    expect(await languageOf(asha)).toBe('en');
  });

  it('refuses a language Mandi does not speak with 400, and keeps the saved one', async () => {
    await save(ravi, { language: 'hi' });
    for (const payload of [
      { language: 'fr' },
      { language: 'HI' },
      { language: 'hi-IN' },
      { language: '' },
      { language: 1 },
      {},
    ]) {
      const refused = await save(ravi, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    // The bare text 'hi' is not JSON at all: the body rule refuses its content type (docs/security.md).
    const text = await save(ravi, 'hi');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    expect((await save(ravi, { language: 'fr' })).json()).toMatchObject({
      message: 'Language must be one of: en, hi',
      fields: { language: 'Language must be one of: en, hi' },
    });
    expect(await languageOf(ravi)).toBe('hi');
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const refused = await save(null, { language: 'hi' });
    expect(refused.statusCode).toBe(401);
  });

  it('is held to the two languages by the database too', async () => {
    await expect(api.db.prisma.user.update({ where: { id: asha.id }, data: { language: 'fr' } })).rejects.toThrow(
      /users_language_check/,
    );
  });
});
