import { useSyncExternalStore } from 'react';

/*
 * What the storefront knows about the connection. `navigator.onLine` is false only when the device has no network at
 * all; a phone between villages often has a network that carries nothing, which shows as a request failing outright
 * (fetch rejects). Both end up as an OfflineError, so a screen can say "this needs the internet" instead of a
 * generic failure. Reads (GET) are still sent while offline: the service worker may answer them from what the buyer
 * has already seen (docs/offline.md).
 */

/**
 * A request that never got an answer because there was no connection. `mayHaveArrived` is false when it was not sent
 * at all (the device was offline) and true when a change (POST, PUT, DELETE) was sent and the connection broke before
 * the answer: the server may have acted on it, so the screen must not say that nothing happened.
 */
export class OfflineError extends Error {
  readonly method: string;
  readonly path: string;
  readonly mayHaveArrived: boolean;

  constructor(method: string, path: string, mayHaveArrived: boolean) {
    super(
      mayHaveArrived
        ? `The connection was lost before the server answered ${method} ${path}.`
        : `No internet connection: ${method} ${path} was not sent.`,
    );
    this.name = 'OfflineError';
    this.method = method;
    this.path = path;
    this.mayHaveArrived = mayHaveArrived;
  }
}

/** Whether `error` is a request that failed for want of a connection. */
export function isOfflineError(error: unknown): error is OfflineError {
  return error instanceof OfflineError;
}

/** Whether the browser says the device has no network (a browser that cannot tell counts as online). */
export function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Whether a rejected fetch means the network failed: fetch rejects with a TypeError for that, and with an AbortError
 * (a DOMException, not a TypeError) when the caller cancelled, which must stay what it is.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Whether the device has a network, re-rendering on the browser's 'online' and 'offline' events. The server's render
 * (and hydration) count as online, so the page the server sent matches the browser's first render.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !browserIsOffline(),
    () => true,
  );
}
