import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Res } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export type MainlandCities = Res<'mainlandCity'>;

/** Province → its prefecture-level cities (municipalities list themselves), for the birthplace picker. */
export const fetchMainlandCities = (signal?: AbortSignal) => callApi('mainlandCity', undefined, { signal });

export const mainlandCitiesQuery = () =>
  queryOptions({ queryKey: queryKeys.mainlandCities(), queryFn: ({ signal }) => fetchMainlandCities(signal), staleTime: Infinity });

export function useMainlandCities(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...mainlandCitiesQuery(), enabled: opts.enabled ?? true });
}
