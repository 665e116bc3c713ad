// The unit tier of jest (`npm run test:unit`): every spec that needs no service (pure rules, contracts, templates,
// scripts' logic), run from source with no build, no database, no Redis and no emulator. jest.config.js says which
// specs need one; a spec that starts using a service is renamed `*.int.spec.ts`.
import { base } from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: [
    ...base.testPathIgnorePatterns,
    '\\.int\\.spec\\.ts$',
    '<rootDir>/apps/api/test/',
    '<rootDir>/test/(?!docs/)',
  ],
};
