import type { Db } from '../../db';
import { createHttpCompanyVendor } from './http';
import { createLocalCompanyVendor } from './local';
import type { CompanySettings, CompanyVendor } from './types';

export type { CompanyItem, CompanyPage, CompanyRecord, CompanySearchQuery, CompanySettings, CompanyVendor } from './types';

/** The company registry the settings choose (the local companies table unless COMPANY_VENDOR=http). */
export function createCompanyVendor(settings: CompanySettings, db: Db): CompanyVendor {
  return settings.COMPANY_VENDOR === 'http' ? createHttpCompanyVendor(settings) : createLocalCompanyVendor(db);
}
