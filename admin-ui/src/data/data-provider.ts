import { DEFAULT_ADMIN_ORDER_FILTER, isAdminOrderFilter } from '@mandi/domain';
import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { apiFetch, type TokenSource } from './api-fetch';

/** The console's resources and the admin routes that list them (001 section 7). */
export const RESOURCES = {
  orders: { path: '/api/admin/orders', id: 'order_id' },
  users: { path: '/api/admin/users', id: 'id' },
  'interested-sellers': { path: '/api/admin/interested-sellers', id: 'id' },
} as const;

/** One of the console's resource names. */
export type ResourceName = keyof typeof RESOURCES;

function resourceOf(name: string): (typeof RESOURCES)[ResourceName] {
  const found = RESOURCES[name as ResourceName];
  if (!found) throw new HttpError(`Unknown resource '${name}'`, 404);
  return found;
}

/** The URL a list is read from; orders carry the time filter (1h..1y, default 24h). */
export function listUrl(resource: string, filter: Record<string, unknown> = {}): string {
  const { path } = resourceOf(resource);
  if (resource !== 'orders') return path;
  const range = isAdminOrderFilter(filter.filter) ? filter.filter : DEFAULT_ADMIN_ORDER_FILTER;
  return `${path}?filter=${range}`;
}

function rowsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  if (answer && typeof answer === 'object' && Array.isArray((answer as { items?: unknown }).items)) {
    return (answer as { items: Record<string, unknown>[] }).items;
  }
  return [];
}

function matches(row: Record<string, unknown>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return Object.values(row).some(
    (value) => (typeof value === 'string' || typeof value === 'number') && String(value).toLowerCase().includes(needle),
  );
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'en-IN', { numeric: true });
}

/**
 * The admin API answers whole arrays; searching ('q'), exact-field filters, sorting and
 * paging happen here so react-admin's list controls work unchanged.
 */
function shapeList(rows: RaRecord[], params: GetListParams) {
  const { q, filter: _range, ...exact } = (params.filter ?? {}) as Record<string, unknown>;
  let result = rows.filter((row) => (typeof q === 'string' ? matches(row, q) : true));
  for (const [field, value] of Object.entries(exact)) {
    if (value !== undefined && value !== '') result = result.filter((row) => String(row[field]) === String(value));
  }
  if (params.sort?.field) {
    const { field, order } = params.sort;
    result = [...result].sort((a, b) => compare(a[field], b[field]) * (order === 'DESC' ? -1 : 1));
  }
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? result.length;
  return { data: result.slice((page - 1) * perPage, page * perPage), total: result.length };
}

const readOnly = (action: string) => () =>
  Promise.reject(new HttpError(`${action} is not offered: admin changes go through the order, user and invite actions.`, 405));

/** The console's one data provider over our API, adding the admin's bearer token to every call. */
export function createDataProvider(getToken: TokenSource): DataProvider {
  const load = async (resource: string, filter?: Record<string, unknown>): Promise<RaRecord[]> => {
    const { id } = resourceOf(resource);
    const answer = await apiFetch<unknown>(listUrl(resource, filter), getToken);
    return rowsOf(answer).map((row) => ({ ...row, id: row[id] as RaRecord['id'] }));
  };

  return {
    async getList(resource, params) {
      return shapeList(await load(resource, params.filter), params) as never;
    },
    async getOne(resource, params) {
      const rows = await load(resource, params.meta?.filter);
      const found = rows.find((row) => String(row.id) === String(params.id));
      if (!found) throw new HttpError('Not found', 404);
      return { data: found } as never;
    },
    async getMany(resource, params) {
      const wanted = new Set(params.ids.map(String));
      return { data: (await load(resource)).filter((row) => wanted.has(String(row.id))) } as never;
    },
    async getManyReference(resource, params) {
      const rows = (await load(resource)).filter((row) => String(row[params.target]) === String(params.id));
      return shapeList(rows, params) as never;
    },
    create: readOnly('Creating records'),
    update: readOnly('Editing records'),
    updateMany: readOnly('Editing records'),
    delete: readOnly('Deleting records'),
    deleteMany: readOnly('Deleting records'),
  };
}
