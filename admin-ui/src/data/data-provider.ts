import type { RouteName } from '@mandi/contracts';
import {
  ORDER_MOVE_ROUTE_NAMES,
  type AnswerOf,
  type FileRouteName,
  type QueryValue,
  type RouteArgs,
} from '@mandi/contracts/client';
import { DEFAULT_ADMIN_ORDER_FILTER, isAdminOrderFilter, type AdminOrderAction } from '@mandi/domain';
import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { productsListQuery } from '../products/products-query';
import { reviewStatusOf } from '../seller-reviews/review-labels';
import { apiDownload } from './api-download';
import { apiCall, apiFetch, type TokenSource } from './api-fetch';

/**
 * The console's resources and the admin route that lists each (docs/console.md). A `paged` list is paged by the server
 * (page, perPage, X-Total-Count); the others come whole and are shaped here.
 */
export const RESOURCES = {
  orders: { route: 'adminOrders', id: 'order_id', paged: true },
  users: { route: 'adminUsers', id: 'id', paged: false },
  'interested-sellers': { route: 'interestedSellers', id: 'id', paged: false },
  'seller-reviews': { route: 'adminSellerProfiles', id: 'uid', paged: false },
  'dead-jobs': { route: 'deadJobs', id: 'id', paged: true },
  audit: { route: 'auditTrail', id: 'id', paged: true },
  products: { route: 'adminProducts', id: 'id', paged: true },
} as const satisfies Record<string, { route: RouteName; id: string; paged: boolean }>;

/** One of the console's resource names. */
export type ResourceName = keyof typeof RESOURCES;

/**
 * A console move by its action (ADMIN_ORDER_ACTIONS), on its route (ORDER_MOVE_ROUTE_NAMES, the registry's
 * ORDER_MOVE_ROUTES by name) with the body the route implies: marking paid names the status its route requires, a
 * cancel gives its reason when there is one, and the other moves send none (their path says it all).
 */
function orderMove(getToken: TokenSource, id: string | number, action: AdminOrderAction, reason?: string) {
  const params = { id };
  switch (action) {
    case 'mark_paid':
      return apiFetch(ORDER_MOVE_ROUTE_NAMES.mark_paid, getToken, { params, body: { status: 'paid' } });
    case 'cancel': {
      const given = reason?.trim();
      return apiFetch(ORDER_MOVE_ROUTE_NAMES.cancel, getToken, {
        params,
        ...(given ? { body: { reason: given } } : {}),
      });
    }
    default:
      return apiFetch(ORDER_MOVE_ROUTE_NAMES[action], getToken, { params });
  }
}

/** The console's data provider: react-admin's reads plus the admin actions, which are the only way to change data. */
export interface ConsoleDataProvider extends DataProvider {
  /** The move's route (ORDER_MOVE_ROUTE_NAMES): answers the server's message and the order afterwards. */
  orderAction(id: string | number, action: AdminOrderAction, reason?: string): Promise<AnswerOf<'confirmOrder'>>;
  /** The toggleUser route: suspends or reactivates an account. */
  toggleUser(userId: string | number): Promise<AnswerOf<'toggleUser'>>;
  /** The sendBulkInvites route. */
  sendInvites(sellerIds: readonly (string | number)[]): Promise<AnswerOf<'sendBulkInvites'>>;
  /** The queuesSession route: sets the queue dashboard's cookie and answers where the dashboard is. */
  openQueuesSession(): Promise<AnswerOf<'queuesSession'>>;
  /** The retryDeadJob route: asks the worker to run a dead job again. */
  retryDeadJob(id: string | number): Promise<AnswerOf<'retryDeadJob'>>;
  /** The unlistProduct route {reason}: takes a product off the shop; its seller is mailed the reason. */
  unlistProduct(id: string | number, reason: string): Promise<AnswerOf<'unlistProduct'>>;
  /** The relistProduct route: lists an unlisted product again. */
  relistProduct(id: string | number): Promise<AnswerOf<'relistProduct'>>;
  /** The adminSellerProfile route: one seller's business profile, identifiers masked; the read is audited. */
  sellerProfile(uid: string | number): Promise<AnswerOf<'adminSellerProfile'>>;
  /** The approveSellerProfile route: approves a pending profile (409 once it is not pending). */
  approveSellerProfile(uid: string | number): Promise<AnswerOf<'approveSellerProfile'>>;
  /** The rejectSellerProfile route {reason}: rejects a pending profile; its seller is mailed the reason. */
  rejectSellerProfile(uid: string | number, reason: string): Promise<AnswerOf<'rejectSellerProfile'>>;
  /** The adminOrderDetail route: the order page's order, with its timeline. */
  orderDetail(id: string | number): Promise<AnswerOf<'adminOrderDetail'>>;
  /** The orderShipments route: the order's parts, one per seller, with their state and tracking (docs/shipments.md). */
  orderShipments(orderId: string | number): Promise<AnswerOf<'orderShipments'>>;
  /** A file route (an invoice's PDF, the orders' CSV) fetched with the bearer token, and the name it comes with. */
  download<N extends FileRouteName>(name: N, ...args: RouteArgs<N>): Promise<{ blob: Blob; fileName: string | null }>;
}

