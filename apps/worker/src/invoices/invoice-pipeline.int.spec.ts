import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { AppConfig } from '@mandi/config';
import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { publish } from '@mandi/events';
import { LocalFileStore } from '@mandi/storage';
import { testWorkerConfig } from '../accounts/testing/account-jobs.testing.js';
import { deleteKeys, uniquePrefix, waitFor } from '../pipeline/testing/pipeline.testing.js';
import { WorkerModule } from '../worker.module.js';
import { orderWith, pdfText } from './testing/invoice-jobs.testing.js';

// The whole worker as main.ts builds it (relay, BullMQ on Redis, job runner, Chromium): orders marked paid the way
// the API marks them (the change and its outbox row in one transaction) end as numbered invoices with PDFs, and a
// cancellation as a credit note.

let db: TestDatabase;
let config: AppConfig;
let worker: TestingModule;

beforeAll(async () => {
  db = await createTestDatabase();
  config = testWorkerConfig(db.url, {
    REDIS_PREFIX: uniquePrefix('invoices'),
    LOG_LEVEL: 'warn',
    FILE_STORE_DIR: mkdtempSync(join(tmpdir(), 'mandi-invoice-pipeline-')),
  });
  worker = await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] }).compile();
  worker.useLogger(['error', 'warn']);
  await worker.init();
});

afterAll(async () => {
  await worker.close();
  await deleteKeys(config.REDIS_PREFIX);
  await db.drop();
  rmSync(config.FILE_STORE_DIR, { recursive: true, force: true });
});

/** What an admin's mark-paid commits: the order paid, and order.paid in the outbox. */
async function markPaid(orderId: number): Promise<void> {
  await db.prisma.$transaction(async (tx) => {
    await tx.order.update({ where: { id: orderId }, data: { paymentStatus: 'paid', paidAt: new Date() } });
    await publish(tx, { type: 'order.paid', payload: { orderId } });
  });
}

it('turns 20 orders marked paid at once into 20 consecutive invoices with PDFs, and a cancellation into a credit note', async () => {
  const orders = await Promise.all(Array.from({ length: 20 }, () => orderWith(db.prisma, { paid: false })));
  await Promise.all(orders.map((order) => markPaid(order.id)));

  const ids = orders.map((order) => order.id);
  await waitFor(
    async () => (await db.prisma.invoice.count({ where: { orderId: { in: ids }, pdfFileKey: { not: null } } })) === 20,
    30_000,
  );
  const invoices = await db.prisma.invoice.findMany({ where: { orderId: { in: ids } }, orderBy: { sequence: 'asc' } });
  expect(invoices.map((invoice) => invoice.number)).toEqual(
    Array.from({ length: 20 }, (_, i) => `INV/${invoices[0]!.number.slice(4, 9)}/${String(i + 1).padStart(6, '0')}`),
  );
  const store = new LocalFileStore(config.FILE_STORE_DIR);
  const first = invoices[0]!;
  const text = pdfText((await store.get(first.pdfFileKey!))!.bytes);
  expect(text).toContain(first.number);
  expect(text).toMatch(/Total\s+₹1,450\.00/);

  // The admin cancels the first order: order.cancelled in the outbox with the change.
  await db.prisma.$transaction(async (tx) => {
    await tx.order.update({
      where: { id: first.orderId },
      data: { status: 'cancelled', cancelReason: 'Buyer asked to cancel', cancelledAt: new Date() },
    });
    await publish(tx, { type: 'order.cancelled', payload: { orderId: first.orderId } });
  });
  await waitFor(
    async () =>
      (await db.prisma.creditNote.count({ where: { orderId: first.orderId, pdfFileKey: { not: null } } })) === 1,
    30_000,
  );
  const note = (await db.prisma.creditNote.findFirst({ where: { orderId: first.orderId } }))!;
  expect(note).toMatchObject({
    invoiceId: first.id,
    number: `CN/${first.number.slice(4, 9)}/000001`,
    reason: 'Buyer asked to cancel',
  });
  expect(pdfText((await store.get(note.pdfFileKey!))!.bytes)).toContain(first.number);
  // Each document once, however the jobs ran: one invoice per order and one credit note.
  expect(await db.prisma.invoice.count()).toBe(20);
  expect(await db.prisma.creditNote.count()).toBe(1);
}, 60_000);
