import type { I18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from './api/api-fetch';
import { AuthProvider } from './auth/auth-context';
import type { IdentityClient } from './auth/identity';
import { LanguageProvider } from './i18n/i18n';
import { ConfirmProvider } from './ui/confirm-dialog';

/** A 4xx answer will not change on retry (not found, not allowed, bad input); a network or server fault may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.statusCode < 500) return false;
  return failureCount < 2;
}

/** A query client with the storefront's defaults: no refetch on focus (each refetch would dim the page). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // 'offlineFirst': a read made offline still runs, so the service worker can answer it from the pages already
      // seen; 'always': a change made offline fails at once with OfflineError (api-fetch.ts) and says so, instead
      // of TanStack pausing it silently under the loading overlay until the connection returns.
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry, networkMode: 'offlineFirst' },
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
}

/** Texts, data, identity and popups, wrapped around the router. `i18n` speaks the visitor's language. */
export function AppProviders({
  children,
  i18n,
  identity,
  queryClient,
}: {
  children: ReactNode;
  i18n: I18n;
  identity?: IdentityClient;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <LanguageProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthProvider identity={identity}>
          <ConfirmProvider>{children}</ConfirmProvider>
        </AuthProvider>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
