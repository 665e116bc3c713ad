// The environment the local API, worker and front-end builds run with: the caller's own settings where given,
// the local defaults (docs/deployment.md) otherwise, always the Auth emulator instead of a real Firebase, and the
// local Razorpay sandbox (tools/razorpay-sandbox) unless the caller names a Razorpay account of their own.
// These are development settings, which the apps accept only with NODE_ENV development or test (production is their
// default and refuses them): every caller names NODE_ENV (npm start: development; npm test, e2e: test).
import {
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_PORT,
  SANDBOX_WEBHOOK_SECRET,
} from '../../tools/razorpay-sandbox/credentials.mjs';
import { emulatorHost, emulatorProjectId, emulatorUrl } from './emulator.mjs';
import { DEFAULT_DATABASE_URL } from '../db/database-url.mjs';
import { defaultRedisUrl } from './services.mjs';

/** Port of the local Razorpay sandbox (RAZORPAY_SANDBOX_PORT moves it). */
export const razorpaySandboxPort = Number(process.env.RAZORPAY_SANDBOX_PORT || SANDBOX_PORT);
/** The local Razorpay sandbox: the REST API's base URL in development. */
export const razorpaySandboxUrl = `http://127.0.0.1:${razorpaySandboxPort}`;
/** True when the caller points the API at a Razorpay of their own (e.g. Razorpay's test mode) instead of the sandbox. */
const ownRazorpay = Boolean(process.env.RAZORPAY_API_URL) && process.env.RAZORPAY_API_URL !== razorpaySandboxUrl;
/** Razorpay Checkout's script: RAZORPAY_CHECKOUT_URL, else Razorpay's own with an own Razorpay, else the sandbox's. */
const razorpayCheckoutUrl =
  process.env.RAZORPAY_CHECKOUT_URL ||
  (ownRazorpay ? 'https://checkout.razorpay.com/v1/checkout.js' : `${razorpaySandboxUrl}/v1/checkout.js`);

/** The Vite settings the front ends are built with, so the browser signs in against the emulator and pays in the sandbox. */
export const frontEndSettings = {
  VITE_FIREBASE_AUTH_EMULATOR_URL: emulatorUrl,
  VITE_FIREBASE_PROJECT_ID: emulatorProjectId,
  VITE_FIREBASE_API_KEY: 'demo-key',
  VITE_RAZORPAY_CHECKOUT_URL: razorpayCheckoutUrl,
};

/**
 * process.env completed with the local defaults, the emulator and sandbox settings and `overrides` (which win).
 * @param {Record<string, string | undefined>} [overrides]
 * @returns {Record<string, string | undefined>}
 */
export function localEnvironment(overrides = {}) {
  const env = process.env;
  const port = overrides.PORT || env.PORT || '3000';
  return {
    ...env,
    DATABASE_URL: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    REDIS_URL: env.REDIS_URL || defaultRedisUrl,
    REDIS_PREFIX: env.REDIS_PREFIX || 'mandi',
    PORT: port,
    // Links in mails (verification, password reset) point at the storefront this serves.
    PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${port}`,
    LOG_LEVEL: env.LOG_LEVEL || 'info',
    FIREBASE_PROJECT_ID: emulatorProjectId,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    RAZORPAY_KEY_ID: env.RAZORPAY_KEY_ID || SANDBOX_KEY_ID,
    RAZORPAY_KEY_SECRET: env.RAZORPAY_KEY_SECRET || SANDBOX_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: env.RAZORPAY_WEBHOOK_SECRET || SANDBOX_WEBHOOK_SECRET,
    RAZORPAY_API_URL: env.RAZORPAY_API_URL || razorpaySandboxUrl,
    RAZORPAY_CHECKOUT_URL: razorpayCheckoutUrl,
    ...frontEndSettings,
    ...overrides,
  };
}
