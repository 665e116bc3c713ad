import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../test/render-app';

/** The statements docs/frontends.md requires of the terms and privacy pages. */
const REQUIRED = [
  /payment provider, Razorpay/,
  /(never sees or stores your card details|do not collect or store card numbers)/,
  /within 8 hours/,
  /original payment method/,
  /5–7 business days/,
  /no returns after delivery|cannot be returned[^.]*once they have been delivered/i,
];

describe('terms, privacy and about pages', () => {
  it.each([
    ['/terms-and-conditions', 'Terms and Conditions'],
    ['/privacy-policy', 'Privacy Policy'],
  ])('%s states the payment, card, cancellation, refund and returns rules', async (path, title) => {
    stubApi({});
    renderApp(path);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    const text = heading.closest('main')?.textContent ?? document.body.textContent ?? '';
    for (const statement of REQUIRED) expect(text).toMatch(statement);
  });

  it('about has its marketing sections and a link to contact', async () => {
    stubApi({});
    renderApp('/aboutus');
    expect(await screen.findByRole('heading', { name: 'How Mandi works' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contactus');
    expect(screen.getByText(/Razorpay/)).toBeInTheDocument();
  });
});
