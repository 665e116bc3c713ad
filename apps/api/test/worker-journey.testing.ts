import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmulatorAccounts } from '@mandi/identity';
import { AppProcess } from '../../../test/faults/support/app-process.js';
import { startRazorpaySandbox } from '../../../tools/razorpay-sandbox/sandbox.mjs';
import { ApiHarness } from './harness.js';

type Sandbox = Awaited<ReturnType<typeof startRazorpaySandbox>>;

/**
 * The API and the built worker on one database, Redis prefix, mail capture and file store, with the Razorpay sandbox
 * sending its webhooks to the API: the stack the journeys that follow an order through the worker run on
 * (order-mails.spec.ts, admin-order-detail.spec.ts).
 */
export interface WorkerJourney {
  api: ApiHarness;
  worker: AppProcess;
  sandbox: Sandbox;
  /** The worker's captured mail (MAIL_TRANSPORT=capture). */
  mailDir: string;
  /** The file store both apps write and read (FILE_STORE=local). */
  fileDir: string;
  /** Waits until `check` answers something other than undefined, and answers it; fails with `what` and the worker's log. */
  eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/** Starts a {@link WorkerJourney}; `name` labels its temporary folders, `config` is added to both apps' settings. */
export async function startWorkerJourney(name: string, config: Record<string, string> = {}): Promise<WorkerJourney> {
  const emulator = new EmulatorAccounts();
  const mailDir = mkdtempSync(join(tmpdir(), `mandi-${name}-`));
  const fileDir = mkdtempSync(join(tmpdir(), `mandi-${name}-files-`));
  const sandbox = await startRazorpaySandbox({ port: 0, retryDelaysMs: [200, 500] });
  const shared = {
    MAIL_TRANSPORT: 'capture',
    MAIL_CAPTURE_DIR: mailDir,
    FILE_STORE: 'local',
    FILE_STORE_DIR: fileDir,
    RAZORPAY_API_URL: sandbox.url,
    RAZORPAY_KEY_ID: sandbox.keyId,
    RAZORPAY_KEY_SECRET: sandbox.keySecret,
    RAZORPAY_WEBHOOK_SECRET: sandbox.webhookSecret,
    ...config,
  };
  const api = await ApiHarness.start(shared);
  sandbox.addWebhookEndpoint(`${api.baseUrl}/api/payment/webhook`);
  const worker = new AppProcess('worker', {
    ...process.env,
    ...shared,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: api.db.url,
    REDIS_PREFIX: api.redisPrefix,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
  });
  await worker.start({ timeoutMs: 90_000 });
  return {
    api,
    worker,
    sandbox,
    mailDir,
    fileDir,
    async eventually(check, what, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await check();
        if (value !== undefined) return value;
        if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}\n${worker.tail(40)}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    },
    async stop() {
      await worker.stop();
      await sandbox.idle();
      await api.stop();
      await sandbox.close();
      rmSync(mailDir, { recursive: true, force: true });
      rmSync(fileDir, { recursive: true, force: true });
    },
  };
}
