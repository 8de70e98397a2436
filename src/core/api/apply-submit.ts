import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export type ApplySubmitInput = Req<'applySubmit'>;

export const applySubmit = (input: ApplySubmitInput) => callApi('applySubmit', input);

/** Submits the application (30 s timeout): {appId, aeCode?, channel?} → {application}. */
export function useApplySubmit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: applySubmit,
    onSuccess: (r) => qc.setQueryData(queryKeys.application(), r.application),
  });
}
