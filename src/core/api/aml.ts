import { useMutation } from '@tanstack/react-query';
import type { Req, Res } from '../domain/contract';
import { callApi } from './client';

export type ApplyAmlCheckInput = Req<'applyAmlCheck'>;
export type AmlCheckResult = Res<'applyAmlCheck'>;

/**
 * Screens the applicant of the application against the watch list: {appId} → {hitStatus: 0 | 1, amlInfoId}.
 * hitStatus 1 asks for the three AML confirmations; amlInfoId goes into the IDENTITYEXPOSURE step data.
 */
export const applyAmlCheck = (input: ApplyAmlCheckInput) => callApi('applyAmlCheck', input);

/** The AML screening as a mutation (run before the disclosure step is submitted). */
export function useApplyAmlCheck() {
  return useMutation({ mutationFn: applyAmlCheck });
}
