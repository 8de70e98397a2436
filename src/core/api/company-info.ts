import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Res } from '../domain/contract';
import { currentLang } from '../i18n/lang';
import { callApi } from './client';
import { queryKeys } from './keys';

export type CompanyInfo = Res<'companyInfo'>;

/** A company by the id of a search item: {id, name, regLocation, vendor} in the request's language; 100404 when unknown. */
export const companyInfo = (id: string, signal?: AbortSignal) => callApi('companyInfo', { keyword: id }, { signal });

export const companyInfoQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.companyInfo(id, currentLang()), queryFn: ({ signal }) => companyInfo(id, signal), staleTime: 5 * 60_000 });

export function useCompanyInfo(id: string | null | undefined) {
  return useQuery({ ...companyInfoQuery(id ?? ''), enabled: !!id });
}
