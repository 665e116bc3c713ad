import type { I18n } from '@lingui/core';
import type { RouteName } from '@mandi/contracts';
import { routeOf } from '@mandi/contracts/client';
import type { Language } from '@mandi/domain';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type InitialEntry, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app-providers';
import { routes } from '../app-routes';
import type { IdentityClient } from '../auth/identity';
import { fakeIdentity } from './fake-identity';
import { testI18n } from './i18n';

export { fakeIdentity, identityUser } from './fake-identity';

type Answer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/** Stubs the network (global fetch) with answers by "METHOD path"; unknown calls answer 404. */
export function stubApi(answers: Record<string, Answer | ((init: RequestInit | undefined) => Answer)>) {
  const calls: { method: string; url: string; route: RouteName | null; init: RequestInit | undefined }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, route: routeOf(method, url), init });
    const found = answers[`${method} ${url}`];
    const answer = await (typeof found === 'function' ? found(init) : found);
    const status = answer?.status ?? (found ? 200 : 404);
    const body = answer ? answer.body : { statusCode: 404, error: 'Not Found', message: 'Not found' };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
}

/** The app's query client without retries, so a failed call shows its state at once. */
function testQueryClient() {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

/** Renders the whole storefront at a path (or a location with router state), the way main.tsx does, with a memory router. */
export function renderApp(
  path: InitialEntry,
  {
    identity = fakeIdentity(null),
    routeTable = routes,
    language = 'en',
    i18n = testI18n(language),
  }: { identity?: IdentityClient; routeTable?: RouteObject[]; language?: Language; i18n?: I18n } = {},
) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  const utils = render(
    <AppProviders identity={identity} queryClient={testQueryClient()} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
}

/** Renders one element inside the providers and a memory router at `path`. */
export function renderWithProviders(element: ReactElement, path = '/', identity: IdentityClient = fakeIdentity(null)) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const utils = render(
    <AppProviders identity={identity} queryClient={testQueryClient()} i18n={testI18n()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
}
