/** One TanStack Query client for the app; API client errors decide retries. */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;

/** Client errors (4xx) will not fix themselves; network and server errors may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: a query runs even when the browser says it is offline, so the service
      // worker can answer it from its offline copies (sw/offline-read-routes.ts); retries pause.
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      mutations: { retry: false },
    },
  });
}
