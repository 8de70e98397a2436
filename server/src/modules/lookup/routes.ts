/** Lookup calls: KYCKeyValue, MainlandCity, CompanySearch, CompanyInfo (all need a login). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { seedCompaniesIfEmpty } from '../../vendors/company/seed';
import { companyInfo, companySearch, kycKeyValue, mainlandCityMap } from './service';

const lookupRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  // the shipped seed of companies, once, while the table is empty (an operator's import is never mixed with it)
  const seeded = await seedCompaniesIfEmpty(deps.db);
  if (seeded) app.log.info({ companies: seeded.inserted, rejected: seeded.rejected }, 'company seed imported');

  route(app, 'kycKeyValue', (input) => kycKeyValue(input.type, input.key));
  route(app, 'mainlandCity', () => mainlandCityMap());
  route(app, 'companySearch', (input) => companySearch(deps, input));
  route(app, 'companyInfo', (input) => companyInfo(deps, input.keyword));
};

export default lookupRoutes;
