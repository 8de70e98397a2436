import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApiErrorHandler } from '../api/errors';

/**
 * Applies the general error catalogue to failed queries (after their retry), unless the query opts out
 * with `meta: { handleError: false }`. Mutations are handled by the screen that runs them.
 * Rendered by RouteGuard; the handler reports each error object once, so several listeners are harmless.
 */
export function ApiErrorListener() {
  const qc = useQueryClient();
  const onApiError = useApiErrorHandler();
  useEffect(
    () =>
      qc.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.meta?.handleError === false) return;
        onApiError(event.action.error);
      }),
    [qc, onApiError],
  );
  return null;
}
