import { routeKey, routeUrl } from '@mandi/contracts/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/network';
import { LEAVE_DELAY_MS, createAuthProvider } from './auth-provider';
import type { AdminIdentity, AdminIdentityUser } from './identity';

/** The identity service boundary: a password table instead of Firebase. */
function identityWith(accounts: Record<string, { uid: string; password: string }>) {
  let current: AdminIdentityUser | null = null;
  const identity: AdminIdentity & { signOuts: number } = {
    signOuts: 0,
    async currentUser() {
      return current;
    },
    async signIn(email, password) {
      const account = accounts[email];
      if (!account || account.password !== password) throw new Error('Incorrect password. Please try again.');
      current = { uid: account.uid, email, displayName: null, getIdToken: async () => `token-${account.uid}` };
      return current;
    },
    async signOut() {
      identity.signOuts += 1;
      current = null;
    },
  };
  return identity;
}

const accounts = {
  'admin@mandi.test': { uid: 'uid-admin', password: 'mandi-demo' },
  'buyer@mandi.test': { uid: 'uid-buyer', password: 'mandi-demo' },
};

describe('authProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets an admin in after reading the role with the bearer token', async () => {
    const calls = stubFetch({ [routeKey('getUserId')]: { body: { userId: 1, role: 'admin' } } });
    const leave = vi.fn();
    const provider = createAuthProvider({ identity: identityWith(accounts), leave });

    await provider.login({ username: ' admin@mandi.test ', password: 'mandi-demo' });
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    await expect(provider.getPermissions!({})).resolves.toBe('admin');

    expect(calls).toEqual([
      {
        method: 'POST',
        url: routeUrl('getUserId'),
        route: 'getUserId',
        authorization: 'Bearer token-uid-admin',
        body: { uid: 'uid-admin' },
      },
    ]);
    expect(leave).not.toHaveBeenCalled();
  });

  it('refuses a non-admin with the spec text and sends them to the storefront, still signed in there (one session)', async () => {
    stubFetch({ [routeKey('getUserId')]: { body: { userId: 3, role: 'user' } } });
    const identity = identityWith(accounts);
    const leave = vi.fn();
    const provider = createAuthProvider({ identity, leave });

    await expect(provider.login({ username: 'buyer@mandi.test', password: 'mandi-demo' })).rejects.toThrow(
      'Unauthorized Access: You are not allowed to access this page.',
    );
    // react-admin logs out after a refused check: that must not end the shop's session.
    await provider.logout({});
    expect(identity.signOuts).toBe(0);
    await expect(identity.currentUser()).resolves.toMatchObject({ uid: 'uid-buyer' });

    expect(leave).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LEAVE_DELAY_MS);
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('treats a failed role lookup as not an admin', async () => {
    stubFetch({
      [routeKey('getUserId')]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'down' },
      },
    });
    const provider = createAuthProvider({ identity: identityWith(accounts), leave: vi.fn() });

    await expect(provider.login({ username: 'admin@mandi.test', password: 'mandi-demo' })).rejects.toThrow(
      'Unauthorized Access: You are not allowed to access this page.',
    );
  });

  it('turns the admin away on a 403 that denies the console, and keeps them on a 403 that refuses one action', async () => {
    stubFetch({ [routeKey('getUserId')]: { body: { userId: 1, role: 'admin' } } });
    const identity = identityWith(accounts);
    const leave = vi.fn();
    const provider = createAuthProvider({ identity, leave });
    await provider.login({ username: 'admin@mandi.test', password: 'mandi-demo' });

    await expect(
      provider.checkError({ status: 403, message: 'You cannot suspend your own account.' }),
    ).resolves.toBeUndefined();
    await expect(provider.checkError({ status: 409, message: 'This order is already paid.' })).resolves.toBeUndefined();
    expect(identity.signOuts).toBe(0);

    await expect(
      provider.checkError({ status: 403, message: 'Your account has been suspended. Contact support.' }),
    ).rejects.toThrow('Unauthorized Access: You are not allowed to access this page.');
    await provider.logout({});
    expect(identity.signOuts).toBe(0);
    vi.advanceTimersByTime(LEAVE_DELAY_MS);
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('signs out of the shared session when the admin signs out of the console', async () => {
    stubFetch({ [routeKey('getUserId')]: { body: { userId: 1, role: 'admin' } } });
    const identity = identityWith(accounts);
    const provider = createAuthProvider({ identity, leave: vi.fn() });
    await provider.login({ username: 'admin@mandi.test', password: 'mandi-demo' });

    await provider.logout({});
    expect(identity.signOuts).toBe(1);
    await expect(identity.currentUser()).resolves.toBeNull();
    await expect(provider.checkAuth({})).rejects.toThrow('Please sign in.');
  });

  it('asks a signed-out visitor to sign in and passes on a wrong password', async () => {
    stubFetch({});
    const provider = createAuthProvider({ identity: identityWith(accounts), leave: vi.fn() });

    await expect(provider.checkAuth({})).rejects.toThrow('Please sign in.');
    await expect(provider.login({ username: 'admin@mandi.test', password: 'nope' })).rejects.toThrow(
      'Incorrect password. Please try again.',
    );
  });
});
