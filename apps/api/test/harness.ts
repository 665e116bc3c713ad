import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@mandi/database';

const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-mandi';
const API_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** A user known to both the Auth emulator and our database, with a fresh ID token. */
export interface TestUser {
  id: number;
  uid: string;
  email: string;
  token: string;
}

/** What a test sends: the shape of light-my-request's inject options, over real HTTP. */
export interface TestRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as it is. */
  payload?: unknown;
}

/** What a test reads back. */
export interface TestResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): any;
}

/**
 * The real API process for one test file: the built apps/api/dist/main.js (jest's global setup rebuilds it
 * incrementally), on a free port, against this file's own fresh database (cloned from the migrated template) and
 * Redis key prefix, talking to the real Firebase Auth emulator. Tests speak HTTP to it like any client.
 */
export class ApiHarness {
  /** Emulator accounts this file made, removed on stop so a shared emulator does not fill up with test users. */
  private readonly emulatorUids: string[] = [];

  private constructor(
    private readonly process: ChildProcess,
    readonly baseUrl: string,
    readonly db: TestDatabase,
    readonly redis: Redis,
    readonly redisPrefix: string,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<ApiHarness> {
    const db = await createTestDatabase();
    const redisPrefix = `test-api-${randomUUID().slice(0, 8)}`;
    const port = await freePort();
    const child = spawn(process.execPath, [API_MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        REDIS_PREFIX: redisPrefix,
        FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
        FIREBASE_PROJECT_ID: PROJECT_ID,
        STOREFRONT_DIST: '/nonexistent',
        ADMIN_UI_DIST: '/nonexistent',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilListening(baseUrl, child, () => output);
    return new ApiHarness(child, baseUrl, db, new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'), redisPrefix);
  }

  async request({ method, url, headers = {}, payload }: TestRequest): Promise<TestResponse> {
    const isJson = payload !== undefined && typeof payload !== 'string';
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: { ...(isJson ? { 'content-type': 'application/json' } : {}), ...headers },
      body: payload === undefined ? undefined : isJson ? JSON.stringify(payload) : (payload as string),
    });
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body,
      json: () => JSON.parse(body),
    };
  }

  /** Makes a user in the emulator and in our users table, and signs it in for an ID token. */
  async newUser(overrides: { role?: 'user' | 'admin'; status?: 'active' | 'suspended' } = {}): Promise<TestUser> {
    const email = `u${randomUUID().slice(0, 12)}@mandi.test`;
    const { uid, token } = await emulatorSignUp(email, 'test-password');
    this.emulatorUids.push(uid);
    const user = await this.db.prisma.user.create({
      data: {
        firebaseUid: uid,
        email,
        username: `u_${uid.slice(0, 12)}`,
        role: overrides.role ?? 'user',
        status: overrides.status ?? 'active',
        agreedToTerms: true,
        termsVersion: 'v1.0',
      },
    });
    return { id: user.id, uid, email, token };
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.kill('SIGTERM');
    await exited;
    const keys = await this.redis.keys(`${this.redisPrefix}:*`);
    if (keys.length > 0) await this.redis.del(...keys);
    await this.redis.quit();
    await this.db.drop();
    if (this.emulatorUids.length > 0) await emulatorDelete(this.emulatorUids);
  }
}

/** Removes accounts from the Auth emulator (its admin API accepts the 'owner' token). */
async function emulatorDelete(uids: string[]): Promise<void> {
  await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchDelete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localIds: uids, force: true }),
  });
}

/** Creates an e-mail/password account in the Auth emulator and returns its uid and ID token. */
export async function emulatorSignUp(email: string, password: string): Promise<{ uid: string; token: string }> {
  const response = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  ).catch((error: unknown) => {
    throw new Error(`Firebase Auth emulator not reachable on ${EMULATOR_HOST} (npm test starts it): ${String(error)}`);
  });
  if (!response.ok) throw new Error(`emulator sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, token: body.idToken };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitUntilListening(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${output()}`);
    const answered = await fetch(`${baseUrl}/api/health`).then(() => true, () => false);
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`API did not start within 20 s:\n${output()}`);
}
