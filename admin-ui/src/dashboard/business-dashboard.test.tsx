import { routeKey, routeUrl } from '@mandi/contracts/client';
import type { AdminDashboardAnswer } from '@mandi/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleStore } from '../layout/console-store';
import { renderConsole } from '../test/console';

const queueNames = ['orders', 'payments', 'documents', 'mail', 'media', 'deadlines', 'accounts'];

/** 30 India days ending 24 Nov 2026, with orders on three of them. */
function days(): AdminDashboardAnswer['days'] {
  return Array.from({ length: 30 }, (_, n) => {
    const day = new Date(Date.UTC(2026, 9, 26 + n)).toISOString().slice(0, 10);
    const figures: Record<string, { orders: number; revenue: number }> = {
      '2026-10-26': { orders: 1, revenue: 220 },
      '2026-11-22': { orders: 1, revenue: 1330 },
      '2026-11-24': { orders: 3, revenue: 12345.5 },
    };
    return { day, ...(figures[day] ?? { orders: 0, revenue: 0 }) };
  });
}

function dashboard(overrides: Partial<AdminDashboardAnswer> = {}): AdminDashboardAnswer {
  const now = Date.now();
  return {
    from: '2026-10-26',
    to: '2026-11-24',
    days: days(),
    totals: { orders: 6, cancelled: 1, revenue: 13895.5 },
    by_status: [
      { status: 'pending', orders: 2 },
      { status: 'confirmed', orders: 1 },
      { status: 'shipped', orders: 0 },
      { status: 'delivered', orders: 1 },
      { status: 'cancel_requested', orders: 1 },
      { status: 'cancelled', orders: 1 },
    ],
    by_payment_method: [
      { method: 'online', orders: 3, amount: 10395.5 },
      { method: 'cod', orders: 2, amount: 3500 },
    ],
    top_products: [
      { product_id: '7', name: 'Kesar Mango', quantity: 20, revenue: 10000, orders: 3 },
      { product_id: null, name: 'Alphonso Mango', quantity: 1, revenue: 300, orders: 1 },
    ],
    top_sellers: [
      { seller_id: '3', name: 'kolar_farms', revenue: 10000, orders: 3 },
      { seller_id: null, name: 'Deleted seller', revenue: 300, orders: 1 },
    ],
    closing_soon: [
      {
        order_id: '1038',
        buyer: 'asha_rao',
        status: 'cancel_requested',
        payment_method: 'online',
        total_amount: 1234.5,
        created_at: new Date(now - 8 * 3_600_000 + 10 * 60_000).toISOString(),
        closes_at: new Date(now + 10 * 60_000 + 30_000).toISOString(),
      },
      {
        order_id: '1041',
        buyer: 'ravi_kumar',
        status: 'pending',
        payment_method: 'cod',
        total_amount: 40,
        created_at: new Date(now - 8 * 3_600_000 + 40 * 60_000).toISOString(),
        closes_at: new Date(now + 40 * 60_000 + 30_000).toISOString(),
      },
    ],
    closing_soon_total: 2,
    pipeline: {
      queues: queueNames.map((name) => ({
        name,
        waiting: name === 'mail' ? 4 : 0,
        active: 0,
        delayed: 0,
        failed: name === 'payments' ? 1 : 0,
        dead: name === 'payments' ? 2 : 0,
      })),
      deadJobs: 2,
      outbox: { unpublished: 5, oldestAgeSeconds: 75 },
      worker: { alive: true, lastBeatAt: new Date().toISOString(), documents: 'up', documentsProblem: null },
      queuesDashboardUrl: '/adminpanel/queues/',
      ledger: null,
      readAt: new Date().toISOString(),
    },
    readAt: '2026-11-24T04:00:00.000Z',
    ...overrides,
  };
}

const figure = async (label: string) => within(await screen.findByRole('group', { name: label }));
const section = (name: string) => within(screen.getByRole('region', { name }));

beforeAll(() => {
  // jsdom lays nothing out; the charts measure their box through ResizeObserver.
  if (!('ResizeObserver' in globalThis)) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  }
});

