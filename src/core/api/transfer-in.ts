/** Stock transfer-in (issue 13): the application's requests and filing one. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export const transferInsQuery = (appId: string) =>
  queryOptions({ queryKey: queryKeys.transferIns(appId), queryFn: ({ signal }) => callApi('transferInList', { applyId: appId }, { signal }).then((r) => r.items) });

export function useTransferIns(appId: string | undefined) {
  // read again on every visit: staff move the requests on
  return useQuery({ ...transferInsQuery(appId ?? ''), enabled: !!appId, refetchOnMount: 'always' });
}

export const transferInApply = (input: Req<'transferInApply'>) => callApi('transferInApply', input);
