// jest for the backend, the shared libs and the scripts, in two tiers (docs/development.md, "Test tiers"):
// - unit (jest.unit.config.js, `npm run test:unit`): every spec that needs no service, with no build and no database;
// - integration (this file, `npm run test:integration`): the specs that run against PostgreSQL, Redis, the Auth
//   emulator or the built API and worker: those under apps/api/test/ and test/ (but test/docs/), and every
//   `*.int.spec.ts`. The global setup builds the apps, prepares the template database and starts the emulator.
// Sources are TypeScript ESM, transformed by SWC (it keeps decorator metadata, which Nest's dependency injection needs).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
    },
    module: { type: 'es6' },
  },
];

/** The specs that need a service: by place, or by name (`*.int.spec.ts`). */
export const INTEGRATION_SPECS = [
  '**/*.int.spec.ts',
  '<rootDir>/apps/api/test/**/*.spec.ts',
  '<rootDir>/test/**/*.spec.ts',
];
/** Specs under test/ that need none: the docs' own test. */
export const UNIT_SPECS_UNDER_TEST = '<rootDir>/test/docs/';

/** What both tiers share. */
export const base = {
  testEnvironment: 'node',
  // tools/razorpay-sandbox and tools/ondc-registry only: tools/firebase holds its own node_modules, which jest need
  // not crawl.
  roots: [
    '<rootDir>/apps',
    '<rootDir>/libs',
    '<rootDir>/prisma',
    '<rootDir>/scripts',
    '<rootDir>/test',
    '<rootDir>/tools/razorpay-sandbox',
    '<rootDir>/tools/ondc-registry',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    // Tests run the libraries from source, no build needed.
    '^@mandi/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    // nodenext wants '.js' on relative imports; in tests they point at the '.ts' source.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testTimeout: 30000,
  maxWorkers: 2,
};

/** @type {import('jest').Config} */
export default {
  ...base,
  testMatch: INTEGRATION_SPECS,
  testPathIgnorePatterns: [...base.testPathIgnorePatterns, UNIT_SPECS_UNDER_TEST],
  globalSetup: '<rootDir>/scripts/testing/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/scripts/testing/jest-global-teardown.mjs',
};
