import { Injectable } from '@nestjs/common';
import { createTestDatabase, type TestDatabase } from '@mandi/database';
import { defineJobs, domainEvents } from '@mandi/events';
import { matchHandlers } from './handler.registry.js';
import { HandlesJob, JobHandler } from './job.handler.js';
import {
  buildTestWorker,
  deleteKeys,
  FailingHandler,
  RecordingHandler,
  SecondRecordingHandler,
  uniquePrefix,
} from './testing/pipeline.testing.js';

class Noop extends JobHandler<unknown> {
  async handle(): Promise<void> {}
}

describe('matching jobs to handlers', () => {
  const jobs = defineJobs({
    'invoice.render': { queue: 'documents', payload: domainEvents['invoice.issued'].payload },
    'mail.order_placed': { queue: 'mail', payload: domainEvents['order.placed'].payload },
  });

  it('pairs each job with its one handler', () => {
    const render = new Noop();
    const mail = new Noop();
    const handlers = matchHandlers(jobs, [
      { jobName: 'invoice.render', className: 'InvoiceRenderHandler', instance: render },
      { jobName: 'mail.order_placed', className: 'OrderPlacedMailHandler', instance: mail },
    ]);
    expect([...handlers]).toEqual([
      ['invoice.render', render],
      ['mail.order_placed', mail],
    ]);
  });

  it('names every miswiring at once', () => {
    expect(() =>
      matchHandlers(jobs, [
        { jobName: 'invoice.render', className: 'InvoiceRenderHandler', instance: new Noop() },
        { jobName: 'invoice.render', className: 'InvoicePdfHandler', instance: new Noop() },
        { jobName: 'invoice.mail', className: 'InvoiceMailHandler', instance: new Noop() },
        { jobName: 'mail.order_placed', className: 'PlainClass', instance: {} },
      ]),
    ).toThrow(
      'Job handlers are miswired: ' +
        "InvoiceMailHandler handles unknown job 'invoice.mail'; " +
        "PlainClass handles 'mail.order_placed' but does not extend JobHandler; " +
        "job 'invoice.render' has 2 handlers: InvoiceRenderHandler, InvoicePdfHandler; " +
        "job 'mail.order_placed' has no handler",
    );
  });
});

describe('the worker at boot', () => {
  let db: TestDatabase;
  const prefix = uniquePrefix('boot');

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await deleteKeys(prefix);
    await db.drop();
  });

  it('refuses to start when a job has two handlers and another has none', async () => {
    const worker = await buildTestWorker({
      databaseUrl: db.url,
      prefix,
      handlers: [RecordingHandler, SecondRecordingHandler],
    });
    await expect(worker.init()).rejects.toThrow(
      'Job handlers are miswired: ' +
        "job 'test.record_effect' has 2 handlers: RecordingHandler, SecondRecordingHandler; " +
        "job 'test.fail' has no handler",
    );
    await worker.close();
  });

  it('refuses a handler for a job the registry does not know', async () => {
    @Injectable()
    @HandlesJob<Record<string, never>>('test.unknown')
    class StrayHandler extends Noop {}
    const worker = await buildTestWorker({
      databaseUrl: db.url,
      prefix,
      handlers: [RecordingHandler, FailingHandler, StrayHandler],
    });
    await expect(worker.init()).rejects.toThrow("StrayHandler handles unknown job 'test.unknown'");
    await worker.close();
  });

  it('starts when every job has exactly one handler', async () => {
    const worker = await buildTestWorker({ databaseUrl: db.url, prefix });
    await expect(worker.init()).resolves.toBe(worker);
    await worker.close();
  });
});
