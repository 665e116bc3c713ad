import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { publish } from '@mandi/events';
import { deleteKeys, uniquePrefix, waitFor } from '../pipeline/testing/pipeline.testing.js';
import { orderWith } from './testing/invoice-jobs.testing.js';

// A real worker process (apps/worker/dist/main.js, which jest's global setup builds) killed with SIGKILL while it
// prints an invoice: after a restart there is still exactly one invoice, with its number, and its PDF.

const WORKER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

let db: TestDatabase;
let env: NodeJS.ProcessEnv;
let fileDir: string;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  fileDir = mkdtempSync(join(tmpdir(), 'mandi-invoice-crash-'));
  env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    REDIS_PREFIX: uniquePrefix('invoice-crash'),
    FILE_STORE_DIR: fileDir,
    MAIL_TRANSPORT: 'capture',
    MAIL_CAPTURE_DIR: mkdtempSync(join(tmpdir(), 'mandi-invoice-crash-mail-')),
  };
});

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  await deleteKeys(env.REDIS_PREFIX!);
  await db.drop();
  rmSync(fileDir, { recursive: true, force: true });
  rmSync(env.MAIL_CAPTURE_DIR!, { recursive: true, force: true });
});

function startWorker(): ChildProcess {
  const worker = spawn(process.execPath, [WORKER_MAIN], { env, stdio: 'ignore' });
  workers.push(worker);
  return worker;
}

it('a worker killed while printing leaves a numbered invoice whose PDF the restarted worker prints, once', async () => {
  const first = startWorker();
  const order = await orderWith(db.prisma, { paid: false });
  await db.prisma.$transaction(async (tx) => {
    await tx.order.update({ where: { id: order.id }, data: { paymentStatus: 'paid', paidAt: new Date() } });
    await publish(tx, { type: 'order.paid', payload: { orderId: order.id } });
  });

  // Kill it the moment the invoice is numbered: its render job is about to run or running.
  await waitFor(async () => (await db.prisma.invoice.count({ where: { orderId: order.id } })) === 1, 30_000);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const recorded = (await db.prisma.invoice.findFirst({ where: { orderId: order.id } }))!;
  expect(recorded.pdfFileKey).toBeNull();

  // BullMQ gives the dead worker's job back once its lock (30 s) has run out.
  const second = startWorker();
  await waitFor(
    async () => (await db.prisma.invoice.findFirst({ where: { orderId: order.id } }))?.pdfFileKey !== null,
    90_000,
  );
  const invoices = await db.prisma.invoice.findMany({ where: { orderId: order.id } });
  expect(invoices).toEqual([{ ...recorded, pdfFileKey: expect.stringMatching(/^invoices\/\d+\/[0-9a-f]{24}\.pdf$/) }]);
  expect(
    await db.prisma.documentSequence.findMany({ where: { kind: 'invoice' }, select: { lastValue: true } }),
  ).toEqual([{ lastValue: 1 }]);
  expect(await db.prisma.outboxEvent.count({ where: { type: 'invoice.issued' } })).toBe(1);

  const stopped = new Promise((resolve) => second.once('exit', resolve));
  second.kill('SIGTERM');
  await stopped;
}, 150_000);
