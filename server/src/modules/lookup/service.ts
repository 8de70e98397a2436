/**
 * The lookup calls' rules: KYCKeyValue (2: ID region → birthplace, 3: Chinese name → pinyin, 4: address →
 * W-8BEN English line), MainlandCity, CompanySearch and CompanyInfo (through the company vendor, answered in the
 * request's language).
 */
import { ErrorCode, type Lang, type Res } from '@core/domain';
import { ADDRESS_KEY_MAX, isLookupName, isRegionKey, normaliseLookupName } from '@core/domain/lookup';
import { AppError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import { toSimplified, toTraditional } from '../../vendors/company/chinese-script';
import type { CompanyItem, CompanyRecord } from '../../vendors/company/types';
import { translateAddress } from './address';
import { namePinyinOf } from './name-pinyin';
import { birthplaceOf, mainlandCities } from './regions';

export { isKnownRegion } from './regions';

const badKey = (message: string) => new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'key', message }] } });

/** The key of a type 4 lookup: URI-decoded when it decodes, else taken as it is. */
export function decodeAddressKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

export function kycKeyValue(type: 2 | 3 | 4, key: string): Res<'kycKeyValue'> {
  switch (type) {
    case 2: {
      if (!isRegionKey(key)) throw badKey('type 2: the first 6 digits of a mainland ID number');
      return { value: birthplaceOf(key) };
    }
    case 3: {
      const name = normaliseLookupName(key);
      if (!isLookupName(name)) throw badKey('type 3: a Chinese name of 1-100 Chinese characters (and · between parts)');
      return { namePinyin: namePinyinOf(name) };
    }
    case 4: {
      const address = decodeAddressKey(key).trim();
      if (!address || [...address].length > ADDRESS_KEY_MAX) throw badKey(`type 4: an address of 1-${ADDRESS_KEY_MAX} characters (URI-encoded)`);
      return { value: translateAddress(address) };
    }
  }
}

export function mainlandCityMap(): Res<'mainlandCity'> {
  return mainlandCities();
}

/**
 * A company in the applicant's language: in English the English name and location where the registry has them (else
 * as registered); in Chinese the registered ones in the applicant's script (traditional for zh-TW, simplified for
 * zh-CN, whichever the registry holds).
 */
export function companyInLanguage(c: CompanyRecord, lang: Lang): CompanyItem {
  switch (lang) {
    case 'en':
      return { id: c.id, name: c.nameEn || c.name, regLocation: c.regLocationEn || c.regLocation };
    case 'zh-TW':
      return { id: c.id, name: toTraditional(c.name), regLocation: toTraditional(c.regLocation) };
    default:
      return { id: c.id, name: toSimplified(c.name), regLocation: toSimplified(c.regLocation) };
  }
}

/** One page of companies whose name matches the word (in any script, or English), in the applicant's language; `vendor` names the registry that answered. */
export async function companySearch(deps: AppDeps, req: { word: string; pageSize: number; pageNum: number }, lang: Lang): Promise<Res<'companySearch'>> {
  const vendor = deps.vendors.company;
  const word = req.word.replace(/\s+/g, ' ').trim();
  const page = await vendor.search({ word, pageSize: req.pageSize, pageNum: req.pageNum });
  return { items: page.items.map((c) => companyInLanguage(c, lang)), total: page.total, vendor: page.vendor ?? vendor.name };
}

/** A company by its id (the `id` of a search item), in the applicant's language; 100404 when unknown. */
export async function companyInfo(deps: AppDeps, id: string, lang: Lang): Promise<Res<'companyInfo'>> {
  const vendor = deps.vendors.company;
  const found = await vendor.info(id.trim());
  if (!found) throw new AppError(ErrorCode.NOT_FOUND);
  return { ...companyInLanguage(found, lang), vendor: found.vendor ?? vendor.name };
}
