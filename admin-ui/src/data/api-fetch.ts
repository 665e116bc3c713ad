import { HttpError } from 'react-admin';

/** Gives the bearer token of the signed-in admin, or null. */
export type TokenSource = () => Promise<string | null>;

/** What a call answered: the parsed body and the response headers. */
export interface ApiAnswer<T> {
  body: T;
  headers: Headers;
}

/**
 * Calls our API with the bearer token and turns a non-2xx answer into react-admin's HttpError carrying the server's
 * message from {statusCode, error, message} (and the whole body). A network failure rejects with the browser's own
 * TypeError: no server message.
 */
export async function apiCall<T>(
  path: string,
  getToken: TokenSource,
  init: { method?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = await getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    throw new HttpError(
      serverMessageOf(body) ?? (response.statusText || `HTTP ${response.status}`),
      response.status,
      body,
    );
  }
  return { body: body as T, headers: response.headers };
}

/** {@link apiCall}, answering the body only. */
export async function apiFetch<T>(
  path: string,
  getToken: TokenSource,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  return (await apiCall<T>(path, getToken, init)).body;
}

function serverMessageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/**
 * The message our server gave with a failed call, or null when it gave none (a network failure, a proxy's error
 * page): the console then shows its own text for the action (001 section 8: "server message or ...").
 */
export function serverMessage(error: unknown): string | null {
  if (error instanceof HttpError) return serverMessageOf(error.body);
  return null;
}
