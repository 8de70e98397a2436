/**
 * Keys of the KYCKeyValue lookups (zod-free: the ID page enables its queries with these, the service checks
 * the same keys). Type 2: the six-digit region code of a mainland ID; type 3: a Chinese name; type 4: an
 * address of at most MAX_LEN.address characters, sent URI-encoded.
 */
import { MAX_LEN } from './identity';

export const KEY_VALUE_TYPE = { birthplace: 2, namePinyin: 3, address: 4 } as const;

/** Type 2 key: exactly six ASCII digits (the first six of the ID number). */
export const isRegionKey = (key: string): boolean => /^[0-9]{6}$/.test(key);

const DOTS = /[\u00B7\u2022\u2027\u30FB\uFF65]/g;

/** A Chinese name as looked up: spaces removed, any middle-dot variant (• ・ ‧) written ·. */
export const normaliseLookupName = (raw: string): string => raw.trim().replace(/\s+/g, '').replace(DOTS, '·');

/** Type 3 key (after normaliseLookupName): 1-100 Chinese characters, · only between parts. */
export function isLookupName(name: string): boolean {
  return /^[\p{Script=Han}·]{1,100}$/u.test(name) && !/^·|·$|··/.test(name) && /\p{Script=Han}/u.test(name);
}

/** Type 4: the address length limit (characters, before encoding). */
export const ADDRESS_KEY_MAX = MAX_LEN.address;
