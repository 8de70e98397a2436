/** Start on a computer, finish on the phone (issue 41): the computer's hand-off and the phone's redemption. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { handoffPollMs } from '../domain/handoff';
import { startNewSession } from './auth';
import { callApi } from './client';
import { queryKeys } from './keys';

/** A new QR code and short code for this session (the one before ends). */
export const createHandoff = (input: Req<'handoffCreate'>) => callApi('handoffCreate', input);
export const cancelHandoff = (id: string) => callApi('handoffCancel', { id });

/**
 * The computer follows its hand-off while `follow` (and the page is in view: React Query does not poll a page in the
 * background), at the domain's pace (handoffPollMs): whether the phone opened it, and the application's progress since.
 */
export const handoffStatusQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.handoff(id),
    queryFn: ({ signal }) => callApi('handoffStatus', { id }, { signal }),
    // every answer is the latest: the time left is counted on the page between two
    staleTime: 0,
  });

export function useHandoffStatus(id: string | null, follow: boolean) {
  return useQuery({
    ...handoffStatusQuery(id ?? ''),
    enabled: id !== null,
    refetchInterval: (q) => (follow ? handoffPollMs(q.state.data, Date.now()) : false),
  });
}

/** Whose application the phone's token or code opens, before it logs in with it. */
export const peekHandoff = (input: Req<'handoffPeek'>) => callApi('handoffPeek', input);

/** The phone redeems the link's token or the typed code; on success it is logged in as the computer's user. */
export function useRedeemHandoff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Req<'handoffRedeem'>) => callApi('handoffRedeem', input),
    onSuccess: (r) => startNewSession(qc, r.user),
  });
}
