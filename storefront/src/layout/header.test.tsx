import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const navNames = () =>
  within(mainNav())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('Header', () => {
  it('shows a visitor the public links, Orders, and a Sign In button to /signin', async () => {
    stubApi({ [routeKey('listProducts')]: { body: [] } });
    renderApp('/aboutus');

    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(navNames()).toEqual(['Home', 'Cart', 'Become a Seller', 'Orders', 'Contact Us', 'About Us']);
    expect(within(mainNav()).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cartpage');
    expect(within(mainNav()).getByRole('link', { name: 'Become a Seller' })).toHaveAttribute('href', '/become-seller');
    expect(within(mainNav()).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contactus');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  });

  it('adds Sell and Profile for an admin, points Orders at /orders/{userId}, and reads the role with the bearer token', async () => {
    const { calls } = stubApi({ [routeKey('getUserId')]: { body: { userId: 42, role: 'admin' } } });
    renderApp('/aboutus', { identity: fakeIdentity(identityUser('uid-admin', 'admin@mandi.test')) });

    await waitFor(() => expect(navNames()).toContain('Sell'));
    expect(navNames()).toEqual([
      'Home',
      'Cart',
      'Become a Seller',
      'Sell',
      'Profile',
      'Orders',
      'Contact Us',
      'About Us',
    ]);
    expect(within(mainNav()).getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/SellPage');
    expect(within(mainNav()).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profilepage');
    expect(within(mainNav()).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders/42');

    const call = calls.find((entry) => entry.url === routeUrl('getUserId'));
    expect(call?.method).toBe('POST');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ uid: 'uid-admin' });
    expect(new Headers(call?.init?.headers).get('Authorization')).toBe('Bearer token-of-uid-admin');

    await userEvent.click(screen.getByRole('button', { name: /admin/ }));
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Your Profile', 'Seller Dashboard', 'Sign Out', 'Delete Account']);
    expect(within(menu).getByRole('menuitem', { name: 'Seller Dashboard' })).toHaveAttribute(
      'href',
      '/seller-dashboard',
    );
  });

  it('hides Sell and Profile from a signed-in buyer', async () => {
    stubApi({ [routeKey('getUserId')]: { body: { userId: 7, role: 'user' } } });
    renderApp('/aboutus', { identity: fakeIdentity(identityUser('uid-buyer', 'buyer@mandi.test')) });

    await waitFor(() =>
      expect(within(mainNav()).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders/7'),
    );
    expect(navNames()).toEqual(['Home', 'Cart', 'Become a Seller', 'Orders', 'Contact Us', 'About Us']);
  });

  it('asks a visitor to sign in before showing orders, then goes to /signin', async () => {
    stubApi({});
    const { router } = renderApp('/aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });

    await userEvent.click(within(mainNav()).getByRole('link', { name: 'Orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not Signed In' });
    expect(dialog).toHaveTextContent('Please sign in to view your orders.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('deletes the account after confirmation with the deleteAccount route and shows the server message', async () => {
    const identity = fakeIdentity(identityUser('uid-buyer', 'buyer@mandi.test'));
    const { calls } = stubApi({
      [routeKey('getUserId')]: { body: { userId: 7, role: 'user' } },
      [routeKey('deleteAccount', { params: { uid: 'uid-buyer' } })]: {
        body: { message: 'Your account has been deleted.' },
      },
    });
    const { router } = renderApp('/aboutus', { identity });
    await userEvent.click(await screen.findByRole('button', { name: /buyer/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Account' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Delete Account?' });
    expect(ask).toHaveTextContent('Are you sure you want to permanently delete your account?');
    await userEvent.click(within(ask).getByRole('button', { name: 'OK' }));

    const done = await screen.findByRole('dialog', { name: 'Success' });
    expect(done).toHaveTextContent('Your account has been deleted.');
    const call = calls.find((entry) => entry.method === 'DELETE');
    expect(new Headers(call?.init?.headers).get('Authorization')).toBe('Bearer token-of-uid-buyer');
    expect(identity.signOuts).toBe(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the failure text when deletion fails without a server message', async () => {
    stubApi({
      [routeKey('getUserId')]: { body: { userId: 7, role: 'user' } },
      [routeKey('deleteAccount', { params: { uid: 'uid-buyer' } })]: { status: 500, body: undefined },
    });
    renderApp('/aboutus', { identity: fakeIdentity(identityUser('uid-buyer', 'buyer@mandi.test')) });
    await userEvent.click(await screen.findByRole('button', { name: /buyer/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Account' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));

    const failed = await screen.findByRole('dialog', { name: 'Error' });
    expect(failed).toHaveTextContent('Something went wrong while deleting the account');
  });

  it('signs out only after the confirmation, then goes home', async () => {
    stubApi({ [routeKey('getUserId')]: { body: { userId: 7, role: 'user' } } });
    const identity = fakeIdentity(identityUser('uid-buyer', 'buyer@mandi.test'));
    const { router } = renderApp('/aboutus', { identity });

    await userEvent.click(await screen.findByRole('button', { name: /buyer/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Sign Out?' });
    expect(ask).toHaveTextContent('Are you sure you want to sign out?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(identity.signOuts).toBe(0);
    expect(router.state.location.pathname).toBe('/aboutus');

    await userEvent.click(screen.getByRole('button', { name: /buyer/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(identity.signOuts).toBe(1);
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  });

  it("keeps the account when deletion is cancelled, and shows the server's message when it fails", async () => {
    const { calls } = stubApi({
      [routeKey('getUserId')]: { body: { userId: 7, role: 'user' } },
      [routeKey('deleteAccount', { params: { uid: 'uid-buyer' } })]: {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'You can only access your own account.' },
      },
    });
    const identity = fakeIdentity(identityUser('uid-buyer', 'buyer@mandi.test'));
    renderApp('/aboutus', { identity });

    await userEvent.click(await screen.findByRole('button', { name: /buyer/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Account' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Account?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: /buyer/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Account' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'You can only access your own account.',
    );
    expect(identity.signOuts).toBe(0);
  });

  it("says 'User not authenticated' when no token can be had for the deletion", async () => {
    stubApi({});
    const identity = { ...fakeIdentity(identityUser('uid-buyer', 'buyer@mandi.test')), currentUser: () => null };
    renderApp('/aboutus', { identity });

    await userEvent.click(await screen.findByRole('button', { name: /buyer/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Account' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('User not authenticated');
  });

  it('offers Sign Out and Delete Account in the mobile menu; a visitor asked to delete is sent to sign in', async () => {
    stubApi({});
    const { router } = renderApp('/aboutus');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Seller Dashboard' })).not.toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('button', { name: 'Delete Account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Not Signed In' });
    expect(dialog).toHaveTextContent('Please sign in to delete your account.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });

  it('signs out from the mobile menu after the confirmation', async () => {
    stubApi({ [routeKey('getUserId')]: { body: { userId: 7, role: 'user' } } });
    const identity = fakeIdentity(identityUser('uid-buyer', 'buyer@mandi.test'));
    const { router } = renderApp('/aboutus', { identity });
    await screen.findByRole('button', { name: /buyer/ });

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Your Profile' })).toHaveAttribute('href', '/profilepage');
    expect(within(menu).getByRole('link', { name: 'Seller Dashboard' })).toHaveAttribute('href', '/seller-dashboard');
    await userEvent.click(within(menu).getByRole('button', { name: 'Sign Out' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Sign Out?' })).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(identity.signOuts).toBe(1);
  });

  it("does not mark a visitor's Orders link (which leads to sign-in) as the current page on /signin", async () => {
    stubApi({});
    renderApp('/signin');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Mandi' });
    expect(within(mainNav()).getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current', 'page');
  });
});
