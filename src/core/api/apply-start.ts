import type { Req } from '../domain/contract';
import { callApi } from './client';
import { useApplicationMutation } from './application-mutation';

export type ApplyStartInput = Req<'applyStart'>;

export const applyStart = (input: ApplyStartInput) => callApi('applyStart', input);

/** Starts an application: {oaType, esop, withStatement?} → {appId, nextStep, application}. */
export function useApplyStart() {
  return useApplicationMutation(applyStart);
}
