/// <reference lib="webworker" />
import {
  clientsClaim,
  type RouteHandlerCallback,
  type RouteHandlerCallbackOptions,
  type WorkboxPlugin,
} from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, type Strategy } from 'workbox-strategies';
import {
  NETWORK_TIMEOUT_SECONDS,
  NOT_STOREFRONT_PAGES,
  RUNTIME_CACHES,
  asksForFreshAnswer,
  isBuildAsset,
  isListingRead,
  isProductRead,
  isPublicAnswer,
  isPublicPicture,
  isStorefrontPage,
} from './cache-rules';

/*
 * Mandi's service worker (docs/offline.md), built by vite-plugin-pwa's injectManifest into /sw.js. It keeps the app
 * shell and what a buyer has seen (pages, listing pages, product pages, their pictures) so the storefront opens
 * and shows them on a patchy connection or none. Reads try the network first; nothing private and nothing a
 * checkout prices from is ever kept; changes (POST, PUT, DELETE) are never touched.
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// A new deploy's worker takes over at once (docs/offline.md, "Updates"): pages come from the network first, so an
// open page keeps working, and the next page it opens is the new build's.
void self.skipWaiting();
clientsClaim();

// The shell: index.html, the entry and the chunks of the home, product and cart pages, both language catalogues,
// the CSS and the icons (the list is made at build time: vite.config.ts). Navigations are not answered from here
// (no directory index, no clean URLs): they go to the network first, below.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The page's request starts while the worker boots, so network-first navigations cost no extra time.
navigationPreload.enable();

type Limits = (typeof RUNTIME_CACHES)[keyof typeof RUNTIME_CACHES];

function bounded(limits: Limits) {
  return new ExpirationPlugin({
    maxEntries: limits.maxEntries,
    maxAgeSeconds: limits.maxAgeSeconds,
    purgeOnQuotaError: true,
  });
}

/** Only complete answers are kept: never an error page, a redirect or an opaque answer. */
const okOnly = new CacheableResponsePlugin({ statuses: [200] });

/** Keeps an API answer only when it is the same for every visitor (cache-rules.ts, isPublicAnswer). */
const publicAnswersOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => ((await isPublicAnswer(response)) ? response : null),
};

/*
 * Entries are found by URL alone. The pages vary by the language cookie and answers by encoding, but a request the
 * worker reads again (register.ts, keepOpenPages) does not carry the same headers as the page's own, and offline the
 * page last seen, in the language it was seen in, is the one to show.
 */
const byUrl = { ignoreVary: true };

function networkFirst(limits: Limits, plugins: WorkboxPlugin[] = []) {
  return new NetworkFirst({
    cacheName: limits.name,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    matchOptions: byUrl,
    plugins: [...plugins, okOnly, bounded(limits)],
  });
}

function cacheFirst(limits: Limits) {
  return new CacheFirst({ cacheName: limits.name, matchOptions: byUrl, plugins: [okOnly, bounded(limits)] });
}

const pages = networkFirst(RUNTIME_CACHES.pages);
const network = new NetworkOnly();

/** A read that asks for the server's answer of now (a checkout's) goes to the network, never to the caches. */
function unlessFreshAsked(strategy: Strategy): RouteHandlerCallback {
  return (options: RouteHandlerCallbackOptions) =>
    (asksForFreshAnswer(options.request) ? network : strategy).handle(options);
}

/** Matches a request to our own origin whose URL `rule` accepts (Route matches GET only). */
function ours(rule: (url: URL) => boolean) {
  return ({ url }: { url: URL }) => url.origin === self.location.origin && rule(url);
}

const router = new Router();
router.registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        // Offline and never opened here: the shell renders the page, its reads answered from the caches below.
        return (await matchPrecache('index.html')) ?? Response.error();
      }
    },
    { denylist: NOT_STOREFRONT_PAGES },
  ),
);
router.registerRoute(
  new Route(ours(isListingRead), unlessFreshAsked(networkFirst(RUNTIME_CACHES.listings, [publicAnswersOnly]))),
);
router.registerRoute(
  new Route(ours(isProductRead), unlessFreshAsked(networkFirst(RUNTIME_CACHES.products, [publicAnswersOnly]))),
);
router.registerRoute(new Route(ours(isPublicPicture), cacheFirst(RUNTIME_CACHES.images)));
router.registerRoute(new Route(ours(isBuildAsset), cacheFirst(RUNTIME_CACHES.assets)));
router.addFetchListener();
// The page sends what it loaded before this worker controlled it ({type: 'CACHE_URLS'}, register.ts): each URL is
// read through the route above that matches it, and kept by the same rules.
router.addCacheListener();

self.addEventListener('activate', (event) => {
  event.waitUntil(keepOpenPages(event));
});

/**
 * On taking over: the pages kept by the previous build point at its chunks, which are gone from the precache, so
 * they are dropped; the pages open now (loaded before this worker controlled them) are read again and kept.
 */
async function keepOpenPages(event: ExtendableEvent): Promise<void> {
  await caches.delete(RUNTIME_CACHES.pages.name);
  const windows = await self.clients.matchAll({ type: 'window' });
  const urls = new Set(
    windows
      .map((client) => new URL(client.url))
      .filter((url) => url.origin === self.location.origin && isStorefrontPage(url.pathname))
      .map((url) => url.href),
  );
  await Promise.all([...urls].map((url) => pages.handle({ event, request: new Request(url) }).catch(() => undefined)));
}
