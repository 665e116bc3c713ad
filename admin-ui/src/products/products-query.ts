import { ADMIN_PRODUCT_SORTS, type AdminProductSort } from '@mandi/domain';

/** The API path of the console's products. */
export const PRODUCTS_PATH = '/api/admin/products';

/** The list's columns react-admin sorts by, and the server's sort of each (docs/console.md, Products). */
const SORT_OF_FIELD: Readonly<Record<string, AdminProductSort>> = {
  created_at: 'newest',
  name: 'name',
  price: 'price',
  stock: 'stock',
  valid_until: 'valid_until',
};

/** The filters the server takes as they are (the search box is react-admin's `q`). */
const PASSED_FILTERS = ['seller', 'category', 'minPrice', 'maxPrice', 'stock', 'validity', 'status'] as const;

/**
 * The URL of a page of products: react-admin's search (`q`), filters, sort and page as GET /api/admin/products takes
 * them. A column the server cannot sort by falls back to newest first.
 */
export function productsListUrl(
  filter: Record<string, unknown> = {},
  sort?: { field: string; order: string },
  pagination?: { page: number; perPage: number },
): string {
  const query = new URLSearchParams();
  const search = typeof filter.q === 'string' ? filter.q.trim() : '';
  if (search) query.set('search', search);
  for (const name of PASSED_FILTERS) {
    const value = filter[name];
    if (value !== undefined && value !== null && String(value).trim() !== '') query.set(name, String(value).trim());
  }
  const serverSort = sort ? SORT_OF_FIELD[sort.field] : undefined;
  if (serverSort && (ADMIN_PRODUCT_SORTS as readonly string[]).includes(serverSort)) {
    query.set('sort', serverSort);
    query.set('order', sort!.order === 'ASC' ? 'asc' : 'desc');
  }
  if (pagination) {
    query.set('page', String(pagination.page));
    query.set('perPage', String(pagination.perPage));
  }
  return `${PRODUCTS_PATH}?${query.toString()}`;
}
