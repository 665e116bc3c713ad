import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { createPrismaClient, type PrismaClient } from '@mandi/database';
import { EmulatorAccounts } from '@mandi/identity';
import { freePort } from '../../../apps/api/test/harness.js';
import { localEnvironment } from '../../../scripts/lib/environment.mjs';
import { startRazorpaySandbox } from '../../../tools/razorpay-sandbox/sandbox.mjs';
import { AppProcess } from './app-process.js';
import { ThrowawayPostgres } from './postgres-cluster.js';
import { FaultRedis } from './redis-server.js';
import { waitUntil } from './wait.js';

/** The Razorpay sandbox (tools/razorpay-sandbox), with its `faults` to make it slow or failing. */
export type RazorpaySandbox = Awaited<ReturnType<typeof startRazorpaySandbox>>;

/** What a fault test asks of its stack. */
export interface FaultStackOptions {
  /** Names the stack in its logs and in the folder its logs are saved to when a test fails. */
  name: string;
  /** Settings for both apps on top of the test environment (e.g. ORDER_DECISION_WINDOW_MS). */
  env?: Record<string, string>;
  /** Settings for the API only, or the worker only (win over `env`). */
  apiEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
  /** Start the worker with the stack (default true); a test may start it later with `stack.worker.start()`. */
  startWorker?: boolean;
  /** Options of the sandbox (its webhooks go to this stack's API): e.g. `retryDelaysMs`. */
  sandbox?: Omit<Parameters<typeof startRazorpaySandbox>[0] & object, 'port' | 'webhookUrl'>;
}

/** A user in the Auth emulator and in the stack's users table, with a fresh ID token. */
export interface StackUser {
  id: number;
  uid: string;
  email: string;
  token: string;
}

/** One HTTP answer, body read. */
export interface StackResponse {
  status: number;
  body: any;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The key prefix of the stack's Redis; the Redis is the stack's own, so any fixed name does. */
const REDIS_PREFIX = 'mandi-fault';

/**
 * Everything a fault test breaks, of its own: a PostgreSQL cluster (ThrowawayPostgres), a redis-server (FaultRedis),
 * a Razorpay sandbox, and the built API and worker as child processes (AppProcess) against them, on free ports. Only
 * the Firebase Auth emulator is shared (jest's global setup runs it; nothing here breaks it). Restarting, flushing or
 * killing any of them disturbs no other test, so two fault test files can run side by side.
 *
 * ```ts
 * let stack: FaultStack;
 * beforeAll(async () => { stack = await FaultStack.start({ name: 'redis-flush' }); }, 180_000);
 * afterAll(() => stack?.stop(), 60_000);
 * it('...', () => stack.explained(async () => { ... }), 180_000);
 * ```
 */
export class FaultStack {
  private readonly queues = new Map<string, Queue>();
  private failed = false;

  private constructor(
    readonly name: string,
    readonly postgres: ThrowawayPostgres,
    readonly redis: FaultRedis,
    readonly sandbox: RazorpaySandbox,
    readonly api: AppProcess,
    readonly worker: AppProcess,
    /** The test's own client of the stack's database (a small pool; it reconnects after a PostgreSQL restart). */
    readonly db: PrismaClient,
    readonly accounts: EmulatorAccounts,
    /** Temporary folder of the apps' captured mail (MAIL_CAPTURE_DIR) and file store (FILE_STORE_DIR). */
    readonly dir: string,
  ) {}

  /**
   * Starts PostgreSQL (initdb, migrated) and Redis, the sandbox, then the API and the worker, and waits until
   * `/api/health` answers 200. Whatever started is stopped again when a later step fails.
   */
  static async start(options: FaultStackOptions): Promise<FaultStack> {
    const dir = mkdtempSync(join(tmpdir(), `mandi-fault-${options.name}-`));
    const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
    try {
      const [postgres, redis, apiPort] = await Promise.all([
        ThrowawayPostgres.create(),
        FaultRedis.start(),
        freePort(),
      ]);
      cleanups.push(
        () => postgres.destroy(),
        () => redis.stop(),
      );
      const apiUrl = `http://127.0.0.1:${apiPort}`;
      const sandbox = await startRazorpaySandbox({
        ...options.sandbox,
        port: 0,
        webhookUrl: `${apiUrl}/api/payment/webhook`,
      });
      cleanups.push(() => sandbox.close());

      const env = localEnvironment({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: apiUrl,
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX,
        RAZORPAY_API_URL: sandbox.url,
        RAZORPAY_CHECKOUT_URL: `${sandbox.url}/v1/checkout.js`,
        MAIL_TRANSPORT: 'capture',
        MAIL_CAPTURE_DIR: join(dir, 'mail'),
        FILE_STORE: 'local',
        FILE_STORE_DIR: join(dir, 'files'),
        // The front ends are not what these tests look at, and need not be built.
        STOREFRONT_DIST: '/nonexistent',
        STOREFRONT_SSR: '/nonexistent',
        ADMIN_UI_DIST: '/nonexistent',
        // Every request of a test comes from one address.
        RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
        ...options.env,
      });
      const api = new AppProcess('api', { ...env, ...options.apiEnv });
      const worker = new AppProcess('worker', { ...env, ...options.workerEnv });
      cleanups.push(
        () => api.stop(),
        () => worker.stop(),
      );
      await Promise.all([api.start(), options.startWorker === false ? null : worker.start()]);

      const db = createPrismaClient(postgres.url, { max: 5 });
      cleanups.push(() => db.$disconnect());
      const stack = new FaultStack(
        options.name,
        postgres,
        redis,
        sandbox,
        api,
        worker,
        db,
        new EmulatorAccounts(),
        dir,
      );
      if (options.startWorker !== false) await stack.waitForHealth(200);
      return stack;
    } catch (error) {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
      throw error;
    }
  }

