import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { APP_CALLS as CALLS } from '../domain/calls';
import type { Req, Res } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export type RiskTrack = Res<'riskAudioList'>['items'][number];

/** The address of a risk track's audio or avatar (a plain GET the <audio> and <img> elements load with the session cookie). */
export const riskMediaUrl = (id: string): string => `${CALLS.riskMedia.path}?id=${encodeURIComponent(id)}`;

export const fetchRiskAudioList = (appId: string, signal?: AbortSignal) => callApi('riskAudioList', { appId }, { signal });

/** The tracks the application hears (Cantonese for hk, Mandarin otherwise). */
export const riskAudioQuery = (appId: string) =>
  queryOptions({ queryKey: queryKeys.riskAudio(appId), queryFn: ({ signal }) => fetchRiskAudioList(appId, signal), staleTime: 5 * 60_000 });

export function useRiskAudioList(appId: string) {
  return useQuery(riskAudioQuery(appId));
}

/** Tells the service the whole track was heard: refused (100400 mustListen) sooner than it can have been. */
export const applyRiskConfirm = (input: Req<'applyRiskConfirm'>) => callApi('applyRiskConfirm', input);

export function useApplyRiskConfirm() {
  return useMutation({ mutationFn: applyRiskConfirm });
}
