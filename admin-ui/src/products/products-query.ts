import { ADMIN_PRODUCT_SORTS, type AdminProductSort } from '@mandi/domain';

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
 * The query of a page of products: react-admin's search (`q`), filters, sort and page as the adminProducts route
 * takes them. A column the server cannot sort by falls back to newest first.
 */
export function productsListQuery(
  filter: Record<string, unknown> = {},
  sort?: { field: string; order: string },
  pagination?: { page: number; perPage: number },
): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  const search = typeof filter.q === 'string' ? filter.q.trim() : '';
  if (search) query.search = search;
  for (const name of PASSED_FILTERS) {
    const value = filter[name];
    if (value !== undefined && value !== null && String(value).trim() !== '') query[name] = String(value).trim();
  }
  const serverSort = sort ? SORT_OF_FIELD[sort.field] : undefined;
  if (serverSort && (ADMIN_PRODUCT_SORTS as readonly string[]).includes(serverSort)) {
    query.sort = serverSort;
    query.order = sort!.order === 'ASC' ? 'asc' : 'desc';
  }
  if (pagination) {
    query.page = pagination.page;
    query.perPage = pagination.perPage;
  }
  return query;
}
