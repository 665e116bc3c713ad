import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledCatalogues } from './vite-catalogues.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Aliases shared with vitest.config.ts: the libs are read from source, no build step needed. */
export const aliases = {
  '@mandi/domain': fromHere('../libs/domain/src/index.ts'),
  '@mandi/contracts': fromHere('../libs/contracts/src/index.ts'),
};

export default defineConfig({
  base: '/',
  plugins: [react(), compiledCatalogues()],
  resolve: { alias: aliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: the API reads the catalogue chunks' names from it to preload the visitor's language.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    port: 4173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
