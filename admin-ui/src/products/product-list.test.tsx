import { routeKey, routeUrl } from '@mandi/contracts/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderConsole } from '../test/console';
import { productsListQuery } from './products-query';

const product = (id: number, overrides: Record<string, unknown> = {}) => ({
  id: String(id),
  name: `Desi Tamatar ${id}`,
  thumbnail: null,
  seller: { id: '7', username: 'kolar_farms', status: 'active' },
  category: 'fresh_produce',
  price: 40,
  stock: null,
  valid_until: '2030-01-01T04:30:00.000Z',
  created_at: '2026-11-25T04:00:00.000Z',
  status: 'listed',
  unlisted_reason: null,
  unlisted_at: null,
  ...overrides,
});
const LIST = routeKey('adminProducts', { query: { sort: 'newest', order: 'desc', page: 1, perPage: 25 } });
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('the Products tab', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('lists the fields of a product: seller, price in rupees, stock, validity, status and the unlisting reason', async () => {
    renderConsole('/products', {
      [LIST]: {
        body: [
          product(1, { stock: 0 }),
          product(2, {
            stock: 3,
            status: 'unlisted',
            unlisted_reason: 'Photos of another product.',
            unlisted_at: '2026-11-26T04:30:00.000Z',
          }),
          product(3, { status: 'seller_suspended', seller: { id: '9', username: 'gone_farmer', status: 'suspended' } }),
        ],
        headers: { 'X-Total-Count': '3' },
      },
    });
    const first = await rowOf('Desi Tamatar 1');
    for (const text of ['kolar_farms', '₹40.00', 'Sold out', 'Listed'])
      expect(within(first).getByText(text)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Unlist' })).toBeEnabled();
    const second = await rowOf('Desi Tamatar 2');
    for (const text of ['3 · low', 'Unlisted', 'Photos of another product.', 'Unlisted 26 Nov 2026, 10:00 am IST']) {
      expect(within(second).getByText(text)).toBeInTheDocument();
    }
    expect(within(second).getByRole('button', { name: 'Relist' })).toBeEnabled();
    const third = await rowOf('Desi Tamatar 3');
    expect(within(third).getByText('Seller suspended')).toBeInTheDocument();
    expect(within(third).getByText('#9 · suspended')).toBeInTheDocument();
    expect(screen.getByText('1-3 of 3')).toBeInTheDocument();
  });

  it('asks for a reason before unlisting, sends it trimmed, and shows the server message', async () => {
    let status = 'listed';
    const { calls } = renderConsole('/products', {
      [LIST]: () => ({ body: [product(4, { status })], headers: { 'X-Total-Count': '1' } }),
      [routeKey('unlistProduct', { params: { id: 4 } })]: () => {
        status = 'unlisted';
        return {
          body: {
            message: 'Product unlisted. The seller is told by mail with your reason.',
            product: product(4, { status }),
          },
        };
      },
      [routeKey('relistProduct', { params: { id: 4 } })]: () => {
        status = 'listed';
        return { body: { message: 'Product listed again.', product: product(4) } };
      },
    });
    fireEvent.click(within(await rowOf('Desi Tamatar 4')).getByRole('button', { name: 'Unlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlist Desi Tamatar 4?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlist product' }));
    expect(await within(dialog).findByText('Give a reason for unlisting: the seller is told it.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: '  Not farm produce.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlist product' }));
    expect(
      await screen.findByText('Product unlisted. The seller is told by mail with your reason.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { reason: 'Not farm produce.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(await within(await rowOf('Desi Tamatar 4')).findByRole('button', { name: 'Relist' }));
    expect(await screen.findByText('Product listed again.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual([
      routeUrl('unlistProduct', { params: { id: 4 } }),
      routeUrl('relistProduct', { params: { id: 4 } }),
    ]);
  });

  it("shows the server's 409, or our text when there is none", async () => {
    renderConsole('/products', {
      [LIST]: {
        body: [
          product(5, { status: 'unlisted', unlisted_reason: 'x' }),
          product(6, { status: 'unlisted', unlisted_reason: 'y' }),
        ],
      },
      [routeKey('relistProduct', { params: { id: 5 } })]: {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'This product is already listed. Reload the list.' },
      },
      [routeKey('relistProduct', { params: { id: 6 } })]: 'down',
    });
    fireEvent.click(within(await rowOf('Desi Tamatar 5')).getByRole('button', { name: 'Relist' }));
    expect(await screen.findByText('This product is already listed. Reload the list.')).toBeInTheDocument();
    fireEvent.click(within(await rowOf('Desi Tamatar 6')).getByRole('button', { name: 'Relist' }));
    expect(await screen.findByText('Error listing product')).toBeInTheDocument();
  });

  it('searches on the server', async () => {
    const { calls } = renderConsole('/products', {
      [LIST]: { body: [product(7)] },
      [routeKey('adminProducts', { query: { search: 'aam', sort: 'newest', order: 'desc', page: 1, perPage: 25 } })]: {
        body: [product(8, { name: 'Aam' })],
      },
    });
    await rowOf('Desi Tamatar 7');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search products' }), { target: { value: 'aam' } });
    expect(await screen.findByText('Aam')).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('search=aam'))).toBe(true);
  });

  it("shows 'Failed to fetch products' when the list cannot be read", async () => {
    renderConsole('/products', { [LIST]: 'down' });
    expect(await screen.findByText('Failed to fetch products', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('productsListQuery', () => {
  it("maps react-admin's search, filters, sort and page to the API's parameters", () => {
    expect(
      productsListQuery(
        {
          q: ' mango ',
          seller: 'kolar',
          category: 'fresh_fruits',
          minPrice: 10,
          maxPrice: '',
          stock: 'low',
          validity: 'live',
          status: 'unlisted',
        },
        { field: 'price', order: 'ASC' },
        { page: 2, perPage: 50 },
      ),
    ).toEqual({
      search: 'mango',
      seller: 'kolar',
      category: 'fresh_fruits',
      minPrice: '10',
      stock: 'low',
      validity: 'live',
      status: 'unlisted',
      sort: 'price',
      order: 'asc',
      page: 2,
      perPage: 50,
    });
    expect(productsListQuery({}, { field: 'seller', order: 'DESC' })).toEqual({});
  });
});
