/** Lookup calls: KYCKeyValue, MainlandCity, CompanySearch, CompanyInfo (all need a login). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { seedCompanies } from '../../vendors/company/seed';
import { companyInfo, companySearch, kycKeyValue, mainlandCityMap } from './service';

const lookupRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  // the shipped seed of companies, while the table holds only the seed's rows (an operator's import is never mixed with it)
  const seeded = await seedCompanies(deps.db);
  if (seeded && (seeded.inserted || seeded.updated)) app.log.info({ companies: seeded.inserted, updated: seeded.updated, rejected: seeded.rejected }, 'company seed imported');

  route(app, 'kycKeyValue', (input) => kycKeyValue(input.type, input.key));
  route(app, 'mainlandCity', () => mainlandCityMap());
  route(app, 'companySearch', (input, request) => companySearch(deps, input, request.lang));
  route(app, 'companyInfo', (input, request) => companyInfo(deps, input.keyword, request.lang));
};

export default lookupRoutes;
