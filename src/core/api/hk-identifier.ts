/** The HK investor identifier of an opened account: its consent status, and signing the consent. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { callApi } from './client';
import { queryKeys } from './keys';

export const hkIdentifierQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.hkIdentifier(subAcctId), queryFn: ({ signal }) => callApi('hkIdentifierInfo', { subAcctId }, { signal }) });

export function useHkIdentifier(subAcctId: string | undefined) {
  // read again on every visit: the result page after a signature, a consent signed on another device
  return useQuery({ ...hkIdentifierQuery(subAcctId ?? ''), enabled: !!subAcctId, refetchOnMount: 'always' });
}

export const hkIdentifierSign = (input: Req<'hkIdentifierSign'>) => callApi('hkIdentifierSign', input);
