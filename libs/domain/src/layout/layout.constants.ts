/** Sizes and timings of the shared header, footer and search bar (docs/frontends.md). */
export const LAYOUT = {
  /** The header hides when scrolling down past 100 px. */
  headerHideThresholdPx: 100,
  /** Footer columns fade in within 50 px of the page bottom. */
  footerRevealPx: 50,
  /** Suggestions are fetched 300 ms after typing stops. */
  suggestionDebounceMs: 300,
  /** The suggestion dropdown is at most 15rem tall. */
  suggestionDropdownMaxHeight: '15rem',
  /** The footer's copyright year. */
  copyrightYear: 2025,
} as const;

/**
 * Id of the JSON data block in which the API sends the home page's first listing page with its HTML, so a phone
 * shows products without waiting for a request of its own (apps/api/src/web/front-ends.ts writes it, the
 * storefront's listing reads it once).
 */
export const EMBEDDED_LISTING_ID = 'mandi-listing';

/** Search filter options: everything, or only official ('Original') products, those with official_brand 1. */
export const SEARCH_FILTERS = ['All', 'Original'] as const;
/** One of {@link SEARCH_FILTERS}. */
export type SearchFilter = (typeof SEARCH_FILTERS)[number];
/** The filter a search uses when none is given. */
export const DEFAULT_SEARCH_FILTER: SearchFilter = 'All';

/** A search text as placed in the URL: trimmed, or null when blank (a blank query clears the suggestions). */
export function normalizeSearchQuery(query: string | null | undefined): string | null {
  const text = (query ?? '').trim();
  return text === '' ? null : text;
}

/** Whether the header shows at a scroll position: near the top, or while the user scrolls up. */
export function isHeaderVisible(scrollY: number, scrollingUp: boolean): boolean {
  return scrollY < LAYOUT.headerHideThresholdPx || scrollingUp;
}
