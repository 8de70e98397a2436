/** Stock transfer-in (issue 13): the application's requests and filing one. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A request filed: the application takes the answer and the requests are read again before the screen goes on. */
export function useTransferInApply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: transferInApply,
    onSuccess: ({ application }, input) => {
      qc.setQueryData(queryKeys.application(), application);
      return qc.invalidateQueries({ queryKey: queryKeys.transferIns(input.applyId) });
    },
  });
}
