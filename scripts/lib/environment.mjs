// The environment the local API, worker and front-end builds run with: the caller's own settings where given,
// the local defaults (design.md section 2) otherwise, and always the Auth emulator instead of a real Firebase.
import { emulatorHost, emulatorProjectId, emulatorUrl } from './emulator.mjs';
import { defaultDatabaseUrl, defaultRedisUrl } from './services.mjs';

/** The Vite settings the front ends are built with, so the browser signs in against the emulator. */
export const frontEndSettings = {
  VITE_FIREBASE_AUTH_EMULATOR_URL: emulatorUrl,
  VITE_FIREBASE_PROJECT_ID: emulatorProjectId,
  VITE_FIREBASE_API_KEY: 'demo-key',
};

/** process.env completed with the local defaults, the emulator settings and `overrides` (which win). */
export function localEnvironment(overrides = {}) {
  const env = process.env;
  const port = overrides.PORT || env.PORT || '3000';
  return {
    ...env,
    DATABASE_URL: env.DATABASE_URL || defaultDatabaseUrl,
    REDIS_URL: env.REDIS_URL || defaultRedisUrl,
    REDIS_PREFIX: env.REDIS_PREFIX || 'mandi',
    PORT: port,
    // Links in mails (verification, password reset) point at the storefront this serves.
    PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${port}`,
    LOG_LEVEL: env.LOG_LEVEL || 'info',
    FIREBASE_PROJECT_ID: emulatorProjectId,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    ...frontEndSettings,
    ...overrides,
  };
}
