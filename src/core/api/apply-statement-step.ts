import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export type ApplyStatementStepInput = Req<'applyStatementStep'>;

export const applyStatementStep = (input: ApplyStatementStepInput) => callApi('applyStatementStep', input);

/** Strict handling: adds STATEMENT first or last ({appId, position}) → {application}. */
export function useApplyStatementStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: applyStatementStep,
    onSuccess: (r) => qc.setQueryData(queryKeys.application(), r.application),
  });
}
