import { ApiHarness, type TestUser } from './harness.js';

describe('access: token, user row, suspension, ownership', () => {
  let api: ApiHarness;
  let buyer: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [buyer, other, admin] = await Promise.all([api.newUser(), api.newUser(), api.newUser({ role: 'admin' })]);
  });
  afterAll(() => api.stop());

  const getUserId = (uid: unknown, token?: string) =>
    api.request({
      method: 'POST',
      url: '/api/user/getUserId',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { uid },
    });

  it('answers the caller its own user id and role', async () => {
    const response = await getUserId(buyer.uid, buyer.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: String(buyer.id), role: 'user' });
  });

  it('refuses a call without a token with 401 in the error shape', async () => {
    const response = await getUserId(buyer.uid);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
  });

  it('refuses a forged token', async () => {
    const response = await getUserId(buyer.uid, `${buyer.token.slice(0, -4)}AAAA`);
    expect(response.statusCode).toBe(401);
  });

  it("refuses another user's uid with 403", async () => {
    const response = await getUserId(other.uid, buyer.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('Forbidden');
  });

  it("lets an admin read another user's id", async () => {
    const response = await getUserId(other.uid, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: String(other.id), role: 'user' });
  });

  it('gives a suspended user 403 on every authenticated call', async () => {
    const suspended = await api.newUser({ status: 'suspended' });
    const response = await getUserId(suspended.uid, suspended.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/suspended/i);
  });

  it('gives a deleted user 403', async () => {
    const gone = await api.newUser();
    await api.db.prisma.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect((await getUserId(gone.uid, gone.token)).statusCode).toBe(403);
  });

  it('rejects bad input with 400 naming the field', async () => {
    const response = await getUserId(undefined, buyer.token);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(Object.keys(body.fields)).toContain('uid');
  });

  it('admin routes need the admin role stored in our database', async () => {
    const asBuyer = await api.request({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(asBuyer.statusCode).toBe(403);
    const asAdmin = await api.request({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(asAdmin.statusCode).toBe(200);
    const emails = (asAdmin.json() as Array<{ email: string }>).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([buyer.email, other.email, admin.email]));
  });
});
