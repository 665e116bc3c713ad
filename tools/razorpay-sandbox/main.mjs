// `node tools/razorpay-sandbox/main.mjs`: the Razorpay sandbox on its own, until Ctrl-C. `npm start` and the e2e run
// start it themselves; this is for running it beside an API started some other way. Settings come from the
// environment (docs/razorpay-sandbox.md): RAZORPAY_SANDBOX_PORT, RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET,
// RAZORPAY_WEBHOOK_SECRET, RAZORPAY_SANDBOX_WEBHOOK_URL (an empty value sends no webhooks).
import {
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_PORT,
  SANDBOX_WEBHOOK_SECRET,
  SANDBOX_WEBHOOK_URL,
} from './credentials.mjs';
import { startRazorpaySandbox } from './sandbox.mjs';

const env = process.env;
const log = (/** @type {string} */ line) => process.stdout.write(`[razorpay-sandbox] ${line}\n`);

try {
  const sandbox = await startRazorpaySandbox({
    port: Number(env.RAZORPAY_SANDBOX_PORT || SANDBOX_PORT),
    host: env.RAZORPAY_SANDBOX_HOST || '127.0.0.1',
    keyId: env.RAZORPAY_KEY_ID || SANDBOX_KEY_ID,
    keySecret: env.RAZORPAY_KEY_SECRET || SANDBOX_KEY_SECRET,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET || SANDBOX_WEBHOOK_SECRET,
    webhookUrl: env.RAZORPAY_SANDBOX_WEBHOOK_URL ?? SANDBOX_WEBHOOK_URL,
    log,
  });
  log(`checkout script ${sandbox.url}/v1/checkout.js; control API ${sandbox.url}/sandbox/health`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`${signal} received, stopping`);
      void sandbox.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  process.stderr.write(`[razorpay-sandbox] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
