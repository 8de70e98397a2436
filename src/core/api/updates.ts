/** Account updates after opening: the update session (ClientApplys … ClientSubmit). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A write of the update session: on success the account's updates are read again before the screen goes on. */
function useUpdatesWrite<I extends { subAcctId: string }, R>(call: (input: I) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_r, input) => qc.invalidateQueries({ queryKey: queryKeys.clientApplys(input.subAcctId) }),
  });
}

/** Saves a module of the update: ClientUpdate on the open update (`updateId`), ClientApply to open one. */
export type SaveUpdateInput = Req<'clientApply'> & { updateId?: Req<'clientUpdate'>['updateId'] };
const saveUpdate = ({ updateId, ...input }: SaveUpdateInput) => (updateId !== undefined ? clientUpdate({ ...input, updateId }) : clientApply(input));

export const useSaveUpdate = () => useUpdatesWrite(saveUpdate);
/** A change of the open update (ClientUpdate: a module saved or discarded). */
export const useClientUpdate = () => useUpdatesWrite(clientUpdate);
export const useClientSubmit = () => useUpdatesWrite(clientSubmit);
export const useClientUpdateNotice = () => useUpdatesWrite(clientUpdateNotice);