function resourceOf(name: string): (typeof RESOURCES)[ResourceName] {
  const found = RESOURCES[name as ResourceName];
  if (!found) throw new HttpError(`Unknown resource '${name}'`, 404);
  return found;
}

/**
 * The query a list is read with. Orders are filtered (1h..1y, default 24h), searched and paged by the server; dead
 * jobs are paged by the server; sellers' profiles come whole, in the review state chosen (pending unless chosen).
 */
export function listQuery(
  resource: string,
  filter: Record<string, unknown> = {},
  pagination?: { page: number; perPage: number },
): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  if (resource === 'orders') {
    query.filter = isAdminOrderFilter(filter.filter) ? filter.filter : DEFAULT_ADMIN_ORDER_FILTER;
    const search = typeof filter.q === 'string' ? filter.q.trim() : '';
    if (search) query.search = search;
  }
  if (resource === 'audit') {
    // The trail's filters, as the auditTrail route names them; blank ones are left out.
    for (const name of ['adminId', 'action', 'objectType', 'objectId']) {
      const value = filter[name];
      if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number')
        query[name] = String(value).trim();
    }
  }
  if (resource === 'seller-reviews') query.status = reviewStatusOf(filter.status);
  if (pagination) {
    query.page = pagination.page;
    query.perPage = pagination.perPage;
  }
  return query;
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
  /** A page (or the whole) of a resource's list, read by its route. */
  const read = (resource: string, query: Record<string, QueryValue> = {}) =>
    apiCall(resourceOf(resource).route, getToken, { query });
  const load = async (resource: string, filter?: Record<string, unknown>): Promise<RaRecord[]> => {
    return keyed(resource, rowsOf((await read(resource, listQuery(resource, filter))).body));
  };

  return {
    async getList(resource, params) {
      if (resource === 'products') {
        // The server searches, filters, sorts and pages the products (issue 17); X-Total-Count is capped at 10,000.
        const answer = await read(resource, productsListQuery(params.filter, params.sort, params.pagination));
        const data = keyed(resource, rowsOf(answer.body));
        return { data, total: Number(answer.headers.get('X-Total-Count') ?? data.length) } as never;
      }
      if (resourceOf(resource).paged) {
        // The server filters, searches and pages (newest first); X-Total-Count says how many rows match.
        const answer = await read(resource, listQuery(resource, params.filter, params.pagination));
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
      if (resource === 'seller-reviews') {
        // The whole profile, not the list's row (which has no identifier at all).
        const profile = await apiFetch('adminSellerProfile', getToken, { params: { uid: params.id } });
        return { data: { ...profile, id: profile.uid } } as never;
      }
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
      return orderMove(getToken, id, action, reason);
    },
    toggleUser(userId) {
      return apiFetch('toggleUser', getToken, { body: { userId: String(userId) } });
    },
    sendInvites(sellerIds) {
      return apiFetch('sendBulkInvites', getToken, { body: { sellerIds: sellerIds.map(String) } });
    },
    openQueuesSession() {
      return apiFetch('queuesSession', getToken);
    },
    retryDeadJob(id) {
      return apiFetch('retryDeadJob', getToken, { params: { id } });
    },
    unlistProduct(id, reason) {
      return apiFetch('unlistProduct', getToken, { params: { id }, body: { reason } });
    },
    relistProduct(id) {
      return apiFetch('relistProduct', getToken, { params: { id } });
    },
    sellerProfile(uid) {
      return apiFetch('adminSellerProfile', getToken, { params: { uid } });
    },
    approveSellerProfile(uid) {
      return apiFetch('approveSellerProfile', getToken, { params: { uid } });
    },
    rejectSellerProfile(uid, reason) {
      return apiFetch('rejectSellerProfile', getToken, { params: { uid }, body: { reason } });
    },
    orderDetail(id) {
      return apiFetch('adminOrderDetail', getToken, { params: { id } });
    },
    orderShipments(orderId) {
      return apiFetch('orderShipments', getToken, { params: { orderId } });
    },
    download(name, ...args) {
      return apiDownload(name, getToken, ...args);
    },
  };
}
