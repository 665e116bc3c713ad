import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-app';
import { ProductCard } from './product-card';
import type { ListedProduct } from './product';

const NOW = new Date('2026-03-10T06:30:00Z'); // 12:00 in India
const HOUR = 3_600_000;

const product = (overrides: Partial<ListedProduct> = {}): ListedProduct => ({
  id: 42,
  uid: 'seller-7',
  name: 'Kesar Mango',
  price: 150000.5,
  description: 'Sweet Kesar mangoes from Junagadh orchards, ripened naturally.',
  createdAt: new Date(NOW.getTime() - 5 * 60_000).toISOString(),
  validUntil: '2026-03-12 18:00:00',
  images: ['/files/products/42/a.jpg', '/files/products/42/b.jpg'],
  cardImage: '/files/products/42/a-480.webp',
  sellerPhone: '+91 98765 43210',
  sellerEmail: 'farm@example.in',
  official_brand: 0,
  seller: { username: 'junagadh_farms', profileImage: '/files/profiles/7.jpg', city: 'Junagadh' },
  ...overrides,
});

function renderCard(item: ListedProduct, props: { priority?: boolean } = {}) {
  const onAddToCart = vi.fn();
  const utils = renderWithProviders(<ProductCard product={item} now={NOW} onAddToCart={onAddToCart} {...props} />);
  return { ...utils, onAddToCart, card: screen.getByRole('article') };
}

describe('ProductCard', () => {
  it('shows the seller, posted time, card image, name, expiry, 40-character description and en-IN rupee price', () => {
    const { card } = renderCard(product());

    const seller = within(card).getByRole('link', { name: 'junagadh_farms, posted 5 m' });
    expect(seller).toHaveAttribute('href', '/seller/seller-7');
    expect(seller.querySelector('img')).toHaveAttribute('src', '/files/profiles/7.jpg');
    const picture = card.querySelector('img[width="480"]')!;
    expect(picture).toHaveAttribute('src', '/files/products/42/a-480.webp');
    expect(picture).toHaveAttribute('height', '360');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(within(card).getByRole('link', { name: 'Kesar Mango' })).toHaveAttribute('href', '/product/42');
    expect(within(card).getByText('Expires in 2 days')).toHaveClass('expiry');
    expect(within(card).getByText('Sweet Kesar mangoes from Junagadh orchar...')).toBeInTheDocument();
    expect(within(card).getByText('₹1,50,000.50')).toBeInTheDocument();
    expect(within(card).queryByText('Original')).not.toBeInTheDocument();
  });

  it("marks an expired product in red, shows the 'Original' badge and 'No Image', and draws the placeholder avatar", () => {
    const { card } = renderCard(
      product({
        validUntil: new Date(NOW.getTime() - 3 * HOUR).toISOString(),
        images: [],
        cardImage: null,
        official_brand: 1,
        seller: { username: 'mandi', profileImage: null, city: null },
        createdAt: '2026-02-01T04:00:00Z',
      }),
    );
    expect(within(card).getByText('Expired 3 hrs ago')).toHaveClass('expired');
    expect(within(card).getByText('No Image')).toBeInTheDocument();
    expect(within(card).getByText('Original')).toBeInTheDocument();
    expect(within(card).getByText('Feb 1')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'mandi, posted Feb 1' }).querySelector('img')).toHaveAttribute(
      'src',
      '/images/avatar-placeholder.svg',
    );
  });

  it('loads a first-row picture eagerly with high priority', () => {
    const { card } = renderCard(product(), { priority: true });
    const picture = card.querySelector('img[width="480"]')!;
    expect(picture).toHaveAttribute('loading', 'eager');
    expect(picture).toHaveAttribute('fetchpriority', 'high');
  });

  it("offers the seller's phone (tel:+91) and e-mail (mailto:) from the contact button", async () => {
    renderCard(product());
    await userEvent.click(screen.getByRole('button', { name: 'Contact junagadh_farms' }));

    const dialog = await screen.findByRole('dialog', { name: 'Contact junagadh_farms' });
    expect(within(dialog).getByRole('link', { name: '+91 9876543210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(within(dialog).getByRole('link', { name: 'farm@example.in' })).toHaveAttribute(
      'href',
      'mailto:farm@example.in',
    );
  });

  it("says 'Only 3 left' and still adds to the cart", async () => {
    const { card, onAddToCart } = renderCard(product({ stock: 3 }));
    expect(within(card).getByText('Only 3 left')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Add Kesar Mango to cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(42);
  });

  it("shows a sold-out product with a disabled 'Sold out' in place of Add", async () => {
    const { card, onAddToCart } = renderCard(product({ stock: 0 }));
    expect(within(card).queryByRole('button', { name: 'Add Kesar Mango to cart' })).not.toBeInTheDocument();
    const soldOut = within(card).getByRole('button', { name: 'Kesar Mango is sold out' });
    expect(soldOut).toBeDisabled();
    expect(soldOut).toHaveTextContent('Sold out');
    expect(within(card).getAllByText('Sold out')).toHaveLength(2); // the note and the button
    await userEvent.click(soldOut);
    expect(onAddToCart).not.toHaveBeenCalled();
  });

  it('says nothing of stock while more than 5 packs are left or stock is unlimited', () => {
    const { card } = renderCard(product({ stock: 6 }));
    expect(within(card).queryByText(/left|Sold out/)).not.toBeInTheDocument();
  });

  it('adds to the cart with the product id', async () => {
    const { onAddToCart } = renderCard(product());
    await userEvent.click(screen.getByRole('button', { name: 'Add Kesar Mango to cart' }));
    expect(onAddToCart).toHaveBeenCalledWith(42);
  });
});
