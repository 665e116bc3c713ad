import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { EmulatorAccounts } from '@mandi/identity';

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
  /** An object is sent as JSON; a string or a FormData (multipart, with files as Blobs) is sent as it is. */
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
  private constructor(
    private readonly process: ChildProcess,
    /** The emulator accounts of this file's users, removed on stop. */
    private readonly emulator: EmulatorAccounts,
    readonly baseUrl: string,
    readonly db: TestDatabase,
    readonly redis: Redis,
    readonly redisPrefix: string,
    /** What the API process has printed so far (stdout and stderr). */
    readonly logs: () => string,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<ApiHarness> {
    const emulator = new EmulatorAccounts();
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
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        FIREBASE_PROJECT_ID: emulator.projectId,
        STOREFRONT_DIST: '/nonexistent',
        STOREFRONT_SSR: '/nonexistent',
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
    return new ApiHarness(
      child,
      emulator,
      baseUrl,
      db,
      new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'),
      redisPrefix,
      () => output,
    );
  }

  async request({ method, url, headers = {}, payload }: TestRequest): Promise<TestResponse> {
    const isJson = payload !== undefined && typeof payload !== 'string' && !(payload instanceof FormData);
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: { ...(isJson ? { 'content-type': 'application/json' } : {}), ...headers },
      body: payload === undefined ? undefined : isJson ? JSON.stringify(payload) : (payload as string | FormData),
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
    const { uid, email, token } = await this.emulator.signUp(`u${randomUUID().slice(0, 12)}@mandi.test`);
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
    await this.emulator.removeAll();
  }
}

/**
 * The settings of a production deployment, for tests that attack the API as it runs for real: NODE_ENV production, no
 * Auth emulator (firebase-admin then verifies tokens against Google's keys only), and secrets of its own that are
 * neither public nor placeholders. Pass to {@link ApiHarness.start}; `overrides` win. Tokens from the emulator are
 * (rightly) refused by such an API, so signed-in cases run against the test-mode API instead.
 */
export function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const secret = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
  return {
    NODE_ENV: 'production',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    FIREBASE_PROJECT_ID: 'mandi-production-test',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    RAZORPAY_KEY_ID: `rzp_live_${randomUUID().slice(0, 14).replaceAll('-', '')}`,
    RAZORPAY_KEY_SECRET: secret(),
    RAZORPAY_WEBHOOK_SECRET: secret(),
    QUEUES_SESSION_SECRET: secret(),
    SELLER_DATA_KEY: randomBytes(32).toString('base64'),
    OFFICIAL_SELLER_UID: `official-${randomUUID()}`,
    PUBLIC_URL: 'https://mandi.example.in',
    // The attacks come from one address; the public limit must not answer them before the defence under test does.
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
    ...overrides,
  };
}

/** A TCP port nothing listens on now, for a process a test starts. */
export function freePort(): Promise<number> {
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
    const answered = await fetch(`${baseUrl}/api/health`).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`API did not start within 20 s:\n${output()}`);
}
