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
      supplier: null,
    },
    {
      id: '8',
      kind: 'tax_invoice',
      number: 'INV/26-27/000001',
      total: 120,
      issued_at: '2026-11-25T05:00:01.000Z',
      download_url: routeUrl('downloadInvoice', { params: { invoiceId: 8 } }),
      pdf_ready: true,
      supplier: 'Ramesh Farms',
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

const DETAIL = routeKey('adminOrderDetail', { params: { id: 101 } });
const SHIPMENTS = routeKey('orderShipments', { params: { orderId: 101 } });

/** The order of two sellers: kolar_farms's two lines and mysuru_greens's one. */
const twoSellers = {
  ...detail,
  status: 'confirmed',
  lines: [
    detail.lines[0],
    { ...detail.lines[0], order_item_id: '2', product_id: '10', product_name: 'Nati Eggs', quantity: 1 },
    {
      ...detail.lines[0],
      order_item_id: '3',
      product_id: '11',
      product_name: 'Mysore Pak',
      quantity: 3,
      seller: { id: '6', username: 'mysuru_greens' },
    },
  ],
};

const part = (overrides: Record<string, unknown>) => ({
  shipment_id: '21',
  order_id: '101',
  status: 'to_pack',
  carrier: null,
  tracking_number: null,
  self_delivery: false,
  packed_at: null,
  handed_over_at: null,
  seller: { uid: 'uid-kolar', username: 'kolar_farms' },
  order_item_ids: ['1', '2'],
  ...overrides,
});

/** The labelled values of a part ('Packed', 'Carrier', ...) as label → value. */
function fieldsOf(group: HTMLElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const label of group.querySelectorAll('p.MuiTypography-caption')) {
    fields[label.textContent ?? ''] = label.nextElementSibling?.textContent ?? '';
  }
  return fields;
}

describe("the order page's shipments", () => {
  beforeEach(() => localStorage.clear());

  it("shows each seller's part with its lines, its state, when it was packed and handed over, and its tracking", async () => {
    const { calls } = renderConsole('/orders/101/show', {
      [DETAIL]: { body: twoSellers },
      [SHIPMENTS]: {
        body: [
          part({
            status: 'handed_over',
            carrier: 'Delhivery',
            tracking_number: 'DLV-12345678',
            packed_at: '2026-11-25T06:00:00.000Z',
            handed_over_at: '2026-11-25T08:15:00.000Z',
          }),
          part({
            shipment_id: 22,
            status: 'packed',
            packed_at: '2026-11-25T07:00:00.000Z',
            seller: { uid: 'uid-mysuru', username: 'mysuru_greens' },
            order_item_ids: [3],
          }),
        ],
      },
    });
    const section = await screen.findByRole('region', { name: 'Shipments' });
    const kolar = await within(section).findByRole('group', { name: 'Part of kolar_farms' });
    expect(
      within(within(kolar).getByRole('list', { name: 'Lines of kolar_farms' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Desi Tamatar × 2', 'Nati Eggs × 1']);
    expect(within(kolar).getByText('Handed over', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(fieldsOf(kolar)).toEqual({
      Packed: '25 Nov 2026, 11:30 am IST',
      'Handed over': '25 Nov 2026, 1:45 pm IST',
      Carrier: 'Delhivery',
      'Tracking number': 'DLV-12345678',
    });

    // Ids match whether the server sends them as numbers or as text.
    const mysuru = within(section).getByRole('group', { name: 'Part of mysuru_greens' });
    expect(within(mysuru).getByRole('listitem').textContent).toBe('Mysore Pak × 3');
    expect(within(mysuru).getByText('Packed', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(fieldsOf(mysuru)).toEqual({
      Packed: '25 Nov 2026, 12:30 pm IST',
      'Handed over': '—',
      Carrier: '—',
      'Tracking number': '—',
    });
    // The server's order is kept (Mandi's own part first, then by seller).
    expect(
      within(section)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Part of kolar_farms', 'Part of mysuru_greens']);

    // Read with the order, by its route and the bearer token; the admin's buttons are the row's, as before.
    expect(calls.find((call) => call.route === 'orderShipments')).toMatchObject({
      method: 'GET',
      url: routeUrl('orderShipments', { params: { orderId: 101 } }),
      authorization: 'Bearer token-uid-admin',
    });
    for (const name of ['Confirm', 'Mark as Paid', 'Mark as Shipped', 'Mark as Delivered', 'Cancel'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('says a part the seller delivers themself, and labels a part waiting to be packed', async () => {
    renderConsole('/orders/101/show', {
      [DETAIL]: { body: twoSellers },
      [SHIPMENTS]: {
        body: [
          part({
            status: 'handed_over',
            self_delivery: true,
            packed_at: '2026-11-25T06:00:00.000Z',
            handed_over_at: '2026-11-25T06:30:00.000Z',
          }),
          part({
            shipment_id: '22',
            seller: { uid: 'uid-mysuru', username: 'mysuru_greens' },
            order_item_ids: ['3'],
          }),
        ],
      },
    });
    const kolar = await screen.findByRole('group', { name: 'Part of kolar_farms' });
    expect(fieldsOf(kolar)).toEqual({
      Packed: '25 Nov 2026, 11:30 am IST',
      'Handed over': '25 Nov 2026, 12:00 pm IST',
      Carrier: 'Delivered by the seller',
    });
    expect(within(kolar).queryByText('Tracking number')).not.toBeInTheDocument();
    const mysuru = screen.getByRole('group', { name: 'Part of mysuru_greens' });
    expect(within(mysuru).getByText('To pack', { selector: '.MuiChip-label' })).toBeInTheDocument();
  });

  it('names a cancelled part, and a line the order does not list by its id', async () => {
    renderConsole('/orders/101/show', {
      [DETAIL]: { body: twoSellers },
      [SHIPMENTS]: { body: [part({ status: 'cancelled', order_item_ids: ['1', '99'] })] },
    });
    const kolar = await screen.findByRole('group', { name: 'Part of kolar_farms' });
    expect(within(kolar).getByText('Cancelled', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(
      within(kolar)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Desi Tamatar × 2', 'Line #99']);
  });

  it('keeps the order page working when the shipments cannot be read, and reads them again on Try again', async () => {
    let answered = 0;
    const { calls } = renderConsole('/orders/101/show', {
      [DETAIL]: { body: twoSellers },
      [SHIPMENTS]: () =>
        ++answered === 1
          ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Database is busy.' } }
          : { body: [part({ status: 'packed', packed_at: '2026-11-25T06:00:00.000Z' })] },
    });
    const section = await screen.findByRole('region', { name: 'Shipments' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch the shipments: Database is busy.');
    // The rest of the page is all there, with the row's buttons.
    expect(screen.getByRole('heading', { level: 1, name: 'Order #101' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Items' })).getByText('Mysore Pak')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payments and refunds' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Invoices and credit notes' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Timeline' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toEqual([alert]);

    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('group', { name: 'Part of kolar_farms' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.route === 'orderShipments')).toHaveLength(2);
    expect(calls.filter((call) => call.route === 'adminOrderDetail')).toHaveLength(1);
  });

  it('keeps the order page working when the network fails for the shipments', async () => {
    renderConsole('/orders/101/show', { [DETAIL]: { body: twoSellers }, [SHIPMENTS]: 'down' });
    const section = await screen.findByRole('region', { name: 'Shipments' });
    expect((await within(section).findByRole('alert')).textContent).toContain('Failed to fetch the shipments');
    expect(screen.getByRole('heading', { level: 1, name: 'Order #101' })).toBeInTheDocument();
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
