import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A deposit told: the application (its cashInStatus) is read again before the screen goes on. */
export function useDepositNotice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: depositNotice, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.application() }) });
}

/** Sends the witness's documents of an application waiting for them (ApplyWitness). */
export const applyWitness = (input: Req<'applyWitness'>) => callApi('applyWitness', input);

/** The witness's documents sent: the application is read again before the screen goes on. */
export function useApplyWitness() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: applyWitness, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.application() }) });
}
