import { DEFAULT_ADMIN_ORDER_FILTER, isAdminOrderFilter } from '@mandi/domain';
import type { AdminProductActionAnswer } from '@mandi/contracts';
import { productsListUrl } from '../products/products-query';
import type { DeadJobRetryAnswer, MessageAnswer, QueuesSessionAnswer, ToggleUserAnswer } from '@mandi/contracts';
import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { apiCall, type TokenSource } from './api-fetch';
import { apiDownload } from './api-download';
import type { AdminOrderDetail } from '@mandi/contracts';

/**
 * The console's resources and the admin routes that list them (001 section 7). A `paged` list is paged by the server
 * (page, perPage, X-Total-Count); the others come whole and are shaped here.
 */
export const RESOURCES = {
  orders: { path: '/api/admin/orders', id: 'order_id', paged: true },
  users: { path: '/api/admin/users', id: 'id', paged: false },
  'interested-sellers': { path: '/api/admin/interested-sellers', id: 'id', paged: false },
  'dead-jobs': { path: '/api/admin/jobs/dead', id: 'id', paged: true },
  audit: { path: '/api/admin/audit', id: 'id', paged: true },
  products: { path: '/api/admin/products', id: 'id', paged: true },
} as const;

/** One of the console's resource names. */
export type ResourceName = keyof typeof RESOURCES;

/** The order actions of 001 section 4 and the path segment of each (PUT /api/admin/orders/{segment}/{id}). */
export const ORDER_ACTION_PATHS = {
  confirm: 'confirm',
  markPaid: 'payment',
  markShipped: 'shipped',
  markDelivered: 'delivered',
  cancel: 'cancel',
} as const;

/** One of the console's order actions. */
export type OrderActionName = keyof typeof ORDER_ACTION_PATHS;

/** The body each action sends: the status the path implies, or (cancel) the optional reason. */
function orderActionBody(action: OrderActionName, reason?: string): unknown {
  switch (action) {
    case 'markPaid':
      return { status: 'paid' };
    case 'markShipped':
      return { status: 'shipped' };
    case 'markDelivered':
      return { status: 'delivered' };
    case 'cancel':
      return reason && reason.trim() !== '' ? { reason: reason.trim() } : {};
    default:
      return undefined;
  }
}

/** The console's data provider: react-admin's reads plus the admin actions, which are the only way to change data. */
export interface ConsoleDataProvider extends DataProvider {
  /** PUT /api/admin/orders/{action}/{id}: answers the server's message. */
  orderAction(id: string | number, action: OrderActionName, reason?: string): Promise<MessageAnswer>;
  /** PUT /api/admin/toggle-user: suspends or reactivates an account. */
  toggleUser(userId: string | number): Promise<ToggleUserAnswer>;
  /** POST /api/admin/send-bulk-invites. */
  sendInvites(sellerIds: readonly (string | number)[]): Promise<MessageAnswer>;
  /** POST /api/admin/queues-session: sets the queue dashboard's cookie and answers where the dashboard is. */
  openQueuesSession(): Promise<QueuesSessionAnswer>;
  /** POST /api/admin/jobs/dead/{id}/retry: asks the worker to run a dead job again. */
  retryDeadJob(id: string | number): Promise<DeadJobRetryAnswer>;
  /** PUT /api/admin/products/{id}/unlist {reason}: takes a product off the shop; its seller is mailed the reason. */
  unlistProduct(id: string | number, reason: string): Promise<AdminProductActionAnswer>;
  /** PUT /api/admin/products/{id}/relist: lists an unlisted product again. */
  relistProduct(id: string | number): Promise<AdminProductActionAnswer>;
  /** GET /api/admin/orders/{id}: the order page's order, with its timeline. */
  orderDetail(id: string | number): Promise<AdminOrderDetail>;
  /** A file of the API (an invoice's PDF, the orders' CSV) fetched with the bearer token, and the name it comes with. */
  downloadFile(path: string): Promise<{ blob: Blob; fileName: string | null }>;
}

function resourceOf(name: string): (typeof RESOURCES)[ResourceName] {
  const found = RESOURCES[name as ResourceName];
  if (!found) throw new HttpError(`Unknown resource '${name}'`, 404);
  return found;
}

/**
 * The URL a list is read from. Orders are filtered (1h..1y, default 24h), searched and paged by the server; dead jobs
 * are paged by the server.
 */
