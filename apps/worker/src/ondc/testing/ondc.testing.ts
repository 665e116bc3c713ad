import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, type TestingModule } from '@nestjs/testing';
import type { AppConfig } from '@mandi/config';
import { createTestDatabase, Prisma, queryRows, sqlRow, type Db, type TestDatabase } from '@mandi/database';
import { ONDC_CORE_VERSION, ONDC_DOMAIN, type OndcAction } from '@mandi/domain';
import { outboxInsertSql } from '@mandi/events';
import { parseAuthorizationHeader, signatureProblem, type SignatureProblem } from '@mandi/ondc';
import { DEV_ONDC_SIGNING_PUBLIC_KEY } from '../../../../../libs/config/src/development-values.js';
import { testWorkerConfig } from '../../accounts/testing/account-jobs.testing.js';
import { workerRegistry } from '../../metrics/worker-metrics.js';
import { deleteKeys, uniquePrefix } from '../../pipeline/testing/pipeline.testing.js';
import { WorkerModule } from '../../worker.module.js';

/** What an ONDC test file works with; {@link useOndcWorker} fills it in its beforeAll. */
export interface OndcWorld {
  db: TestDatabase;
  config: AppConfig;
  worker: TestingModule;
}

/**
 * The whole worker (WorkerModule as main.ts builds it: relay, BullMQ on Redis, every handler) on a fresh database, a
 * Redis prefix and a file store of its own, with Mandi's development ONDC identity: registers the beforeAll and afterAll.
 */
export function useOndcWorker(name: string, overrides: Record<string, string> = {}): OndcWorld {
  const world = {} as OndcWorld;
  const prefix = uniquePrefix(name);
  beforeAll(async () => {
    world.db = await createTestDatabase();
    world.config = testWorkerConfig(world.db.url, {
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'silent',
      FILE_STORE_DIR: mkdtempSync(join(tmpdir(), 'mandi-ondc-')),
      ...overrides,
    });
    world.worker = await Test.createTestingModule({ imports: [WorkerModule.forRoot(world.config)] }).compile();
    world.worker.useLogger(['error']);
    await world.worker.init();
  });
  afterAll(async () => {
    await world.worker.close();
    await deleteKeys(prefix);
    await world.db.drop();
    rmSync(world.config.FILE_STORE_DIR, { recursive: true, force: true });
    rmSync(world.config.MAIL_CAPTURE_DIR, { recursive: true, force: true });
  });
  return world;
}

/** One request a test buyer app received. */
export interface ReceivedCall {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body's exact text. */
  text: string;
  /** It parsed. */
  body: { context: Record<string, string>; message?: Record<string, unknown>; error?: Record<string, unknown> };
}

/** How the test buyer app answers a request: a status and a JSON body. */
export type BuyerAppAnswer = (call: ReceivedCall) => { status: number; body?: unknown };

/** Beckn's ACK. */
export const ACK = { status: 200, body: { message: { ack: { status: 'ACK' } } } };

/** A buyer app of a test: an HTTP server on 127.0.0.1 that records every request and answers as told. */
export interface TestBuyerApp {
  /** Its bap_uri (no trailing slash). */
  uri: string;
  port: number;
  received: ReceivedCall[];
  /** How it answers from now on (ACK until told otherwise). */
  answer: BuyerAppAnswer;
  close(): Promise<void>;
}

/** Starts a test buyer app, on `port` when given (to bring back one that was down). */
export async function startBuyerApp(port = 0): Promise<TestBuyerApp> {
  const app: TestBuyerApp = { uri: '', port: 0, received: [], answer: () => ACK, close: async () => undefined };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const call = { path: request.url ?? '', headers: request.headers, text, body: JSON.parse(text) };
      app.received.push(call);
      const { status, body } = app.answer(call);
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(body === undefined ? '' : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  app.port = (server.address() as { port: number }).port;
  app.uri = `http://127.0.0.1:${app.port}/ondc-buyer`;
  app.close = () => new Promise((resolve) => server.close(() => resolve()));
  return app;
}

/** A port nothing listens on: a buyer app that is down. */
export async function closedPort(): Promise<number> {
  const probe = await startBuyerApp();
  await probe.close();
  return probe.port;
}

/** What is wrong with Mandi's signature of a received callback (null: it holds), checked with our development key. */
export function mandiSignatureProblem(call: ReceivedCall): SignatureProblem | 'missing' | null {
  const header = call.headers['authorization'];
  const parts = parseAuthorizationHeader(typeof header === 'string' ? header : undefined);
  if (!parts) return 'missing';
  return signatureProblem(parts, call.text, DEV_ONDC_SIGNING_PUBLIC_KEY);
}

/** A search of a test buyer app, as the API receives it; `tags` are its intent's (catalog_inc and the like). */
export function searchBody(app: Pick<TestBuyerApp, 'uri'>, tags: unknown[] = []) {
  return {
    context: {
      domain: ONDC_DOMAIN,
      country: 'IND',
      city: 'std:080',
      action: 'search',
      core_version: ONDC_CORE_VERSION,
      bap_id: 'buyer.test',
      bap_uri: app.uri,
      transaction_id: randomUUID(),
      message_id: randomUUID(),
      timestamp: new Date().toISOString(),
      ttl: 'PT30S',
    },
    message: {
      intent: {
        fulfillment: { type: 'Delivery' },
        payment: { '@ondc/org/buyer_app_finder_fee_type': 'percent', '@ondc/org/buyer_app_finder_fee_amount': '3' },
        ...(tags.length > 0 ? { tags } : {}),
      },
    },
  };
}

const CALL_ROW = sqlRow('test inbound ondc call', { id: 'bigint' });

/**
 * Records a buyer app's call as the API does once it has verified and checked it (apps/api/src/ondc): the inbound row,
 * acknowledged, and its `ondc.request_received` event in one statement. Answers the call's id.
 */
export async function receiveCall(
  db: Db,
  action: OndcAction,
  body: ReturnType<typeof searchBody>,
  dueBy = new Date(Date.now() + 30_000),
): Promise<bigint> {
  const { context } = body;
  const [row] = await queryRows(
    db,
    CALL_ROW,
    Prisma.sql`
    WITH recorded AS (
      INSERT INTO ondc_calls (direction, action, transaction_id, message_id, bap_id, bap_uri, body, ack_status,
                              answered_at, due_by)
      VALUES ('inbound', ${action}, ${context.transaction_id}, ${context.message_id}, ${context.bap_id},
              ${context.bap_uri}, ${JSON.stringify(body)}::jsonb, 'ACK', now(), ${dueBy}::timestamptz)
      RETURNING id
    ), event AS (${outboxInsertSql({ type: 'ondc.request_received', from: 'recorded', ids: { callId: 'id' } })})
    SELECT id FROM recorded`,
  );
  return row!.id;
}

/**
 * The value of one series of the worker's metrics (this process's registry), written as Prometheus writes it:
 * `mandi_ondc_callbacks_total{action="on_search",outcome="ack"}`; 0 while it has no sample.
 */
export async function workerSample(series: string): Promise<number> {
  const text = await workerRegistry.metrics();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}
