import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNED_URL_TTL_S } from '../domain/limits';
import { callApi } from './client';
import { queryKeys } from './keys';

export const fetchSignedUrl = (ossId: string, signal?: AbortSignal) =>
  callApi('signedUrl', { ossid: ossId }, { signal }).then((r) => r.ossUrl);

/** A fresh signed URL for an owned file, renewed a minute before it expires. */
export const signedUrlQuery = (ossId: string) =>
  queryOptions({
    queryKey: queryKeys.signedUrl(ossId),
    queryFn: ({ signal }) => fetchSignedUrl(ossId, signal),
    staleTime: (SIGNED_URL_TTL_S - 60) * 1000,
    gcTime: (SIGNED_URL_TTL_S - 60) * 1000,
  });

export function useSignedUrl(ossId: string | null | undefined) {
  return useQuery({ ...signedUrlQuery(ossId ?? ''), enabled: !!ossId });
}
