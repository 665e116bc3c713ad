import { routeKey, routeUrl } from '@mandi/contracts/client';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../test/render-app';
import { SearchBar } from './search-bar';

const input = () => screen.getByRole('combobox', { name: 'Search farm-fresh products' });
const suggestionCalls = <C extends { route: string | null }>(calls: C[]) =>
  calls.filter((call) => call.route === 'productSuggestions');

describe('SearchBar', () => {
  beforeEach(() => {
    // Only timeouts are faked: React's scheduler keeps its own (real) queue.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Testing Library drains its async wrapper with setTimeout(0) and advances fake timers only through `jest`.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const user = () => userEvent.setup({ delay: null });

  it('searches the trimmed text on Enter: /?search=...&filter=All', async () => {
    stubApi({});
    const { router } = renderWithProviders(<SearchBar />, '/cartpage');
    await user().type(input(), '  red onions  {Enter}');

    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?search=red+onions&filter=All');
  });

  it('leaves a blank search out of the URL and asks for no suggestions', async () => {
    const { calls } = stubApi({});
    const { router } = renderWithProviders(<SearchBar />, '/cartpage');
    await user().type(input(), '   ');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await user().click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.search).toBe('?filter=All');
    expect(suggestionCalls(calls)).toHaveLength(0);
  });

  it('asks for suggestions once, 300 ms after typing stops, and navigates with arrow keys and Enter', async () => {
    const { calls } = stubApi({
      [routeKey('productSuggestions', { query: { q: 'man' } })]: { body: ['Mango Alphonso', 'Mango Kesar'] },
    });
    const { router } = renderWithProviders(<SearchBar />);
    await user().type(input(), 'man');

    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(suggestionCalls(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(suggestionCalls(calls).map((call) => call.url)).toEqual([
      routeUrl('productSuggestions', { query: { q: 'man' } }),
    ]);

    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mango Alphonso', 'Mango Kesar']);
    expect(input()).toHaveAttribute('aria-expanded', 'true');

    await user().keyboard('{ArrowDown}{ArrowDown}');
    expect(within(list).getByRole('option', { name: 'Mango Kesar' })).toHaveAttribute('aria-selected', 'true');
    await user().keyboard('{Enter}');

    expect(router.state.location.search).toBe('?search=Mango+Kesar&filter=All');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes the suggestions on Escape and on a click outside', async () => {
    stubApi({ [routeKey('productSuggestions', { query: { q: 'rice' } })]: { body: ['Rice Sona Masoori'] } });
    renderWithProviders(
      <div>
        <SearchBar />
        <p>Outside</p>
      </div>,
    );
    await user().type(input(), 'rice');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByRole('listbox')).toBeVisible();

    await user().keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user().type(input(), ' ');
    await act(() => vi.advanceTimersByTimeAsync(300));
    // 'rice ' trims to the same query, which answers again.
    expect(screen.getByRole('listbox')).toBeVisible();
    fireEvent.mouseDown(screen.getByText('Outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('ignores a failed suggestion call', async () => {
    stubApi({
      [routeKey('productSuggestions', { query: { q: 'dal' } })]: {
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
      },
    });
    renderWithProviders(<SearchBar />);
    await user().type(input(), 'dal');
    await act(() => vi.advanceTimersByTimeAsync(300));

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('searches at once when the filter changes', async () => {
    stubApi({});
    const { router } = renderWithProviders(<SearchBar />, '/?search=ghee&filter=All');
    expect(input()).toHaveValue('ghee');
    await user().selectOptions(screen.getByRole('combobox', { name: 'Filter products' }), 'Original');

    expect(router.state.location.search).toBe('?search=ghee&filter=Original');
  });

  it('runs the search for a clicked suggestion and closes the list', async () => {
    stubApi({ [routeKey('productSuggestions', { query: { q: 'gh' } })]: { body: ['Desi Ghee', 'Ghee A2'] } });
    const { router } = renderWithProviders(<SearchBar />);
    await user().type(input(), 'gh');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await user().click(screen.getByRole('option', { name: 'Ghee A2' }));

    expect(router.state.location.search).toBe('?search=Ghee+A2&filter=All');
    expect(input()).toHaveValue('Ghee A2');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes the suggestions when the filter changes, and on Enter without a chosen suggestion', async () => {
    stubApi({ [routeKey('productSuggestions', { query: { q: 'oil' } })]: { body: ['Groundnut Oil'] } });
    const { router } = renderWithProviders(<SearchBar />);
    await user().type(input(), 'oil');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByRole('listbox')).toBeVisible();

    await user().selectOptions(screen.getByRole('combobox', { name: 'Filter products' }), 'Original');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=oil&filter=Original');

    await user().type(input(), 's');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await user().keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=oils&filter=Original');
  });
});
