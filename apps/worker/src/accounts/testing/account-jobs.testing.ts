import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import { loadConfig, type AppConfig } from '@mandi/config';
import { DatabaseModule, type Db, type Signup, type TestDatabase } from '@mandi/database';
import { FIREBASE_AUTH } from '@mandi/identity';
import type { Auth } from 'firebase-admin/auth';
import { WorkerConfigModule } from '../../config/worker-config.module.js';
import { MailModule } from '../../mail/mail.module.js';
import type { JobHandler } from '../../pipeline/job.handler.js';
import { AccountsModule } from '../accounts.module.js';

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const identityToolkit = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;

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
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    ...overrides,
  });
}

/** The account and mail job handlers as the worker wires them (without the pipeline), on `config`. */
export async function buildAccountJobs(config: AppConfig): Promise<TestingModule> {
  const app = await Test.createTestingModule({
    imports: [WorkerConfigModule.forRoot(config), DatabaseModule.forUrl(config.DATABASE_URL), AccountsModule, MailModule],
  }).compile();
  await app.init();
  return app;
}

/** Runs one job's handler in its own transaction, as the job runner does (without the processed_events record). */
export async function runHandler<P>(db: TestDatabase, handler: JobHandler<P>, payload: P): Promise<void> {
  await db.prisma.$transaction((tx) => handler.handle(payload, { tx, eventId: 1n, eventType: 'test', attempt: 1 }));
}

/** Accounts made in the Auth emulator by one test file, removed at its end. */
export class EmulatorAccounts {
  private readonly uids: string[] = [];

  constructor(readonly auth: Auth) {}

  static of(app: TestingModule): EmulatorAccounts {
    return new EmulatorAccounts(app.get<Auth>(FIREBASE_AUTH));
  }

  /** A new e-mail/password account, unverified unless asked. */
  async create(options: { verified?: boolean } = {}): Promise<{ uid: string; email: string; password: string }> {
    const email = `w${randomBytes(6).toString('hex')}@mandi.test`;
    const password = 'first-password';
    const { uid } = await this.auth.createUser({ email, password, emailVerified: options.verified ?? false });
    this.uids.push(uid);
    return { uid, email, password };
  }

  /** Whether the emulator still has the account. */
  async exists(uid: string): Promise<boolean> {
    return (await this.auth.getUsers([{ uid }])).users.length === 1;
  }

  async removeAll(): Promise<void> {
    if (this.uids.length > 0) await this.auth.deleteUsers(this.uids);
  }
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

async function identityToolkitCall(path: string, body: object): Promise<Response> {
  return fetch(`${identityToolkit}/${path}?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Applies a verification link's code, as the emulator's action page does when a person opens the link. */
export async function applyVerificationCode(oobCode: string): Promise<Response> {
  return identityToolkitCall('accounts:update', { oobCode });
}

/** Sets a new password with a reset link's code, as the reset page does. */
export async function resetPasswordWithCode(oobCode: string, newPassword: string): Promise<Response> {
  return identityToolkitCall('accounts:resetPassword', { oobCode, newPassword });
}

/** Whether the emulator accepts the e-mail and password. */
export async function canSignIn(email: string, password: string): Promise<boolean> {
  return (await identityToolkitCall('accounts:signInWithPassword', { email, password, returnSecureToken: true })).ok;
}

/** The first http(s) link in a text. */
export function firstLink(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[0];
}
