/** After opening: an account's automatic currency exchange. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export const autoExchangeQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.autoExchange(subAcctId), queryFn: ({ signal }) => callApi('autoExchangeQuery', { subAccountId: subAcctId }, { signal }) });

export function useAutoExchange(subAcctId: string | undefined) {
  return useQuery({ ...autoExchangeQuery(subAcctId ?? ''), enabled: !!subAcctId });
}

/** Switches automatic currency exchange (action 1 on, 2 off) with the account's ids as HlInfoBySubId gave them. */
export const changeAutoExchange = (input: Req<'autoExchangeChange'>) => callApi('autoExchangeChange', input);
