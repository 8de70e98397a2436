import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export type ApplyStartInput = Req<'applyStart'>;

export const applyStart = (input: ApplyStartInput) => callApi('applyStart', input);

/** Starts an application: {oaType, esop, withStatement?} → {appId, nextStep, application}. */
export function useApplyStart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: applyStart,
    onSuccess: (r) => qc.setQueryData(queryKeys.application(), r.application),
  });
}
