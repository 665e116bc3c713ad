import type { RouteName } from '@mandi/contracts';
import { routeOf } from '@mandi/contracts/client';
import { vi } from 'vitest';

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };

/**
 * Stubs the network boundary (global fetch) with answers by "METHOD path" and records every call. An answer may be a
 * function of the request body (a server whose state changes), and may come later as a promise (a call in flight);
 * `'down'` rejects like a failed connection.
 */
export function stubFetch(
  answers: Record<string, Answer | 'down' | ((body: unknown) => Answer | 'down' | Promise<Answer | 'down'>)>,
) {
  const calls: {
    method: string;
    url: string;
    route: RouteName | null;
    authorization: string | null;
    body: unknown;
  }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      const authorization = new Headers(init?.headers).get('Authorization');
      calls.push({ method, url, route: routeOf(method, url), authorization, body });
      const found = answers[`${method} ${url}`];
      const answer = (typeof found === 'function' ? await found(body) : found) ?? {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Not found' },
      };
      if (answer === 'down') throw new TypeError('Failed to fetch');
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}
