// The sandbox's test credentials. They are public (they are in this repository), so they only ever open the local
// sandbox: production sets a live Razorpay account's keys, and refuses these values (libs/config). The values live in
// libs/config/src/development-values.js, once for the sandbox, the scripts and the configuration's checks.
export {
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_WEBHOOK_SECRET,
} from '../../libs/config/src/development-values.js';

/** Where webhooks go by default: the API of `npm start`. */
export const SANDBOX_WEBHOOK_URL = 'http://127.0.0.1:3000/api/payment/webhook';
/** The port the sandbox listens on by default (RAZORPAY_SANDBOX_PORT overrides it). */
export const SANDBOX_PORT = 9300;
