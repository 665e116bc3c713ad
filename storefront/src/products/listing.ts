import type { PRODUCT_PAGE_DEFAULT } from '@mandi/contracts';
import type { SearchFilter } from '@mandi/domain';
import { apiFetch } from '../api/api-fetch';
import { productsOf, type ListedProduct } from './product';

/**
 * The listing's page size: the API's default page (24), asked for explicitly so a short page marks the end. Typed
 * by the contract's constant, so the build fails if they part; imported as a type only, because a value import from
 * @mandi/contracts would bring zod into the home page's bundle.
 */
export const LISTING_PAGE_SIZE: typeof PRODUCT_PAGE_DEFAULT = 24;

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