export function listUrl(
  resource: string,
  filter: Record<string, unknown> = {},
  pagination?: { page: number; perPage: number },
): string {
  const { path, paged } = resourceOf(resource);
  if (!paged) return path;
  const query = new URLSearchParams();
  if (resource === 'orders') {
    query.set('filter', isAdminOrderFilter(filter.filter) ? filter.filter : DEFAULT_ADMIN_ORDER_FILTER);
    const search = typeof filter.q === 'string' ? filter.q.trim() : '';
    if (search) query.set('search', search);
  }
  if (resource === 'audit') {
    // The trail's filters, as GET /api/admin/audit names them; blank ones are left out.
    for (const name of ['adminId', 'action', 'objectType', 'objectId']) {
      const value = filter[name];
      if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number')
        query.set(name, String(value).trim());
    }
  }
  if (pagination) {
    query.set('page', String(pagination.page));
    query.set('perPage', String(pagination.perPage));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
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
 * Users and interested sellers come as whole arrays: searching ('q'), exact-field filters, sorting and paging happen
 * here so react-admin's list controls work unchanged.
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
  Promise.reject(
    new HttpError(`${action} is not offered: admin changes go through the order, user and invite actions.`, 405),
  );

/** The console's one data provider over our API, adding the admin's bearer token to every call. */
export function createDataProvider(getToken: TokenSource): ConsoleDataProvider {
  const keyed = (resource: string, rows: Record<string, unknown>[]): RaRecord[] => {
    const { id } = resourceOf(resource);
    return rows.map((row) => ({ ...row, id: row[id] as RaRecord['id'] }));
  };
  const load = async (resource: string, filter?: Record<string, unknown>): Promise<RaRecord[]> =>
    keyed(resource, rowsOf((await apiCall<unknown>(listUrl(resource, filter), getToken)).body));
  const send = async <T>(path: string, method: string, body?: unknown): Promise<T> =>
    (await apiCall<T>(path, getToken, { method, body })).body;

  return {
    async getList(resource, params) {
      if (resource === 'products') {
        // The server searches, filters, sorts and pages the products (issue 17); X-Total-Count is capped at 10,000.
        const answer = await apiCall<unknown>(productsListUrl(params.filter, params.sort, params.pagination), getToken);
        const data = keyed(resource, rowsOf(answer.body));
        return { data, total: Number(answer.headers.get('X-Total-Count') ?? data.length) } as never;
      }
      if (resourceOf(resource).paged) {
        // The server filters, searches and pages (newest first); X-Total-Count says how many rows match.
        const answer = await apiCall<unknown>(listUrl(resource, params.filter, params.pagination), getToken);
        const data = keyed(resource, rowsOf(answer.body));
        const total = Number(answer.headers.get('X-Total-Count'));
        return {
          data,
          total: Number.isFinite(total) && answer.headers.has('X-Total-Count') ? total : data.length,
        } as never;
      }
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

    orderAction(id, action, reason) {
      const path = `${RESOURCES.orders.path}/${ORDER_ACTION_PATHS[action]}/${encodeURIComponent(String(id))}`;
      return send<MessageAnswer>(path, 'PUT', orderActionBody(action, reason));
    },
    toggleUser(userId) {
      return send<ToggleUserAnswer>('/api/admin/toggle-user', 'PUT', { userId: String(userId) });
    },
    sendInvites(sellerIds) {
      return send<MessageAnswer>('/api/admin/send-bulk-invites', 'POST', { sellerIds: sellerIds.map(String) });
    },
    openQueuesSession() {
      return send<QueuesSessionAnswer>('/api/admin/queues-session', 'POST');
    },
    retryDeadJob(id) {
      return send<DeadJobRetryAnswer>(`${RESOURCES['dead-jobs'].path}/${encodeURIComponent(String(id))}/retry`, 'POST');
    },
    unlistProduct(id, reason) {
      return send<AdminProductActionAnswer>(
        `${RESOURCES.products.path}/${encodeURIComponent(String(id))}/unlist`,
        'PUT',
        { reason },
      );
    },
    relistProduct(id) {
      return send<AdminProductActionAnswer>(
        `${RESOURCES.products.path}/${encodeURIComponent(String(id))}/relist`,
        'PUT',
      );
    },
    orderDetail(id) {
      return send<AdminOrderDetail>(`${RESOURCES.orders.path}/${encodeURIComponent(String(id))}`, 'GET');
    },
    downloadFile(path) {
      return apiDownload(path, getToken);
    },
  };
}
