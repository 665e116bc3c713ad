import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useInFlightCount } from '../api/in-flight';
import styles from './loading-overlay.module.css';

/**
 * The full-screen overlay of 000 section 2, up while ANY request is in flight: queries and
 * mutations of TanStack Query plus the counted non-query calls. Queries marked
 * meta.silent (type-ahead) do not dim the page.
 */
export function LoadingOverlay() {
  const fetching = useIsFetching({ predicate: (query) => query.meta?.silent !== true });
  const mutating = useIsMutating();
  const counted = useInFlightCount();
  if (fetching + mutating + counted === 0) return null;
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
