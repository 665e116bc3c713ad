import { act, fireEvent, render, screen } from '@testing-library/react';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_SEARCH_DELAY_MS, ListSearch } from './list-search';

// The Orders tab's search (issue 28): a search typed just before opening an order used to take the admin back to
// the list once the order page had started loading. It applies only while the browser is still on the list.

function renderSearch(filterValues: Record<string, unknown> = { filter: '24h' }) {
  const setFilters = vi.fn();
  const context = { filterValues, setFilters } as unknown as ListControllerResult;
  render(
    <ListContextProvider value={context}>
      <ListSearch label="Search orders" />
    </ListContextProvider>,
  );
  return { setFilters, box: screen.getByRole('textbox', { name: 'Search orders' }) };
}

describe('ListSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.pushState({}, '', '/adminpanel/orders');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches once typing pauses, keeping the other filters', () => {
    const { setFilters, box } = renderSearch();
    fireEvent.change(box, { target: { value: 'as' } });
    act(() => void vi.advanceTimersByTime(LIST_SEARCH_DELAY_MS / 2));
    fireEvent.change(box, { target: { value: 'asha' } });
    act(() => void vi.advanceTimersByTime(LIST_SEARCH_DELAY_MS - 1));
    expect(setFilters).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(setFilters).toHaveBeenCalledTimes(1);
    expect(setFilters).toHaveBeenCalledWith({ filter: '24h', q: 'asha' }, undefined, false);
  });

  it('clears the search when the box is emptied', () => {
    const { setFilters, box } = renderSearch({ filter: '7d', q: 'asha' });
    expect(box).toHaveValue('asha');
    fireEvent.change(box, { target: { value: '' } });
    act(() => void vi.advanceTimersByTime(LIST_SEARCH_DELAY_MS));
    expect(setFilters).toHaveBeenCalledWith({ filter: '7d' }, undefined, false);
  });

  it('drops a search typed just before the admin opened an order, so the order page stays', () => {
    const { setFilters, box } = renderSearch();
    fireEvent.change(box, { target: { value: '#9' } });
    // The row's link moved the URL; the list is still on screen while the order page's chunk loads.
    window.history.pushState({}, '', '/adminpanel/orders/9/show');
    act(() => void vi.advanceTimersByTime(LIST_SEARCH_DELAY_MS * 2));
    expect(setFilters).not.toHaveBeenCalled();
  });
});
