// The public values that development and tests run with, in one place. They are in this repository, so anyone knows
// them: production refuses every one (config.ts). Plain JavaScript, so the scripts (the Razorpay sandbox, the seed)
// read them straight from a fresh clone, before anything is built.

/** The local Razorpay sandbox's key id, shaped like Razorpay's test keys (tools/razorpay-sandbox). */
export const SANDBOX_KEY_ID = 'rzp_test_mandisandbox';
/** The sandbox's key secret: HTTP Basic password of its REST API and key of the checkout and payment-link signatures. */
export const SANDBOX_KEY_SECRET = 'mandi_sandbox_key_secret';
/** The sandbox's webhook secret (X-Razorpay-Signature). */
export const SANDBOX_WEBHOOK_SECRET = 'mandi_sandbox_webhook_secret';
/** The development key of the queue dashboard's session cookie. */
export const DEV_QUEUES_SESSION_SECRET = 'mandi-dev-queues-session-secret-change-me';
/** The development key of sellers' PAN, GSTIN and bank accounts at rest (32 bytes in base64, AES-256-GCM). */
export const DEV_SELLER_DATA_KEY = 'bWFuZGktZGV2LXNlbGxlci1kYXRhLWtleS0zMmJ5dGU=';
/** The Firebase project of the Auth emulator; a 'demo-' project exists only in the emulator. */
export const DEMO_FIREBASE_PROJECT_ID = 'demo-mandi';
/** The Firebase uid the seed gives the demo admin in the Auth emulator: the official seller of development. */
export const DEMO_OFFICIAL_SELLER_UID = 'mandi-demo-official-seller';
