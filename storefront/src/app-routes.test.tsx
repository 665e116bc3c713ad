import { routeKey } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from './test/render-app';

const HOUR = 3_600_000;

describe('storefront routes', () => {
  it('renders the terms page with the payment, cancellation and refund rules', async () => {
    stubApi({});
    renderApp('/terms-and-conditions');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByText(/never sees or stores your card details/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '6. Cancellation' })).toBeInTheDocument();
    expect(screen.getByText('5–7 business days')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Terms and Conditions | Mandi'));
  });

  it('shows the designed 404 for an unknown path', async () => {
    stubApi({});
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'This page has gone to seed' })).toBeInTheDocument();
  });

  it('lists products from a page answer, with seller, times, badge, cut description and rupee price', async () => {
    const now = Date.now();
    stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: {
        body: {
          items: [
            {
              id: 11,
              uid: 'seller-1',
              name: 'Alphonso Mango',
              price: 1234.5,
              description: 'Hand-picked Ratnagiri Alphonso mangoes, naturally ripened in hay.',
              createdAt: new Date(now - 2 * HOUR).toISOString(),
              validUntil: new Date(now + 3 * 24 * HOUR + HOUR).toISOString(),
              images: '[]',
              official_brand: 1,
              seller: { username: 'ratnagiri_farms', profileImage: null },
            },
          ],
          nextCursor: null,
        },
      },
    });
    renderApp('/');

    const card = (await screen.findByRole('link', { name: 'Alphonso Mango' })).closest('article')!;
    expect(within(card).getByRole('link', { name: 'ratnagiri_farms, posted 2 h' })).toHaveAttribute(
      'href',
      '/seller/seller-1',
    );
    expect(within(card).getByText('2 h')).toBeInTheDocument();
    expect(within(card).getByText('Expires in 3 days')).toBeInTheDocument();
    expect(within(card).getByText('No Image')).toBeInTheDocument();
    expect(within(card).getByText('Original')).toBeInTheDocument();
    expect(within(card).getByText('Hand-picked Ratnagiri Alphonso mangoes, ...')).toBeInTheDocument();
    expect(within(card).getByText('₹1,234.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alphonso Mango' })).toHaveAttribute('href', '/product/11');
  });

  it('asks a visitor to sign in before adding to the cart', async () => {
    stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: {
        body: [{ id: 5, uid: 's', name: 'Okra', price: 40 }],
      },
    });
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Okra to cart' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign In Required' });
    expect(dialog).toHaveTextContent('Please sign in to add items to your cart.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(router.state.location.pathname).toBe('/signin');
  });

  it("shows 'No results found.' for an empty list", async () => {
    stubApi({ [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: { body: [] } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No results found.' })).toBeInTheDocument();
  });

  it('shows a designed error state when the listing fails', async () => {
    stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'Down' },
      },
    });
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load products");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
