import { routeKey } from '@mandi/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../api/api-fetch';
import { renderWithProviders, stubApi } from '../test/render-app';
import { LoadingOverlay } from './loading-overlay';

function deferred() {
  let resolve!: (value: { body: unknown }) => void;
  const promise = new Promise<{ body: unknown }>((done) => (resolve = done));
  return { promise, resolve };
}

function Products() {
  const products = useQuery({ queryKey: ['products'], queryFn: () => api('listProducts') });
  return <p>{products.data ? `${products.data.length} products` : 'waiting'}</p>;
}

describe('LoadingOverlay', () => {
  it('stays up while two requests are in flight and hides only after both finish', async () => {
    const listing = deferred();
    const contact = deferred();
    stubApi({ [routeKey('listProducts')]: listing.promise, [routeKey('contactUs')]: contact.promise });
    renderWithProviders(
      <>
        <Products />
        <LoadingOverlay />
      </>,
    );
    let sent = false;
    void api('contactUs', { body: { name: 'Asha', email: 'asha@example.in', message: 'Hello' } }).then(
      () => (sent = true),
    );

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');

    await act(async () => listing.resolve({ body: ['Tomato', 'Okra'] }));
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(sent).toBe(false);
    expect(screen.getByRole('status')).toBeInTheDocument();

    await act(async () => contact.resolve({ body: { ok: true } }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(sent).toBe(true);
  });

  it('stays hidden for background suggestion calls', async () => {
    const suggestions = deferred();
    stubApi({ [routeKey('productSuggestions', { query: { q: 'ri' } })]: suggestions.promise });
    renderWithProviders(<LoadingOverlay />);
    const call = api('productSuggestions', { query: { q: 'ri' }, silent: true });

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(async () => suggestions.resolve({ body: ['Rice'] }));
    await expect(call).resolves.toEqual(['Rice']);
  });
});
