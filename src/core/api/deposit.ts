import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

/** The broker's receiving accounts per currency and the minimum single deposit. */
export const depositInfoQuery = () =>
  queryOptions({ queryKey: queryKeys.depositInfo(), queryFn: ({ signal }) => callApi('depositInfo', undefined, { signal }), staleTime: 10 * 60_000 });

export function useDepositInfo() {
  return useQuery(depositInfoQuery());
}

/** Tells the broker about a transfer made: cashInStatus moves to confirming. */
export const depositNotice = (input: Req<'depositNotice'>) => callApi('depositNotice', input);
