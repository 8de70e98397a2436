import { QueryClient } from '@tanstack/react-query';
import { ErrorCode } from '../domain/errors';
import { ApiError } from './api-error';

/** A query the service answered 100502 (its database or file store away for a moment) is tried this many times more. */
export const UNAVAILABLE_RETRIES = 4;

const isUnavailable = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.UNAVAILABLE;

/**
 * Retry a failed query once, unless the service answered 4xx or with a business error (retrying cannot help); an
 * answer "unavailable for a moment" (100502: a database restart, a failover) up to UNAVAILABLE_RETRIES times, so that
 * the page keeps its place and fills in by itself when the service is back.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isUnavailable(error)) return failureCount < UNAVAILABLE_RETRIES;
  if (failureCount >= 1) return false;
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return true;
    return error.status >= 500;
  }
  return false;
}

/** 800 ms before the one retry; for 100502, 2 s, 4 s, 8 s, then 10 s (about 24 s in all, past a typical failover). */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  return isUnavailable(error) ? Math.min(10_000, 2000 * 2 ** failureCount) : 800;
}

/**
 * React Query tuned for a cheap phone on a slow network: one retry for queries (never for 4xx or
 * business errors; more for a service unavailable for a moment), 30 s fresh data, no refetch on focus or reconnect
 * storms, mutations never retried (they are not idempotent: the applicant's form keeps what they entered and they
 * send it again), `networkMode: 'always'` so an offline phone gets the "service unavailable" answer at once instead
 * of a silently paused request.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
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
