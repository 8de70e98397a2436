import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export type ApplySwitchInput = Req<'applySwitch'>;

export const applySwitch = (input: ApplySwitchInput) => callApi('applySwitch', input);

/** Switches the opening type: {appId, data:{oaType}, withStatement?} → {appId, nextStep, application}; 151205 when the region forbids. */
export function useApplySwitch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: applySwitch,
    onSuccess: (r) => qc.setQueryData(queryKeys.application(), r.application),
  });
}
