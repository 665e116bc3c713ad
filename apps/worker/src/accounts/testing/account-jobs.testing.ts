import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { loadConfig, type AppConfig } from '@mandi/config';
import { createTestDatabase, DatabaseModule, type Db, type Signup, type TestDatabase } from '@mandi/database';
import { EmulatorAccounts } from '@mandi/identity';
import { WorkerConfigModule } from '../../config/worker-config.module.js';
import { MailModule } from '../../mail/mail.module.js';
import type { JobHandler } from '../../pipeline/job.handler.js';
import { directJobContext } from '../../pipeline/testing/job-context.testing.js';
import { AccountsModule } from '../accounts.module.js';

/** The Auth emulator and project the test accounts live in; the worker's firebase-admin is pointed at the same. */
const emulator = new EmulatorAccounts();

/** The storefront address the test config's mail links continue to. */
export const TEST_PUBLIC_URL = 'http://localhost:3999';

/** The worker's configuration for a test: its own database and a fresh capture folder. */
export function testWorkerConfig(databaseUrl: string, overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: TEST_PUBLIC_URL,
    MAIL_TRANSPORT: 'capture',
    MAIL_CAPTURE_DIR: mkdtempSync(join(tmpdir(), 'mandi-worker-mail-')),
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
    ...overrides,
  });
}

/** The account and mail job handlers as the worker wires them (without the pipeline), on `config`. */
export async function buildAccountJobs(config: AppConfig): Promise<TestingModule> {
  const app = await Test.createTestingModule({
    imports: [
      WorkerConfigModule.forRoot(config),
      DatabaseModule.forUrl(config.DATABASE_URL),
      AccountsModule,
      MailModule,
    ],
  }).compile();
  await app.init();
  return app;
}

/** What an account-jobs test file works with; {@link useAccountJobs} sets the fields in its beforeAll. */
export interface AccountJobsWorld {
  db: TestDatabase;
  config: AppConfig;
  app: TestingModule;
  /** The emulator accounts the file makes, removed in its afterAll. */
  accounts: EmulatorAccounts;
}

/**
 * The account and mail jobs of one test file on its own fresh database and capture folder: registers the beforeAll
 * that builds them and the afterAll that removes them again, with the emulator accounts the file made.
 */
export function useAccountJobs(): AccountJobsWorld {
  const world = { accounts: new EmulatorAccounts() } as AccountJobsWorld;
  beforeAll(async () => {
    world.db = await createTestDatabase();
    world.config = testWorkerConfig(world.db.url);
    world.app = await buildAccountJobs(world.config);
  });
  afterAll(async () => {
    await world.app.close();
    await world.accounts.removeAll();
    await world.db.drop();
    rmSync(world.config.MAIL_CAPTURE_DIR, { recursive: true, force: true });
  });
  return world;
}

/** Runs one job's handler as the job runner does (without the processed_events record). */
export async function runHandler<P>(db: TestDatabase, handler: JobHandler<P>, payload: P): Promise<void> {
  await handler.handle(payload, directJobContext(db.prisma));
}

/** A username reservation for `account`, its window ending `expiresInMs` from now (negative: already over). */
export async function newSignup(db: Db, account: { uid: string; email: string }, expiresInMs: number): Promise<Signup> {
  return db.signup.create({
    data: {
      firebaseUid: account.uid,
      email: account.email,
      username: `s_${randomBytes(5).toString('hex')}`,
      ipAddress: '127.0.0.1',
      expiresAt: new Date(Date.now() + expiresInMs),
    },
  });
}

/** The oobCode of a Firebase action link. */
export function oobCodeOf(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error(`no oobCode in ${link}`);
  return code;
}

/** The first http(s) link in a text. */
export function firstLink(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[0];
}
