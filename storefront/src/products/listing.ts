import type { PRODUCT_PAGE_DEFAULT } from '@mandi/contracts';
import { EMBEDDED_LISTING_ID, type SearchFilter } from '@mandi/domain';
import { apiFetch } from '../api/api-fetch';
import { productsOf, type ListedProduct } from './product';

/**
 * The listing's page size: the API's default page (24), asked for explicitly so a short page marks the end. Typed
 * by the contract's constant, so the build fails if they part; imported as a type only, because a value import from
 * @mandi/contracts would bring zod into the home page's bundle.
 */
export const LISTING_PAGE_SIZE: typeof PRODUCT_PAGE_DEFAULT = 24;

/** The query key of the listing for a search and filter (TanStack Query). */
export function listingKey(search: string, filter: SearchFilter) {
  return ['products', 'listing', search, filter] as const;
}

/** The key of the home page's listing (no search, every product), which the server renders and embeds. */
export const homeListingKey = listingKey('', 'All');

/** GET /api/products with the URL's search and filter: the server searches and filters, newest first. */
export function listingPath(page: number, search: string, filter: SearchFilter): string {
  const params = new URLSearchParams({ page: String(page), limit: String(LISTING_PAGE_SIZE) });
  if (search) params.set('search', search);
  params.set('filter', filter);
  return `/api/products?${params.toString()}`;
}

/** One page of the listing; pages after the first load under the list without dimming the page. */
export async function fetchListingPage(
  page: number,
  search: string,
  filter: SearchFilter,
  signal?: AbortSignal,
): Promise<ListedProduct[]> {
  return productsOf(await apiFetch<unknown>(listingPath(page, search, filter), { signal, silent: page > 1 }));
}

/** The next page number, or undefined once a page came back short (the end of the list). */
export function nextListingPage(lastPage: ListedProduct[], pages: ListedProduct[][]): number | undefined {
  return lastPage.length < LISTING_PAGE_SIZE ? undefined : pages.length + 1;
}

/**
 * The first page of the home listing that the API placed in the page (a JSON data block, see
 * apps/api/src/web/front-ends.ts), taken once: it spares a phone the round trip of asking for it. Null when the page
 * has none (another route was opened first, or a development server).
 */
export function takeEmbeddedListing(): ListedProduct[] | null {
  const block = document.getElementById(EMBEDDED_LISTING_ID);
  if (!block) return null;
  block.remove();
  try {
    const products = productsOf(JSON.parse(block.textContent ?? ''));
    return products.length > 0 ? products : null;
  } catch {
    return null;
  }
}
