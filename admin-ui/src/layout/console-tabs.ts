/** The console's tabs (docs/console.md, and Dead jobs), as resource names in the URL. */
export const CONSOLE_TABS = [
  'dashboard',
  'orders',
  'users',
  'interested-sellers',
  'seller-reviews',
  'dead-jobs',
  'audit',
  'products',
] as const;

/** One of {@link CONSOLE_TABS}. */
export type ConsoleTab = (typeof CONSOLE_TABS)[number];

/** The store key of the chosen tab. */
export const TAB_STORE_KEY = 'console.tab';

/** The tab a console path belongs to ('/orders', '/users?page=2'), or null for other pages. */
export function tabOfPath(pathname: string): ConsoleTab | null {
  const first = pathname.split('/').filter(Boolean)[0];
  return (CONSOLE_TABS as readonly string[]).includes(first ?? '') ? (first as ConsoleTab) : null;
}
