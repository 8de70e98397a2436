/** Account updates after opening: the update session (ClientApplys … ClientSubmit). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req, Res } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export const clientApplysQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.clientApplys(subAcctId), queryFn: ({ signal }) => callApi('clientApplys', { subAcctId }, { signal }) });

/**
 * Read again on every screen that shows it (staff may have decided since): the screens wait for this read. `follow`:
 * how often to read it again while shown, from its answer (the update screens follow staff's decision: issue 37).
 */
export function useClientApplys(subAcctId: string | undefined, follow?: (answer: Res<'clientApplys'> | undefined) => number | false) {
  return useQuery({
    ...clientApplysQuery(subAcctId ?? ''),
    enabled: !!subAcctId,
    refetchOnMount: 'always',
    ...(follow ? { refetchInterval: (query: { state: { data?: Res<'clientApplys'> } }) => follow(query.state.data) } : {}),
  });
}

export const clientApply = (input: Req<'clientApply'>) => callApi('clientApply', input);
export const clientUpdate = (input: Req<'clientUpdate'>) => callApi('clientUpdate', input);
export const clientSubmit = (input: Req<'clientSubmit'>) => callApi('clientSubmit', input);
export const clientUpdateNotice = (input: Req<'clientUpdateNotice'>) => callApi('clientUpdateNotice', input);
