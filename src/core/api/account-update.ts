/** Account updates after opening: the trading password and the update session (ClientApplys … ClientSubmit). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { UPDATE_REVIEW_POLL_MS, UPDATE_STATUS } from '../domain/account-update';
import { callApi } from './client';
import { queryKeys } from './keys';

export const clientApplysQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.clientApplys(subAcctId), queryFn: ({ signal }) => callApi('clientApplys', { subAcctId }, { signal }) });

export function useClientApplys(subAcctId: string | undefined) {
  // read again on every screen that shows it (staff may have decided since): the screens wait for this read; while
  // the update is under review it is read every UPDATE_REVIEW_POLL_MS (while the page is shown), so that the status
  // page follows the decision of staff (issue 37: still "under review" 12 s after the approval)
  return useQuery({
    ...clientApplysQuery(subAcctId ?? ''),
    enabled: !!subAcctId,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.update?.status === UPDATE_STATUS.SUBMITTED ? UPDATE_REVIEW_POLL_MS : false),
  });
}

export const tradePasswordQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.tradePassword(subAcctId), queryFn: ({ signal }) => callApi('tradePasswordStatus', { subAcctId }, { signal }), staleTime: 0 });

export function useTradePasswordStatus(subAcctId: string | undefined) {
  return useQuery({ ...tradePasswordQuery(subAcctId ?? ''), enabled: !!subAcctId });
}

export const tradePasswordSet = (input: Req<'tradePasswordSet'>) => callApi('tradePasswordSet', input);
export const tradePasswordVerify = (input: Req<'tradePasswordVerify'>) => callApi('tradePasswordVerify', input);
export const clientApply = (input: Req<'clientApply'>) => callApi('clientApply', input);
export const clientUpdate = (input: Req<'clientUpdate'>) => callApi('clientUpdate', input);
export const clientSubmit = (input: Req<'clientSubmit'>) => callApi('clientSubmit', input);
export const clientUpdateNotice = (input: Req<'clientUpdateNotice'>) => callApi('clientUpdateNotice', input);
