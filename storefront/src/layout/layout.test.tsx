import { routeKey } from '@mandi/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { api } from '../api/api-fetch';
import { renderApp, stubApi } from '../test/render-app';
import { Layout } from './layout';

function deferred() {
  let resolve!: (value: { body: unknown }) => void;
  const promise = new Promise<{ body: unknown }>((done) => (resolve = done));
  return { promise, resolve };
}

function Farmers() {
  const farmers = useQuery({ queryKey: ['farmers'], queryFn: () => api('listProducts') });
  return <p>{farmers.data ? `${farmers.data.length} farmers` : 'waiting'}</p>;
}

/** The layout around two small pages: a link on the first, a page that loads on the second. */
const routeTable = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <Link to="/farmers">See the farmers</Link> },
      { path: 'farmers', element: <Farmers /> },
    ],
  },
];

describe('Layout, for keyboard and screen reader users', () => {
  it('puts the focus on the new page when a link leads there, and marks the content busy while it loads', async () => {
    const farmers = deferred();
    stubApi({ [routeKey('listProducts')]: farmers.promise });
    const user = userEvent.setup();
    renderApp('/', { routeTable });
    const main = screen.getByRole('main');
    expect(main).not.toHaveAttribute('aria-busy');

    await user.click(screen.getByRole('link', { name: 'See the farmers' }));

    expect(await screen.findByText('waiting')).toBeInTheDocument();
    expect(main).toHaveFocus();
    expect(main).toHaveAttribute('aria-busy', 'true');
    // The overlay says so as a status (the offline banner is another one, silent here).
    expect(screen.getByText('Loading…').closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');

    await act(async () => farmers.resolve({ body: ['Ramesh', 'Sunita'] }));
    expect(await screen.findByText('2 farmers')).toBeInTheDocument();
    await waitFor(() => expect(main).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('leaves the focus alone on the first page, and where the user put it outside the page (a header link)', async () => {
    stubApi({ [routeKey('listProducts')]: { body: [] } });
    const { router } = renderApp('/', { routeTable });
    expect(screen.getByRole('main')).not.toHaveFocus();

    const home = within(screen.getByRole('banner')).getAllByRole('link', { name: 'Home' })[0]!;
    home.focus();
    await act(async () => router.navigate('/farmers'));
    expect(await screen.findByText('0 farmers')).toBeInTheDocument();
    expect(home).toHaveFocus();
  });
});
