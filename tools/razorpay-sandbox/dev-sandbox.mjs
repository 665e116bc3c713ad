// The sandbox of a local run (`npm start`, the e2e server): one sandbox per machine on the fixed port the front ends
// are built against, shared the way several webhooks share one Razorpay account. The first run starts it in its own
// process; a run that finds one already there adds its API's webhook endpoint to it and removes it when done.
import { startRazorpaySandbox } from './sandbox.mjs';

/** Mandi's Razorpay balance when a local sandbox starts: Rs 10,00,000. */
const DEV_BALANCE_PAISE = 10_00_000_00;
/** How often a local sandbox settles released transfers to the sellers' banks. */
const DEV_SETTLE_EVERY_MS = 15_000;

/**
 * The sandbox's health answer, or null when nothing (or something else) answers at `url`.
 * @param {string} url
 * @returns {Promise<{ key_id: string } | null>}
 */
async function sandboxAt(url) {
  try {
    const response = await fetch(`${url}/sandbox/health`, { signal: AbortSignal.timeout(2000) });
    const body = /** @type {any} */ (await response.json());
    return body?.service === 'razorpay-sandbox' ? body : null;
  } catch {
    return null;
  }
}

/**
 * Makes sure a sandbox answers on host:port and delivers webhooks to `webhookUrl`. Starts one in this process, or
 * reuses a running one (its key id must be `keyId`). Returns { url, reused, stop }: stop() closes the sandbox this
 * call started, or takes `webhookUrl` off the reused one.
 * @param {{ port: number, host?: string, keyId: string, keySecret: string, webhookSecret: string, webhookUrl: string,
 *   log?: (line: string) => void }} options
 */
export async function ensureRazorpaySandbox({
  port,
  host = '127.0.0.1',
  keyId,
  keySecret,
  webhookSecret,
  webhookUrl,
  log = () => {},
}) {
  const url = `http://${host}:${port}`;
  const running = await sandboxAt(url);
  if (running) {
    if (running.key_id !== keyId) {
      throw new Error(
        `The Razorpay sandbox at ${url} uses key ${running.key_id}, not ${keyId}; stop it or use the same keys.`,
      );
    }
    const added = await fetch(`${url}/sandbox/webhooks/endpoints`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: webhookUrl, secret: webhookSecret }),
    });
    if (!added.ok)
      throw new Error(`The Razorpay sandbox at ${url} refused the webhook endpoint ${webhookUrl} (${added.status}).`);
    log(`reusing the Razorpay sandbox at ${url}; its webhooks now also go to ${webhookUrl}`);
    const stop = async () => {
      await fetch(`${url}/sandbox/webhooks/endpoints?url=${encodeURIComponent(webhookUrl)}`, {
        method: 'DELETE',
      }).catch(() => undefined);
    };
    return { url, reused: true, stop };
  }
  // Mandi's balance starts at Rs 10 lakh, so cash-on-delivery payouts (direct transfers from it) go through, and
  // released transfers settle to the sellers' banks every 15 s, as Razorpay's settlement cycle would in days.
  const sandbox = await startRazorpaySandbox({
    port,
    host,
    keyId,
    keySecret,
    webhookSecret,
    webhookUrl,
    log,
    balance: DEV_BALANCE_PAISE,
    settleEveryMs: DEV_SETTLE_EVERY_MS,
  });
  return { url: sandbox.url, reused: false, stop: () => sandbox.close() };
}
