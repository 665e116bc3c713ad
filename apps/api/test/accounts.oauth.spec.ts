import { randomUUID } from 'node:crypto';
import { AUTH_FIELD_MESSAGES } from '@mandi/contracts';
import { ACCESS_MESSAGES, SIGN_IN_MESSAGES, SIGN_UP_MESSAGES } from '@mandi/domain';
import { EmulatorAccounts, type EmulatorAccount } from '@mandi/identity';
import { ApiHarness } from './harness.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A display name nobody in this file's database has used: 'Ravi' + 6 letters. */
const newDisplayName = () =>
  `Ravi ${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .padEnd(6, 'a')}`;

// This API runs behind a (pretend) load balancer: TRUST_PROXY makes X-Forwarded-For the recorded address.
describe('POST /api/auth/oauth-login (Google sign-in)', () => {
  let api: ApiHarness;
  const emulator = new EmulatorAccounts();

  beforeAll(async () => {
    api = await ApiHarness.start({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await api.stop();
    await emulator.removeAll();
  });

  const payload = (account: EmulatorAccount, extra: Record<string, unknown> = {}) => ({
    provider: 'google',
    uid: account.uid,
    email: account.email,
    displayName: 'Ravi Kumar',
    photoURL: 'https://lh3.googleusercontent.com/a/ravi.png',
    ipAddress: '203.0.113.7',
    agreedToTerms: true,
    agreedAt: '2026-03-01T10:00:00.000Z',
    termsVersion: 'v1.0',
    ...extra,
  });
  const login = (token: string | null, body: Record<string, unknown>, forwardedFor = '198.51.100.23') =>
    api.request({
      method: 'POST',
      url: '/api/auth/oauth-login',
      headers: { ...(token ? bearer(token) : {}), 'x-forwarded-for': forwardedFor },
      payload: body,
    });
  const userOf = (uid: string) =>
    api.db.prisma.user.findUniqueOrThrow({ where: { firebaseUid: uid }, include: { profile: true } });

  it('makes the account on the first sign-in: 201, a username from the display name, terms, address, profile, user.created', async () => {
    const displayName = newDisplayName();
    const account = await emulator.google({ name: displayName });
    const response = await login(account.token, payload(account, { displayName }));
    expect(response.statusCode).toBe(201);
    const username = displayName.replace(' ', '_');
    expect(response.json()).toEqual({ isNewUser: true, user: { username } });

    const user = await userOf(account.uid);
    expect(user).toMatchObject({
      email: account.email,
      username,
      agreedToTerms: true,
      agreedAt: new Date('2026-03-01T10:00:00.000Z'),
      termsVersion: 'v1.0',
      // The load balancer's header, never the body's ipAddress.
      ipAddress: '198.51.100.23',
      lastLoginIp: '198.51.100.23',
    });
    expect(user.lastLoginAt).not.toBeNull();
    expect(user.profile).toMatchObject({
      fullName: displayName,
      profileImage: 'https://lh3.googleusercontent.com/a/ravi.png',
    });
    const events = await api.db.prisma.outboxEvent.findMany({
      where: { type: 'user.created', aggregateId: String(user.id) },
    });
    expect(events.map((event) => event.payload)).toEqual([{ userId: user.id }]);
  });

  it('answers a second sign-in 200, not a new user, and records the login', async () => {
    const account = await emulator.google({ name: newDisplayName() });
    const first = await login(account.token, payload(account, { displayName: 'Asha Rao' }));
    expect(first.statusCode).toBe(201);
    const before = await userOf(account.uid);

    const second = await login(account.token, payload(account, { displayName: 'Someone Else' }), '198.51.100.77');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ isNewUser: false, user: { username: before.username } });
    const after = await userOf(account.uid);
    expect(after.lastLoginIp).toBe('198.51.100.77');
    expect(after.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before.lastLoginAt!.getTime());
    expect(after.ipAddress).toBe('198.51.100.23');
    expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(1);
    expect(
      await api.db.prisma.outboxEvent.count({ where: { type: 'user.created', aggregateId: String(after.id) } }),
    ).toBe(1);
  });

  it('makes one account when two first sign-ins arrive at once', async () => {
    const account = await emulator.google();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => login(account.token, payload(account, { displayName: newDisplayName() }))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const usernames = new Set(responses.map((response) => response.json().user.username));
    expect(usernames.size).toBe(1);
    expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(1);
  });

  it('numbers the name when it is taken by a user or held by an unexpired reservation', async () => {
    const displayName = newDisplayName();
    const base = displayName.replace(' ', '_');
    await api.db.prisma.user.create({
      data: { firebaseUid: `holder-${base}`, email: `${base}@holder.test`, username: base.toLowerCase() },
    });
    await api.db.prisma.signup.create({
      data: {
        firebaseUid: `verifying-${base}`,
        email: `${base}@verifying.test`,
        username: `${base}1`,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    // An expired reservation does not hold its name.
    await api.db.prisma.signup.create({
      data: {
        firebaseUid: `expired-${base}`,
        email: `${base}@expired.test`,
        username: `${base}2`,
        expiresAt: new Date(Date.now() - 1_000),
      },
    });
    const account = await emulator.google();
    const response = await login(account.token, payload(account, { displayName }));
    expect(response.json()).toEqual({ isNewUser: true, user: { username: `${base}2` } });
  });

  it('falls back to the e-mail for a display name without usable letters, and cuts the full name to 50', async () => {
    const local = `kisan.${randomUUID().slice(0, 6)}`;
    const account = await emulator.google({ email: `${local}@gmail.com` });
    const displayName = 'राम'.repeat(20); // 60 characters, none of them a username character
    const response = await login(account.token, payload(account, { displayName }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.username).toBe(local.replace('.', '_'));
    expect((await userOf(account.uid)).profile!.fullName).toBe('राम'.repeat(20).slice(0, 50));
  });

  it('records no terms when the payload does not agree to them', async () => {
    const account = await emulator.google();
    const response = await login(
      account.token,
      payload(account, { agreedToTerms: undefined, agreedAt: undefined, termsVersion: undefined }),
    );
    expect(response.statusCode).toBe(201);
    expect(await userOf(account.uid)).toMatchObject({ agreedToTerms: false, agreedAt: null, termsVersion: null });
  });

  it('refuses a suspended account with 403 and the suspended message', async () => {
    const account = await emulator.google();
    expect((await login(account.token, payload(account))).statusCode).toBe(201);
    await api.db.prisma.user.update({ where: { firebaseUid: account.uid }, data: { status: 'suspended' } });
    const response = await login(account.token, payload(account));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ACCESS_MESSAGES.suspended);
    expect(response.json().message).toBe(SIGN_IN_MESSAGES.accountSuspended.text);
  });

  it('answers 409 when another account holds the e-mail, and makes nothing', async () => {
    const account = await emulator.google();
    await api.db.prisma.user.create({
      data: { firebaseUid: `stale-${account.uid}`, email: account.email, username: `st${randomUUID().slice(0, 8)}` },
    });
    const response = await login(account.token, payload(account));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(SIGN_UP_MESSAGES.emailInUse);
    expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
  });

  it("refuses another uid or e-mail than the token's with 403, and no token with 401", async () => {
    const account = await emulator.google();
    const otherUid = await login(account.token, payload(account, { uid: 'someone-else' }));
    expect(otherUid.statusCode).toBe(403);
    expect(otherUid.json().message).toBe(ACCESS_MESSAGES.notYours);
    const otherEmail = await login(account.token, payload(account, { email: 'someone@gmail.com' }));
    expect(otherEmail.statusCode).toBe(403);
    expect(otherEmail.json().message).toBe(ACCESS_MESSAGES.emailNotYours);
    expect((await login(null, payload(account))).statusCode).toBe(401);
    expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
  });

  // A password account's token carries no provider's word for its e-mail: letting it through made an account for any
  // address (squatting someone's e-mail, or the official seller's after a deletion) without a verification mail.
  it("refuses a fresh, unverified password account's token for any address with 403, and writes no user", async () => {
    const squatter = await emulator.signUp(`victim-${randomUUID().slice(0, 8)}@gmail.com`);
    const response = await login(squatter.token, payload(squatter));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: ACCESS_MESSAGES.oauthOnly });
    expect(
      await api.db.prisma.user.count({ where: { OR: [{ firebaseUid: squatter.uid }, { email: squatter.email }] } }),
    ).toBe(0);
  });

  it("refuses a verified password account's token too: it signs up through create-user", async () => {
    const verified = await emulator.verifiedSignUp();
    const response = await login(verified.token, payload(verified));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ACCESS_MESSAGES.oauthOnly);
    expect(await api.db.prisma.user.count({ where: { firebaseUid: verified.uid } })).toBe(0);
  });

  it.each([
    [{ provider: undefined }, 'provider', AUTH_FIELD_MESSAGES.providerRequired],
    [{ provider: ' ' }, 'provider', AUTH_FIELD_MESSAGES.providerRequired],
    [{ email: 'not-an-email' }, 'email', SIGN_IN_MESSAGES.invalidEmail],
    [{ termsVersion: 'v2.0' }, 'termsVersion', AUTH_FIELD_MESSAGES.termsVersion],
    [{ agreedAt: 'yesterday' }, 'agreedAt', AUTH_FIELD_MESSAGES.agreedAtInvalid],
  ])('refuses %j with 400 naming %s', async (change, field, message) => {
    const account = await emulator.google();
    const response = await login(account.token, payload(account, change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: { [field]: message } });
    expect(Object.keys(response.json().fields)).toEqual([field]);
    expect(await api.db.prisma.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
  });
});
