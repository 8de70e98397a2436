import type { Req } from '../domain/contract';
import { callApi } from './client';
import { useApplicationMutation } from './application-mutation';

export type ApplySwitchInput = Req<'applySwitch'>;

export const applySwitch = (input: ApplySwitchInput) => callApi('applySwitch', input);

/** Switches the opening type: {appId, data:{oaType}, withStatement?} → {appId, nextStep, application}; 151205 when the region forbids. */
export function useApplySwitch() {
  return useApplicationMutation(applySwitch);
}
