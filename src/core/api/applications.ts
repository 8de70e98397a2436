import { useMutation, useQueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationView, Req } from '../domain/contract';
import { queryKeys } from './keys';
import { callApi } from './client';
import { fetchAreaType } from './first-fetches';
import { takeEarlyCall } from './early-calls';
import { STEP_VERSION, type StepName } from '../domain/steps';

/** A call that answers the application as it now stands: React Query's copy of ApplyDetail takes the answer. */
export function useApplicationMutation<I, R extends { application: ApplicationView }>(call: (input: I) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (r) => qc.setQueryData(queryKeys.application(), r.application),
  });
}

/** Checks that the user may start an application: rejects with ApiError 151000 (organisation) or 151100 (partner, data.url). */
export const applyCheck = () => callApi('applyCheck');

export type ApplyStartInput = Req<'applyStart'>;

export const applyStart = (input: ApplyStartInput) => callApi('applyStart', input);

/** Starts an application: {oaType, esop, withStatement?} → {appId, nextStep, application}. */
export function useApplyStart() {
  return useApplicationMutation(applyStart);
}

export type ApplySwitchInput = Req<'applySwitch'>;

export const applySwitch = (input: ApplySwitchInput) => callApi('applySwitch', input);

/** Switches the opening type: {appId, data:{oaType}, withStatement?} → {appId, nextStep, application}; 151205 when the region forbids. */
export function useApplySwitch() {
  return useApplicationMutation(applySwitch);
}

export { fetchApplyDetail, applyDetailQuery, useApplyDetail } from './shell';

export interface ApplyUpdateInput {
  appId: string;
  currentStep: StepName;
  data: Record<string, unknown>;
  draft?: boolean;
}

export const applyUpdate = (input: ApplyUpdateInput, opts: { keepalive?: boolean } = {}) =>
  callApi('applyUpdate', { ...input, stepVersion: STEP_VERSION, draft: input.draft ?? false }, opts);

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

export type ApplyStatementStepInput = Req<'applyStatementStep'>;

export const applyStatementStep = (input: ApplyStatementStepInput) => callApi('applyStatementStep', input);

/** Strict handling: adds STATEMENT first or last ({appId, position}) → {application}. */
export function useApplyStatementStep() {
  return useApplicationMutation(applyStatementStep);
}

export type ApplySubmitInput = Req<'applySubmit'>;

/** Submits the application (30 s timeout): {appId, aeCode?, channel?} → {application}. */
export const applySubmit = (input: ApplySubmitInput) => callApi('applySubmit', input);

export { fetchApplyChannel, applyChannelQuery } from './shell';

export { fetchAreaType };

export const areaTypeQuery = () =>
  queryOptions({ queryKey: queryKeys.areaType(), queryFn: ({ signal }) => takeEarlyCall<Awaited<ReturnType<typeof fetchAreaType>>>('areaType') ?? fetchAreaType(signal), staleTime: 10 * 60_000 });

export function useAreaType(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...areaTypeQuery(), enabled: opts.enabled ?? true });
}
