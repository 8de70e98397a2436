import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import type { Req, Res } from '../domain/contract';
import { ADDRESS_KEY_MAX, KEY_VALUE_TYPE, isLookupName, isRegionKey, normaliseLookupName } from '../domain/lookup';
import { hasChinese, residenceAddressOf } from '../domain/steps/proof-address';
import { callApi } from './client';
import { queryKeys } from './keys';
import { COMPANY_SEARCH, searchWord } from '../domain/company';
import { currentLang } from '../i18n/lang';

export type KycKeyValueInput = Req<'kycKeyValue'>;
export type KycKeyValueResult = Res<'kycKeyValue'>;
export type NamePinyin = NonNullable<KycKeyValueResult['namePinyin']>;

/**
 * The key-value lookup: type 2 (first 6 digits of a mainland ID → birthplace `value`, '' when unknown),
 * 3 (Chinese name → `namePinyin`), 4 (URI-encoded address → upper-case English `value`).
 */
export const kycKeyValue = (req: KycKeyValueInput, signal?: AbortSignal) => callApi('kycKeyValue', req, { signal });

/** Birthplace ("广东省深圳市", "北京市") from the first six digits of a mainland ID; '' when the code is unknown. */
export const fetchBirthplace = (code6: string, signal?: AbortSignal) =>
  kycKeyValue({ type: KEY_VALUE_TYPE.birthplace, key: code6 }, signal).then((r) => r.value ?? '');

/** Passport-style pinyin of a Chinese name: surname and given name in upper case, with polyphone flags. */
export const fetchNamePinyin = (name: string, signal?: AbortSignal) =>
  kycKeyValue({ type: KEY_VALUE_TYPE.namePinyin, key: normaliseLookupName(name) }, signal).then((r) => r.namePinyin as NamePinyin);

/** An address as a W-8BEN line (letters, digits and spaces, upper case). */
export const translateAddress = (address: string, signal?: AbortSignal) =>
  kycKeyValue({ type: KEY_VALUE_TYPE.address, key: encodeURIComponent(address.trim()) }, signal).then((r) => r.value ?? '');

/** True when an address can be sent for translation (1-500 characters). */
export const isTranslatableAddress = (address: string) => {
  const n = [...address.trim()].length;
  return n > 0 && n <= ADDRESS_KEY_MAX;
};

// the answers never change for a key: cached for the page's life
export const birthplaceQuery = (code6: string) =>
  queryOptions({ queryKey: queryKeys.birthplace(code6), queryFn: ({ signal }) => fetchBirthplace(code6, signal), staleTime: Infinity });

export const namePinyinQuery = (name: string) =>
  queryOptions({ queryKey: queryKeys.namePinyin(normaliseLookupName(name)), queryFn: ({ signal }) => fetchNamePinyin(name, signal), staleTime: Infinity });

/** Birthplace of a region code; runs only for six digits (e.g. the first six of a recognised ID number). */
export function useBirthplace(code6: string | null | undefined) {
  const key = code6 ?? '';
  return useQuery({ ...birthplaceQuery(key), enabled: isRegionKey(key) });
}

/** Pinyin of a Chinese name; runs only for a name of Chinese characters (and · between parts). */
export function useNamePinyin(name: string | null | undefined) {
  const key = name ?? '';
  return useQuery({ ...namePinyinQuery(key), enabled: isLookupName(normaliseLookupName(key)) });
}

/**
 * An address as its W-8BEN permanent residence address: worked out here when it has no Chinese, else rendered in
 * English by the service (type 4). Runs only for an address that can be sent.
 */
export const w8AddressQuery = (address: string) =>
  queryOptions({
    queryKey: queryKeys.w8Address(address),
    queryFn: ({ signal }) => (hasChinese(address) ? translateAddress(address, signal).then((v) => v.toUpperCase()) : Promise.resolve(residenceAddressOf(address))),
    staleTime: Infinity,
  });

export function useW8AddressOf(address: string | null | undefined) {
  const key = (address ?? '').trim();
  return useQuery({ ...w8AddressQuery(key), enabled: isTranslatableAddress(key) });
}

export type MainlandCities = Res<'mainlandCity'>;

/** Province → its prefecture-level cities (municipalities list themselves), for the birthplace picker. */
export const fetchMainlandCities = (signal?: AbortSignal) => callApi('mainlandCity', undefined, { signal });

export const mainlandCitiesQuery = () =>
  queryOptions({ queryKey: queryKeys.mainlandCities(), queryFn: ({ signal }) => fetchMainlandCities(signal), staleTime: Infinity });

export function useMainlandCities(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...mainlandCitiesQuery(), enabled: opts.enabled ?? true });
}

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

export type CompanyInfo = Res<'companyInfo'>;

/** A company by the id of a search item: {id, name, regLocation, vendor} in the request's language; 100404 when unknown. */
export const companyInfo = (id: string, signal?: AbortSignal) => callApi('companyInfo', { keyword: id }, { signal });

export const companyInfoQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.companyInfo(id, currentLang()), queryFn: ({ signal }) => companyInfo(id, signal), staleTime: 5 * 60_000 });

export function useCompanyInfo(id: string | null | undefined) {
  return useQuery({ ...companyInfoQuery(id ?? ''), enabled: !!id });
}
