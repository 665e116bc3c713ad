import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Aliases shared with vitest.config.ts: the libs are read from source, no build step needed. */
export const aliases = {
  // Before '@mandi/contracts', which would otherwise take '/client' as a path under its index.
  '@mandi/contracts/client': fromHere('../libs/contracts/src/client/index.ts'),
  '@mandi/domain': fromHere('../libs/domain/src/index.ts'),
  '@mandi/contracts': fromHere('../libs/contracts/src/index.ts'),
};

// The console is served by the API under /adminpanel (docs/development.md).
export default defineConfig({
  base: '/adminpanel/',
  plugins: [react()],
  resolve: { alias: aliases },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
  preview: { port: 4174, proxy: { '/api': 'http://localhost:3000' } },
});
