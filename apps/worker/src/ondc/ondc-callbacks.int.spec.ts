import { randomUUID } from 'node:crypto';
import type { OndcCall } from '@mandi/database';
import { waitFor } from '../pipeline/testing/pipeline.testing.js';
import { recordCallback } from './callbacks/callback-record.repository.js';
import {
  ACK,
  closedPort,
  mandiSignatureProblem,
  startBuyerApp,
  useOndcWorker,
  workerSample,
  type TestBuyerApp,
} from './testing/ondc.testing.js';

// Sending Mandi's callbacks (docs/ondc.md, "The pipeline", step 3) in the real worker, to buyer apps that are tiny HTTP
// servers of the test: signed with Mandi's key, the answer recorded, retried while nobody answers, a NACK kept.

const world = useOndcWorker('ondc-callbacks');

const apps: TestBuyerApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function buyerApp(port?: number): Promise<TestBuyerApp> {
  const app = await startBuyerApp(port);
  apps.push(app);
  return app;
}

/** Records an on_status callback to `uri` as a job would: the row and its ondc.callback_ready in one statement. */
async function callbackTo(uri: string, dueBy: Date | null = new Date(Date.now() + 30_000)): Promise<bigint> {
  const transactionId = randomUUID();
  const messageId = randomUUID();
  const context = {
    domain: 'ONDC:RET10',
    country: 'IND',
    city: 'std:080',
    action: 'on_status',
    core_version: '1.2.0',
    bap_id: 'buyer.test',
    bap_uri: uri,
    bpp_id: 'seller.mandi.test',
    bpp_uri: 'http://localhost:3999/ondc',
    transaction_id: transactionId,
    message_id: messageId,
    timestamp: new Date().toISOString(),
  };
  const id = await recordCallback(world.db.prisma, {
    action: 'on_status',
    transactionId,
    messageId,
    bapId: 'buyer.test',
    bapUri: `${uri}/`,
    body: { context, message: { order: { id: `T-${messageId.slice(0, 8)}`, state: 'Accepted' } } },
    replyToId: null,
    unsolicitedKey: `test:${messageId}`,
    orderId: null,
    dueBy,
  });
  return id!;
}

const row = (id: bigint): Promise<OndcCall> => world.db.prisma.ondcCall.findUniqueOrThrow({ where: { id } });

/** Whether the send job of callback `id` has finished for good (its processed_events mark). */
async function sent(id: bigint): Promise<boolean> {
  const event = await world.db.prisma.outboxEvent.findFirst({
    where: { type: 'ondc.callback_ready', aggregateId: String(id) },
  });
  if (!event) return false;
  return (
    (await world.db.prisma.processedEvent.count({ where: { eventId: event.id, handler: 'ondc.send_callback' } })) > 0
  );
}

const series = (outcome: string) => `mandi_ondc_callbacks_total{action="on_status",outcome="${outcome}"}`;

describe("sending Mandi's callbacks", () => {
  it('posts the exact body to {bap_uri}/{action}, signed with our key, and records the ACK', async () => {
    const app = await buyerApp();
    const acks = await workerSample(series('ack'));
    const id = await callbackTo(app.uri);

    await waitFor(() => sent(id));
    expect(app.received).toHaveLength(1);
    const [call] = app.received;
    expect(call!.path).toBe('/ondc-buyer/on_status');
    expect(call!.headers['content-type']).toBe('application/json');
    expect(mandiSignatureProblem(call!)).toBeNull();
    expect(call!.headers['authorization']).toMatch(/^Signature keyId="seller\.mandi\.test\|mandi-dev-key-1\|ed25519"/);
    // What was signed is what was sent: the recorded body's JSON text.
    const recorded = await row(id);
    expect(call!.text).toBe(JSON.stringify(recorded.body));
    expect(recorded).toMatchObject({ ackStatus: 'ACK', attempts: 1, errorCode: null, errorMessage: null });
    expect(recorded.answeredAt).not.toBeNull();
    // A tampered body does not verify.
    expect(mandiSignatureProblem({ ...call!, text: call!.text.replace('Accepted', 'Cancelled') })).toBe('signature');
    expect(await workerSample(series('ack'))).toBe(acks + 1);
  });

  it('retries a buyer app that is down, fast, until it answers, and records the one ACK', async () => {
    const port = await closedPort();
    const failed = await workerSample(series('failed'));
    const id = await callbackTo(`http://127.0.0.1:${port}/ondc-buyer`);

    // Two posts nobody answered, each counted with why.
    await waitFor(async () => (await row(id)).attempts >= 2);
    const down = await row(id);
    expect(down.ackStatus).toBeNull();
    expect(down.errorMessage).toMatch(/^no answer: .*ECONNREFUSED/);
    expect(await workerSample(series('failed'))).toBeGreaterThanOrEqual(failed + 2);

    // Back up on the same address: the next retry is ACKed, and nothing is sent after it.
    const app = await buyerApp(port);
    await waitFor(() => sent(id), 20_000);
    const up = await row(id);
    expect(up.ackStatus).toBe('ACK');
    expect(app.received).toHaveLength(1);
    expect(up.attempts).toBeGreaterThanOrEqual(down.attempts + 1);
    expect(mandiSignatureProblem(app.received[0]!)).toBeNull();
  });

  it('retries an error status without a NACK, and takes a NACK as the answer: recorded, not retried', async () => {
    const app = await buyerApp();
    let posts = 0;
    app.answer = () => {
      posts += 1;
      return posts === 1
        ? { status: 502, body: { error: 'bad gateway' } }
        : {
            status: 400,
            body: {
              message: { ack: { status: 'NACK' } },
              error: { type: 'CONTEXT-ERROR', code: '30016', message: 'Invalid signature' },
            },
          };
    };
    const nacks = await workerSample(series('nack'));
    const id = await callbackTo(app.uri);

    await waitFor(() => sent(id));
    expect(await row(id)).toMatchObject({
      ackStatus: 'NACK',
      attempts: 2,
      errorCode: '30016',
      errorMessage: 'Invalid signature',
    });
    expect(app.received).toHaveLength(2);
    expect(await workerSample(series('nack'))).toBe(nacks + 1);
  });

  it('counts a callback answered after its request’s ttl as late', async () => {
    const app = await buyerApp();
    app.answer = () => ACK;
    const late = await workerSample('mandi_ondc_late_callbacks_total{action="on_status"}');
    const id = await callbackTo(app.uri, new Date(Date.now() - 1_000));

    await waitFor(() => sent(id));
    expect((await row(id)).ackStatus).toBe('ACK');
    expect(await workerSample('mandi_ondc_late_callbacks_total{action="on_status"}')).toBe(late + 1);
  });
});
