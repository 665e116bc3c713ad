// The sandbox's test credentials. They are public (they are in this repository), so they only ever open the local
// sandbox: production sets a live Razorpay account's keys, and the API refuses this webhook secret in production.

/** Public key id, as Razorpay's test keys look (`rzp_test_...`); Checkout is opened with it. */
export const SANDBOX_KEY_ID = 'rzp_test_mandisandbox';
/** Key secret: HTTP Basic password of the REST API and the key of the checkout and payment-link signatures. */
export const SANDBOX_KEY_SECRET = 'mandi_sandbox_key_secret';
/** Secret of the webhook signature (X-Razorpay-Signature). */
export const SANDBOX_WEBHOOK_SECRET = 'mandi_sandbox_webhook_secret';
/** Where webhooks go by default: the API of `npm start`. */
export const SANDBOX_WEBHOOK_URL = 'http://127.0.0.1:3000/api/payment/webhook';
/** The port the sandbox listens on by default (RAZORPAY_SANDBOX_PORT overrides it). */
export const SANDBOX_PORT = 9300;
