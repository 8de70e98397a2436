import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAreaType } from './first-fetches';
import { takeEarlyCall } from './early-calls';
import { queryKeys } from './keys';

export { fetchAreaType };

export const areaTypeQuery = () =>
  queryOptions({ queryKey: queryKeys.areaType(), queryFn: ({ signal }) => takeEarlyCall<Awaited<ReturnType<typeof fetchAreaType>>>('areaType') ?? fetchAreaType(signal), staleTime: 10 * 60_000 });

export function useAreaType(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...areaTypeQuery(), enabled: opts.enabled ?? true });
}
