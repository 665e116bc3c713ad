import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_LISTING_ID } from '@mandi/domain';
import { renderApp, stubApi } from '../test/render-app';

const item = (id: number, price = 10 + id) => ({ id, uid: `seller-${id}`, name: `Product ${id}`, price, images: [] });

/** The desktop side panel (jsdom applies no CSS, so the phone's chips are in the document too). */
const panel = () => screen.getByRole('complementary', { name: 'Filters' });
/** The phone's chips of one group. */
const chips = (group: string) => screen.getAllByRole('group', { name: group })[0]!;

describe('browsing the home listing (issue 16)', () => {
  it("asks the server for the URL's category, price, stock, freshness and sort, and marks them chosen", async () => {
    const { calls } = stubApi({
      [routeKey('listProducts', {
        query: {
          page: 1,
          limit: 24,
          filter: 'All',
          category: 'spices',
          minPrice: 100,
          maxPrice: 250,
          inStock: 1,
          fresh: 1,
          sort: 'price_asc',
        },
      })]: {
        body: [item(1, 120), item(2, 180)],
      },
    });
    renderApp('/?sort=price_asc&fresh=1&inStock=1&maxPrice=250&minPrice=100&category=spices');

    expect(await screen.findByRole('link', { name: 'Product 2' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      routeUrl('listProducts', {
        query: {
          page: 1,
          limit: 24,
          filter: 'All',
          category: 'spices',
          minPrice: 100,
          maxPrice: 250,
          inStock: 1,
          fresh: 1,
          sort: 'price_asc',
        },
      }),
    ]);
    // The listing is named after its category, and the welcome banner makes way for the cards.
    expect(screen.getByRole('heading', { level: 2, name: 'Spices' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Fresh produce, fair prices/ })).not.toBeInTheDocument();

    const chosen = within(panel())
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'true')
      .map((link) => link.textContent);
    expect(chosen).toEqual(['Price: low to high', 'In stock only', 'Fresh only', '₹100 – ₹250', 'Spices']);
    expect(within(chips('Category')).getByRole('link', { name: 'Spices' })).toHaveAttribute('aria-current', 'true');
  });

  it('links every choice to the page with it, keeping the search and the Original filter', async () => {
    stubApi({
      [routeKey('listProducts', {
        query: { page: 1, limit: 24, search: 'aloo', filter: 'Original', category: 'fresh_produce' },
      })]: { body: [item(1)] },
    });
    renderApp('/?search=aloo&filter=Original&category=fresh_produce');
    await screen.findByRole('link', { name: 'Product 1' });

    const options = within(panel());
    expect(options.getByRole('link', { name: 'Fresh fruits' })).toHaveAttribute(
      'href',
      '/?search=aloo&filter=Original&category=fresh_fruits',
    );
    expect(options.getByRole('link', { name: 'All categories' })).toHaveAttribute(
      'href',
      '/?search=aloo&filter=Original',
    );
    expect(options.getByRole('link', { name: '₹500 and above' })).toHaveAttribute(
      'href',
      '/?search=aloo&filter=Original&category=fresh_produce&minPrice=500',
    );
    // With a search the matches come best first unless a sort is chosen.
    expect(options.getByRole('link', { name: 'Best match' })).toHaveAttribute('aria-current', 'true');
    expect(options.getByRole('link', { name: 'Newest first' })).toHaveAttribute(
      'href',
      '/?search=aloo&filter=Original&category=fresh_produce&sort=newest',
    );
    expect(options.getByRole('link', { name: 'Clear all' })).toHaveAttribute('href', '/?search=aloo&filter=Original');
    // A chosen chip takes its filter off again.
    expect(within(chips('Category')).getByRole('link', { name: 'Fresh vegetables' })).toHaveAttribute(
      'href',
      '/?search=aloo&filter=Original',
    );
  });

  it('follows a chip: the new listing is asked for, and Clear all goes back to every product', async () => {
    const { calls } = stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All' } })]: { body: [item(1), item(2)] },
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All', inStock: 1 } })]: { body: [item(2)] },
    });
    renderApp('/');
    await screen.findByRole('link', { name: 'Product 1' });
    expect(screen.queryByRole('link', { name: 'Clear all' })).not.toBeInTheDocument();

    await userEvent.click(within(chips('Availability')).getByRole('link', { name: 'In stock only' }));
    expect(await within(panel()).findByRole('link', { name: 'Clear all' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product 2' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain(
      routeUrl('listProducts', { query: { page: 1, limit: 24, filter: 'All', inStock: 1 } }),
    );

    await userEvent.click(within(panel()).getByRole('link', { name: 'Clear all' }));
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument();
  });

  it("sorts and narrows the price from the phone's pickers", async () => {
    const { calls } = stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All', category: 'honey' } })]: {
        body: [item(1)],
      },
      [routeKey('listProducts', {
        query: { page: 1, limit: 24, filter: 'All', category: 'honey', sort: 'price_asc' },
      })]: { body: [item(2)] },
      [routeKey('listProducts', {
        query: {
          page: 1,
          limit: 24,
          filter: 'All',
          category: 'honey',
          minPrice: 250,
          maxPrice: 500,
          sort: 'price_asc',
        },
      })]: {
        body: [item(3)],
      },
    });
    renderApp('/?category=honey');
    await screen.findByRole('link', { name: 'Product 1' });

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest', 'Lowest price', 'Highest price']);
    await userEvent.selectOptions(sort, 'Lowest price');
    expect(await screen.findByRole('link', { name: 'Product 2' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Price' }), '₹250–500');
    expect(await screen.findByRole('link', { name: 'Product 3' })).toBeInTheDocument();
    expect(calls.map((call) => call.url).at(-1)).toBe(
      routeUrl('listProducts', {
        query: {
          page: 1,
          limit: 24,
          filter: 'All',
          category: 'honey',
          minPrice: 250,
          maxPrice: 500,
          sort: 'price_asc',
        },
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Price' })).toHaveDisplayValue('₹250–500');
  });

  it("says nothing matches and offers 'Clear filters' when the filters leave no product", async () => {
    stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All', category: 'honey', maxPrice: 100 } })]: {
        body: [],
      },
    });
    renderApp('/?category=honey&maxPrice=100');

    expect(await screen.findByRole('heading', { name: 'No results found.' })).toBeInTheDocument();
    expect(
      screen.getByText('Nothing matches these filters. Try fewer filters or another price range.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/');
  });

  it('ignores values that are not ours instead of breaking the page', async () => {
    const { calls } = stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All', sort: 'price_desc' } })]: {
        body: [item(1)],
      },
    });
    renderApp('/?category=veg&minPrice=cheap&inStock=yes&sort=price_desc');

    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      routeUrl('listProducts', { query: { page: 1, limit: 24, filter: 'All', sort: 'price_desc' } }),
    ]);
  });

  it("shows the filtered first page the server sent with the HTML, and never another listing's", async () => {
    const embed = (listing: string | null, products: unknown[]) => {
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = EMBEDDED_LISTING_ID;
      if (listing !== null) block.dataset.listing = listing;
      block.textContent = JSON.stringify(products);
      document.head.append(block);
    };
    embed('category=honey&sort=price_asc', [item(7)]);
    const first = stubApi({});
    const { unmount } = renderApp('/?sort=price_asc&category=honey');
    expect(await screen.findByRole('link', { name: 'Product 7' })).toBeInTheDocument();
    expect(first.calls.filter((call) => call.route === 'listProducts')).toHaveLength(0);
    unmount();

    // The plain page's block (no listing named) is not taken for a filtered URL.
    embed(null, [item(8)]);
    const second = stubApi({
      [routeKey('listProducts', { query: { page: 1, limit: 24, filter: 'All', fresh: 1 } })]: { body: [item(9)] },
    });
    renderApp('/?fresh=1');
    expect(await screen.findByRole('link', { name: 'Product 9' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product 8' })).not.toBeInTheDocument();
    expect(second.calls.map((call) => call.url)).toContain(
      routeUrl('listProducts', { query: { page: 1, limit: 24, filter: 'All', fresh: 1 } }),
    );
    expect(document.getElementById(EMBEDDED_LISTING_ID)).toBeNull();
  });
});
