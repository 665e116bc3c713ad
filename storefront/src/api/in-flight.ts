import { useSyncExternalStore } from 'react';

/*
 * Counts requests made outside TanStack Query (sign-out, delete account, contact form...).
 * The earlier client used one boolean that the first finished request cleared; a counter
 * keeps the loading overlay up until the last request is done (docs/decisions.md).
 */
let inFlight = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks one request as started; call the returned function exactly once when it settles. */
export function beginRequest(): () => void {
  inFlight += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight -= 1;
    emit();
  };
}

/** Runs `work` as one tracked request, so the loading overlay shows until it settles (identity-service calls too). */
export async function withOverlay<T>(work: () => Promise<T>): Promise<T> {
  const end = beginRequest();
  try {
    return await work();
  } finally {
    end();
  }
}

/** The number of tracked requests still in flight (re-renders when it changes). */
export function useInFlightCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => inFlight,
    () => 0,
  );
}
