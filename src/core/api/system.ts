import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Res } from '../domain/contract';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../domain/page-data';
import { callApi } from './client';
import { queryKeys } from './keys';

export const fetchClientConfig = (signal?: AbortSignal) => callApi('clientConfig', undefined, { signal });

type ClientConfig = Res<'clientConfig'>;

let inline: { read: boolean; value?: ClientConfig } = { read: false };

/** The settings the service wrote into the page (src/core/domain/page-data.ts), if it did; read once. */
export function inlineClientConfig(): ClientConfig | undefined {
  if (!inline.read) {
    inline = { read: true };
    const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
    if (text) {
      try {
        const config = (JSON.parse(text) as PageData).clientConfig as ClientConfig | undefined;
        if (config && typeof config === 'object') inline.value = config;
      } catch {
        // a broken element: ask the service as a page without it does
      }
    }
  }
  return inline.value;
}

/** For tests: read the page again. */
export function forgetInlineClientConfig(): void {
  inline = { read: false };
}

/**
 * Deployment settings (member page, app download page, service phones); fixed for the page's life. Taken from the
 * page when the service wrote them in (no call before the first screen), asked for otherwise.
 */
export const clientConfigQuery = () =>
  queryOptions({
    queryKey: queryKeys.clientConfig(),
    queryFn: ({ signal }) => fetchClientConfig(signal),
    staleTime: Infinity,
    initialData: inlineClientConfig,
  });

export function useClientConfig() {
  return useQuery(clientConfigQuery());
}
