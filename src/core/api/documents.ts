/** Certificate documents generated from the application. */
import { queryOptions } from '@tanstack/react-query';
import type { CaDocument } from '../domain/closing';
import { callApi } from './client';
import { queryKeys } from './keys';

/**
 * A certificate document generated from the application as it stands (ApplyDocument, up to 60 s; a change of the
 * application, its updatedAt, makes it again): its ossId.
 */
export const applyDocumentQuery = (appId: string, document: CaDocument, updatedAt: string) =>
  queryOptions({
    queryKey: queryKeys.applyDocument(appId, document, updatedAt),
    queryFn: ({ signal }) => callApi('applyDocument', { appId, document }, { signal }),
    staleTime: 5 * 60_000,
  });
