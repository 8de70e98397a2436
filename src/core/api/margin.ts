/** Upgrading a cash account to margin: what it signs and its latest request, and asking. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export const marginUpgradeQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.marginUpgrade(subAcctId), queryFn: ({ signal }) => callApi('marginUpgradeQuery', { subAcctId }, { signal }) });

export function useMarginUpgrade(subAcctId: string | undefined) {
  // read again on every visit: staff may have decided since
  return useQuery({ ...marginUpgradeQuery(subAcctId ?? ''), enabled: !!subAcctId, refetchOnMount: 'always' });
}

export const marginUpgradeApply = (input: Req<'marginUpgradeApply'>) => callApi('marginUpgradeApply', input);

/** Asks for the upgrade; the account's latest request is read again before the screen goes on. */
export function useMarginUpgradeApply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: marginUpgradeApply,
    onSuccess: (_r, input) => qc.invalidateQueries({ queryKey: queryKeys.marginUpgrade(input.subAcctId) }),
  });
}