  /** The API's base URL. */
  get apiUrl(): string {
    return this.api.baseUrl;
  }

  /** The key prefix the apps use in the stack's Redis. */
  get redisPrefix(): string {
    return REDIS_PREFIX;
  }

  /**
   * A user in the emulator and in the stack's users table (role user unless told), signed in. Written with the test's
   * own client: PostgreSQL must be up.
   */
  async newUser({ role = 'user' }: { role?: 'user' | 'admin' } = {}): Promise<StackUser> {
    const { uid, email, token } = await this.accounts.signUp(`f${randomUUID().slice(0, 12)}@mandi.test`);
    const user = await this.db.user.create({
      data: {
        firebaseUid: uid,
        email,
        username: `f_${uid.slice(0, 12)}`,
        role,
        status: 'active',
        agreedToTerms: true,
        termsVersion: 'v1.0',
      },
    });
    return { id: user.id, uid, email, token };
  }

  /**
   * One request to the API as `user` (or anonymous), JSON in and out. A refused connection or a timeout
   * (`timeoutMs`, default 30 s) answers status 0 with the error's text, so a test can count failures during an outage
   * without try/catch.
   */
  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    { user, body, timeoutMs = 30_000 }: { user?: StackUser; body?: unknown; timeoutMs?: number } = {},
  ): Promise<StackResponse> {
    try {
      const response = await fetch(`${this.apiUrl}${url}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(user ? { authorization: `Bearer ${user.token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: kept as text.
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      return { status: 0, body: String((error as Error).cause ?? error) };
    }
  }

  /** GET /api/health: its status (0 when the API does not answer) and body. */
  health(): Promise<StackResponse> {
    return this.request('GET', '/api/health', { timeoutMs: 5_000 });
  }

  /** Waits until GET /api/health answers `status` (200 or 503); resolves with how long that took. */
  waitForHealth(status: 200 | 503, timeoutMs = 60_000): Promise<number> {
    let last: StackResponse | undefined;
    return waitUntil(async () => (last = await this.health()).status === status, {
      timeoutMs,
      intervalMs: 200,
      what: () => `/api/health to answer ${status}; last answer ${JSON.stringify(last)}\n${this.api.tail(30)}`,
    });
  }

  /** BullMQ's counts of one queue of the stack (waiting, active, delayed, completed, failed...). */
  jobCounts(queue: string): Promise<Record<string, number>> {
    return this.queue(queue).getJobCounts();
  }

  /** The names of the jobs a worker is running now in one queue of the stack ('invoice.render'). */
  async activeJobs(queue: string): Promise<string[]> {
    return (await this.queue(queue).getActive()).map((job) => job.name);
  }

  private queue(name: string): Queue {
    let handle = this.queues.get(name);
    if (!handle) {
      handle = new Queue(name, {
        connection: { host: '127.0.0.1', port: this.redis.port, maxRetriesPerRequest: null },
        prefix: REDIS_PREFIX,
      });
      this.queues.set(name, handle);
    }
    return handle;
  }

  /**
   * Runs a test's body; when it fails, saves every log (API, worker, PostgreSQL) under var/faults/ and adds their last
   * lines and the saved folder to the error, so a failure in CI says what the processes saw.
   */
  async explained(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      this.failed = true;
      const saved = this.saveLogs();
      const tails = [
        `--- api (last 40 lines) ---\n${this.api.tail(40)}`,
        `--- worker (last 40 lines) ---\n${this.worker.tail(40)}`,
        `--- postgres (last 20 lines) ---\n${this.postgres.log().split('\n').slice(-21).join('\n')}`,
      ].join('\n');
      if (error instanceof Error) {
        error.message = `${error.message}\n\nFull logs: ${saved}\n${tails}`;
        throw error;
      }
      throw new Error(`${String(error)}\n\nFull logs: ${saved}\n${tails}`, { cause: error });
    }
  }

  /** Writes the logs of every process to var/faults/<name>-<time>/ and answers the folder. */
  saveLogs(): string {
    const folder = join(REPO_ROOT, 'var', 'faults', `${this.name}-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'api.log'), this.api.logs());
    writeFileSync(join(folder, 'worker.log'), this.worker.logs());
    writeFileSync(join(folder, 'postgres.log'), this.postgres.log());
    return folder;
  }

  /**
   * Stops and removes everything the stack started, whatever state a test left it in (a stopped cluster, a killed
   * worker): the apps, the sandbox, Redis, the cluster and its directory, the emulator accounts. Safe to call twice.
   */
  async stop(): Promise<void> {
    const steps: (() => Promise<unknown>)[] = [
      () => this.api.stop(),
      () => this.worker.stop(),
      async () => {
        for (const queue of this.queues.values()) await queue.close();
        this.queues.clear();
      },
      () => this.sandbox.close(),
      () => this.db.$disconnect(),
      () => this.redis.stop(),
      () => this.postgres.destroy(),
      () => this.accounts.removeAll(),
      async () => rmSync(this.dir, { recursive: true, force: true }),
    ];
    const errors: unknown[] = [];
    for (const step of steps) await step().catch((error: unknown) => errors.push(error));
    if (errors.length > 0 && !this.failed)
      throw new AggregateError(errors, `stopping the ${this.name} fault stack failed`);
  }
}
