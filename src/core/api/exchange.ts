/** After opening: an account's automatic currency exchange. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { ErrorCode } from '../domain/errors';
import { ApiError } from './api-error';
import { callApi } from './client';
import { queryKeys } from './keys';

export const autoExchangeQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.autoExchange(subAcctId), queryFn: ({ signal }) => callApi('autoExchangeQuery', { subAccountId: subAcctId }, { signal }) });

export function useAutoExchange(subAcctId: string | undefined) {
  return useQuery({ ...autoExchangeQuery(subAcctId ?? ''), enabled: !!subAcctId });
}

/** Switches automatic currency exchange (action 1 on, 2 off) with the account's ids as HlInfoBySubId gave them. */
export const changeAutoExchange = (input: Req<'autoExchangeChange'>) => callApi('autoExchangeChange', input);

/**
 * The switch as a mutation: an answered status is the account's new one; an account found not to be a cash account (NOT_CASH_ACCOUNT) reads the user
 * again (its accounts have changed).
 */
export function useChangeAutoExchange(subAcctId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeAutoExchange,
    onSuccess: (res) => {
      if (res?.status !== undefined && res?.status !== null) qc.setQueryData(queryKeys.autoExchange(subAcctId), { status: res.status });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === ErrorCode.NOT_CASH_ACCOUNT) void qc.invalidateQueries({ queryKey: queryKeys.user() });
    },
  });
}
