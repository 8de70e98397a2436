import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COMPANY_SEARCH, searchWord } from '../domain/company';
import type { Req, Res } from '../domain/contract';
import { currentLang } from '../i18n/lang';
import { callApi } from './client';
import { queryKeys } from './keys';

export type CompanySearchInput = Req<'companySearch'>;
export type CompanySearchResult = Res<'companySearch'>;
export type CompanyItem = CompanySearchResult['items'][number];

/**
 * One page of companies whose name (simplified or traditional Chinese, or English) matches `word`: {items: [{id, name,
 * regLocation}], total, vendor}, names and locations in the language the request carries (`x-esop-lang`).
 */
export const companySearch = (req: CompanySearchInput, signal?: AbortSignal) => callApi('companySearch', req, { signal });

export const companySearchQuery = (word: string, page: number, pageSize: number = COMPANY_SEARCH.pageSize) =>
  queryOptions({
    queryKey: queryKeys.companySearch(word, page, pageSize, currentLang()),
    queryFn: ({ signal }) => companySearch({ word, pageNum: page, pageSize }, signal),
    staleTime: 5 * 60_000,
  });

/**
 * Searches as the user types (debounce the word in the screen, COMPANY_SEARCH.debounceMs): runs once the
 * trimmed word has COMPANY_SEARCH.minChars characters; the previous page stays shown while the next loads.
 */
export function useCompanySearch(typed: string, page = 1) {
  const word = searchWord(typed);
  return useQuery({ ...companySearchQuery(word ?? '', page), enabled: word !== null, placeholderData: keepPreviousData });
}
