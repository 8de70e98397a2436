/**
 * The calls the app shell makes before any screen (the router's guard, the page's first calls, the account pages): the
 * user, the application, the app's token login, the channel the shell's channel-change gate compares. Kept apart from their modules' files (auth.ts, applications.ts
 * re-export them) so that the shell's first script holds only these, not every write of those modules (the first
 * screen's budget); screens import them from their module.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { takeEarlyCall } from './early-calls';
import { fetchApplyDetail, fetchUserInfo } from './first-fetches';
import { queryKeys } from './keys';

export type TokenLoginInput = Req<'tokenLogin'>;

/** Logs in with the app's trading token (query t, sub → subAccountId, sid → sessionId). */
export const tokenLogin = (params: TokenLoginInput) => callApi('tokenLogin', params);

export { fetchUserInfo };

export const userInfoQuery = () =>
  queryOptions({ queryKey: queryKeys.user(), queryFn: ({ signal }) => takeEarlyCall<Awaited<ReturnType<typeof fetchUserInfo>>>('userInfo') ?? fetchUserInfo(signal), staleTime: 5 * 60_000 });

export function useUserInfo() {
  return useQuery(userInfoQuery());
}

/**
 * The user read again when the screen opens (its accounts can have changed since the cached copy: an account opened by
 * staff a minute ago). `fresh` is false until that read has answered; the after-opening screens wait for it.
 */
export function useFreshUserInfo() {
  const q = useQuery({ ...userInfoQuery(), refetchOnMount: 'always' });
  return { ...q, fresh: q.isFetchedAfterMount || q.isError };
}


export { fetchApplyDetail };

/** The user's application (null when none). Not refetched on focus: a step form may be open over it. */
export const applyDetailQuery = () =>
  queryOptions({
    queryKey: queryKeys.application(),
    queryFn: ({ signal }) => takeEarlyCall<Awaited<ReturnType<typeof fetchApplyDetail>>>('applyDetail') ?? fetchApplyDetail(signal),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });

/** `refetchInterval`: read again at that pace (a status page without its live stream: live-status.ts) */
export function useApplyDetail(opts: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({ ...applyDetailQuery(), enabled: opts.enabled ?? true, refetchInterval: opts.refetchInterval ?? false });
}

/** The agent code and channel stored on the caller's application: {aeCode, channel} (151301 without one). */
export const fetchApplyChannel = (signal?: AbortSignal) => callApi('applyChannel', undefined, { signal });

/** Read fresh before each submit (another tab or a resubmission may have changed them). */
export const applyChannelQuery = () =>
  queryOptions({ queryKey: queryKeys.channel(), queryFn: ({ signal }) => fetchApplyChannel(signal), staleTime: 0 });
