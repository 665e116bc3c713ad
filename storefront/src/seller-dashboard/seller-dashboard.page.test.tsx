import { routeKey, routeUrl } from '@mandi/contracts/client';
import type { AttentionProduct, SellerDashboard, SellerOrder, SellerOrderPage } from '@mandi/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer as signedIn, buyerAnswers } from '../test/checkout-fixtures';
import { shipment } from '../test/shipment-fixtures';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

type Answers = Parameters<typeof stubApi>[0];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ORDERS = routeUrl('sellerOrders', { params: { uid: 'uid-me' } });

const figure = (amount: number, orders: number, packs: number) => ({ amount, orders, packs });

function product(id: number, name: string, change: Partial<AttentionProduct> = {}): AttentionProduct {
  return {
    product_id: String(id),
    name,
    image: null,
    price: 40,
    stock: 5,
    valid_until: new Date(Date.now() + 30 * DAY).toISOString(),
    sold_out: false,
    expiring: false,
    expired: false,
    ...change,
  };
}

const methi = product(11, 'Methi', {
  valid_until: new Date(Date.now() + 10 * HOUR + 60_000).toISOString(),
  expiring: true,
  stock: 8,
});
const aam = product(12, 'Alphonso Aam', { stock: 0, sold_out: true, image: '/files/aam.thumb.webp' });

const dashboard = (change: Partial<SellerDashboard> = {}): SellerDashboard => ({
  seller: { uid: 'uid-me', username: 'ravi_farms' },
  sales: { today: figure(231, 2, 7), last_7_days: figure(301.5, 4, 9), last_30_days: figure(12_345.5, 15, 60) },
  counted_statuses: ['pending', 'confirmed', 'shipped', 'delivered'],
  products: [methi, aam],
  ...change,
});

function order(id: number, change: Partial<SellerOrder> = {}): SellerOrder {
  return {
    order_id: String(id),
    created_at: '2026-03-04T19:30:00.000Z',
    status: 'pending',
    district: 'Nashik',
    pincode: '422001',
    buyer: null,
    lines: [
      {
        order_item_id: `${id}1`,
        product_id: '7',
        name: 'Desi Tamatar',
        image: '/files/tamatar.webp',
        quantity: 2,
        price: 40.5,
        amount: 81,
      },
      {
        order_item_id: `${id}2`,
        product_id: '8',
        name: 'Nashik Pyaaz',
        image: null,
        quantity: 3,
        price: 30,
        amount: 90,
      },
    ],
    amount: 171,
    packs: 5,
    window_closes_at: '2026-03-05T03:30:00.000Z',
    window_left_ms: 7 * HOUR + 5 * 60_000,
    shipment: shipment(`7${id}`, id),
    ...change,
  };
}

const confirmed = order(1041, {
  status: 'confirmed',
  buyer: {
    name: 'Meera Iyer',
    mobile: '9123456780',
    flat_house_building: 'Flat 4, Shanti Apartments',
    area: 'College Road',
    landmark: 'Near the bus stand',
    taluk: 'Nashik',
    district: 'Nashik',
    state: 'Maharashtra',
    pincode: '422001',
  },
  lines: [
    { order_item_id: '9', product_id: '7', name: 'Desi Tamatar', image: null, quantity: 1, price: 40.5, amount: 40.5 },
  ],
  amount: 40.5,
  packs: 1,
  window_left_ms: 0,
});

const page = (orders: SellerOrder[], change: Partial<SellerOrderPage> = {}): SellerOrderPage => ({
  orders,
  total: orders.length,
  page: 1,
  per_page: 20,
  ...change,
});

function openDashboard(answers: Answers, path = '/seller-dashboard', identity = signedIn()) {
  const api = stubApi({
    ...buyerAnswers,
    [routeKey('sellerDashboard', { params: { uid: 'uid-me' } })]: { body: dashboard() },
    [`GET ${ORDERS}?status=all&period=all&page=1`]: { body: page([order(1042), confirmed]) },
    ...answers,
  });
  return { ...api, ...renderApp(path, { identity }) };
}

