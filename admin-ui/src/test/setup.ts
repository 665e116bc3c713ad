import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Whole-console renders take a few seconds on a busy machine; the default 1 s of findBy would make them flaky.
configure({ asyncUtilTimeout: 5000 });

// Test files share one jsdom per worker (vitest.shared.ts: no isolation): what a test leaves in the page's storage
// must not reach the next file.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
