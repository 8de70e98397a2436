import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Retry a failed query once, unless the service answered 4xx or with a business error (retrying cannot help). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return true;
    return error.status >= 500;
  }
  return false;
}

/**
 * React Query tuned for a cheap phone on a slow network: one retry for queries (never for 4xx or
 * business errors), 30 s fresh data, no refetch on focus or reconnect storms, mutations never retried
 * (they are not idempotent), `networkMode: 'always'` so an offline phone gets the "service unavailable"
 * answer at once instead of a silently paused request.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: 800,
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        networkMode: 'always',
      },
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
}
