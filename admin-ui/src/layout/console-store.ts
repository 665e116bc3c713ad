import { localStorageStore, type Store } from 'react-admin';

/**
 * The console's store in localStorage ('mandi-admin' keys): the chosen tab and each list's filter, search, page and
 * sort survive a reload (docs/console.md). react-admin empties its store at sign-out; this one keeps them, so the admin
 * finds the console as they left it after signing in again. They are screen preferences, no account data.
 */
export function consoleStore(): Store {
  const store = localStorageStore(undefined, 'mandi-admin');
  return { ...store, reset: () => undefined };
}
