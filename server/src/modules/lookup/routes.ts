/** Lookup calls: KYCKeyValue, MainlandCity, CompanySearch, CompanyInfo (all need a login). */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { companyInfo, companySearch, kycKeyValue, mainlandCityMap } from './service';

const lookupRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, 'kycKeyValue', (input) => kycKeyValue(input.type, input.key));
  route(app, 'mainlandCity', () => mainlandCityMap());
  route(app, 'companySearch', (input, request) => companySearch(deps, input, request.lang));
  route(app, 'companyInfo', (input, request) => companyInfo(deps, input.keyword, request.lang));
};

export default lookupRoutes;
