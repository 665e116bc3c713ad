import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precacheShell } from './src/pwa/precache-shell.ts';
import { WEB_APP_MANIFEST } from './src/pwa/web-app-manifest.ts';
import { compiledCatalogues } from './vite-catalogues.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Aliases shared with vitest.config.ts: the libs are read from source, no build step needed. */
export const aliases = {
  // Before '@mandi/contracts', which would otherwise take '/client' as a path under its index.
  '@mandi/contracts/client': fromHere('../libs/contracts/src/client/index.ts'),
  '@mandi/domain': fromHere('../libs/domain/src/index.ts'),
  '@mandi/contracts': fromHere('../libs/contracts/src/index.ts'),
};

/**
 * The service worker (src/pwa/sw.ts, built into /sw.js with the precache list injected) and the web app manifest
 * (/manifest.webmanifest, linked from index.html by the plugin): docs/offline.md. The page registers the worker
 * itself after load (src/pwa/register-after-load.ts), so the plugin injects no script.
 */
function offlineSupport(ssrBuild: boolean) {
  const shell = precacheShell();
  return [
    shell.plugin,
    VitePWA({
      disable: ssrBuild,
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: WEB_APP_MANIFEST,
      injectManifest: {
        // The manifest and its icons are added by the plugin itself (listing them here too would list them twice).
        globPatterns: ['**/*.{js,css,html,svg}'],
        manifestTransforms: [shell.manifestTransform],
      },
    }),
  ];
}

export default defineConfig(({ isSsrBuild = false }) => ({
  base: '/',
  plugins: [react(), compiledCatalogues(), ...offlineSupport(isSsrBuild)],
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
}));
