import { routeKey, routeUrl } from '@mandi/contracts/client';
import { AUDIT_ACTIONS } from '@mandi/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderConsole } from '../test/console';

const entry = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  at: '2026-11-25T04:30:00.000Z',
  admin: { id: '1', username: 'meera', email: 'meera@mandi.test' },
  action: 'order.confirm',
  label: 'Confirmed the order',
  object_type: 'order',
  object_id: '101',
  before: { status: 'pending', payment_status: 'unpaid' },
  after: { status: 'confirmed', payment_status: 'unpaid' },
  ...overrides,
});

describe('the Audit trail', () => {
  beforeEach(() => localStorage.clear());

  it('lists who did what, in India time, with the change readably and a link to the order', async () => {
    renderConsole('/audit', {
      [routeKey('auditTrail', { query: { page: 1, perPage: 25 } })]: {
        body: [
          entry('2'),
          entry('1', {
            action: 'user.suspend',
            label: 'Suspended the account',
            object_type: 'user',
            object_id: '7',
            before: { status: 'active' },
            after: { status: 'suspended' },
          }),
        ],
        headers: { 'X-Total-Count': '2' },
      },
      [routeKey('adminUsers')]: { body: [] },
    });
    const link = await screen.findByRole('link', { name: 'Order #101' });
    expect(link.getAttribute('href')).toBe('/adminpanel/orders/101/show');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Confirmed the order')).toBeTruthy();
    expect(within(row).getByText('status: Pending → Confirmed')).toBeTruthy();
    expect(within(row).queryByText(/payment status/)).toBeNull();
    expect(within(row).getByText('25 Nov 2026')).toBeTruthy();
    expect(screen.getByText('status: active → suspended')).toBeTruthy();
    expect(screen.getByText('User #7')).toBeTruthy();
  });

  it('asks the server for the filters in the URL', async () => {
    const { calls } = renderConsole(
      '/audit?filter=%7B%22action%22%3A%22order.cancel%22%2C%22objectId%22%3A%22101%22%7D',
      {
        [routeKey('auditTrail', { query: { action: 'order.cancel', objectId: 101, page: 1, perPage: 25 } })]: {
          body: [entry('3', { action: 'order.cancel', label: 'Cancelled the order' })],
          headers: { 'X-Total-Count': '1' },
        },
        [routeKey('adminUsers')]: { body: [] },
      },
    );
    expect(await screen.findByText('Cancelled the order')).toBeTruthy();
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url ===
            routeUrl('auditTrail', { query: { action: 'order.cancel', objectId: 101, page: 1, perPage: 25 } }),
        ),
      ).toBe(true),
    );
  });

  it("names a seller's profile and its actions by their labels, and reads its review states", async () => {
    // A profile is named by its seller's user id.
    const seller = { object_type: 'seller_profile', object_id: '12' };
    renderConsole('/audit', {
      [routeKey('auditTrail', { query: { page: 1, perPage: 25 } })]: {
        body: [
          entry('6', {
            ...seller,
            action: 'seller_profile.reject',
            label: AUDIT_ACTIONS['seller_profile.reject'].label,
            before: { status: 'pending' },
            after: { status: 'rejected', reason: 'The PAN card photo is blurred.' },
          }),
          entry('5', {
            ...seller,
            action: 'seller_profile.read',
            label: AUDIT_ACTIONS['seller_profile.read'].label,
            before: null,
            after: null,
          }),
        ],
        headers: { 'X-Total-Count': '2' },
      },
      [routeKey('adminUsers')]: { body: [] },
    });
    const named = await screen.findAllByText('Seller profile #12');
    expect(named).toHaveLength(2);
    const rejected = named[0]!.closest('tr')!;
    expect(within(rejected).getByText(AUDIT_ACTIONS['seller_profile.reject'].label)).toBeTruthy();
    expect(within(rejected).getByText('status: Pending → Rejected')).toBeTruthy();
    expect(within(rejected).getByText('reason: The PAN card photo is blurred.')).toBeTruthy();
    const read = named[1]!.closest('tr')!;
    expect(within(read).getByText(AUDIT_ACTIONS['seller_profile.read'].label)).toBeTruthy();
    expect(within(read).getByText('—')).toBeTruthy();

    // The filters offer them by their words.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Object type/ }));
    expect(await screen.findByRole('option', { name: 'Seller profile' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Action/ }));
    for (const action of ['seller_profile.read', 'seller_profile.approve', 'seller_profile.reject'] as const) {
      expect(await screen.findByRole('option', { name: AUDIT_ACTIONS[action].label })).toBeTruthy();
    }
  });
});
