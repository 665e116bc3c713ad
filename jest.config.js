// One jest run for the backend and the shared libs. Sources are TypeScript ESM, transformed by
// SWC (it keeps decorator metadata, which Nest's dependency injection needs).
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

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // tools/razorpay-sandbox only: tools/firebase holds its own node_modules, which jest need not crawl.
  roots: [
    '<rootDir>/apps',
    '<rootDir>/libs',
    '<rootDir>/prisma',
    '<rootDir>/scripts',
    '<rootDir>/test',
    '<rootDir>/tools/razorpay-sandbox',
  ],
  testMatch: ['**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    // Tests run the libraries from source, no build needed.
    '^@mandi/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    // nodenext wants '.js' on relative imports; in tests they point at the '.ts' source.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  globalSetup: '<rootDir>/scripts/testing/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/scripts/testing/jest-global-teardown.mjs',
  testTimeout: 30000,
  maxWorkers: 2,
};
