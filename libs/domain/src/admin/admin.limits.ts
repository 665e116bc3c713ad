import { DAY_MS, HOUR_MS } from '../time/india-time.js';

/** Time filters of the admin order list (docs/console.md). */
export const ADMIN_ORDER_FILTERS = ['1h', '24h', '7d', '1m', '6m', '1y'] as const;

/** One of {@link ADMIN_ORDER_FILTERS}. */
export type AdminOrderFilter = (typeof ADMIN_ORDER_FILTERS)[number];

/** The filter the admin list starts with. */
export const DEFAULT_ADMIN_ORDER_FILTER: AdminOrderFilter = '24h';

/**
 * How far back each filter looks. Months and years are fixed lengths (30, 180 and 365 days) so the window is the
 * same on every day of the year and maps to one SQL interval.
 */
export const ADMIN_ORDER_FILTER_MS: Readonly<Record<AdminOrderFilter, number>> = {
  '1h': HOUR_MS,
  '24h': 24 * HOUR_MS,
  '7d': 7 * DAY_MS,
  '1m': 30 * DAY_MS,
  '6m': 180 * DAY_MS,
  '1y': 365 * DAY_MS,
};

/**
 * Orders per page of the admin order list: the newest 100 of the filter unless the console asks for another page,
 * at most 500 at once, so the list answers in milliseconds at any number of orders.
 */
export const ADMIN_ORDERS_PAGE = { default: 100, max: 500 } as const;

/** Dead jobs a page of the console's Dead jobs list (GET /api/admin/jobs/dead) holds: 25 unless asked, at most 200. */
export const DEAD_JOBS_PAGE = { default: 25, max: 200 } as const;

/**
 * The longest the worker's reconciler waits between passes, so an admin's retry of a dead job starts within it (the
 * reconciler carries retries out; it looks every sixth of JOB_LOST_AFTER_MS, at most this often).
 */
export const DEAD_JOB_RETRY_WITHIN_MS = 10_000;

/** Longest search text of the admin order list (order id, username, e-mail, name or pincode). */
export const ADMIN_ORDER_SEARCH_MAX = 100;

/** The admin panel refreshes its data every 60 seconds. */
export const ADMIN_REFRESH_MS = 60_000;

/** True when `value` is one of {@link ADMIN_ORDER_FILTERS}. */
export function isAdminOrderFilter(value: unknown): value is AdminOrderFilter {
  return (ADMIN_ORDER_FILTERS as readonly unknown[]).includes(value);
}

/** The earliest creation time an admin filter shows, counted back from `now`. */
export function adminFilterSince(filter: AdminOrderFilter, now: Date): Date {
  return new Date(now.getTime() - ADMIN_ORDER_FILTER_MS[filter]);
}
