import type { PRODUCT_PAGE_DEFAULT } from '@mandi/contracts';
import {
  EMBEDDED_LISTING_ID,
  browseEntries,
  browseKey,
  browseListingKey,
  type HomeListing,
  type ProductBrowse,
  type SearchFilter,
} from '@mandi/domain';
import { queryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api/api-fetch';
import { productsOf, type ListedProduct } from './product';

/*
 * The product calls of the storefront (TanStack Query): every key, fetcher and hook that reads or changes products.
 * The home page is in the entry chunk and uses this module, so it stays light: single reads are query options that
 * the pages pass to useQuery (keeping useQuery out of the home page's scripts), and the contract is imported as a
 * type only, since a value import from @mandi/contracts would bring zod along.
 */

/**
 * The listing's page size: the API's default page (24), asked for explicitly so a short page marks the end. Typed
 * by the contract's constant, so the build fails if they part.
 */
export const LISTING_PAGE_SIZE: typeof PRODUCT_PAGE_DEFAULT = 24;

/**
 * The productById route's '{brand}-products', the official products of the '+ Add Product' modal (the API accepts
 * any '<brand>-products').
 */
export const OFFICIAL_PRODUCTS_ID = 'mandi-products';

/** Query keys of products; all start with 'products', so invalidating `all` refreshes every product list and page. */
export const productKeys = {
  all: ['products'] as const,
  one: (productId: string) => ['products', 'one', productId] as const,
  /** `browse` is the browsing's key (libs/domain's browseKey), '' for none. */
  listing: (search: string, filter: SearchFilter, browse = '') =>
    ['products', 'listing', search, filter, browse] as const,
  official: ['products', 'official'] as const,
  /** A user's posts (under 'products', so a saved or deleted product refreshes it). */
  ofUser: (uid: string) => ['products', 'user', uid] as const,
};

/** The key of the home page's listing (no search, every product), which the server renders and embeds. */
export const homeListingKey = productKeys.listing('', 'All');

/** The key of a home page URL's listing (the server renders and embeds those without a search). */
export function listingKeyOf(listing: HomeListing) {
  return productKeys.listing(listing.search ?? '', listing.filter, browseKey(listing.browse));
}

/**
 * One page of the listing (the listProducts route) with the URL's search, filter and browsing (category, price,
 * stock, freshness, sort): the server searches, filters and sorts. Pages after the first load under the list without
 * dimming the page.
 */
export async function fetchListingPage(
  page: number,
  search: string,
  filter: SearchFilter,
  signal?: AbortSignal,
  browse: ProductBrowse = {},
): Promise<ListedProduct[]> {
  const query = {
    page,
    limit: LISTING_PAGE_SIZE,
    search: search || undefined,
    filter,
    ...Object.fromEntries(browseEntries(browse)),
  };
  return productsOf(await api('listProducts', { query, signal, silent: page > 1 }));
}

/** The next page number, or undefined once a page came back short (the end of the list). */
export function nextListingPage(lastPage: ListedProduct[], pages: ListedProduct[][]): number | undefined {
  return lastPage.length < LISTING_PAGE_SIZE ? undefined : pages.length + 1;
}

/**
 * The first page of the home listing that the API placed in the page (a JSON data block, see
 * apps/api/src/web/front-ends.ts), taken once: it spares a phone the round trip of asking for it. Null when the page
 * has none (another route was opened first, or a development server), or when it is another listing's than `key`
 * (libs/domain's browseListingKey; the block of a filtered page names its listing, the plain page's names none).
 */
export function takeEmbeddedListing(key = ''): ListedProduct[] | null {
  const block = document.getElementById(EMBEDDED_LISTING_ID);
  if (!block) return null;
  block.remove();
  if ((block.dataset.listing ?? '') !== key) return null;
  try {
    // An empty page is a listing with nothing in it (a filter no product matches), rendered so on the server too.
    return productsOf(JSON.parse(block.textContent ?? ''));
  } catch {
    return null;
  }
}

/**
 * The listing for the URL's search, filter and browsing, a page at a time
 * (listProducts: page, limit, search, filter, category, minPrice, maxPrice, inStock, fresh, sort).
 */
export function useListing(listing: HomeListing) {
  const { search, filter, browse } = listing;
  return useInfiniteQuery({
    queryKey: listingKeyOf(listing),
    queryFn: ({ pageParam, signal }) => fetchListingPage(pageParam, search ?? '', filter, signal, browse),
    initialPageParam: 1,
    getNextPageParam: nextListingPage,
    // The first page of a listing without a search may have come with the HTML; it is as fresh as a request made now.
    initialData: () => {
      const embedded = search ? null : takeEmbeddedListing(browseListingKey(filter, browse));
      return embedded ? { pages: [embedded], pageParams: [1] } : undefined;
    },
  });
}

/** The productById route: one product; callers add `enabled` or `staleTime` where they need them. */
export function productQuery(productId: string) {
  return queryOptions({
    queryKey: productKeys.one(productId),
    queryFn: async ({ signal }): Promise<ListedProduct> => {
      const answer = await api('productById', { params: { id: productId }, signal });
      // A '{brand}-products' id answers the brand's list, which is no product page.
      if (Array.isArray(answer)) throw new ApiError(404, 'Not Found', 'Not a product', answer, null);
      return answer;
    },
  });
}

/** The official products (official_brand 1) for the '+ Add Product' modal. */
export function officialProductsQuery() {
  return queryOptions({
    queryKey: productKeys.official,
    queryFn: ({ signal }) => api('productById', { params: { id: OFFICIAL_PRODUCTS_ID }, signal }).then(productsOf),
  });
}

/** The productsOfSeller route: the user's posts, newest first (asked for once the uid is known). */
export function userProductsQuery(uid: string | undefined) {
  return queryOptions({
    queryKey: productKeys.ofUser(uid ?? ''),
    queryFn: async ({ signal }): Promise<ListedProduct[]> =>
      productsOf(await api('productsOfSeller', { params: { uid: uid! }, signal })),
    enabled: Boolean(uid),
  });
}

/**
 * Saves the sell or edit form: postProduct for a new product, editProduct for a saved one. The
 * form refreshes the product lists itself once it has handled the answer.
 */
export function useSaveProduct(productId: string | number | null) {
  return useMutation({
    mutationFn: (body: FormData) =>
      productId === null
        ? api('postProduct', { body, auth: true })
        : api('editProduct', { params: { id: productId }, body, auth: true }),
  });
}

/** The deleteProduct route: the seller removes a post; every product list is read again. */
export function useDeleteProduct(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Pick<ListedProduct, 'id'>) =>
      api('deleteProduct', { params: { uid, productId: product.id }, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
