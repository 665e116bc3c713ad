export * from './firebase-auth.js';
export * from './testing/emulator-accounts.js';
