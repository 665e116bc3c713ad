import { randomUUID } from 'node:crypto';
import { ACCESS_MESSAGES, FORGOT_PASSWORD_MESSAGES, SIGN_IN_MESSAGES } from '@mandi/domain';
import { ApiHarness, type TestUser } from './harness.js';

const unknownEmail = () => `nobody-${randomUUID().slice(0, 8)}@mandi.test`;

describe('account look-ups and password reset (public, rate limited)', () => {
  let api: ApiHarness;
  let active: TestUser;
  let suspended: TestUser;
  let deleted: TestUser;

  beforeAll(async () => {
    api = await ApiHarness.start();
    [active, suspended, deleted] = await Promise.all([
      api.newUser(),
      api.newUser({ status: 'suspended' }),
      api.newUser(),
    ]);
    // A deleted account keeps its row with a placeholder address; its old address belongs to nobody.
    await api.db.prisma.user.update({
      where: { id: deleted.id },
      data: { email: `deleted-${deleted.id}@deleted.invalid`, deletedAt: new Date() },
    });
  });
  afterAll(() => api.stop());

  /** Starts a rate-limit counter afresh, so a test counts only its own calls. */
  const resetCounter = async (name: string) => {
    const keys = await api.redis.keys(`${api.redisPrefix}:ratelimit:${name}:*`);
    if (keys.length > 0) await api.redis.del(...keys);
  };
  const status = (email: string) =>
    api.request({ method: 'GET', url: `/api/user/user-status?email=${encodeURIComponent(email)}` });
  const exists = (email: string) =>
    api.request({ method: 'GET', url: `/api/user/user-exists?email=${encodeURIComponent(email)}` });
  const reset = (email: unknown) =>
    api.request({ method: 'POST', url: '/api/user/reset-password', payload: { email } });
  const resetEvents = (userId: number) =>
    api.db.prisma.outboxEvent.count({
      where: { type: 'account.password_reset_requested', aggregateId: String(userId) },
    });

  describe('GET /api/user/user-status', () => {
    beforeEach(() => resetCounter('account-lookup'));

    it('answers active or suspended, whatever the case of the address', async () => {
      expect((await status(active.email.toUpperCase())).json()).toEqual({ status: 'active' });
      const response = await status(suspended.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'suspended' });
    });

    it('answers 404 with the no-account message for an unknown or deleted account', async () => {
      for (const email of [unknownEmail(), deleted.email]) {
        const response = await status(email);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: SIGN_IN_MESSAGES.noAccount });
      }
    });

    it('refuses a missing or malformed address with 400', async () => {
      for (const url of ['/api/user/user-status', '/api/user/user-status?email=ravi']) {
        const response = await api.request({ method: 'GET', url });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: SIGN_IN_MESSAGES.invalidEmail,
          fields: { email: SIGN_IN_MESSAGES.invalidEmail },
        });
      }
    });
  });

  describe('GET /api/user/user-exists', () => {
    beforeEach(() => resetCounter('account-lookup'));

    it('answers whether an account (not deleted) has the address', async () => {
      expect((await exists(active.email.toUpperCase())).json()).toEqual({ exists: true });
      expect((await exists(suspended.email)).json()).toEqual({ exists: true });
      expect((await exists(unknownEmail())).json()).toEqual({ exists: false });
      expect((await exists(deleted.email)).json()).toEqual({ exists: false });
    });

    it('refuses a malformed address with 400', async () => {
      const response = await exists('ravi@');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SIGN_IN_MESSAGES.invalidEmail);
    });
  });

  it('allows 30 look-ups in 10 minutes per client address, user-status and user-exists together', async () => {
    await resetCounter('account-lookup');
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      statuses.push((await status(unknownEmail())).statusCode, (await exists(unknownEmail())).statusCode);
    }
    expect(statuses.every((code) => code === 404 || code === 200)).toBe(true);
    for (const response of [await status(active.email), await exists(active.email)]) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ statusCode: 429, message: ACCESS_MESSAGES.tooManyRequests });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(500);
    }
  });

  describe('POST /api/user/reset-password', () => {
    beforeEach(() => Promise.all([resetCounter('reset-password-client'), resetCounter('reset-password-email')]));

    it('answers the same 200 for an active, a suspended, a deleted and an unknown address', async () => {
      const answers = [];
      for (const email of [active.email, suspended.email, deleted.email, unknownEmail()]) {
        const response = await reset(email);
        expect(response.statusCode).toBe(200);
        answers.push(response.body);
      }
      expect(new Set(answers)).toEqual(new Set([JSON.stringify({ message: FORGOT_PASSWORD_MESSAGES.sent })]));
    });

    it('asks the worker for a mail only for an active account', async () => {
      const [activeBefore, suspendedBefore, deletedBefore] = await Promise.all([
        resetEvents(active.id),
        resetEvents(suspended.id),
        resetEvents(deleted.id),
      ]);
      await resetCounter('reset-password-email');
      await reset(active.email.toUpperCase());
      await reset(suspended.email);
      await reset(deleted.email);
      expect(await resetEvents(active.id)).toBe(activeBefore + 1);
      expect(await resetEvents(suspended.id)).toBe(suspendedBefore);
      expect(await resetEvents(deleted.id)).toBe(deletedBefore);
      const [event] = await api.db.prisma.outboxEvent.findMany({
        where: { type: 'account.password_reset_requested', aggregateId: String(active.id) },
        orderBy: { id: 'desc' },
        take: 1,
      });
      expect(event!.payload).toEqual({ userId: active.id });
    });

    it('answers a second request for the same address inside 120 s with 429 and a message to wait, any case', async () => {
      const email = unknownEmail();
      expect((await reset(email)).statusCode).toBe(200);
      const again = await reset(` ${email.toUpperCase()} `);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: FORGOT_PASSWORD_MESSAGES.tooSoon,
      });
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(110);
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(120);
      // Another address is not held back by this one.
      expect((await reset(unknownEmail())).statusCode).toBe(200);
    });

    it('the lockout holds for an active account too: one mail per 120 s', async () => {
      const before = await resetEvents(active.id);
      await resetCounter('reset-password-email');
      expect((await reset(active.email)).statusCode).toBe(200);
      expect((await reset(active.email)).statusCode).toBe(429);
      expect(await resetEvents(active.id)).toBe(before + 1);
    });

    it('allows 10 requests in 10 minutes per client address, whatever addresses they name', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await reset(unknownEmail())).statusCode);
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
    });

    it.each([[{ email: 'ravi' }], [{ email: '' }], [{}]])(
      'refuses %j with 400 and the invalid e-mail message',
      async (body) => {
        const response = await api.request({ method: 'POST', url: '/api/user/reset-password', payload: body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: SIGN_IN_MESSAGES.invalidEmail,
          fields: { email: SIGN_IN_MESSAGES.invalidEmail },
        });
      },
    );
  });

  describe('POST /api/user/getUserId', () => {
    it('still answers the caller its id and role', async () => {
      const response = await api.request({
        method: 'POST',
        url: '/api/user/getUserId',
        headers: { authorization: `Bearer ${active.token}` },
        payload: { uid: active.uid },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ userId: String(active.id), role: 'user' });
    });
  });
});
