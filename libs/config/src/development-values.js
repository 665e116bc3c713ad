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
/** Mandi's subscriber id on the ONDC network in development and tests (docs/ondc.md); production sets its own domain. */
export const DEV_ONDC_SUBSCRIBER_ID = 'seller.mandi.test';
/** The unique key id the local registry knows Mandi's development keys by. */
export const DEV_ONDC_UNIQUE_KEY_ID = 'mandi-dev-key-1';
/** Mandi's development ed25519 signing key (libsodium's 64 bytes, base64); its public key is below. */
export const DEV_ONDC_SIGNING_PRIVATE_KEY =
  'ovxnFwZM2XkMY+lpYFnfpS31Q5aT3GXwMSQpxsjJOufjezFarAIHOTiDKfLue7pDFrJKhe/6affBVe/g3rKqNw==';
export const DEV_ONDC_SIGNING_PUBLIC_KEY = '43sxWqwCBzk4gyny7nu6QxaySoXv+mn3wVXv4N6yqjc=';
/** Mandi's development X25519 encryption key (PKCS#8 DER, base64), for the registry's on_subscribe challenge. */
export const DEV_ONDC_ENCRYPTION_PRIVATE_KEY = 'MC4CAQAwBQYDK2VuBCIEIKC4I8k7eVYyxcW8jl2KXjwuJu4CRQn/3gdNts5VuWNt';
export const DEV_ONDC_ENCRYPTION_PUBLIC_KEY = 'MCowBQYDK2VuAyEAkA5Elk2aXjAKeCZV7BEOdcXBdYeZYkfm6cB1QUvmCnU=';
/** The local ONDC registry's X25519 encryption public key (its private half is in tools/ondc-registry/credentials.mjs). */
export const DEV_ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY = 'MCowBQYDK2VuAyEAE4fYVtQPI3Io8H1SXFeKVeJnbJNvznMb+Oa7SoVisTM=';
/** The local ONDC registry of development and tests (tools/ondc-registry). */
export const DEV_ONDC_REGISTRY_URL = 'http://127.0.0.1:9400';
/** Development's settlement account for ONDC buyer apps: the shape of a real one (an IFSC is 4 letters, 0, 6 more), no bank's. */
export const DEV_ONDC_SETTLEMENT_ACCOUNT = {
  accountNo: '000000000000',
  ifscCode: 'MAND0000001',
  bankName: 'Development bank (no real account)',
  branchName: 'Development branch',
};
