import type { RouteName } from '@mandi/contracts';
import { readAnswer, routeRequest, type AnswerOf, type RouteArgs, type RouteRequest } from '@mandi/contracts/client';
import { withOverlay } from './in-flight';
import { OfflineError, browserIsOffline, isNetworkFailure } from './offline';

export { OfflineError, isOfflineError } from './offline';

/** The API's one error shape (CONTRIBUTING.md). */
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

/** How the storefront sends a call, beside the route's own input. */
export interface ApiCallOptions {
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

/** A success answer of route N with the response's headers (a file's name, a total count). */
export interface ApiAnswer<N extends RouteName> {
  body: AnswerOf<N>;
  headers: Headers;
}

function messageOf(body: unknown): { error: string | null; message: string | null } {
  if (body && typeof body === 'object' && 'message' in body) {
    const shaped = body as Partial<ApiErrorBody>;
    const message = Array.isArray(shaped.message) ? shaped.message.join(', ') : shaped.message;
    return { error: shaped.error ? String(shaped.error) : null, message: message ? String(message) : null };
  }
  return { error: null, message: null };
}

/** A failed call's body: the API's error JSON, or whatever text a proxy answered. */
async function readErrorBody(response: Response): Promise<unknown> {
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

function mustBeFresh(method: string, options: ApiCallOptions): boolean {
  if (method !== 'GET') return false;
  return options.fresh === true || (typeof location !== 'undefined' && CHECKOUT_PAGES.test(location.pathname));
}

/** The Firebase SDK's code for a token refresh that could not reach Google. */
const TOKEN_NETWORK_FAILURE = 'auth/network-request-failed';

/**
 * The storefront's one way to call the API, by route name with the route's typed input (`api('addToCart', { body })`,
 * libs/contracts/src/client): adds the bearer token of the signed-in user, sends JSON or multipart, counts the
 * request for the loading overlay and turns a non-2xx answer into an ApiError carrying the server's {statusCode,
 * error, message}. A change (POST, PUT, DELETE) is not attempted while the device is offline, and any call that finds
 * no connection fails with an OfflineError (api/offline.ts), so screens can say so.
 */
export async function api<N extends RouteName>(name: N, ...args: RouteArgs<N, ApiCallOptions>): Promise<AnswerOf<N>> {
  return (await apiCall(name, ...args)).body;
}

/** {@link api}, answering the response's headers too. */
export async function apiCall<N extends RouteName>(
  name: N,
  ...args: RouteArgs<N, ApiCallOptions>
): Promise<ApiAnswer<N>> {
  const options: ApiCallOptions = args[0] ?? {};
  const request = routeRequest(name, ...(args as RouteArgs<N>));
  const response = await (options.silent ? send(request, options) : withOverlay(() => send(request, options)));
  return { body: await readAnswer(name, response), headers: response.headers };
}

async function send(request: RouteRequest, options: ApiCallOptions): Promise<Response> {
  const { method, url: path } = request;
  // A read goes out even offline (the service worker may answer it from the pages already seen); a change cannot.
  if (method !== 'GET' && browserIsOffline()) throw new OfflineError(method, path, false);
  const headers = new Headers({ Accept: request.answer === 'json' ? 'application/json' : '*/*' });
  const token = await tokenSource().catch((error: unknown) => {
    if ((error as { code?: unknown } | null)?.code === TOKEN_NETWORK_FAILURE)
      throw new OfflineError(method, path, false);
    throw error;
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else if (options.auth) throw new NotSignedInError();
  // The service worker answers a read from its caches only when the request allows it (pwa/cache-rules.ts).
  if (mustBeFresh(method, options)) headers.set('Cache-Control', 'no-cache');
  if (request.json) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: request.body, signal: options.signal });
  } catch (error) {
    // A change that left may have reached the server before the connection broke; a read changes nothing.
    if (isNetworkFailure(error)) throw new OfflineError(method, path, method !== 'GET');
    throw error;
  }
  if (!response.ok) {
    const parsed = await readErrorBody(response);
    const { error, message } = messageOf(parsed);
    const status = response.statusText || `HTTP ${response.status}`;
    throw new ApiError(response.status, error ?? status, message ?? status, parsed, message);
  }
  return response;
}
