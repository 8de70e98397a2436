/** The local company registry: the companies table (import with `npm run ops -- companies-import`). */
import type { Db } from '../../db';
import { findCompany, searchCompanies } from './repository';
import type { CompanyVendor } from './types';

export function createLocalCompanyVendor(db: Db): CompanyVendor {
  return {
    name: 'local',
    search: (query) => searchCompanies(db, query),
    info: (id) => findCompany(db, id),
  };
}
