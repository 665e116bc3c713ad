import { routeKey, routeUrl } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/console';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function order(order_id: number, overrides: Record<string, unknown> = {}) {
  return {
    order_id,
    username: 'asha_rao',
    email: 'asha@mandi.test',
    address_name: 'Asha Rao',
    area_or_street_or_village: 'MG Road',
    district: 'Bengaluru Urban',
    pincode: '560001',
    status: 'pending',
    payment_status: 'unpaid',
    created_at: ago(HOUR),
    cancel_reason: null,
    items: [
      { order_item_id: 1, product_name: 'Desi Tamatar', quantity: 2, price: 40 },
      { order_item_id: 2, product_name: 'Kolar Honey', quantity: 1, price: 1234.5 },
    ],
    ...overrides,
  };
}

const LIST = routeKey('adminOrders', { query: { filter: '24h', page: 1, perPage: 25 } });
const rowOf = async (id: number) => (await screen.findByText(`#${id}`)).closest('tr')!;
const button = (row: HTMLElement, name: string) => within(row).getByRole('button', { name });

describe('the Orders tab', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the admin order fields of 001: customer, address, items with quantity and price, states, India time, reason', async () => {
    renderConsole('/orders', {
      [LIST]: {
        body: [
          order(101, { created_at: '2026-11-25T04:00:00.000Z' }),
          order(102, { status: 'cancelled', cancel_reason: 'Ordered twice', items: [] }),
        ],
        headers: { 'X-Total-Count': '2' },
      },
    });
    const row = await rowOf(101);
    for (const text of [
      'asha_rao',
      'asha@mandi.test',
      'Asha Rao',
      'MG Road, Bengaluru Urban 560001',
      'Desi Tamatar × 2 · ₹40.00 each',
      'Kolar Honey × 1 · ₹1,234.50 each',
      'pending',
      'unpaid',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByTitle('25 Nov 2026, 9:30 am IST')).toHaveTextContent('25 Nov 20269:30 am IST');
    expect(within(await rowOf(102)).getByText('Ordered twice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '24 hours' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('enables each action only when the order process allows it', async () => {
    renderConsole('/orders', {
      [LIST]: {
        body: [
          order(1),
          order(2, { created_at: ago(9 * HOUR) }),
          order(3, { status: 'confirmed', payment_status: 'paid' }),
          order(4, { status: 'shipped', payment_status: 'paid' }),
          order(5, { status: 'cancel_requested', cancel_reason: 'Changed my mind' }),
          order(6, { status: 'delivered', payment_status: 'paid' }),
        ],
      },
    });
    const enabled = async (id: number) =>
      within(await rowOf(id))
        .getAllByRole('button')
        .filter((b) => !b.hasAttribute('disabled'))
        .map((b) => b.textContent);
    expect(await enabled(1)).toEqual(['Confirm', 'Mark as Paid', 'Cancel']);
    expect(await enabled(2)).toEqual(['Mark as Paid']);
    expect(await enabled(3)).toEqual(['Mark as Shipped', 'Cancel']);
    expect(await enabled(4)).toEqual(['Mark as Delivered']);
    expect(await enabled(5)).toEqual(['Mark as Paid', 'Cancel']);
    expect(await enabled(6)).toEqual([]);
  });

  it("confirms an order, shows the server's message and reads the list again", async () => {
    let status = 'pending';
    const { calls } = renderConsole('/orders', {
      [LIST]: () => ({ body: [order(7, { status })] }),
      [routeKey('confirmOrder', { params: { id: 7 } })]: () => {
        status = 'confirmed';
        return { body: { message: 'Order #7 confirmed.' } };
      },
    });
    fireEvent.click(button(await rowOf(7), 'Confirm'));

    expect(await screen.findByText('Order #7 confirmed.')).toBeInTheDocument();
    await waitFor(() => expect(button(screen.getByText('#7').closest('tr')!, 'Mark as Shipped')).toBeEnabled());
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: routeUrl('confirmOrder', { params: { id: 7 } }),
      authorization: 'Bearer token-uid-admin',
    });
  });

  it("shows the server's refusal, or the spec's text when the server gave none", async () => {
    renderConsole('/orders', {
      [LIST]: { body: [order(8), order(9, { status: 'confirmed' })] },
      [routeKey('confirmOrder', { params: { id: 8 } })]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'The 8-hour window for this order has closed.' },
      },
      [routeKey('markOrderPaid', { params: { id: 8 } })]: 'down',
      [routeKey('markOrderShipped', { params: { id: 9 } })]: { status: 502, body: '<html>Bad gateway</html>' },
    });
    fireEvent.click(button(await rowOf(8), 'Confirm'));
    expect(await screen.findByText('The 8-hour window for this order has closed.')).toBeInTheDocument();
    fireEvent.click(button(await rowOf(8), 'Mark as Paid'));
    expect(await screen.findByText('Error updating payment')).toBeInTheDocument();
    fireEvent.click(button(await rowOf(9), 'Mark as Shipped'));
    expect(await screen.findByText('Error updating order status')).toBeInTheDocument();
  });

  it('asks before cancelling, sends the optional reason, and does nothing when the admin keeps the order', async () => {
    const { calls } = renderConsole('/orders', {
      [LIST]: { body: [order(11), order(12, { status: 'cancel_requested', cancel_reason: 'Wrong address' })] },
      [routeKey('cancelOrderByAdmin', { params: { id: 11 } })]: { body: { message: 'Order #11 cancelled.' } },
      [routeKey('cancelOrderByAdmin', { params: { id: 12 } })]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: '' },
      },
    });
    fireEvent.click(button(await rowOf(11), 'Cancel'));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel order #11?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.click(button(await rowOf(11), 'Cancel'));
    dialog = await screen.findByRole('dialog', { name: 'Cancel order #11?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: 'Out of stock' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order #11 cancelled.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: routeUrl('cancelOrderByAdmin', { params: { id: 11 } }),
      body: { reason: 'Out of stock' },
    });

    // A buyer's own reason is shown and kept; a failure without a message reads the spec's text.
    fireEvent.click(button(await rowOf(12), 'Cancel'));
    dialog = await screen.findByRole('dialog', { name: 'Cancel order #12?' });
    expect(within(dialog).getByText('Wrong address')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Reason (optional)')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Error cancelling order')).toBeInTheDocument();
  });

  it('disables the whole row while an action is in flight, and the cancel dialog while the cancel is', async () => {
    const later: Record<string, (answer: { status?: number; body: unknown }) => void> = {};
    const inFlight = (name: string) => () =>
      new Promise<{ status?: number; body: unknown }>((resolve) => (later[name] = resolve));
    renderConsole('/orders', {
      [LIST]: { body: [order(16)] },
      [routeKey('confirmOrder', { params: { id: 16 } })]: inFlight('confirm'),
      [routeKey('cancelOrderByAdmin', { params: { id: 16 } })]: inFlight('cancel'),
    });
    const names = ['Confirm', 'Mark as Paid', 'Mark as Shipped', 'Mark as Delivered', 'Cancel'];
    fireEvent.click(button(await rowOf(16), 'Confirm'));
    await waitFor(() => expect(later.confirm).toBeDefined());
    for (const name of names) await waitFor(async () => expect(button(await rowOf(16), name)).toBeDisabled());
    later.confirm!({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Order #16 is no longer pending.' },
    });
    expect(await screen.findByText('Order #16 is no longer pending.')).toBeInTheDocument();
    await waitFor(async () => expect(button(await rowOf(16), 'Confirm')).toBeEnabled());

    fireEvent.click(button(await rowOf(16), 'Cancel'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #16?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(later.cancel).toBeDefined());
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep order' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancel order' })).toBeDisabled();
    later.cancel!({ body: { message: 'Order #16 cancelled.' } });
    expect(await screen.findByText('Order #16 cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads the chosen period and the search from the server', async () => {
    const { calls } = renderConsole('/orders', {
      [LIST]: { body: [order(13)] },
      [routeKey('adminOrders', { query: { filter: '7d', page: 1, perPage: 25 } })]: { body: [order(14)] },
      [routeKey('adminOrders', { query: { filter: '7d', search: 'asha', page: 1, perPage: 25 } })]: {
        body: [order(15)],
      },
    });
    await rowOf(13);
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await rowOf(14);
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search orders' }), { target: { value: 'asha' } });
    await rowOf(15);
    expect(calls.filter((call) => call.route === 'adminOrders').map((call) => call.url)).toEqual([
      routeUrl('adminOrders', { query: { filter: '24h', page: 1, perPage: 25 } }),
      routeUrl('adminOrders', { query: { filter: '7d', page: 1, perPage: 25 } }),
      routeUrl('adminOrders', { query: { filter: '7d', search: 'asha', page: 1, perPage: 25 } }),
    ]);
  });

  it("shows 'Failed to fetch orders' with a retry when the list cannot be read", async () => {
    renderConsole('/orders', {
      [LIST]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'down' } },
    });
    expect(await screen.findByText('Failed to fetch orders', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a designed empty state for a period without orders', async () => {
    renderConsole('/orders', { [LIST]: { body: [] } });
    expect(await screen.findByText('No orders in this period')).toBeInTheDocument();
  });
});
