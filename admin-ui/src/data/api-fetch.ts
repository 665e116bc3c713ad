import { HttpError } from 'react-admin';

/** Gives the bearer token of the signed-in admin, or null. */
export type TokenSource = () => Promise<string | null>;

/**
 * Calls our API with the bearer token and turns a non-2xx answer into react-admin's
 * HttpError carrying the server's message from {statusCode, error, message}.
 */
export async function apiFetch<T>(
  path: string,
  getToken: TokenSource,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
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
    const message =
      body && typeof body === 'object' && 'message' in body && (body as { message: unknown }).message
        ? String((body as { message: unknown }).message)
        : response.statusText || `HTTP ${response.status}`;
    throw new HttpError(message, response.status, body);
  }
  return body as T;
}
