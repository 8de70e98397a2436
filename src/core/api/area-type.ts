import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AreaType } from '../domain/area';
import { bridge, STORAGE_KEY } from '../bridge/bridge';
import { callApi } from './client';
import { queryKeys } from './keys';

/** The opening-area flags; also kept in local storage (the spec's local flags: statementSkipType etc.). */
export async function fetchAreaType(signal?: AbortSignal): Promise<AreaType> {
  const r = await callApi('areaType', undefined, { signal });
  await Promise.all([
    bridge.storage.set(STORAGE_KEY.openingLimitType, String(r.openingLimitType)),
    bridge.storage.set(STORAGE_KEY.statementLimitType, String(r.statementLimitType)),
    bridge.storage.set(STORAGE_KEY.statementSkipType, String(r.statementSkipType)),
  ]);
  return r;
}

export const areaTypeQuery = () =>
  queryOptions({ queryKey: queryKeys.areaType(), queryFn: ({ signal }) => fetchAreaType(signal), staleTime: 10 * 60_000 });

export function useAreaType(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...areaTypeQuery(), enabled: opts.enabled ?? true });
}
