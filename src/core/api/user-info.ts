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
