/** The improve-info request of an opened account: what it asks for, and answering it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export const improveInfoQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.improveInfo(subAcctId), queryFn: ({ signal }) => callApi('improveInfoDetail', { subAcctId }, { signal }) });

export function useImproveInfo(subAcctId: string | undefined) {
  return useQuery({ ...improveInfoQuery(subAcctId ?? ''), enabled: !!subAcctId, refetchOnMount: 'always' });
}

export const improveInfoSubmit = (input: Req<'improveInfoSubmit'>) => callApi('improveInfoSubmit', input);
