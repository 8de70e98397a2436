/** The after-opening pages of their own: the app's page ticket, the HK investor identifier, the improve-info request. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

/** Logs in with the app's page ticket (query `ticket`) for the page it was made for. */
export const pageTicketLogin = (input: Req<'pageTicketLogin'>) => callApi('pageTicketLogin', input);

export const hkIdentifierQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.hkIdentifier(subAcctId), queryFn: ({ signal }) => callApi('hkIdentifierInfo', { subAcctId }, { signal }) });

export function useHkIdentifier(subAcctId: string | undefined) {
  // read again on every visit: the result page after a signature, a consent signed on another device
  return useQuery({ ...hkIdentifierQuery(subAcctId ?? ''), enabled: !!subAcctId, refetchOnMount: 'always' });
}

export const hkIdentifierSign = (input: Req<'hkIdentifierSign'>) => callApi('hkIdentifierSign', input);

export const improveInfoQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.improveInfo(subAcctId), queryFn: ({ signal }) => callApi('improveInfoDetail', { subAcctId }, { signal }) });

export function useImproveInfo(subAcctId: string | undefined) {
  return useQuery({ ...improveInfoQuery(subAcctId ?? ''), enabled: !!subAcctId, refetchOnMount: 'always' });
}

export const improveInfoSubmit = (input: Req<'improveInfoSubmit'>) => callApi('improveInfoSubmit', input);
