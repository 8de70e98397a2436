import type { Req } from '../domain/contract';
import { callApi } from './client';
import { useApplicationMutation } from './application-mutation';

export type ApplyStatementStepInput = Req<'applyStatementStep'>;

export const applyStatementStep = (input: ApplyStatementStepInput) => callApi('applyStatementStep', input);

/** Strict handling: adds STATEMENT first or last ({appId, position}) → {application}. */
export function useApplyStatementStep() {
  return useApplicationMutation(applyStatementStep);
}
