import { vi } from 'vitest';

type Answer = { status?: number; body?: unknown };

/** Stubs the network boundary (global fetch) with answers by "METHOD path" and records every call. */
export function stubFetch(answers: Record<string, Answer>) {
  const calls: { method: string; url: string; authorization: string | null; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      calls.push({
        method,
        url,
        authorization: new Headers(init?.headers).get('Authorization'),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const answer = answers[`${method} ${url}`] ?? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
