import { ApiHarness, type TestUser } from './harness.js';
import { bearer } from './catalog.testing.js';

// POST /api/seller/show-interest (docs/accounts.md): a signed-in user records their interest in selling,
// once; the admin panel lists it.

describe('POST /api/seller/show-interest', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await ApiHarness.start();
  });
  afterAll(async () => {
    await api.stop();
  });

  const show = (user: TestUser, body: Record<string, unknown>) =>
    api.request({ method: 'POST', url: '/api/seller/show-interest', headers: bearer(user), payload: body });
  const bodyOf = (user: TestUser) => ({ email: user.email, displayName: 'Ravi Kisan', uid: user.uid });
  const rowsOf = (user: TestUser) => api.db.prisma.interestedSeller.findMany({ where: { userId: user.id } });

  it('records the interest once with the account username and e-mail, and publishes seller.interest_recorded', async () => {
    const user = await api.newUser();
    const response = await show(user, bodyOf(user));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Your interest has been recorded.' });

    const account = await api.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const [row] = await rowsOf(user);
    expect(row).toMatchObject({
      username: account.username,
      email: user.email,
      status: 'interested',
      inviteSent: false,
    });
    const events = await api.db.prisma.outboxEvent.findMany({
      where: { type: 'seller.interest_recorded', aggregateId: String(row!.id) },
    });
    expect(events.map((event) => event.payload)).toEqual([{ interestedSellerId: row!.id }]);
  });

  it('answers a repeat with 200 and its own message, keeping one row and one event, even for a double click', async () => {
    const user = await api.newUser();
    const [first, second] = await Promise.all([show(user, bodyOf(user)), show(user, bodyOf(user))]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);

    const again = await show(user, { ...bodyOf(user), email: user.email.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Your interest is already recorded. We will e-mail you an invitation.' });
    const rows = await rowsOf(user);
    expect(rows).toHaveLength(1);
    expect(
      await api.db.prisma.outboxEvent.count({
        where: { type: 'seller.interest_recorded', aggregateId: String(rows[0]!.id) },
      }),
    ).toBe(1);
  });

  it("refuses someone else's uid or e-mail (403) and a visitor (401), recording nothing", async () => {
    const [user, other] = [await api.newUser(), await api.newUser()];
    const notYours = await show(user, { ...bodyOf(user), uid: other.uid });
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe('You can only access your own account.');

    const otherEmail = await show(user, { ...bodyOf(user), email: other.email });
    expect(otherEmail.statusCode).toBe(403);
    expect(otherEmail.json().message).toBe('This email does not belong to the account you signed in with.');

    const visitor = await api.request({ method: 'POST', url: '/api/seller/show-interest', payload: bodyOf(user) });
    expect(visitor.statusCode).toBe(401);
    expect(await rowsOf(user)).toEqual([]);
  });

  it('answers 400 with the message of the field that is wrong', async () => {
    const user = await api.newUser();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...bodyOf(user), email: 'not-an-email' }, 'email', 'Invalid email address format.'],
      [{ displayName: 'Ravi', uid: user.uid }, 'email', 'Invalid email address format.'],
      [{ email: user.email, displayName: 'Ravi' }, 'uid', 'uid is required'],
    ];
    for (const [body, field, message] of cases) {
      const response = await show(user, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, fields: { [field]: message } });
    }
    expect(await rowsOf(user)).toEqual([]);
  });

  it('refuses a suspended user (403)', async () => {
    const user = await api.newUser({ status: 'suspended' });
    const response = await show(user, bodyOf(user));
    expect(response.statusCode).toBe(403);
    expect(await rowsOf(user)).toEqual([]);
  });
});
