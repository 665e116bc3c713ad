import type { RouteName } from '@mandi/contracts';
import { readAnswer, routeRequest, type AnswerOf, type RouteArgs, type RouteRequest } from '@mandi/contracts/client';
import { HttpError } from 'react-admin';

/** Gives the bearer token of the signed-in admin, or null. */
export type TokenSource = () => Promise<string | null>;

/** What a call of route N answered: the body its entry promises and the response headers. */
export interface ApiAnswer<N extends RouteName> {
  body: AnswerOf<N>;
  headers: Headers;
}

/**
 * Calls route `name` of our API with its typed input (libs/contracts/src/client) and the bearer token, and turns a
 * non-2xx answer into react-admin's HttpError carrying the server's message from {statusCode, error, message} (and
 * the whole body). A network failure rejects with the browser's own TypeError: no server message.
 */
export async function apiCall<N extends RouteName>(
  name: N,
  getToken: TokenSource,
  ...args: RouteArgs<N>
): Promise<ApiAnswer<N>> {
  const response = await send(routeRequest(name, ...args), getToken);
  return { body: await readAnswer(name, response), headers: response.headers };
}

/** {@link apiCall}, answering the body only. */
export async function apiFetch<N extends RouteName>(
  name: N,
  getToken: TokenSource,
  ...args: RouteArgs<N>
): Promise<AnswerOf<N>> {
  return (await apiCall(name, getToken, ...args)).body;
}

/** Sends a request with the bearer token; a refusal throws HttpError with the server's message. */
export async function send(request: RouteRequest, getToken: TokenSource): Promise<Response> {
  const headers = new Headers({ Accept: request.answer === 'json' ? 'application/json' : '*/*' });
  const token = await getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (request.json) headers.set('Content-Type', 'application/json');
  const response = await fetch(request.url, { method: request.method, headers, body: request.body });
  if (!response.ok) throw await refusal(response);
  return response;
}

/** The HttpError of a refused call: the server's message, else the status text. */
async function refusal(response: Response): Promise<HttpError> {
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return new HttpError(
    serverMessageOf(body) ?? (response.statusText || `HTTP ${response.status}`),
    response.status,
    body,
  );
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
 * page): the console then shows its own text for the action (docs/frontends.md: "server message or ...").
 */
export function serverMessage(error: unknown): string | null {
  if (error instanceof HttpError) return serverMessageOf(error.body);
  return null;
}
