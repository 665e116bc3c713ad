import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The first visit to a lazy route transforms its module graph on the fly, which can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

// The image pickers' previews use object URLs (Node provides them; this covers a runtime without).
URL.createObjectURL ??= (blob: Blob) => `blob:preview/${blob instanceof File ? blob.name : 'blob'}`;
URL.revokeObjectURL ??= () => undefined;
