import { routeKey } from '@mandi/contracts/client';
import { render } from '@testing-library/react';
import { memoryStore, type Store } from 'react-admin';
import { vi } from 'vitest';
import { App } from '../app';
import type { AdminIdentity, AdminIdentityUser } from '../auth/identity';
import { stubFetch } from './network';

/** The signed-in admin of the console tests. */
export const ADMIN = { uid: 'uid-admin', email: 'admin@mandi.test' };

/** An identity service with one signed-in account (or none). */
export function signedIn(
  account: { uid: string; email: string } | null,
): AdminIdentity & { signOuts: number; signOutElsewhere(): void } {
  let current: AdminIdentityUser | null = account
    ? { uid: account.uid, email: account.email, displayName: null, getIdToken: async () => `token-${account.uid}` }
    : null;
  const listeners = new Set<(uid: string | null) => void>();
  const identity = {
    signOuts: 0,
    async currentUser() {
      return current;
    },
    watch(listener: (uid: string | null) => void) {
      listeners.add(listener);
      listener(current?.uid ?? null);
      return () => listeners.delete(listener);
    },
    /** The storefront (or another tab) signs out of the shared session. */
    signOutElsewhere() {
      current = null;
      for (const listener of listeners) listener(null);
    },
    async signIn(): Promise<AdminIdentityUser> {
      throw new Error('not in these tests');
    },
    async signOut() {
      identity.signOuts += 1;
      current = null;
    },
  };
  return identity;
}

type Answers = Parameters<typeof stubFetch>[0];

/**
 * Renders the whole console at `path` (below /adminpanel) as a signed-in admin over a stubbed API, the way a person
 * would see it: react-admin, the router, the data provider and the auth provider are the real ones.
 */
export function renderConsole(
  path: string,
  answers: Answers,
  {
    account = ADMIN,
    role = 'admin',
    store = memoryStore(),
  }: { account?: { uid: string; email: string } | null; role?: string; store?: Store } = {},
) {
  window.history.pushState({}, '', `/adminpanel${path}`);
  const calls = stubFetch({
    [routeKey('getUserId')]: { body: { userId: 1, role } },
    // Every page's menu shows how many sellers wait for a review; none unless a test says otherwise.
    [routeKey('adminSellerProfiles', { query: { status: 'pending' } })]: { body: [] },
    ...answers,
  });
  const identity = signedIn(account);
  const leave = vi.fn();
  const view = render(<App identity={identity} store={store} leave={leave} />);
  return { ...view, calls, identity, leave, store };
}
