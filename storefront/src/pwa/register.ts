/*
 * Registers the service worker (sw.ts, served at /sw.js) once the page has loaded, from its own small chunk so the
 * entry chunk carries only the call (register-after-load.ts). docs/offline.md says what it keeps.
 */

/** The worker's URL; its scope is the whole storefront. */
const WORKER_URL = '/sw.js';

/**
 * Registers the worker. On a page it does not control yet (the first visit) it is then told what the page loaded
 * before it was there (listing and product answers, pictures, chunks), so the first page seen is kept too.
 */
export async function registerServiceWorker(): Promise<void> {
  await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  if (navigator.serviceWorker.controller) return;
  const { active } = await navigator.serviceWorker.ready;
  const urlsToCache = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === location.origin);
  // Workbox's own message (Router.addCacheListener): each URL is read through the route that would have kept it,
  // and one that no route keeps (the cart, the account) is left alone.
  active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
}
