import { rmSync } from 'node:fs';
import { getQueueToken } from '@nestjs/bullmq';
import { Test, type TestingModule } from '@nestjs/testing';
import type { AppConfig } from '@mandi/config';
import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { publish } from '@mandi/events';
import { EmulatorAccounts } from '@mandi/identity';
import { readCapturedMails } from '@mandi/mail';
import type { Queue } from 'bullmq';
import { firstLink, newSignup, testWorkerConfig } from './accounts/testing/account-jobs.testing.js';
import { deleteKeys, uniquePrefix, waitFor } from './pipeline/testing/pipeline.testing.js';
import { WorkerModule } from './worker.module.js';

// The worker as main.ts builds it, with the product's job registry: an event published by the API's transaction
// ends as a mail in the capture, and its deadline waits in the deadlines queue.

let db: TestDatabase;
let config: AppConfig;
let worker: TestingModule;
const accounts = new EmulatorAccounts();

beforeAll(async () => {
  db = await createTestDatabase();
  config = testWorkerConfig(db.url, { REDIS_PREFIX: uniquePrefix('worker'), LOG_LEVEL: 'silent' });
  worker = await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] }).compile();
  await worker.init();
});

afterAll(async () => {
  await worker.close();
  await accounts.removeAll();
  await deleteKeys(config.REDIS_PREFIX);
  await db.drop();
  rmSync(config.MAIL_CAPTURE_DIR, { recursive: true, force: true });
});

it('mails the verification link of a new sign-up and schedules its expiry 120 s after the event', async () => {
  const account = await accounts.signUp();
  const { signup, eventId } = await db.prisma.$transaction(async (tx) => {
    const signup = await newSignup(tx, account, 90_000);
    const eventId = await publish(tx, { type: 'signup.verification_requested', payload: { signupId: signup.id } });
    return { signup, eventId };
  });

  await waitFor(async () => (await readCapturedMails(config.MAIL_CAPTURE_DIR, { to: account.email })).length > 0);
  const [mail] = await readCapturedMails(config.MAIL_CAPTURE_DIR, { to: account.email });
  expect(mail!.text).toContain(`Hi ${signup.username},`);
  expect(new URL(firstLink(mail!.text)).searchParams.get('mode')).toBe('verifyEmail');
  await waitFor(async () => (await db.prisma.processedEvent.count({ where: { eventId } })) === 1);
  expect(await db.prisma.processedEvent.findMany({ where: { eventId }, select: { handler: true } })).toEqual([
    { handler: 'mail.verification' },
  ]);

  const deadlines = worker.get<Queue>(getQueueToken('deadlines'), { strict: false });
  const expiry = await deadlines.getJob(`signup.expire#${eventId}`);
  expect(await expiry?.getState()).toBe('delayed');
  expect(expiry!.opts.delay).toBeGreaterThan(115_000);
  expect(expiry!.opts.delay).toBeLessThanOrEqual(120_000);
});
