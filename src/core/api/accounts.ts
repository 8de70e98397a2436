/** After opening: an account's user-centre ids. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './client';
import { queryKeys } from './keys';

export const hlInfoQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.hlInfo(subAcctId), queryFn: ({ signal }) => callApi('hlInfoBySubId', { subAcctId }, { signal }), staleTime: Infinity });

export function useHlInfo(subAcctId: string | undefined) {
  return useQuery({ ...hlInfoQuery(subAcctId ?? ''), enabled: !!subAcctId });
}
