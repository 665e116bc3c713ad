import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The first visit to a lazy route transforms its module graph on the fly, which can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

// Test files share one jsdom per worker (vitest.shared.ts: no isolation): what a test leaves in the page's storage or
// head must not reach the next file.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.head.querySelectorAll('script[type="application/json"]').forEach((block) => block.remove());
});

// Tests sign in through fakeIdentity (test/fake-identity.ts); a render without one would start the real Firebase SDK.
vi.mock('../auth/firebase', () => {
  throw new Error('A test rendered the app without an identity: pass fakeIdentity() (src/test/fake-identity.ts)');
});

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

// The image pickers' previews use object URLs (Node provides them; this covers a runtime without).
URL.createObjectURL ??= (blob: Blob) => `blob:preview/${blob instanceof File ? blob.name : 'blob'}`;
URL.revokeObjectURL ??= () => undefined;
