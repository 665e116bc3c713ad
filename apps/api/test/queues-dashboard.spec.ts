import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { signQueuesSession } from '../src/queues-dashboard/queues-session.js';
import { ApiHarness, type TestUser } from './harness.js';
import { bearer } from './catalog.testing.js';

// bull-board at /adminpanel/queues (docs/deployment.md), admins only. A browser navigating there sends no
// bearer token: the console first trades the admin's token for a signed cookie that ends 8 hours after the admin
// signed in, which every dashboard request must carry, and whose user must still be an active admin.

const SECRET = 'queues-dashboard-test-secret-0123456789abcdef';
const UNAUTHORIZED = 'Unauthorized Access: You are not allowed to access this page.';

/** A built console, so the test sees that its SPA fallback leaves the dashboard's paths alone. */
function fakeConsole(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mandi-console-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Console</title>');
  return dir;
}

describe('the queue dashboard at /adminpanel/queues', () => {
  let api: ApiHarness;
  let admin: TestUser;
  let buyer: TestUser;
  const consoleDir = fakeConsole();

  beforeAll(async () => {
    api = await ApiHarness.start({ QUEUES_SESSION_SECRET: SECRET, ADMIN_UI_DIST: consoleDir });
    [admin, buyer] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser()]);
  });
  afterAll(async () => {
    await api.stop();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  const openSession = (user?: TestUser) =>
    api.request({ method: 'POST', url: '/api/admin/queues-session', headers: user ? bearer(user) : {} });
  /** The `name=value` part of the session cookie an admin gets. */
  const sessionOf = async (user: TestUser) => (await openSession(user)).headers['set-cookie']!.split(';')[0]!;
  const page = (cookie?: string, url = '/adminpanel/queues/') =>
    api.request({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const queuesApi = (cookie?: string) =>
    api.request({ method: 'GET', url: '/adminpanel/queues/api/queues', headers: cookie ? { cookie } : {} });
  const signed = (uid: string, expInSeconds = 600, secret = SECRET) =>
    `mandi_queues_session=${signQueuesSession({ uid, exp: Math.floor(Date.now() / 1000) + expInSeconds }, secret)}`;

  it('refuses a browser without a session cookie: 403 with the spec text and the way to the console', async () => {
    for (const url of ['/adminpanel/queues', '/adminpanel/queues/', '/adminpanel/queues/queue/mail']) {
      const response = await page(undefined, url);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(UNAUTHORIZED);
      expect(response.body).toContain('href="/adminpanel/"');
    }
    const json = await queuesApi();
    expect(json.statusCode).toBe(403);
    expect(json.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: UNAUTHORIZED });
    // Retrying a job is a POST: refused as well.
    const retry = await api.request({ method: 'PUT', url: '/adminpanel/queues/api/queues/mail/retry/failed' });
    expect(retry.statusCode).toBe(403);
  });

  it('refuses forged, tampered, expired and malformed cookies', async () => {
    const [payload, signature] = (await sessionOf(admin)).split('=')[1]!.split('.') as [string, string];
    const otherUid = Buffer.from(JSON.stringify({ uid: buyer.uid, exp: Math.floor(Date.now() / 1000) + 600 })).toString(
      'base64url',
    );
    const longer = Buffer.from(
      JSON.stringify({ uid: admin.uid, exp: Math.floor(Date.now() / 1000) + 86_400 }),
    ).toString('base64url');
    for (const cookie of [
      signed(admin.uid, 600, 'a-secret-somebody-guessed-0123456789abcdef'),
      `mandi_queues_session=${otherUid}.${signature}`,
      `mandi_queues_session=${longer}.${signature}`,
      `mandi_queues_session=${payload}`,
      signed(admin.uid, -1),
      'mandi_queues_session=garbage',
    ]) {
      expect((await page(cookie)).statusCode).toBe(403);
      expect((await queuesApi(cookie)).statusCode).toBe(403);
    }
  });

  it('gives no session to a non-admin (403) or a visitor (401): no cookie is set', async () => {
    const refused = await openSession(buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to access this page.');
    expect(refused.headers['set-cookie']).toBeUndefined();
    const visitor = await openSession();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['set-cookie']).toBeUndefined();
    // A cookie correctly signed for a user who is not an admin lets nobody in either.
    expect((await page(signed(buyer.uid))).statusCode).toBe(403);
  });

  it('lets an admin in with an HttpOnly, SameSite=Strict cookie for the dashboard path, and shows every queue of the worker', async () => {
    const response = await openSession(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/adminpanel/queues/', expiresAt: expect.any(String) });
    // The admin signed in just now (the emulator's token): the session ends 8 hours after that sign-in.
    const expiresIn = Date.parse(response.json().expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(8 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(8 * 3600_000);
    const cookie = response.headers['set-cookie']!;
    // Not Secure: this API's PUBLIC_URL is plain http (a developer's machine).
    expect(cookie).toMatch(
      /^mandi_queues_session=[\w-]+\.[\w-]+; Path=\/adminpanel\/queues; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1]) * 1000).toBeCloseTo(expiresIn, -4);
    const session = cookie.split(';')[0]!;

    // A job waiting in the mail queue, under this API's Redis prefix, as the worker's relay would add it.
    const mail = new Queue('mail', {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: api.redisPrefix,
    });
    await mail.add('mail.seller_invite', { interestedSellerId: 1 }, { jobId: 'mail.seller_invite#1' });
    await mail.close();

    const html = await page(session);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.headers['cache-control']).toBe('no-store');
    expect(html.body).toContain('<base href="/adminpanel/queues/"');
    expect(html.body).toContain('<title>Mandi queues</title>');
    expect((await page(session, '/adminpanel/queues/queue/mail')).statusCode).toBe(200);

    const script = /src="(static\/js\/main\.[\w.]+\.js)"/.exec(html.body)![1]!;
    const asset = await api.request({
      method: 'GET',
      url: `/adminpanel/queues/${script}`,
      headers: { cookie: session },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');

    const queues = await queuesApi(session);
    expect(queues.statusCode).toBe(200);
    const listed = queues.json().queues as { name: string; counts: Record<string, number> }[];
    expect(listed.map((queue) => queue.name).sort()).toEqual([
      'accounts',
      'deadlines',
      'documents',
      'mail',
      'media',
      'ondc',
      'orders',
      'payments',
    ]);
    expect(listed.find((queue) => queue.name === 'mail')!.counts.waiting).toBe(1);
  });

  it('keeps its own paths: unknown ones answer 404 instead of the console page, which still serves the rest of /adminpanel', async () => {
    const session = await sessionOf(admin);
    const unknown = await page(session, '/adminpanel/queues/no-such-page/here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('<title>Console</title>');
    expect((await page(undefined, '/adminpanel/queues/no-such-page')).statusCode).toBe(403);
    const consolePage = await page(undefined, '/adminpanel/orders');
    expect(consolePage.statusCode).toBe(200);
    expect(consolePage.body).toContain('<title>Console</title>');
    expect((await page(undefined, '/adminpanel/queuesque')).body).toContain('<title>Console</title>');
  });

  it('shuts an admin out at once when they are suspended or lose the role, whatever their cookie says', async () => {
    const [suspended, demoted] = await Promise.all([api.newUser({ role: 'admin' }), api.newUser({ role: 'admin' })]);
    const cookies = [await sessionOf(suspended), await sessionOf(demoted)];
    for (const cookie of cookies) expect((await queuesApi(cookie)).statusCode).toBe(200);

    await api.db.prisma.user.update({ where: { id: suspended.id }, data: { status: 'suspended' } });
    await api.db.prisma.user.update({ where: { id: demoted.id }, data: { role: 'user' } });
    for (const cookie of cookies) expect((await queuesApi(cookie)).statusCode).toBe(403);
  });

  it('never renews a session: it ends at a fixed time after sign-in, and asking again does not move that time', async () => {
    const nearItsEnd = await queuesApi(signed(admin.uid, 60));
    expect(nearItsEnd.statusCode).toBe(200);
    expect(nearItsEnd.headers['set-cookie']).toBeUndefined();

    const first = await openSession(admin);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const again = await openSession(admin);
    expect(again.json().expiresAt).toBe(first.json().expiresAt);
    expect(again.headers['set-cookie']!.split(';')[0]).toBe(first.headers['set-cookie']!.split(';')[0]);
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const https = await ApiHarness.start({ QUEUES_SESSION_SECRET: SECRET, PUBLIC_URL: 'https://mandi.example.in' });
    try {
      const httpsAdmin = await https.newUser({ role: 'admin' });
      const response = await https.request({
        method: 'POST',
        url: '/api/admin/queues-session',
        headers: bearer(httpsAdmin),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    } finally {
      await https.stop();
    }
  });
});
