import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from './client';
import { queryKeys } from './keys';

/** The asset-transfer protocol status of an application: 0 hidden, nonzero shown, 2 signed (ticked and locked). */
export const protocolStatusQuery = (appId: string) =>
  queryOptions({
    queryKey: queryKeys.protocolStatus(appId),
    queryFn: ({ signal }) => callApi('applyProtocolStatus', { applyId: appId }, { signal }).then((r) => r.status),
    staleTime: 60_000,
  });

export function useProtocolStatus(appId: string) {
  return useQuery(protocolStatusQuery(appId));
}

/** Signs the asset-transfer protocol (authorType 1): the status becomes 2. */
export const signAssetTransfer = (appId: string) => callApi('applyAssetTransferSign', { authorType: 1, applyId: appId });

/** The protocol's signature as a mutation (the status is read again where it is shown: refetched on the next visit). */
export function useSignAssetTransfer() {
  return useMutation({ mutationFn: signAssetTransfer });
}
