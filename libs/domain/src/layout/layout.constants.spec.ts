import { LAYOUT, isHeaderVisible, normalizeSearchQuery } from './layout.constants.js';

describe('layout constants', () => {
  it('match spec 000 section 9', () => {
    expect(LAYOUT).toEqual({
      headerHideThresholdPx: 100,
      footerRevealPx: 50,
      suggestionDebounceMs: 300,
      suggestionDropdownMaxHeight: '15rem',
      copyrightYear: 2025,
    });
  });

  it('trims searches and drops blank ones', () => {
    expect(normalizeSearchQuery('  aloo  ')).toBe('aloo');
    expect(normalizeSearchQuery('   ')).toBeNull();
    expect(normalizeSearchQuery(undefined)).toBeNull();
  });

  it('hides the header only below 100 px while scrolling down', () => {
    expect(isHeaderVisible(99, false)).toBe(true);
    expect(isHeaderVisible(100, false)).toBe(false);
    expect(isHeaderVisible(500, true)).toBe(true);
  });
});
