import { availableParallelism } from 'node:os';

/**
 * How both front ends' Vitest suites run (storefront/ and admin-ui/ vitest.config.ts):
 * docs/development.md, "Test tiers".
 * - No isolation: each worker keeps one jsdom and the module graph between test files. A fresh jsdom and fresh imports
 *   per file was about 60% of the CPU; the setup files clear what a test leaves behind (storage, the page's head).
 * - Threads, one per core: Vitest's default leaves a core to its main process, which does little here.
 */
export const FRONT_END_TEST_RUN = {
  isolate: false,
  pool: 'threads',
  maxWorkers: availableParallelism(),
} as const;
