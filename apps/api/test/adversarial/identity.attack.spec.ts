import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { rmSync } from 'node:fs';
import { ACCESS_MESSAGES } from '@mandi/domain';
import { EmulatorAccounts, type EmulatorAccount } from '@mandi/identity';
import { ApiHarness, productionEnv, type TestResponse, type TestUser } from '../harness.js';
import { bearer, multipart, picture, productFields, tempFileStore } from '../catalog.testing.js';

/**
 * Holes 1 and 3 of issue 13, as an attacker tries them. The admin's uid is public (every product carries its seller's
 * uid), so a hand-made token naming it must never pass; a forged or unverifiable token answers 401 in the one error
 * shape, never a 5xx (firebase-admin cannot even fetch Google's keys here, there is no network). And the 'Original'
 * badge belongs to the official seller's account, not to whoever registers its e-mail after that account is deleted.
 */

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The claims of a Firebase ID token of `projectId` for `uid`, as the emulator or Google would issue them. */
function claimsFor(projectId: string, uid: string, email: string) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 60,
    user_id: uid,
    sub: uid,
    iat: now - 60,
    exp: now + 3600,
    email,
    email_verified: true,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  };
}

/** An unsigned token (alg none), which the Auth emulator accepts and Google never issues. */
function unsignedToken(claims: object): string {
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

/** A token signed RS256 with a key of the attacker's own under a made-up key id: verifying it needs Google's keys. */
function selfSignedToken(claims: object): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const unsigned = `${b64({ alg: 'RS256', kid: 'a1b2c3d4e5f6', typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
}

/** A refusal as a client reads it: 401, the one error shape, nothing internal. */
function expectUnauthenticated(response: TestResponse): void {
  expect({ status: response.statusCode, body: response.json() }).toEqual({
    status: 401,
    body: { statusCode: 401, error: 'Unauthorized', message: ACCESS_MESSAGES.invalidToken },
  });
}

describe('forged tokens against a production API', () => {
  const env = productionEnv();
  let api: ApiHarness;
  const adminUid = `admin-${randomUUID()}`;
  const adminEmail = `admin-${randomUUID().slice(0, 8)}@mandi.example.in`;

  beforeAll(async () => {
    api = await ApiHarness.start(env);
    await api.db.prisma.user.create({
      data: { firebaseUid: adminUid, email: adminEmail, username: 'mandi_admin', role: 'admin' },
    });
  });
  afterAll(() => api.stop());

  const attacks = () => [
    { method: 'GET' as const, url: '/api/admin/users' },
    { method: 'POST' as const, url: '/api/user/getUserId', payload: { uid: adminUid } },
  ];

  it("answers an unsigned token naming the admin's uid with 401 on admin and user routes", async () => {
    const token = unsignedToken(claimsFor(env.FIREBASE_PROJECT_ID!, adminUid, adminEmail));
    for (const attack of attacks()) {
      expectUnauthenticated(await api.request({ ...attack, headers: { authorization: `Bearer ${token}` } }));
    }
  });

  it("answers a token signed with the attacker's own key with 401, although Google's keys cannot be fetched", async () => {
    const token = selfSignedToken(claimsFor(env.FIREBASE_PROJECT_ID!, adminUid, adminEmail));
    for (const attack of attacks()) {
      const startedAt = performance.now();
      expectUnauthenticated(await api.request({ ...attack, headers: { authorization: `Bearer ${token}` } }));
      expect(performance.now() - startedAt).toBeLessThan(10_000);
    }
  });

  it('answers malformed tokens with 401, never a 5xx', async () => {
    const claims = claimsFor(env.FIREBASE_PROJECT_ID!, adminUid, adminEmail);
    for (const token of [
      'not-a-token',
      `${b64({ alg: 'none' })}.${b64(claims)}`,
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2lnbmF0dXJl`,
      unsignedToken({ ...claims, aud: 'another-project', iss: 'https://securetoken.google.com/another-project' }),
      `${b64({ alg: 'RS256' })}.${'A'.repeat(6_000)}.x`,
    ]) {
      expectUnauthenticated(await api.request({ ...attacks()[0]!, headers: { authorization: `Bearer ${token}` } }));
    }
    expect(await api.db.prisma.user.count()).toBe(1);
  });
});

describe("the official seller's e-mail taken over after its account is deleted", () => {
  const accounts = new EmulatorAccounts();
  let official: EmulatorAccount;
  let api: ApiHarness;
  let dir: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    // Signed-in requests need tokens, which only the Auth emulator of a test-mode API gives out.
    official = await accounts.verifiedSignUp(`official-${randomUUID().slice(0, 8)}@mandi.test`);
    dir = tempFileStore();
    api = await ApiHarness.start({ FILE_STORE_DIR: dir, OFFICIAL_SELLER_UID: official.uid });
    jpeg = await picture('jpeg');
  });
  afterAll(async () => {
    await api.stop();
    await accounts.removeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (user: Pick<TestUser, 'uid' | 'token'>) =>
    api.request({
      method: 'POST',
      url: '/api/products',
      headers: bearer(user),
      payload: multipart(productFields(user), [{ name: 'a.jpg', bytes: jpeg }]),
    });

  it("gives the newcomer no 'Original' badge: the badge follows the account, not the e-mail", async () => {
    await api.db.prisma.user.create({
      data: {
        firebaseUid: official.uid,
        email: official.email,
        username: 'mandi_official',
        role: 'admin',
        agreedToTerms: true,
        termsVersion: 'v1.0',
      },
    });
    const before = await post(official);
    expect(before.statusCode).toBe(201);
    expect(before.json().product.official_brand).toBe(1);

    const deleted = await api.request({
      method: 'DELETE',
      url: `/api/user/delete-account/${official.uid}`,
      headers: bearer(official),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await accounts.exists(official.uid)).toBe(false);

    // Someone registers the freed address (here with Google, which vouches for it) and signs in to Mandi.
    const newcomer = await accounts.google({ email: official.email });
    const login = await api.request({
      method: 'POST',
      url: '/api/auth/oauth-login',
      headers: bearer(newcomer),
      payload: {
        provider: 'google',
        uid: newcomer.uid,
        email: newcomer.email,
        displayName: 'Mandi Official',
        agreedToTerms: true,
      },
    });
    expect(login.statusCode).toBe(201);

    const after = await post(newcomer);
    expect(after.statusCode).toBe(201);
    expect(after.json().product.official_brand).toBe(0);
    const row = await api.db.prisma.product.findUniqueOrThrow({ where: { id: Number(after.json().product.id) } });
    expect(row.officialBrand).toBe(false);
  });
});
