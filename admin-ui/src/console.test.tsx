import { routeKey, routeUrl } from '@mandi/contracts/client';
import type { AdminOrderFilter } from '@mandi/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleStore } from './layout/console-store';
import { renderConsole } from './test/console';

// The console as a whole: who gets in, and what it remembers between visits (docs/console.md).

const ORDERS = (query: { filter: AdminOrderFilter; search?: string }) =>
  routeKey('adminOrders', { query: { ...query, page: 1, perPage: 25 } });
const USERS = routeKey('adminUsers');

describe('the console', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('turns away a signed-in user who is not an admin with the spec text and sends them to the storefront, still signed in', async () => {
    const { identity, leave } = renderConsole(
      '/orders',
      {},
      { account: { uid: 'uid-buyer', email: 'buyer@mandi.test' }, role: 'user' },
    );
    expect(
      await screen.findByText('Unauthorized Access: You are not allowed to access this page.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(leave).toHaveBeenCalled(), { timeout: 4000 });
    // One session with the storefront: being turned away from the console does not sign them out of the shop.
    expect(identity.signOuts).toBe(0);
  });

  it('goes to its sign-in page when the storefront (one session with the console) signs out', async () => {
    const { identity } = renderConsole('/orders', { [ORDERS({ filter: '24h' })]: { body: [] } });
    expect(await screen.findByRole('menuitem', { name: 'Orders' })).toBeInTheDocument();
    identity.signOutElsewhere();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/adminpanel/login');
  });

  it('asks a signed-out visitor to sign in, going to the sign-in page once', async () => {
    const push = vi.spyOn(window.history, 'pushState');
    renderConsole('/', {}, { account: null, store: consoleStore() });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Sign in with an administrator account.')).toBeInTheDocument();
    // react-admin's logout route can remount itself in a loop of history pushes (marmelab/react-admin#10764).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(window.location.pathname).toBe('/adminpanel/login');
    expect(push.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('shows the tabs Orders, Users, Interested Sellers and Seller reviews, with the queue dashboard and system health', async () => {
    renderConsole('/orders', { [ORDERS({ filter: '24h' })]: { body: [] } });
    for (const name of ['Orders', 'Users', 'Interested Sellers', 'Seller reviews', 'System health']) {
      expect(await screen.findByRole('menuitem', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('menuitem', { name: 'Queues' })).toBeInTheDocument();
  });

  it('remembers the chosen tab, the period and the search across visits, in this browser', async () => {
    const answers = {
      [ORDERS({ filter: '24h' })]: { body: [] },
      [ORDERS({ filter: '1m' })]: { body: [] },
      [ORDERS({ filter: '1m', search: 'ravi' })]: { body: [] },
      [USERS]: { body: [] },
    };
    const first = renderConsole('/orders', answers, { store: consoleStore() });
    fireEvent.click(await screen.findByRole('button', { name: '1 month' }));
    await waitFor(() =>
      expect(first.calls.map((call) => call.url)).toContain(
        routeUrl('adminOrders', { query: { filter: '1m', page: 1, perPage: 25 } }),
      ),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Search orders' }), { target: { value: 'ravi' } });
    await waitFor(() =>
      expect(first.calls.map((call) => call.url)).toContain(
        routeUrl('adminOrders', { query: { filter: '1m', search: 'ravi', page: 1, perPage: 25 } }),
      ),
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Users' }));
    await screen.findByText('No users yet');
    first.unmount();

    // Back at the console's home: the Users tab, as left.
    const second = renderConsole('/', answers, { store: consoleStore() });
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/adminpanel/users');
    second.unmount();

    // And the Orders tab with its period and search.
    const third = renderConsole('/orders', answers, { store: consoleStore() });
    await waitFor(() =>
      expect(third.calls.map((call) => call.url)).toContain(
        routeUrl('adminOrders', { query: { filter: '1m', search: 'ravi', page: 1, perPage: 25 } }),
      ),
    );
    expect(await screen.findByRole('button', { name: '1 month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Search orders' })).toHaveValue('ravi');
    expect(third.calls.map((call) => call.url)).not.toContain(
      routeUrl('adminOrders', { query: { filter: '24h', page: 1, perPage: 25 } }),
    );
  });
});
