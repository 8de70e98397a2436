import { useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';

/** The broker's receiving accounts per currency and the minimum single deposit. */
export function useDepositInfo() {
  return useQuery({ queryKey: ['esop', 'depositInfo'] as const, queryFn: ({ signal }) => callApi('depositInfo', undefined, { signal }), staleTime: 10 * 60_000 });
}

/** Tells the broker about a transfer made: cashInStatus moves to confirming. */
export const depositNotice = (input: Req<'depositNotice'>) => callApi('depositNotice', input);
