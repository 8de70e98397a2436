/** The trading password of an opened account: whether it is set (and whether the session must log in again first), setting and checking it. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { ErrorCode } from '../domain/errors';
import { isApiError } from './api-error';
import { callApi } from './client';
import { queryKeys } from './keys';

export const tradePasswordQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.tradePassword(subAcctId), queryFn: ({ signal }) => callApi('tradePasswordStatus', { subAcctId }, { signal }), staleTime: 0 });

export function useTradePasswordStatus(subAcctId: string | undefined) {
  return useQuery({ ...tradePasswordQuery(subAcctId ?? ''), enabled: !!subAcctId });
}

export const tradePasswordSet = (input: Req<'tradePasswordSet'>) => callApi('tradePasswordSet', input);
export const tradePasswordVerify = (input: Req<'tradePasswordVerify'>) => callApi('tradePasswordVerify', input);

/**
 * Setting or checking the password changes its status (set, tries left, "log in again first"): read again after a
 * success, and after RECENT_LOGIN_NEEDED (the login grew old while the password was typed).
 */
function usePasswordWrite<I extends { subAcctId: string }>(call: (input: I) => Promise<unknown>) {
  const qc = useQueryClient();
  const readAgain = (subAcctId: string) => void qc.invalidateQueries({ queryKey: queryKeys.tradePassword(subAcctId) });
  return useMutation({
    mutationFn: call,
    onSuccess: (_r, input) => readAgain(input.subAcctId),
    onError: (e, input) => {
      if (isApiError(e, ErrorCode.RECENT_LOGIN_NEEDED)) readAgain(input.subAcctId);
    },
  });
}

export const useTradePasswordSet = () => usePasswordWrite(tradePasswordSet);
export const useTradePasswordVerify = () => usePasswordWrite(tradePasswordVerify);
