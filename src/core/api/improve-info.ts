/** The improve-info request of an opened account: what it asks for, and answering it. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { ErrorCode } from '../domain/errors';
import { isApiError } from './api-error';
import { callApi } from './client';
import { queryKeys } from './keys';

export const improveInfoQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.improveInfo(subAcctId), queryFn: ({ signal }) => callApi('improveInfoDetail', { subAcctId }, { signal }) });

export function useImproveInfo(subAcctId: string | undefined) {
  return useQuery({ ...improveInfoQuery(subAcctId ?? ''), enabled: !!subAcctId, refetchOnMount: 'always' });
}

export const improveInfoSubmit = (input: Req<'improveInfoSubmit'>) => callApi('improveInfoSubmit', input);

/** Answers the request: the user and the request are read again; a request closed meanwhile (IMPROVE_CLOSED): the request. */
export function useImproveInfoSubmit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: improveInfoSubmit,
    onSuccess: (_r, input) => {
      void qc.invalidateQueries({ queryKey: queryKeys.user() });
      void qc.invalidateQueries({ queryKey: queryKeys.improveInfo(input.subAcctId) });
    },
    onError: (e, input) => {
      if (isApiError(e, ErrorCode.IMPROVE_CLOSED)) void qc.invalidateQueries({ queryKey: queryKeys.improveInfo(input.subAcctId) });
    },
  });
}