describe('the Dashboard page', () => {
  beforeEach(() => localStorage.clear());

  it('shows the figures of the 30 days in India formats, the charts, the orders closing within the hour, the top lists and the pipeline', async () => {
    const { calls } = renderConsole('/dashboard', { [routeKey('adminDashboard')]: { body: dashboard() } });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(
      await screen.findByText(
        /The last 30 days in India time, Mon, 26 Oct, 2026 to Tue, 24 Nov, 2026 · read 24 Nov 2026, 9:30 am IST/,
      ),
    ).toBeInTheDocument();

    expect((await figure('Orders today')).getByText('3')).toBeInTheDocument();
    expect((await figure('Orders today')).getByText('₹12,345.50 revenue since 00:00 IST')).toBeInTheDocument();
    expect((await figure('Revenue, 30 days')).getByText('₹13,895.50')).toBeInTheDocument();
    expect((await figure('Revenue, 30 days')).getByText('6 orders, 1 cancelled')).toBeInTheDocument();
    expect((await figure('COD share')).getByText('25%')).toBeInTheDocument();
    expect((await figure('COD share')).getByText('₹3,500.00 in 2 cash orders')).toBeInTheDocument();
    expect((await figure('Closing within the hour')).getByText('2')).toBeInTheDocument();

    // The charts arrive as their own chunk.
    expect(
      await screen.findByRole('region', { name: 'Orders and revenue per day' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Orders by status' })).toBeInTheDocument();
    expect(section('Online and cash on delivery').getByText('₹10,395.50 · 3 orders · 75%')).toBeInTheDocument();
    expect(section('Online and cash on delivery').getByText('₹3,500.00 · 2 orders · 25%')).toBeInTheDocument();

    const closing = within(screen.getByRole('list', { name: 'Orders closing within the hour' }));
    const links = closing.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^#1038 · asha_rao · ₹1,234.50closes in 10 min · .* IST · Onlinecancel requested$/),
      expect.stringMatching(/^#1041 · ravi_kumar · ₹40.00closes in 40 min · .* IST · Cash on deliverypending$/),
    ]);
    // Each opens the order's page, where its Confirm and Cancel are.
    expect(links[0]!.getAttribute('href')).toBe('/adminpanel/orders/1038/show');

    const products = within(screen.getByRole('table', { name: 'Top products' }));
    expect(products.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Kesar Mango20 sold in 3 orders',
      'Alphonso Mango1 sold in 1 order · deleted',
    ]);
    expect(products.getByText('₹10,000.00')).toBeInTheDocument();
    const sellers = within(screen.getByRole('table', { name: 'Top sellers' }));
    expect(sellers.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'kolar_farms3 orders',
      'Deleted seller1 order',
    ]);

    expect((await figure('Dead jobs')).getByText('2')).toBeInTheDocument();
    expect((await figure('Outbox lag')).getByText('1 min 15 s')).toBeInTheDocument();
    expect((await figure('Queued jobs')).getByText('4')).toBeInTheDocument();
    expect(section('Pipeline health').getByRole('link', { name: 'Dead jobs' })).toHaveAttribute(
      'href',
      '/adminpanel/dead-jobs',
    );
    expect(section('Pipeline health').getByRole('button', { name: 'Queues' })).toBeEnabled();
    // One read for the whole page: the pipeline comes inside the dashboard's answer (besides the sign-in's role and
    // the menu's count of sellers waiting for a review).
    expect(
      calls.map((call) => call.route).filter((route) => route !== 'getUserId' && route !== 'adminSellerProfiles'),
    ).toEqual(['adminDashboard']);
  });

  it('is the first menu item, and the home opens it when it was the tab left last', async () => {
    const answers = { [routeKey('adminDashboard')]: { body: dashboard() } };
    const first = renderConsole('/dashboard', answers, { store: consoleStore() });
    const items = await screen.findAllByRole('menuitem');
    expect(items[0]).toHaveAccessibleName('Dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    first.unmount();

    renderConsole('/', answers, { store: consoleStore() });
    await waitFor(() => expect(window.location.pathname).toBe('/adminpanel/dashboard'));
  });

  it('has designed empty states when nothing was ordered', async () => {
    const empty = dashboard({
      days: days().map((day) => ({ ...day, orders: 0, revenue: 0 })),
      totals: { orders: 0, cancelled: 0, revenue: 0 },
      by_status: dashboard().by_status.map((entry) => ({ ...entry, orders: 0 })),
      by_payment_method: [
        { method: 'online', orders: 0, amount: 0 },
        { method: 'cod', orders: 0, amount: 0 },
      ],
      top_products: [],
      top_sellers: [],
      closing_soon: [],
      closing_soon_total: 0,
    });
    renderConsole('/dashboard', { [routeKey('adminDashboard')]: { body: empty } });
    expect(await screen.findByText('No orders in the last 30 days')).toBeInTheDocument();
    expect(screen.getByText('Nothing closes within the hour')).toBeInTheDocument();
    expect(screen.getAllByText('No sales yet')).toHaveLength(2);
    expect((await figure('COD share')).getByText('—')).toBeInTheDocument();
    expect((await figure('Closing within the hour')).getByText('No deadline this hour')).toBeInTheDocument();
  });

  it("says so when the dashboard cannot be read, with the server's message, and reads it again on Try again", async () => {
    let fail = true;
    const { calls } = renderConsole('/dashboard', {
      [routeKey('adminDashboard')]: () =>
        fail
          ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' } }
          : { body: dashboard() },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch the dashboard')).toBeInTheDocument();
    expect(within(alert).getByText('Internal server error')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await figure('Revenue, 30 days')).getByText('₹13,895.50')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === routeUrl('adminDashboard'))).toHaveLength(2);
  });
});
