import type { AppConfig } from '@mandi/config';

/** Time to send a request's headers: a real client sends them in one packet; a slow-loris sends a byte a second. */
const HEADERS_TIMEOUT_MS = 15_000;
/** A connection silent this long mid-request is closed (Node's socket timeout). */
const IDLE_TIMEOUT_MS = 30_000;
/** Longer than a cloud load balancer's idle timeout (60 s), so the balancer, not we, closes an idle kept-alive connection. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** How often Node looks for requests past their time (its default, 30 s, would let a request overrun by as much). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Fastify's server options that bound how long a client may hold a connection. Fastify's own defaults leave the
 * request timeout off, so a client sending one byte a second keeps its connection (and a socket) forever.
 * HTTP_REQUEST_TIMEOUT_MS (default 2 minutes) is the time to receive a whole request, body included: a product form of
 * 21 MB takes about 110 s on a 1.5 Mbit/s mobile uplink. Tests shorten it to watch a slow client being cut off.
 */
export function httpServerOptions(config: Pick<AppConfig, 'HTTP_REQUEST_TIMEOUT_MS'>) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    requestTimeout,
    connectionTimeout: Math.min(IDLE_TIMEOUT_MS, requestTimeout),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, Math.ceil(headersTimeout / 4)),
    },
  };
}
