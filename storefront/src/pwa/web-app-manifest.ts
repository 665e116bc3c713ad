import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest (/manifest.webmanifest, written by vite-plugin-pwa), which makes the storefront installable
 * on Android: its name, the leaf green, standalone display from '/', and the icons made from the leaf logo
 * (pwa-assets.config.ts), one of them maskable.
 */
export const WEB_APP_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Mandi',
  short_name: 'Mandi',
  description: 'Farm-fresh and organic produce straight from Indian farmers and sellers.',
  lang: 'en-IN',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#2E7D32',
  background_color: '#FAFAF5',
  categories: ['shopping', 'food'],
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/maskable-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
