import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Req, Res } from '../domain/contract';
import { ADDRESS_KEY_MAX, KEY_VALUE_TYPE, isLookupName, isRegionKey, normaliseLookupName } from '../domain/lookup';
import { hasChinese, residenceAddressOf } from '../domain/steps/proof-address';
import { callApi } from './client';
import { queryKeys } from './keys';

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
