import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApplyDetail } from './first-fetches';
import { takeEarlyCall } from './early-calls';
import { queryKeys } from './keys';

export { fetchApplyDetail };

/** The user's application (null when none). Not refetched on focus: a step form may be open over it. */
export const applyDetailQuery = () =>
  queryOptions({
    queryKey: queryKeys.application(),
    queryFn: ({ signal }) => takeEarlyCall<Awaited<ReturnType<typeof fetchApplyDetail>>>('applyDetail') ?? fetchApplyDetail(signal),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });

/** `refetchInterval`: read again at that pace (a status page without its live stream: live-status.ts) */
export function useApplyDetail(opts: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({ ...applyDetailQuery(), enabled: opts.enabled ?? true, refetchInterval: opts.refetchInterval ?? false });
}
