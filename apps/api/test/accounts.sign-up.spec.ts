import { randomUUID } from 'node:crypto';
import { AUTH_FIELD_MESSAGES } from '@mandi/contracts';
import { ACCESS_MESSAGES, SIGN_IN_MESSAGES, SIGN_UP_MESSAGES, VERIFICATION_MESSAGES } from '@mandi/domain';
import { EmulatorAccounts, type EmulatorAccount } from '@mandi/identity';
import { ApiHarness } from './harness.js';

/** A fresh valid username (u + 10 hex characters). */
const newName = () => `u${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sign-up: username check, reservation, user record', () => {
  let api: ApiHarness;
  const emulator = new EmulatorAccounts();

  beforeAll(async () => {
    api = await ApiHarness.start();
  });
  afterAll(async () => {
    await api.stop();
    await emulator.removeAll();
  });

  const checkUsername = (username: string) =>
    api.request({ method: 'GET', url: `/api/auth/check-username?username=${encodeURIComponent(username)}` });
  const sendVerification = (
    account: EmulatorAccount,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    api.request({
      method: 'POST',
      url: '/api/auth/send-verification',
      headers: { ...bearer(account.token), ...headers },
      payload: { email: account.email, uid: account.uid, ...body },
    });
  const record = (account: EmulatorAccount, username: string) => ({
    email: account.email,
    username,
    agreedToTerms: true,
    agreedAt: '2026-03-01T10:00:00.000Z',
    ipAddress: '203.0.113.7',
    termsVersion: 'v1.0',
  });
  const createUser = (token: string | null, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.request({
      method: 'POST',
      url: '/api/user/create-user',
      headers: { ...(token ? bearer(token) : {}), ...headers },
      payload: body,
    });
  const reserve = (uid: string, username: string, expiresInMs: number) =>
    api.db.prisma.signup.create({
      data: { firebaseUid: uid, email: `${uid}@mandi.test`, username, expiresAt: new Date(Date.now() + expiresInMs) },
    });

  describe('GET /api/auth/check-username', () => {
    it('answers available for a free name', async () => {
      const response = await checkUsername(newName());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ available: true });
    });

    it('answers taken for a user of any case, and for an unexpired reservation', async () => {
      const user = await api.newUser();
      const { username } = await api.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect((await checkUsername(username.toUpperCase())).json()).toEqual({ available: false });

      const reserved = newName();
      await reserve(`uid-${reserved}`, reserved, 60_000);
      expect((await checkUsername(reserved.toUpperCase())).json()).toEqual({ available: false });
    });

    it('counts an expired reservation as free', async () => {
      const name = newName();
      await reserve(`uid-${name}`, name, -1_000);
      expect((await checkUsername(name)).json()).toEqual({ available: true });
    });

    it.each([
      ['ab', SIGN_UP_MESSAGES.invalidUsername.text],
      ['ram kumar', SIGN_UP_MESSAGES.invalidUsername.text],
      ['Farmer_Ram_20251', SIGN_UP_MESSAGES.invalidUsername.text],
    ])('refuses %p with 400: %p', async (username, message) => {
      const response = await checkUsername(username);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message, fields: { username: message } });
    });

    it('refuses a missing username with 400', async () => {
      const response = await api.request({ method: 'GET', url: '/api/auth/check-username' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SIGN_UP_MESSAGES.incompleteForm.text);
    });
  });

  describe('POST /api/auth/send-verification', () => {
    it('reserves the name for 90 s by the database clock, from the request address, and queues the mail', async () => {
      const account = await emulator.signUp();
      const name = newName();
      const response = await sendVerification(account, { displayName: name }, { 'x-forwarded-for': '198.51.100.9' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: VERIFICATION_MESSAGES.mailSent });

      const signup = await api.db.prisma.signup.findUniqueOrThrow({ where: { firebaseUid: account.uid } });
      expect(signup).toMatchObject({ email: account.email, username: name });
      // TRUST_PROXY is off: the peer's address, not the forwarded header.
      expect(signup.ipAddress).toMatch(/127\.0\.0\.1$/);
      expect(signup.expiresAt.getTime() - signup.createdAt.getTime()).toBe(90_000);
      const events = await api.db.prisma.outboxEvent.findMany({
        where: { type: 'signup.verification_requested', aggregateId: String(signup.id) },
      });
      expect(events.map((event) => event.payload)).toEqual([{ signupId: signup.id }]);
      expect((await checkUsername(name.toUpperCase())).json()).toEqual({ available: false });
    });

    it('replaces the same uid’s earlier reservation, freeing the old name', async () => {
      const account = await emulator.signUp();
      const [first, second] = [newName(), newName()];
      expect((await sendVerification(account, { displayName: first })).statusCode).toBe(200);
      expect((await sendVerification(account, { displayName: second })).statusCode).toBe(200);
      const rows = await api.db.prisma.signup.findMany({ where: { firebaseUid: account.uid } });
      expect(rows.map((row) => row.username)).toEqual([second]);
      expect((await checkUsername(first)).json()).toEqual({ available: true });
    });

    it('answers 409 Username Taken for a name another uid holds, in any case, and reserves nothing', async () => {
      const [holder, latecomer] = await Promise.all([emulator.signUp(), emulator.signUp()]);
      const name = newName();
      expect((await sendVerification(holder, { displayName: name })).statusCode).toBe(200);
      const response = await sendVerification(latecomer, { displayName: name.toUpperCase() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ statusCode: 409, message: SIGN_UP_MESSAGES.usernameTaken.text });
      expect(await api.db.prisma.signup.count({ where: { firebaseUid: latecomer.uid } })).toBe(0);
    });

    it('answers 409 Username Taken for the name of an existing user', async () => {
      const account = await emulator.signUp();
      const user = await api.newUser();
      const { username } = await api.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      const response = await sendVerification(account, { displayName: username });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(SIGN_UP_MESSAGES.usernameTaken.text);
    });

    it('takes over an expired reservation of another uid, under a new sign-up id', async () => {
      const account = await emulator.signUp();
      const name = newName();
      const stale = await reserve('uid-of-an-abandoned-sign-up', name, -1_000);
      expect((await sendVerification(account, { displayName: name })).statusCode).toBe(200);
      const rows = await api.db.prisma.signup.findMany({ where: { username: name } });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ firebaseUid: account.uid });
      expect(rows[0]!.id).not.toBe(stale.id);
      expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    });

    it('answers 409 when the uid already has an account', async () => {
      const account = await emulator.signUp();
      await api.db.prisma.user.create({
        data: { firebaseUid: account.uid, email: account.email, username: newName() },
      });
      const response = await sendVerification(account, { displayName: newName() });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(SIGN_UP_MESSAGES.accountExists);
    });

    it("refuses another uid or another e-mail than the token's with 403", async () => {
      const account = await emulator.signUp();
      const otherUid = await sendVerification(account, { displayName: newName(), uid: 'someone-else' });
      expect(otherUid.statusCode).toBe(403);
      expect(otherUid.json().message).toBe(ACCESS_MESSAGES.notYours);
      const otherEmail = await sendVerification(account, { displayName: newName(), email: 'someone@mandi.test' });
      expect(otherEmail.statusCode).toBe(403);
      expect(otherEmail.json().message).toBe(ACCESS_MESSAGES.emailNotYours);
      expect(await api.db.prisma.signup.count({ where: { firebaseUid: account.uid } })).toBe(0);
    });

    it('refuses a call without a token with 401', async () => {
      const response = await api.request({
        method: 'POST',
        url: '/api/auth/send-verification',
        payload: { email: 'a@mandi.test', uid: 'x', displayName: newName() },
      });
      expect(response.statusCode).toBe(401);
    });

    it.each([
      [{ displayName: 'ab' }, 'displayName', SIGN_UP_MESSAGES.invalidUsername.text],
      [{ displayName: undefined }, 'displayName', SIGN_UP_MESSAGES.incompleteForm.text],
      [{ email: 'not-an-email' }, 'email', SIGN_IN_MESSAGES.invalidEmail],
    ])('refuses %j with 400 naming %s', async (change, field, message) => {
      const account = await emulator.signUp();
      const response = await sendVerification(account, { displayName: newName(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, fields: { [field]: message } });
    });

    it('allows 5 verification mails per uid in 10 minutes', async () => {
      const account = await emulator.signUp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await sendVerification(account, { displayName: newName() })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await api.db.prisma.signup.count({ where: { firebaseUid: account.uid } })).toBe(1);
    });
  });

  describe('POST /api/user/create-user', () => {
    it('makes the user and profile with the terms and the request address, drops the reservation, publishes user.created', async () => {
      const account = await emulator.verifiedSignUp();
      const name = newName();
      await sendVerification(account, { displayName: name });

      const response = await createUser(account.token, record(account, name), { 'x-forwarded-for': '198.51.100.9' });
      expect(response.statusCode).toBe(201);
      const answer = response.json();
      expect(answer).toEqual({ message: SIGN_UP_MESSAGES.userCreated, userId: expect.stringMatching(/^\d+$/) });

      const user = await api.db.prisma.user.findUniqueOrThrow({
        where: { firebaseUid: account.uid },
        include: { profile: true },
      });
      expect(user).toMatchObject({
        id: Number(answer.userId),
        email: account.email,
        username: name,
        role: 'user',
        status: 'active',
        agreedToTerms: true,
        agreedAt: new Date('2026-03-01T10:00:00.000Z'),
        termsVersion: 'v1.0',
        deletedAt: null,
      });
      // The body's 203.0.113.7 and the forwarded header are both ignored.
      expect(user.ipAddress).toMatch(/127\.0\.0\.1$/);
      expect(user.profile).not.toBeNull();
      expect(await api.db.prisma.signup.count({ where: { firebaseUid: account.uid } })).toBe(0);
      const events = await api.db.prisma.outboxEvent.findMany({
        where: { type: 'user.created', aggregateId: answer.userId },
      });
      expect(events.map((event) => event.payload)).toEqual([{ userId: user.id }]);
    });

    it('records an agreement time from the future as the server’s now', async () => {
      const account = await emulator.verifiedSignUp();
      const before = Date.now();
      const response = await createUser(account.token, {
        ...record(account, newName()),
        agreedAt: '2099-01-01T00:00:00.000Z',
      });
      expect(response.statusCode).toBe(201);
      const { agreedAt } = await api.db.prisma.user.findUniqueOrThrow({ where: { firebaseUid: account.uid } });
      expect(agreedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(agreedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('answers 409 when the record exists already, and makes nothing more', async () => {
      const account = await emulator.verifiedSignUp();
      const name = newName();
      expect((await createUser(account.token, record(account, name))).statusCode).toBe(201);
      const again = await createUser(account.token, record(account, name));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ statusCode: 409, error: 'Conflict', message: SIGN_UP_MESSAGES.accountExists });
      expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(1);
      const user = await api.db.prisma.user.findUniqueOrThrow({ where: { firebaseUid: account.uid } });
      expect(
        await api.db.prisma.outboxEvent.count({ where: { type: 'user.created', aggregateId: String(user.id) } }),
      ).toBe(1);
    });

    it('answers 201 once and 409 to the rest when the verification page fires twice at once', async () => {
      const account = await emulator.verifiedSignUp();
      const name = newName();
      const responses = await Promise.all(
        Array.from({ length: 4 }, () => createUser(account.token, record(account, name))),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
      expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(1);
    });

    it('gives a name to one of two sign-ups racing for it, and 400 Username Taken to the other', async () => {
      const [first, second] = await Promise.all([emulator.verifiedSignUp(), emulator.verifiedSignUp()]);
      const name = newName();
      const responses = await Promise.all([
        createUser(first.token, record(first, name)),
        createUser(second.token, record(second, name)),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
      const loser = responses.find((response) => response.statusCode === 400)!;
      expect(loser.json().message).toBe(SIGN_UP_MESSAGES.usernameTaken.text);
      expect(await api.db.prisma.user.count({ where: { username: name } })).toBe(1);
    });

    it("answers 400 Username Taken for another user's name or another uid's unexpired reservation", async () => {
      const account = await emulator.verifiedSignUp();
      const user = await api.newUser();
      const { username } = await api.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      const byUser = await createUser(account.token, record(account, username.toUpperCase()));
      expect(byUser.statusCode).toBe(400);
      expect(byUser.json()).toMatchObject({
        message: SIGN_UP_MESSAGES.usernameTaken.text,
        fields: { username: SIGN_UP_MESSAGES.usernameTaken.text },
      });

      const reserved = newName();
      await reserve('uid-of-someone-verifying', reserved, 60_000);
      const byReservation = await createUser(account.token, record(account, reserved));
      expect(byReservation.statusCode).toBe(400);
      expect(byReservation.json().message).toBe(SIGN_UP_MESSAGES.usernameTaken.text);
      expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
    });

    it('lets the uid use its own reservation even after the window, while nobody else has taken the name', async () => {
      const account = await emulator.verifiedSignUp();
      const name = newName();
      await reserve(account.uid, name, -1_000);
      expect((await createUser(account.token, record(account, name))).statusCode).toBe(201);
    });

    it('answers 400 when another account has the e-mail', async () => {
      const account = await emulator.verifiedSignUp();
      await api.db.prisma.user.create({
        data: { firebaseUid: `stale-${account.uid}`, email: account.email.toUpperCase(), username: newName() },
      });
      const response = await createUser(account.token, record(account, newName()));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SIGN_UP_MESSAGES.emailInUse);
      expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
    });

    it('refuses an identity whose e-mail is not verified yet with 403', async () => {
      const account = await emulator.signUp();
      const response = await createUser(account.token, record(account, newName()));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(VERIFICATION_MESSAGES.emailNotVerified);
      expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
    });

    it("refuses another e-mail than the token's with 403", async () => {
      const account = await emulator.verifiedSignUp();
      const response = await createUser(account.token, { ...record(account, newName()), email: 'someone@mandi.test' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(ACCESS_MESSAGES.emailNotYours);
    });

    it('refuses a call without a token with 401', async () => {
      const response = await createUser(null, { email: 'a@mandi.test', username: newName() });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(ACCESS_MESSAGES.signInRequired);
    });

    it.each([
      [{ username: 'ra' }, 'username', SIGN_UP_MESSAGES.invalidUsername.text],
      [{ username: 'ram kumar' }, 'username', SIGN_UP_MESSAGES.invalidUsername.text],
      [{ email: 'ram' }, 'email', SIGN_IN_MESSAGES.invalidEmail],
      [{ agreedToTerms: false }, 'agreedToTerms', SIGN_UP_MESSAGES.incompleteForm.text],
      [{ termsVersion: 'v0.9' }, 'termsVersion', AUTH_FIELD_MESSAGES.termsVersion],
      [{ agreedAt: undefined }, 'agreedAt', AUTH_FIELD_MESSAGES.agreedAtInvalid],
    ])('refuses %j with 400 naming %s', async (change, field, message) => {
      const account = await emulator.verifiedSignUp();
      const response = await createUser(account.token, { ...record(account, newName()), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message, fields: { [field]: message } });
      expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
    });
  });
});
