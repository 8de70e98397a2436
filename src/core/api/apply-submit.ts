import type { Req } from '../domain/contract';
import { callApi } from './client';
import { useApplicationMutation } from './application-mutation';

export type ApplySubmitInput = Req<'applySubmit'>;

export const applySubmit = (input: ApplySubmitInput) => callApi('applySubmit', input);

/** Submits the application (30 s timeout): {appId, aeCode?, channel?} → {application}. */
export function useApplySubmit() {
  return useApplicationMutation(applySubmit);
}
