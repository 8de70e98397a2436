/**
 * TAXINFO service-only rules (after the domain's validateTaxInfo passed; spec part 2 §5 "Tax"): every tax
 * file is the caller's upload of category UserApply (its issue at the row's country, as the domain's file rules),
 * and the rows' and the W-8BEN countries are codes of the ISO 3166-1 list. A file of another user is refused
 * earlier for every step (100403).
 */
import { at } from '@core/domain';
import { filesOfCategory } from './idcard';
import { unknownCountries } from './userinfo';
import type { StepCheck } from './index';

export const checkTaxInfo: StepCheck = async ({ tx, userId, data }) => {
  const rows = at(data, 'frontInfo.RAW_taxInfo') as ReadonlyArray<{ countryCode: string }>;
  const files = (at(data, 'documentInfo.idCardTaxInfo') ?? []) as ReadonlyArray<{ ossId: string; taxInfoCountryCode: string }>;
  return [
    ...unknownCountries([...rows.map((r, i) => [`frontInfo.RAW_taxInfo.${i}.countryCode`, r.countryCode] as const), ['w8Info.country', at(data, 'w8Info.country')]]),
    ...(await filesOfCategory(tx, userId, files.map((f) => [`documentInfo.idCardTaxInfo.${f.taxInfoCountryCode}`, f] as const), 'UserApply')),
  ];
};
