import { routeKey, routeUrl } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../test/console';

const LIST = routeKey('adminOrders', { query: { filter: '24h', page: 1, perPage: 25 } });

const row = {
  order_id: '101',
  username: 'asha_rao',
  email: 'asha@mandi.test',
  address_name: 'Asha Rao',
  area_or_street_or_village: 'MG Road',
  district: 'Bengaluru Urban',
  pincode: '560001',
  status: 'delivered',
  payment_status: 'paid',
  created_at: '2026-11-25T04:00:00.000Z',
  cancel_reason: null,
  items: [{ order_item_id: '1', product_name: 'Desi Tamatar', quantity: 2, price: 40 }],
  payment_method: 'cod',
  total_amount: 251.1,
  window_closes_at: '2026-11-25T12:00:00.000Z',
};

const detail = {
  order_id: '101',
  status: 'delivered',
  payment_status: 'paid',
  payment_method: 'cod',
  created_at: '2026-11-25T04:00:00.000Z',
  window_closes_at: '2026-11-25T12:00:00.000Z',
  cancel_reason: null,
  buyer: { id: '3', username: 'asha_rao', email: 'asha@mandi.test' },
  address: {
    name: 'Asha Rao',
    mobile: '9123456780',
    flat_house_building: '4, Lakshmi Nilaya',
    area_or_street_or_village: 'MG Road',
    landmark: '',
    taluk: 'Bangalore North',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    pincode: '560001',
  },
  lines: [
    {
      order_item_id: '1',
      product_id: '9',
      product_name: 'Desi Tamatar',
      quantity: 2,
      unit_price: 40,
      line_total: 80,
      hsn_code: '0702',
      gst_rate_percent: 0,
      seller: { id: '5', username: 'kolar_farms' },
    },
  ],
  amounts: { subtotal: 80, shipping: 171.1, total: 251.1, weight_grams: 2000 },
  payments: [
    {
      id: '4',
      provider: 'cod',
      status: 'captured',
      amount: 251.1,
      method: null,
      provider_order_id: null,
      provider_payment_id: null,
      error: null,
      created_at: '2026-11-25T04:00:00.000Z',
      captured_at: '2026-11-25T05:00:00.000Z',
    },
  ],
  refunds: [],
  documents: [
    {
      id: '7',
      kind: 'bill_of_supply',
      number: 'INV/26-27/000007',
      total: 251.1,
      issued_at: '2026-11-25T05:00:01.000Z',
      download_url: routeUrl('downloadInvoice', { params: { invoiceId: 7 } }),
      pdf_ready: true,
    },
  ],
  timeline: [
    { at: '2026-11-25T04:00:00.000Z', kind: 'placed', label: 'Order placed', actor: 'buyer', details: {} },
    {
      at: '2026-11-25T04:30:00.000Z',
      kind: 'confirmed',
      label: 'Order confirmed',
      actor: 'admin meera',
      details: { before: { status: 'pending' }, after: { status: 'confirmed' } },
    },
    {
      at: '2026-11-25T04:30:02.000Z',
      kind: 'mail_sent',
      label: 'Mailed the buyer: order confirmed',
      actor: 'system',
      details: { job: 'mail.order_confirmed' },
    },
  ],
};

describe('the order page', () => {
  beforeEach(() => {
    localStorage.clear();
    URL.createObjectURL = vi.fn(() => 'blob:mandi');
    URL.revokeObjectURL = vi.fn();
  });

  it('opens from the list and shows the lines, amounts, address, payment, documents and the timeline in India time', async () => {
    const { calls } = renderConsole('/orders', {
      [LIST]: { body: [row], headers: { 'X-Total-Count': '1' } },
      [routeKey('adminOrderDetail', { params: { id: 101 } })]: { body: detail },
    });
    fireEvent.click(await screen.findByRole('link', { name: '#101' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #101' })).toBeTruthy();
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByText('Desi Tamatar')).toBeTruthy();
    expect(within(items).getByText('Seller kolar_farms')).toBeTruthy();
    expect(within(items).getByText('₹251.10')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Buyer and delivery' }).textContent).toContain('Mobile: +91 9123456780');
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    const entries = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries[0]).toBe('Order placed25 Nov 2026, 9:30 am IST · buyer');
    expect(entries[1]).toBe('Order confirmed25 Nov 2026, 10:00 am IST · admin meerastatus: Pending → Confirmed');
    expect(entries[2]).toContain('Mailed the buyer: order confirmed');
    // The row's buttons, as in the list: a delivered order has none to press.
    expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(true);
    expect(
      calls.find((call) => call.url === routeUrl('adminOrderDetail', { params: { id: 101 } }))!.authorization,
    ).toBe('Bearer token-uid-admin');
  });

  it('downloads a document with the bearer token', async () => {
    const { calls } = renderConsole('/orders/101/show', {
      [routeKey('adminOrderDetail', { params: { id: 101 } })]: { body: detail },
      [routeKey('downloadInvoice', { params: { invoiceId: 7 } })]: {
        body: '%PDF-',
        headers: { 'Content-Disposition': 'attachment; filename="INV-26-27-000007.pdf"' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download INV/26-27/000007' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(
      calls.find((call) => call.url === routeUrl('downloadInvoice', { params: { invoiceId: 7 } }))!.authorization,
    ).toBe('Bearer token-uid-admin');
  });

  it("shows the server's message for an order that does not exist", async () => {
    renderConsole('/orders/999/show', {
      [routeKey('adminOrderDetail', { params: { id: 999 } })]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Order not found.' },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Order not found.');
  });
});

describe('Export CSV', () => {
  beforeEach(() => {
    localStorage.clear();
    URL.createObjectURL = vi.fn(() => 'blob:mandi');
    URL.revokeObjectURL = vi.fn();
  });

  it("downloads the list's period and search with the bearer token", async () => {
    const { calls } = renderConsole('/orders', {
      [LIST]: { body: [row], headers: { 'X-Total-Count': '1' } },
      [routeKey('adminOrders', { query: { filter: '7d', search: 'asha', page: 1, perPage: 25 } })]: {
        body: [row],
        headers: { 'X-Total-Count': '1' },
      },
      [routeKey('exportAdminOrders', { query: { filter: '7d', search: 'asha' } })]: {
        body: 'Order\r\n',
        headers: { 'Content-Disposition': 'attachment; filename="mandi-orders-7d-2026-11-25.csv"' },
      },
    });
    await screen.findByRole('link', { name: '#101' });
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search orders' }), { target: { value: 'asha' } });
    await waitFor(() => expect(calls.some((call) => call.url.includes('search=asha'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(calls.find((call) => call.url.startsWith(routeUrl('exportAdminOrders')))).toMatchObject({
      url: routeUrl('exportAdminOrders', { query: { filter: '7d', search: 'asha' } }),
      authorization: 'Bearer token-uid-admin',
    });
  });
});
