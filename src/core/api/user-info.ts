import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserView } from '../domain/contract';
import { ErrorCode } from '../domain/errors';
import { hasSessionHint } from '../domain/auth';
import { ApiError } from './api-error';
import { callApi } from './client';
import { queryKeys } from './keys';

/** The logged-in user, or null when there is no session (100008: not logged in, not an error). */
export async function fetchUserInfo(signal?: AbortSignal): Promise<UserView | null> {
  // no session was started here (or it was ended): anonymous, without a round trip; an app token logs in apart
  if (typeof document !== 'undefined' && !hasSessionHint(document.cookie)) return null;
  try {
    return await callApi('userInfo', undefined, { signal });
  } catch (e) {
    if (e instanceof ApiError && e.code === ErrorCode.LOGIN_EXPIRED) return null;
    throw e;
  }
}

export const userInfoQuery = () =>
  queryOptions({ queryKey: queryKeys.user(), queryFn: ({ signal }) => fetchUserInfo(signal), staleTime: 5 * 60_000 });

export function useUserInfo() {
  return useQuery(userInfoQuery());
}
