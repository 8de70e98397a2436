/** Upgrading a cash account to margin: what it signs and its latest request, and asking. */
import { useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export function useMarginUpgrade(subAcctId: string | undefined) {
  // read again on every visit: staff may have decided since
  return useQuery({ queryKey: queryKeys.marginUpgrade(subAcctId ?? ''), queryFn: ({ signal }) => callApi('marginUpgradeQuery', { subAcctId: subAcctId! }, { signal }), enabled: !!subAcctId, refetchOnMount: 'always' });
}

export const marginUpgradeApply = (input: Req<'marginUpgradeApply'>) => callApi('marginUpgradeApply', input);
