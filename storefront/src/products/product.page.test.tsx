import { routeKey, routeUrl } from '@mandi/contracts/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, identityUser, renderApp, stubApi } from '../test/render-app';

const DAY = 86_400_000;
const indiaText = (date: Date) =>
  new Date(date.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

const official = {
  id: 7,
  uid: 'admin-uid',
  name: 'Mandi Cold-Pressed Groundnut Oil',
  price: 349,
  originalPrice: 420,
  description: 'Wood-pressed groundnut oil from Saurashtra.',
  validUntil: indiaText(new Date(Date.now() + 20 * DAY + 3_600_000)),
  createdAt: new Date().toISOString(),
  images: ['/files/products/7/a.jpg', '/files/products/7/b.jpg', '/files/products/7/c.jpg'],
  thumbnails: ['/files/products/7/a-160.webp', '/files/products/7/b-160.webp', '/files/products/7/c-160.webp'],
  cardImage: '/files/products/7/a-480.webp',
  sellerPhone: '9876543210',
  sellerEmail: null,
  weight: 1000,
  length: 10,
  width: 10,
  height: 25,
  official_brand: 1,
  seller: { username: 'mandi_official', profileImage: '/files/profiles/admin.jpg', city: 'Rajkot' },
};

const structuredData = () => {
  const script = document.head.querySelector('script[type="application/ld+json"]');
  return script ? (JSON.parse(script.textContent!) as Record<string, any>) : null;
};

describe('product page', () => {
  it("shows 'Loading...' and then the product: price with 2 decimals, struck original price, details and seller", async () => {
    let answer!: (value: { body: unknown }) => void;
    stubApi({ [routeKey('productById', { params: { id: 7 } })]: new Promise((resolve) => (answer = resolve)) });
    renderApp('/product/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Loading...' })).toBeInTheDocument();
    answer({ body: official });

    expect(await screen.findByRole('heading', { level: 1, name: official.name })).toBeInTheDocument();
    expect(screen.getByText('₹349.00')).toBeInTheDocument();
    expect(screen.getByText('₹420.00').closest('s')).not.toBeNull();
    expect(screen.getByText('Valid Until')).toBeInTheDocument();
    expect(screen.getByText('Expires in 20 days')).toBeInTheDocument();
    expect(screen.getByText('1 kg')).toBeInTheDocument();
    expect(screen.getByText('10 × 10 × 25 cm')).toBeInTheDocument();
    const seller = screen.getByRole('link', { name: /mandi_official/ });
    expect(seller).toHaveAttribute('href', '/seller/admin-uid');
    expect(seller).toHaveTextContent('Rajkot');
    expect(screen.getByText('Original', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText(/not returnable or refundable once delivered/)).toHaveTextContent(
      /cancelled within 8 hours/,
    );
  });

  it('goes to /product-checkout/{id} with Buy Now', async () => {
    stubApi({ [routeKey('productById', { params: { id: 7 } })]: { body: official } });
    const { router } = renderApp('/product/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(router.state.location.pathname).toBe('/product-checkout/7');
  });

  it("offers no Buy Now, badge or note for a seller's product, and reads 'N/A' without a validity date", async () => {
    stubApi({
      [routeKey('productById', { params: { id: 8 } })]: {
        body: { ...official, id: 8, official_brand: 0, validUntil: null, originalPrice: null, images: [] },
      },
    });
    renderApp('/product/8');
    await screen.findByRole('heading', { level: 1, name: official.name });

    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.queryByText('Original', { selector: 'span' })).not.toBeInTheDocument();
    expect(screen.queryByText(/not returnable/)).not.toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('No Image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
  });

  it("shows 'Failed to load product' when the call fails", async () => {
    stubApi({
      [routeKey('productById', { params: { id: 9 } })]: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Product not found.' },
      },
    });
    renderApp('/product/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to load product' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Product not found.');
  });

  it('sets the title, meta description and Product structured data (INR, InStock while valid)', async () => {
    stubApi({ [routeKey('productById', { params: { id: 7 } })]: { body: official } });
    const { unmount } = renderApp('/product/7');
    await screen.findByRole('heading', { level: 1, name: official.name });

    await waitFor(() => expect(document.title).toBe(`${official.name} | Mandi`));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringContaining(`${official.name} for ₹349.00 on Mandi.`),
    );
    const data = structuredData()!;
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(official.name);
    expect(data.image).toEqual(official.images.map((url) => `http://localhost:3000${url}`));
    expect(data.offers).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'INR',
      price: '349.00',
      availability: 'https://schema.org/InStock',
    });

    unmount();
    expect(structuredData()).toBeNull();
  });

  it('marks an expired product OutOfStock', async () => {
    stubApi({
      [routeKey('productById', { params: { id: 7 } })]: {
        body: { ...official, validUntil: indiaText(new Date(Date.now() - DAY)) },
      },
    });
    renderApp('/product/7');
    await screen.findByRole('heading', { level: 1, name: official.name });
    await waitFor(() => expect(structuredData()?.offers.availability).toBe('https://schema.org/OutOfStock'));
  });

  it("says 'Only 2 left' and still offers Add to Cart and Buy Now", async () => {
    stubApi({ [routeKey('productById', { params: { id: 7 } })]: { body: { ...official, stock: 2 } } });
    renderApp('/product/7');
    expect(await screen.findByText('Only 2 left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it("replaces Add to Cart and Buy Now with a disabled 'Sold out', and marks it OutOfStock", async () => {
    stubApi({ [routeKey('productById', { params: { id: 7 } })]: { body: { ...official, stock: 0 } } });
    const { router } = renderApp('/product/7');
    await screen.findByRole('heading', { level: 1, name: official.name });

    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    const soldOut = screen.getByRole('button', { name: 'Sold out' });
    expect(soldOut).toBeDisabled();
    expect(soldOut).toHaveAccessibleDescription('This product is sold out, so it cannot be bought right now.');
    await userEvent.click(soldOut);
    expect(router.state.location.pathname).toBe('/product/7');
    await waitFor(() => expect(structuredData()?.offers.availability).toBe('https://schema.org/OutOfStock'));
  });

  it("says 'Sold Out' when the last pack went while the page was open, and reads the product again", async () => {
    let stock = 1;
    const { calls } = stubApi({
      [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } },
      [routeKey('productById', { params: { id: 8 } })]: () => ({
        body: { ...official, id: 8, official_brand: 0, stock },
      }),
      [routeKey('addToCart')]: () => {
        stock = 0;
        return { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This product is sold out.' } };
      },
    });
    renderApp('/product/8', { identity: fakeIdentity(identityUser('uid-me', 'me@mandi.test')) });
    expect(await screen.findByText('Only 1 left')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    const popup = await screen.findByRole('dialog', { name: 'Sold Out' });
    expect(popup).toHaveAccessibleDescription('This product is sold out.');
    await userEvent.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: 'Sold out' })).toBeDisabled();
    expect(calls.filter((call) => call.url === routeUrl('productById', { params: { id: 8 } })).length).toBeGreaterThan(
      1,
    );
  });

  it('adds for a buyer whose saved session is still being restored when they press Add to Cart, never asking to sign in', async () => {
    const { calls } = stubApi({
      [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } },
      [routeKey('productById', { params: { id: 8 } })]: { body: { ...official, id: 8, official_brand: 0, stock: 5 } },
      [routeKey('addToCart')]: { status: 201, body: { message: 'Item added to cart' } },
    });
    // The identity service reports the restored session only when the test lets it (as a slow restore offline does).
    const identity = fakeIdentity(identityUser('uid-me', 'me@mandi.test'));
    let report = () => {};
    const restored = new Promise<void>((settle) => (report = settle));
    const onUserChanged = identity.onUserChanged.bind(identity);
    identity.onUserChanged = (callback) => onUserChanged((user) => void restored.then(() => callback(user)));
    renderApp('/product/8', { identity });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));

    expect(screen.queryByRole('dialog', { name: 'Sign In Required' })).not.toBeInTheDocument();
    report();
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription('Item added to cart!');
    const adds = calls.filter((call) => call.route === 'addToCart');
    expect(adds.map((call) => JSON.parse(String(call.init?.body)))).toEqual([{ uid: 'uid-me', productId: '8' }]);
    expect(screen.queryByRole('dialog', { name: 'Sign In Required' })).not.toBeInTheDocument();
  });

  it("tells a seller on their own product's page that they cannot buy it, and offers the edit form", async () => {
    const { calls } = stubApi({
      [routeKey('getUserId')]: { body: { userId: 5, role: 'user' } },
      [routeKey('productById', { params: { id: 9 } })]: { body: { ...official, id: 9, uid: 'uid-me' } },
    });
    renderApp('/product/9', { identity: fakeIdentity(identityUser('uid-me', 'me@mandi.test')) });
    expect(
      await screen.findByText('This is your own product: sellers cannot buy their own listings.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit product' })).toHaveAttribute('href', '/edit-product/9');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.route === 'addToCart')).toBe(false);
  });

  it('switches pictures with the thumbnails, by click and with the arrow keys', async () => {
    stubApi({ [routeKey('productById', { params: { id: 7 } })]: { body: official } });
    renderApp('/product/7');
    const row = await screen.findByRole('list', { name: 'Pictures' });
    const thumbs = within(row).getAllByRole('button');
    expect(thumbs[0]!.querySelector('img')).toHaveAttribute('src', '/files/products/7/a-160.webp');
    expect(screen.getByRole('img', { name: `${official.name}, picture 1 of 3` })).toHaveAttribute(
      'src',
      '/files/products/7/a.jpg',
    );

    await userEvent.click(thumbs[2]!);
    expect(screen.getByRole('img', { name: `${official.name}, picture 3 of 3` })).toHaveAttribute(
      'src',
      '/files/products/7/c.jpg',
    );
    expect(thumbs[2]).toHaveAttribute('aria-pressed', 'true');

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: `${official.name}, picture 1 of 3` })).toBeInTheDocument();
    expect(thumbs[0]).toHaveFocus();
  });

  it('asks for the minimal seller profile when the product answer has no seller', async () => {
    const { seller: _seller, ...bare } = official;
    stubApi({
      [routeKey('productById', { params: { id: 7 } })]: { body: bare },
      [routeKey('userProfile', { params: { uid: 'admin-uid' }, query: { minimal: 'true' } })]: {
        body: { username: 'mandi_official', profileImage: '/images/avatar-placeholder.svg', city: 'Rajkot' },
      },
    });
    renderApp('/product/7');
    expect(await screen.findByRole('link', { name: /mandi_official/ })).toHaveTextContent('Rajkot');
  });
});
