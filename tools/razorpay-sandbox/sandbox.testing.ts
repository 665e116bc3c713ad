// What the sandbox's specs share (sandbox.spec.ts, checkout-dialog.int.spec.ts): a merchant's webhook endpoint, the
// official SDK pointed at a sandbox, and one sandbox with its receiver per test (live bindings, set by start()).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Razorpay from 'razorpay';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET } from './credentials.mjs';
import { startRazorpaySandbox } from './sandbox.mjs';

export type Sandbox = Awaited<ReturnType<typeof startRazorpaySandbox>>;
export interface Received {
  rawBody: string;
  headers: IncomingHttpHeaders;
  event: {
    event: string;
    contains: string[];
    payload: Record<string, { entity: Record<string, any> }>;
    [key: string]: unknown;
  };
}

/** A merchant's webhook endpoint: records every delivery; `answer(n)` is the status of the n-th (1-based). */
export async function webhookReceiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      received.push({ rawBody, headers: request.headers, event: JSON.parse(rawBody) });
      response.writeHead(answer(received.length), { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/payment/webhook`,
    received,
    names: () => received.map((r) => r.event.event),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The SDK as the API uses it, with its base URL moved to the sandbox. */
export function sdk(sandbox: Sandbox, keySecret = SANDBOX_KEY_SECRET) {
  const instance = new Razorpay({ key_id: SANDBOX_KEY_ID, key_secret: keySecret });
  (instance.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = sandbox.url;
  return instance;
}

export async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The SDK rejects with { statusCode, error }; this returns it. */
export async function rejection(
  promise: Promise<unknown>,
): Promise<{ statusCode: number; error: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; error: Record<string, unknown> };
  }
  throw new Error('expected the call to fail');
}

/** The error Razorpay answers a failed payment of order `orderId` with, as its API and Checkout's handler both give it. */
export function paymentFailedError(orderId: string) {
  return {
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment failed',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_failed',
    metadata: { order_id: orderId, payment_id: expect.stringMatching(/^pay_/) },
  };
}

/** A merchant's webhook endpoint (webhookReceiver). */
export type WebhookReceiver = Awaited<ReturnType<typeof webhookReceiver>>;

/** The running test's sandbox, its webhook receiver and the SDK pointed at it: set by {@link start}. */
export let sandbox: Sandbox;
export let receiver: WebhookReceiver;
export let razorpay: InstanceType<typeof Razorpay>;

/** Starts a sandbox that delivers its webhooks to a new receiver quickly (late after 300 ms, retries after 50 ms). */
export async function start(options: Parameters<typeof startRazorpaySandbox>[0] = {}, answer?: (n: number) => number) {
  receiver = await webhookReceiver(answer);
  sandbox = await startRazorpaySandbox({
    port: 0,
    webhookUrl: receiver.url,
    lateMs: 300,
    retryDelaysMs: [50, 50],
    ...options,
  });
  razorpay = sdk(sandbox);
}

/** Closes what {@link start} opened; each spec runs it after every test. */
export async function stopSandbox(): Promise<void> {
  await sandbox?.close();
  await receiver?.close();
}
