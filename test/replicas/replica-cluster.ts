import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { freePort } from '../../apps/api/test/harness.js';
import { startRazorpaySandbox } from '../../tools/razorpay-sandbox/sandbox.mjs';
import { AppProcess } from '../faults/support/app-process.js';

type Sandbox = Awaited<ReturnType<typeof startRazorpaySandbox>>;

/** What a test reads back from one API. */
export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  json(): any;
}

/** One API process of the cluster, spoken to over HTTP like any client. */
export class ReplicaApi {
  constructor(
    /** 'A', 'B', ...: which replica answered, for the test's own messages. */
    readonly label: string,
    readonly process: AppProcess,
  ) {}

  get baseUrl(): string {
    return this.process.baseUrl;
  }

  /** Sends a request; an object payload goes as JSON, a FormData as multipart. `token` signs it in. */
  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    { token, payload }: { token?: string; payload?: unknown } = {},
  ): Promise<Answer> {
    const isForm = payload instanceof FormData;
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: payload === undefined ? undefined : isForm ? payload : JSON.stringify(payload),
    });
    const body = await response.text();
    return { status: response.status, headers: response.headers, body, json: () => JSON.parse(body) };
  }
}

/**
 * `replicas` built APIs and as many built workers (`node apps/api/dist/main.js`, `node apps/worker/dist/main.js`, as
 * `MANDI_REPLICAS=N npm start` runs them) against one database of their own (cloned from the migrated template), one
 * Redis prefix of their own, one capture folder for mail and one file store, the shared Auth emulator, and a
 * Razorpay sandbox of their own whose webhooks go to the first API (a Razorpay account has one webhook address).
 */
export class ReplicaCluster {
  private constructor(
    readonly apis: ReplicaApi[],
    readonly workers: AppProcess[],
    readonly db: TestDatabase,
    readonly redis: Redis,
    readonly redisPrefix: string,
    readonly sandbox: Sandbox,
    private readonly dirs: string[],
  ) {}

  static async start({
    replicas,
    env = {},
  }: {
    replicas: number;
    env?: Record<string, string>;
  }): Promise<ReplicaCluster> {
    const db = await createTestDatabase();
    const sandbox = await startRazorpaySandbox({ port: 0, retryDelaysMs: [200, 500, 1000] });
    const redisPrefix = `test-replicas-${randomUUID().slice(0, 8)}`;
    const mailDir = mkdtempSync(join(tmpdir(), 'mandi-replicas-mail-'));
    const fileDir = mkdtempSync(join(tmpdir(), 'mandi-replicas-files-'));
    const ports = await Promise.all(Array.from({ length: replicas }, () => freePort()));
    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      REDIS_PREFIX: redisPrefix,
      PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
      MAIL_TRANSPORT: 'capture',
      MAIL_CAPTURE_DIR: mailDir,
      FILE_STORE: 'local',
      FILE_STORE_DIR: fileDir,
      RAZORPAY_API_URL: sandbox.url,
      RAZORPAY_KEY_ID: sandbox.keyId,
      RAZORPAY_KEY_SECRET: sandbox.keySecret,
      RAZORPAY_WEBHOOK_SECRET: sandbox.webhookSecret,
      STOREFRONT_DIST: '/nonexistent',
      STOREFRONT_SSR: '/nonexistent',
      ADMIN_UI_DIST: '/nonexistent',
      ...env,
    };
    const apis = ports.map(
      (port, i) =>
        new ReplicaApi(
          String.fromCharCode(65 + i),
          new AppProcess('api', { ...shared, PORT: String(port), LOG_LEVEL: 'warn' }),
        ),
    );
    // Workers log at info: 'worker ready' says one is up, and each job's outcome says which worker ran it.
    const workers = ports.map(() => new AppProcess('worker', { ...shared, LOG_LEVEL: 'info' }));
    const cluster = new ReplicaCluster(
      apis,
      workers,
      db,
      new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'),
      redisPrefix,
      sandbox,
      [mailDir, fileDir],
    );
    sandbox.addWebhookEndpoint(`${apis[0]!.baseUrl}/api/payment/webhook`);
    try {
      const processes = [...apis.map((api) => api.process), ...workers];
      await Promise.all(processes.map((app) => app.start({ timeoutMs: 90_000 })));
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** What every process printed, for a failing test's message. */
  logs(): string {
    const named = [
      ...this.apis.map((api) => [`api ${api.label}`, api.process] as const),
      ...this.workers.map((worker, i) => [`worker ${i + 1}`, worker] as const),
    ];
    return named.map(([name, app]) => `---- ${name}\n${app.tail(40)}`).join('\n');
  }

  async stop(): Promise<void> {
    await Promise.all([...this.apis.map((api) => api.process.stop()), ...this.workers.map((worker) => worker.stop())]);
    await this.sandbox.idle();
    await this.sandbox.close();
    for await (const keys of this.redis.scanStream({ match: `${this.redisPrefix}:*`, count: 500 })) {
      if ((keys as string[]).length > 0) await this.redis.unlink(...(keys as string[]));
    }
    this.redis.disconnect();
    await this.db.drop();
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}
