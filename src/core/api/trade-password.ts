/** The trading password of an opened account: whether it is set (and whether the session must log in again first), setting and checking it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export const tradePasswordQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.tradePassword(subAcctId), queryFn: ({ signal }) => callApi('tradePasswordStatus', { subAcctId }, { signal }), staleTime: 0 });

export function useTradePasswordStatus(subAcctId: string | undefined) {
  return useQuery({ ...tradePasswordQuery(subAcctId ?? ''), enabled: !!subAcctId });
}

export const tradePasswordSet = (input: Req<'tradePasswordSet'>) => callApi('tradePasswordSet', input);
export const tradePasswordVerify = (input: Req<'tradePasswordVerify'>) => callApi('tradePasswordVerify', input);
