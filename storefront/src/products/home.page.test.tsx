import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMBEDDED_LISTING_ID } from '@mandi/domain';
import { renderApp, stubApi } from '../test/render-app';

const item = (id: number) => ({ id, uid: `seller-${id}`, name: `Product ${id}`, price: 10 + id, images: [] });
const page = (from: number, count: number) => Array.from({ length: count }, (_, index) => item(from + index));

describe('home listing', () => {
  it('shows the first page the API sent with the HTML, once, without asking for it again', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = EMBEDDED_LISTING_ID;
    block.textContent = JSON.stringify(page(1, 24));
    document.head.append(block);
    const { calls } = stubApi({
      [routeKey('listProducts', { query: { page: 2, limit: 24, filter: 'All' } })]: { body: page(25, 2) },
    });
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Product 24' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith(routeUrl('listProducts', { query: { page: 1 } })))).toHaveLength(
      0,
    );
    // Taken once: the block is gone, so a later visit asks the API.
    expect(document.getElementById(EMBEDDED_LISTING_ID)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Product 26' })).toBeInTheDocument();
  });

  it("asks the server for the URL's search and filter and shows 'No results found.'", async () => {
    const { calls } = stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, search: 'red rice', filter: 'Original' } })]: {
        body: [],
      },
    });
    renderApp('/?search=%20red%20rice%20&filter=Original');

    expect(await screen.findByRole('heading', { name: 'No results found.' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain(
      routeUrl('listProducts', { query: { page: 1, limit: 24, search: 'red rice', filter: 'Original' } }),
    );
    expect(screen.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/');
  });

  it("loads the next page with 'Load more' and stops after a short page", async () => {
    const { calls } = stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: { body: page(1, 24) },
      [routeKey('listProducts', { query: { page: 2, limit: 24, filter: 'All' } })]: { body: page(25, 3) },
    });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Product 24' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Product 27' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(27);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.route === 'listProducts')).toHaveLength(2);
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    let reportVisible: (() => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          reportVisible = () => callback([{ isIntersecting: true }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: { body: page(1, 24) },
      [routeKey('listProducts', { query: { page: 2, limit: 24, filter: 'All' } })]: { body: page(25, 1) },
    });
    renderApp('/');
    await screen.findByRole('link', { name: 'Product 24' });
    await waitFor(() => expect(reportVisible).toBeDefined());
    reportVisible!();

    expect(await screen.findByRole('link', { name: 'Product 25' })).toBeInTheDocument();
  });

  it('keeps the loaded cards when a further page fails, and offers to try again', async () => {
    stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: { body: page(1, 24) },
      [routeKey('listProducts', { query: { page: 2, limit: 24, filter: 'All' } })]: {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: 'Down' },
      },
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('More products could not be loaded.');
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('loads the first row of pictures eagerly and the rest lazily', async () => {
    stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: {
        body: page(1, 6).map((product) => ({ ...product, cardImage: `/files/products/${product.id}/card.webp` })),
      },
    });
    renderApp('/');
    await screen.findByRole('link', { name: 'Product 6' });
    const pictures = screen.getAllByRole('article').map((card) => within(card).getAllByRole('presentation').at(-1)!);
    expect(pictures.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });
});
