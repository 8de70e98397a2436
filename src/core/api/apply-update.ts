import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STEP_VERSION, type StepName } from '../domain/steps';
import { callApi } from './client';
import { queryKeys } from './keys';

export interface ApplyUpdateInput {
  appId: string;
  currentStep: StepName;
  data: Record<string, unknown>;
  draft?: boolean;
}

export const applyUpdate = (input: ApplyUpdateInput, opts: { keepalive?: boolean } = {}) =>
  callApi('applyUpdate', { ...input, stepVersion: STEP_VERSION, draft: input.draft ?? false }, opts);

/** Saves a step: {appId, currentStep, data, draft?} → {application, nextStep}; the application cache follows. */
export function useApplyUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyUpdateInput) => applyUpdate(input),
    onSuccess: (r) => qc.setQueryData(queryKeys.application(), r.application),
  });
}

/** The halfway save: a draft sent with keepalive (it may run while the page goes away). Never throws. */
export async function saveDraft(input: { appId: string; currentStep: StepName; data: Record<string, unknown> }): Promise<boolean> {
  try {
    await applyUpdate({ ...input, draft: true }, { keepalive: true });
    return true;
  } catch (e) {
    console.warn('halfway save failed', (e as { code?: unknown })?.code ?? e);
    return false;
  }
}
