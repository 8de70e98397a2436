import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './client';
import { queryKeys } from './keys';

export const fetchClientConfig = (signal?: AbortSignal) => callApi('clientConfig', undefined, { signal });

/** Deployment settings (member page, app download page, service phones); fixed for the page's life. */
export const clientConfigQuery = () =>
  queryOptions({ queryKey: queryKeys.clientConfig(), queryFn: ({ signal }) => fetchClientConfig(signal), staleTime: Infinity });

export function useClientConfig() {
  return useQuery(clientConfigQuery());
}
