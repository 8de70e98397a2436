import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUserInfo } from './first-fetches';
import { takeEarlyCall } from './early-calls';
import { queryKeys } from './keys';

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
