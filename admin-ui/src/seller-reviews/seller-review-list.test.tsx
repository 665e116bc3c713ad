import { routeKey, routeUrl } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderConsole } from '../test/console';

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const summary = (n: number, overrides: Record<string, unknown> = {}) => ({
  uid: `uid-seller-${n}`,
  username: `kisan_${n}`,
  email: `kisan${n}@mandi.test`,
  legal_name: `Kisan Traders ${n}`,
  business_kind: 'proprietor',
  gst_registered: false,
  state: 'Karnataka',
  status: 'pending',
  submitted_at: ago(DAY),
  reviewed_at: null,
  ...overrides,
});

const LIST = (status: 'pending' | 'approved' | 'rejected') => routeKey('adminSellerProfiles', { query: { status } });
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('the Seller reviews tab', () => {
  beforeEach(() => localStorage.clear());

  it('lists the pending profiles, the longest waiting first, with readable fields and the count in the menu', async () => {
    const { calls } = renderConsole('/seller-reviews', {
      [LIST('pending')]: {
        body: [
          summary(1, {
            business_kind: 'farmer_producer_organisation',
            gst_registered: true,
            state: 'Maharashtra',
            submitted_at: ago(3 * DAY + 60_000),
          }),
          summary(2, { submitted_at: ago(3 * 60 * 60 * 1000) }),
        ],
      },
    });
    const link = await screen.findByRole('link', { name: 'Kisan Traders 1' });
    expect(link.getAttribute('href')).toBe('/adminpanel/seller-reviews/uid-seller-1/show');

    const oldest = rowOf('Kisan Traders 1');
    for (const text of ['kisan_1', 'kisan1@mandi.test', 'Farmer producer organisation', 'Yes', 'Maharashtra']) {
      expect(within(oldest).getByText(text)).toBeInTheDocument();
    }
    expect(within(oldest).getByText('Waiting 3 days')).toBeInTheDocument();
    const newer = rowOf('Kisan Traders 2');
    for (const text of ['Sole proprietor', 'No', 'Karnataka', 'Waiting 3 hours']) {
      expect(within(newer).getByText(text)).toBeInTheDocument();
    }
    // The server's order: the longest waiting first.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Kisan Traders 1',
      'Kisan Traders 2',
    ]);
    expect(screen.getByRole('columnheader', { name: /Waiting since/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Reviewed/ })).toBeNull();

    // Who waits is obvious from anywhere: the menu entry and the filter carry the count.
    // The hidden words are a block of their own to the name's algorithm, hence the space it may put before the comma.
    expect(await screen.findByRole('menuitem', { name: /^Seller reviews ?, 2 waiting$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pending (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((call) => call.route === 'adminSellerProfiles').map((call) => call.url)).toContain(
      routeUrl('adminSellerProfiles', { query: { status: 'pending' } }),
    );
    expect(calls.every((call) => call.authorization === 'Bearer token-uid-admin')).toBe(true);
  });

  it('asks the server for the approved or rejected profiles, with when each was reviewed', async () => {
    const { calls } = renderConsole('/seller-reviews', {
      [LIST('pending')]: { body: [summary(1)] },
      [LIST('approved')]: {
        // The latest reviewed first, as the server gives them.
        body: [
          summary(3, { status: 'approved', reviewed_at: '2026-11-25T04:00:00.000Z', submitted_at: ago(2 * DAY) }),
          summary(4, { status: 'approved', reviewed_at: '2026-11-24T04:00:00.000Z', submitted_at: ago(DAY) }),
        ],
      },
      [LIST('rejected')]: { body: [] },
    });
    await screen.findByRole('link', { name: 'Kisan Traders 1' });

    fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
    const link = await screen.findByRole('link', { name: 'Kisan Traders 3' });
    expect(screen.queryByRole('link', { name: 'Kisan Traders 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Approved' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(link.closest('tr')!).getByTitle('25 Nov 2026, 9:30 am IST')).toBeInTheDocument();
    expect(within(link.closest('tr')!).queryByText(/^Waiting/)).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Reviewed/ })).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getByRole('link').textContent),
    ).toEqual(['Kisan Traders 3', 'Kisan Traders 4']);
    expect(calls.map((call) => call.url)).toContain(routeUrl('adminSellerProfiles', { query: { status: 'approved' } }));

    fireEvent.click(screen.getByRole('button', { name: 'Rejected' }));
    expect(await screen.findByText('No rejected profiles')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain(routeUrl('adminSellerProfiles', { query: { status: 'rejected' } }));
    // The count of those waiting stays with Pending.
    expect(screen.getByRole('button', { name: 'Pending (1)' })).toBeInTheDocument();
  });

  it('says when no one is waiting, and the menu carries no count', async () => {
    renderConsole('/seller-reviews', { [LIST('pending')]: { body: [] } });
    expect(await screen.findByText('No seller is waiting for a review')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pending (0)' })).toBeInTheDocument());
    expect(screen.getByRole('menuitem', { name: 'Seller reviews' })).toBeInTheDocument();
  });

  it('shows the failure state with a retry when the list cannot be read', async () => {
    let down = true;
    renderConsole('/seller-reviews', { [LIST('pending')]: () => (down ? 'down' : { body: [summary(1)] }) });
    expect(await screen.findByText("Failed to fetch sellers' business profiles")).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Kisan Traders 1' })).toBeInTheDocument();
  });
});
