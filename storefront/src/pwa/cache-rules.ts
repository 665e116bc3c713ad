import { API_PREFIX, routeAt, routeParams } from '@mandi/contracts/client';

/*
 * What the service worker (sw.ts) keeps, for how long, and what it never keeps: plain rules, unit-tested
 * (cache-rules.test.ts) and described in docs/offline.md. Nothing here imports Workbox, so the rules read alone; the
 * API's paths are the route registry's (its route lines), never typed here.
 */

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;

/**
 * How long a read waits for the network before the answer already seen is shown instead. A phone on a patchy
 * connection gets the last answer after this, and the fresh one next time; a good connection never waits for it.
 */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** The runtime caches, each bounded in entries and age (the oldest go first when full). */
export const RUNTIME_CACHES = {
  /** The HTML of pages opened (the home page comes rendered with its first listing page in it). */
  pages: { name: 'mandi-pages', maxEntries: 25, maxAgeSeconds: 7 * DAY_S },
  /** The listProducts route: the listing pages scrolled through, per filter and page. */
  listings: { name: 'mandi-listings', maxEntries: 40, maxAgeSeconds: 2 * DAY_S },
  /** The productById route (and the official brand's list): the product pages opened. */
  products: { name: 'mandi-products', maxEntries: 100, maxAgeSeconds: 7 * DAY_S },
  /** Pictures under /files (products, profiles): a file never changes under its URL. */
  images: { name: 'mandi-images', maxEntries: 300, maxAgeSeconds: 30 * DAY_S },
  /** Build chunks loaded but not precached (pages outside a buyer's browsing, the Firebase SDK). */
  assets: { name: 'mandi-assets', maxEntries: 80, maxAgeSeconds: 30 * DAY_S },
} as const;

/** Paths under the storefront's origin that are not storefront pages: the API, files, the console, the dev inbox. */
export const NOT_STOREFRONT_PAGES: RegExp[] = [
  new RegExp(`^${API_PREFIX}(/|$)`),
  /^\/files\//,
  /^\/adminpanel(\/|$)/,
  /^\/dev\//,
];

/** Whether a navigation to `pathname` opens a storefront page (whose shell the worker may serve offline). */
export function isStorefrontPage(pathname: string): boolean {
  return !NOT_STOREFRONT_PAGES.some((pattern) => pattern.test(pathname));
}

/**
 * Whether a read asks for the server's answer of now (`Cache-Control: no-cache` or `no-store`): it then goes to the
 * network and is never answered from the caches. apiFetch asks so for every read of a checkout page, so the price a
 * buyer is asked to pay is never one kept from an earlier visit (the server's pricing and its 409 stay the truth;
 * orders are POSTs, which the worker never touches).
 */
export function asksForFreshAnswer(request: Request): boolean {
  return /\bno-(cache|store)\b/i.test(request.headers.get('cache-control') ?? '');
}

/** The listProducts route (page, limit, filter…): one page of the public listing. */
export function isListingRead(url: URL): boolean {
  return routeAt('GET', url.pathname) === 'listProducts';
}

/** What a product id or a '{brand}-products' name looks like. */
const PRODUCT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The productById route: one product, or the official brand's list ('{brand}-products'). Its neighbours are not:
 * search suggestions (typed as one goes) and a seller's own list (productsOfSeller shows the seller their hidden
 * products), which the API's router tells apart the same way.
 */
export function isProductRead(url: URL): boolean {
  if (routeAt('GET', url.pathname) !== 'productById') return false;
  return PRODUCT_ID.test(routeParams('productById', url.pathname)?.id ?? '');
}

/** A public picture of the local file store (the only folders /files serves). */
export function isPublicPicture(url: URL): boolean {
  return /^\/files\/(products|profiles)\//.test(url.pathname);
}

/** A build chunk or stylesheet (hashed names: the content under a name never changes). */
export function isBuildAsset(url: URL): boolean {
  return url.pathname.startsWith('/assets/');
}

/**
 * Whether an API answer is the same for every visitor, and so may be kept on a device that someone else may use
 * later: not marked private or no-store, and carrying no `shop_state` (which the API adds only for a hidden
 * product's seller or an admin). The storefront sends its bearer token with every call, so the request cannot tell.
 */
export async function isPublicAnswer(response: Response): Promise<boolean> {
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (/\b(private|no-store)\b/i.test(cacheControl)) return false;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return false;
  }
  const items = Array.isArray(body) ? body : [body];
  return items.every((item) => !(item && typeof item === 'object' && 'shop_state' in item));
}
