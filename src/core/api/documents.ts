/** Certificate documents generated from the application, and the certificate of completion after submit. */
import { queryOptions, useMutation } from '@tanstack/react-query';
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

/**
 * The applicant's certificate of completion (ApplyCertificate, after submit): made on the first ask, then the same
 * file; answers its signed address, file name and SHA-256. Asked when the applicant presses the button, not before.
 */
export const useApplyCertificate = () => useMutation({ mutationFn: (appId: string) => callApi('applyCertificate', { appId }) });
