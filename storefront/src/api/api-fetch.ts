import { withOverlay } from './in-flight';
import { OfflineError, browserIsOffline, isNetworkFailure } from './offline';

export { OfflineError, isOfflineError } from './offline';

/** The API's one error shape (design.md section 5). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string | string[];
}

/** A failed call: the HTTP status plus the server's message, ready to show in a popup. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly error: string;
  readonly body: unknown;
  /** The server's own message, or null when the answer had none (callers then show their fallback text). */
  readonly serverMessage: string | null;

  constructor(statusCode: number, error: string, message: string, body: unknown, serverMessage: string | null) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.error = error;
    this.body = body;
    this.serverMessage = serverMessage;
  }
}

/** Thrown when a call needs a signed-in user and there is none. */
export class NotSignedInError extends Error {
  constructor() {
    super('User not authenticated');
    this.name = 'NotSignedInError';
  }
}

type TokenSource = () => Promise<string | null>;

let tokenSource: TokenSource = async () => null;

/** The AuthProvider registers how to get the signed-in user's Firebase ID token. */
export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Fail with NotSignedInError instead of calling without a token. */
  auth?: boolean;
  /** Background calls (type-ahead suggestions) do not dim the page. */
  silent?: boolean;
  /**
   * A read that must be the server's answer of now, never one the service worker kept from an earlier visit
   * (docs/offline.md). Every read made on a checkout page is one, whatever it asks for.
   */
  fresh?: boolean;
  signal?: AbortSignal;
}

function messageOf(body: unknown): { error: string | null; message: string | null } {
  if (body && typeof body === 'object' && 'message' in body) {
    const shaped = body as Partial<ApiErrorBody>;
    const message = Array.isArray(shaped.message) ? shaped.message.join(', ') : shaped.message;
    return { error: shaped.error ? String(shaped.error) : null, message: message ? String(message) : null };
  }
  return { error: null, message: null };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The checkout pages: the prices they show and send are the server's, so their reads are always fresh. */
const CHECKOUT_PAGES = /^\/(product-checkout|payment-page)(\/|$)/;

function mustBeFresh(method: string, options: ApiFetchOptions): boolean {
  if (method !== 'GET') return false;
  return options.fresh === true || (typeof location !== 'undefined' && CHECKOUT_PAGES.test(location.pathname));
}

/** The Firebase SDK's code for a token refresh that could not reach Google. */
const TOKEN_NETWORK_FAILURE = 'auth/network-request-failed';

/**
 * The storefront's one way to call the API: adds the bearer token of the signed-in user,
 * sends JSON or multipart, counts the request for the loading overlay and turns a non-2xx
 * answer into an ApiError carrying the server's {statusCode, error, message}. A change
 * (POST, PUT, DELETE) is not attempted while the device is offline, and any call that finds
 * no connection fails with an OfflineError (api/offline.ts), so screens can say so.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return options.silent ? send<T>(path, options) : withOverlay(() => send<T>(path, options));
}

async function send<T>(path: string, options: ApiFetchOptions): Promise<T> {
  const method = options.method ?? 'GET';
  // A read goes out even offline (the service worker may answer it from the pages already seen); a change cannot.
  if (method !== 'GET' && browserIsOffline()) throw new OfflineError(method, path, false);
  const headers = new Headers({ Accept: 'application/json' });
  const token = await tokenSource().catch((error: unknown) => {
    if ((error as { code?: unknown } | null)?.code === TOKEN_NETWORK_FAILURE)
      throw new OfflineError(method, path, false);
    throw error;
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else if (options.auth) throw new NotSignedInError();
  // The service worker answers a read from its caches only when the request allows it (pwa/cache-rules.ts).
  if (mustBeFresh(method, options)) headers.set('Cache-Control', 'no-cache');

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, signal: options.signal });
  } catch (error) {
    // A change that left may have reached the server before the connection broke; a read changes nothing.
    if (isNetworkFailure(error)) throw new OfflineError(method, path, method !== 'GET');
    throw error;
  }
  const parsed = await readBody(response);
  if (!response.ok) {
    const { error, message } = messageOf(parsed);
    const status = response.statusText || `HTTP ${response.status}`;
    throw new ApiError(response.status, error ?? status, message ?? status, parsed, message);
  }
  return parsed as T;
}
