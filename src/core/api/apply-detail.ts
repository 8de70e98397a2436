import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationView } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export const fetchApplyDetail = (signal?: AbortSignal): Promise<ApplicationView | null> =>
  callApi('applyDetail', {}, { signal });

/** The user's application (null when none). Not refetched on focus: a step form may be open over it. */
export const applyDetailQuery = () =>
  queryOptions({
    queryKey: queryKeys.application(),
    queryFn: ({ signal }) => fetchApplyDetail(signal),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });

export function useApplyDetail(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...applyDetailQuery(), enabled: opts.enabled ?? true });
}