describe('Seller Dashboard', () => {
  it('shows the sales, the products that need attention and the orders with only the seller’s lines', async () => {
    const { calls } = openDashboard({});

    expect(await screen.findByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeInTheDocument();
    const sales = await screen.findByRole('region', { name: 'Your sales' });
    const figures = within(sales)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(figures).toEqual([
      'Today₹231.002 orders · 7 packs',
      'Last 7 days₹301.504 orders · 9 packs',
      'Last 30 days₹12,345.5015 orders · 60 packs',
    ]);
    expect(sales).toHaveTextContent('in orders that are pending, confirmed, shipped or delivered');

    const attention = screen.getByRole('region', { name: /Needs attention/ });
    const [first, second] = within(attention).getAllByRole('listitem');
    expect(first).toHaveTextContent('Methi');
    expect(first).toHaveTextContent('Expires in 10 hrs');
    expect(first).toHaveTextContent('8 packs left');
    expect(within(first!).getByRole('button', { name: 'Extend 7 days' })).toBeEnabled();
    expect(within(first!).queryByRole('button', { name: 'Restock' })).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Sold out');
    expect(within(second!).getByRole('button', { name: 'Restock' })).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Extend 7 days' })).not.toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Orders with your products' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['Order #1042', 'Order #1041']);
    const pending = screen.getByRole('article', { name: 'Order #1042' });
    // 19:30 UTC is already 5 March in India.
    expect(pending).toHaveTextContent('5 Mar 2026');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('7h 05m left');
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Desi Tamatar× 2₹81.00', 'Nashik Pyaaz× 3₹90.00']);
    expect(pending).toHaveTextContent('Nashik · 422001');
    expect(pending).toHaveTextContent('Buyer details appear once the order is confirmed.');
    expect(pending).toHaveTextContent('5 packs₹171.00');

    const shown = screen.getByRole('article', { name: 'Order #1041' });
    expect(shown).toHaveTextContent('Meera Iyer');
    expect(within(shown).getByRole('link', { name: '9123456780' })).toHaveAttribute('href', 'tel:+919123456780');
    expect(shown).toHaveTextContent(
      'Flat 4, Shanti Apartments, College Road, Near the bus stand, Nashik, Nashik, Maharashtra 422001',
    );
    expect(shown).toHaveTextContent('Window closed');

    const call = calls.find((entry) => entry.url === routeUrl('sellerDashboard', { params: { uid: 'uid-me' } }));
    expect(new Headers(call!.init!.headers).get('Authorization')).toBe('Bearer token-of-uid-me');
  });

  it('filters the orders by period and status through the URL, and pages them', async () => {
    const { calls, router } = openDashboard({
      [`GET ${ORDERS}?status=all&period=7d&page=1`]: { body: page([order(1042)], { total: 45 }) },
      [`GET ${ORDERS}?status=all&period=7d&page=2`]: { body: page([confirmed], { total: 45, page: 2 }) },
      [`GET ${ORDERS}?status=shipped&period=7d&page=1`]: { body: page([]) },
    });
    await screen.findByRole('list', { name: 'Orders with your products' });

    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=7d');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Order #1041' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=7d&page=2');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Shipped');
    expect(await screen.findByRole('heading', { name: 'No orders match these filters.' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=shipped&period=7d');
    expect(calls.some((entry) => entry.url === `${ORDERS}?status=shipped&period=7d&page=1`)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Show all orders' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('article', { name: 'Order #1042' })).toBeInTheDocument();
  });

  it('extends a product’s validity in one click and reads the dashboard again', async () => {
    let extended = false;
    const { calls } = openDashboard({
      [routeKey('sellerDashboard', { params: { uid: 'uid-me' } })]: () => ({
        body: dashboard({ products: extended ? [aam] : [methi, aam] }),
      }),
      [routeKey('extendProductValidity', { params: { uid: 'uid-me', productId: 11 } })]: () => {
        extended = true;
        return { body: { message: 'Validity extended by 7 days.', product: { ...methi, expiring: false } } };
      },
    });
    const attention = await screen.findByRole('region', { name: /Needs attention/ });
    await userEvent.click(within(attention).getByRole('button', { name: 'Extend 7 days' }));

    expect(await within(attention).findByRole('status')).toHaveTextContent('Methi: Validity extended by 7 days.');
    await waitFor(() => expect(within(attention).queryByText('Methi')).not.toBeInTheDocument());
    const post = calls.find((entry) => entry.method === 'POST' && entry.url.endsWith('/extend-validity'));
    expect(new Headers(post!.init!.headers).get('Authorization')).toBe('Bearer token-of-uid-me');
  });

  it('restocks a sold-out product with the packs typed, refusing a number out of range', async () => {
    const { calls } = openDashboard({
      [routeKey('restockProduct', { params: { uid: 'uid-me', productId: 12 } })]: {
        body: { message: 'Stock updated.', product: { ...aam, stock: 12, sold_out: false } },
      },
    });
    const packs = await screen.findByRole('spinbutton', { name: 'Packs of Alphonso Aam you now have' });

    await userEvent.type(packs, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Restock' }));
    expect(screen.getByText('Enter the packs you have, a whole number from 1 to 1,00,000.')).toBeInTheDocument();
    expect(packs).toHaveAttribute('aria-invalid', 'true');
    const restocks = () => calls.filter((entry) => entry.method === 'PUT' && entry.url.endsWith('/stock'));
    expect(restocks()).toHaveLength(0);

    await userEvent.clear(packs);
    await userEvent.type(packs, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Restock' }));
    expect(await screen.findByText('Alphonso Aam: Stock updated.')).toBeInTheDocument();
    expect(JSON.parse(String(restocks()[0]!.init!.body))).toEqual({ stock: 12 });
  });

  it('shows the server’s refusal of an action in a popup', async () => {
    openDashboard({
      [routeKey('extendProductValidity', { params: { uid: 'uid-me', productId: 11 } })]: {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'You have edited many products in the last hour. Please try again later.',
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Extend 7 days' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('You have edited many products');
  });

  it('shows the first four products that need attention, and the rest on asking', async () => {
    const many = ['Methi', 'Palak', 'Bhindi', 'Lauki', 'Tinda', 'Karela'].map((name, index) =>
      product(20 + index, name, {
        expiring: true,
        valid_until: new Date(Date.now() + (index + 1) * HOUR).toISOString(),
      }),
    );
    openDashboard({
      [routeKey('sellerDashboard', { params: { uid: 'uid-me' } })]: { body: dashboard({ products: many }) },
    });
    const attention = await screen.findByRole('region', { name: /Needs attention/ });
    const names = () =>
      within(attention)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(names()).toEqual(['Methi', 'Palak', 'Bhindi', 'Lauki']);
    await userEvent.click(within(attention).getByRole('button', { name: 'Show all 6' }));
    expect(names()).toEqual(['Methi', 'Palak', 'Bhindi', 'Lauki', 'Tinda', 'Karela']);
    expect(within(attention).getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says when nothing needs attention and there are no orders yet', async () => {
    openDashboard({
      [routeKey('sellerDashboard', { params: { uid: 'uid-me' } })]: { body: dashboard({ products: [] }) },
      [`GET ${ORDERS}?status=all&period=all&page=1`]: { body: page([]) },
    });
    expect(await screen.findByText(/Nothing needs your attention/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });

  it('shows an admin any seller’s dashboard by uid', async () => {
    const admin = fakeIdentity(identityUser('uid-admin', 'admin@mandi.test'));
    openDashboard(
      {
        [routeKey('getUserId')]: { body: { userId: 1, role: 'admin' } },
        [routeKey('sellerDashboard', { params: { uid: 'uid-ravi' } })]: {
          body: dashboard({ seller: { uid: 'uid-ravi', username: 'ravi_farms' } }),
        },
        [routeKey('sellerOrders', { params: { uid: 'uid-ravi' }, query: { status: 'all', period: 'all', page: 1 } })]: {
          body: page([order(5)]),
        },
      },
      '/seller-dashboard/uid-ravi',
      admin,
    );
    expect(await screen.findByRole('note')).toHaveTextContent('Viewing the dashboard of ravi_farms');
    expect(await screen.findByRole('article', { name: 'Order #5' })).toBeInTheDocument();
  });

  it('answers a seller who opens another seller’s dashboard with a way to their own', async () => {
    openDashboard(
      {
        [routeKey('sellerDashboard', { params: { uid: 'uid-ravi' } })]: {
          status: 403,
          body: { statusCode: 403, error: 'Forbidden', message: 'You can only access your own account.' },
        },
      },
      '/seller-dashboard/uid-ravi',
    );
    expect(await screen.findByRole('heading', { name: 'This dashboard is not yours' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my dashboard' })).toHaveAttribute('href', '/seller-dashboard');
  });

  it('asks a visitor to sign in', async () => {
    stubApi({});
    renderApp('/seller-dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign In Required' })).toBeInTheDocument();
    expect(screen.getByText('Please sign in to see your seller dashboard.')).toBeInTheDocument();
  });
});
