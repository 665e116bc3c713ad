import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-app';
import { Footer } from './footer';

describe('Footer', () => {
  it('has the three columns of the spec and the 2025 copyright line', () => {
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');

    expect(
      within(footer)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Connect With Us', 'Know Us', 'Buy Now']);
    expect(within(footer).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contactus');
    expect(within(footer).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/aboutus');
    expect(within(footer).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/');
    expect(footer).toHaveTextContent('© 2025 Mandi Marketplace. All rights reserved.');
  });
});
