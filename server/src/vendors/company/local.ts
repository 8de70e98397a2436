/**
 * The local company registry: the companies table (import with `npm run ops -- companies-import`). A Chinese word is
 * looked for in its simplified and traditional forms (chinese-script.ts), so 騰訊 and 腾讯 find the same companies
 * whichever script the registry holds them in; English words match the English names.
 */
import type { Db } from '../../db';
import { searchForms } from './chinese-script';
import { findCompany, searchCompanies } from './repository';
import type { CompanyVendor } from './types';

export function createLocalCompanyVendor(db: Db): CompanyVendor {
  return {
    name: 'local',
    search: (query) => searchCompanies(db, { ...query, forms: searchForms(query.word) }),
    info: (id) => findCompany(db, id),
  };
}
