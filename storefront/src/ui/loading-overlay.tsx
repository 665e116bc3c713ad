import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useInFlightCount } from '../api/in-flight';
import { useT } from '../i18n/i18n';
import styles from './loading-overlay.module.css';

function isFetchingMore(fetchMeta: unknown): boolean {
  return (
    typeof fetchMeta === 'object' && fetchMeta !== null && 'fetchMore' in fetchMeta && Boolean(fetchMeta.fetchMore)
  );
}

/**
 * Whether the page is loading: ANY request in flight, queries and mutations of TanStack Query plus the counted
 * non-query calls. Queries marked meta.silent (type-ahead) and the loading of an infinite list's next page do not
 * count. The overlay shows it, and the layout marks the page's content busy for screen readers.
 */
export function useLoading(): boolean {
  // The next page of an infinite list shows its own status under the list: dimming the page at every scroll
  // stop would hide the cards being read.
  const fetching = useIsFetching({
    predicate: (query) => query.meta?.silent !== true && !isFetchingMore(query.state.fetchMeta),
  });
  const mutating = useIsMutating();
  const counted = useInFlightCount();
  return fetching + mutating + counted > 0;
}

/** The full-screen overlay of docs/frontends.md, up while the page is loading (useLoading), announced as a status. */
export function LoadingOverlay() {
  const loading = useLoading();
  const { t } = useT();
  if (!loading) return null;
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('ui.loading')}</span>
    </div>
  );
}
