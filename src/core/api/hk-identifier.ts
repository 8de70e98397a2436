/** The HK investor identifier of an opened account: its consent status, and signing the consent. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Req } from '../domain/contract';
import { ErrorCode } from '../domain/errors';
import { isApiError } from './api-error';
import { callApi } from './client';
import { queryKeys } from './keys';

export const hkIdentifierQuery = (subAcctId: string) =>
  queryOptions({ queryKey: queryKeys.hkIdentifier(subAcctId), queryFn: ({ signal }) => callApi('hkIdentifierInfo', { subAcctId }, { signal }) });

export function useHkIdentifier(subAcctId: string | undefined) {
  // read again on every visit: the result page after a signature, a consent signed on another device
  return useQuery({ ...hkIdentifierQuery(subAcctId ?? ''), enabled: !!subAcctId, refetchOnMount: 'always' });
}

export const hkIdentifierSign = (input: Req<'hkIdentifierSign'>) => callApi('hkIdentifierSign', input);

/**
 * Signs the consent. Signed (or found signed already: HK_IDENTIFIER_SIGNED): the user and the identifier are read again; an outdated
 * consent version (CONSENT_VERSION): the identifier is read again (its current consent).
 */
export function useHkIdentifierSign() {
  const qc = useQueryClient();
  const readAgain = (subAcctId: string, user: boolean) => {
    if (user) void qc.invalidateQueries({ queryKey: queryKeys.user() });
    void qc.invalidateQueries({ queryKey: queryKeys.hkIdentifier(subAcctId) });
  };
  return useMutation({
    mutationFn: hkIdentifierSign,
    onSuccess: (_r, input) => readAgain(input.subAcctId, true),
    onError: (e, input) => {
      if (isApiError(e, ErrorCode.HK_IDENTIFIER_SIGNED)) readAgain(input.subAcctId, true);
      else if (isApiError(e, ErrorCode.CONSENT_VERSION)) readAgain(input.subAcctId, false);
    },
  });
}
