/** Lookup calls: KYCKeyValue, MainlandCity, CompanySearch, CompanyInfo (all need a login). */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALLS, schemas } from '@core/domain';
import { rateLimit } from '../../plugins/rate-limit';
import { resultOf } from '../../plugins/reply';
import { seedCompaniesIfEmpty } from '../../vendors/company/seed';
import { requireUser } from '../auth/require-user';
import { companyInfo, companySearch, kycKeyValue, mainlandCityMap } from './service';

const lookupRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['lookup'];
  const security = [{ session: [] }];

  // the shipped seed of companies, once, while the table is empty (an operator's import is never mixed with it)
  const seeded = await seedCompaniesIfEmpty(deps.db);
  if (seeded) app.log.info({ companies: seeded.inserted, rejected: seeded.rejected }, 'company seed imported');

  app.post(
    CALLS.kycKeyValue.path,
    { preHandler: [requireUser, rateLimit('kycKeyValue')], schema: { tags, security, body: schemas.kycKeyValue.req, response: { 200: resultOf(schemas.kycKeyValue.res) } } },
    async (request) => ({ result: kycKeyValue(request.body.type, request.body.key) }),
  );

  app.get(
    CALLS.mainlandCity.path,
    { preHandler: requireUser, schema: { tags, security, response: { 200: resultOf(schemas.mainlandCity.res) } } },
    async () => ({ result: mainlandCityMap() }),
  );

  app.get(
    CALLS.companySearch.path,
    { preHandler: [requireUser, rateLimit('companySearch')], schema: { tags, security, querystring: schemas.companySearch.req, response: { 200: resultOf(schemas.companySearch.res) } } },
    async (request) => ({ result: await companySearch(deps, request.query) }),
  );

  app.get(
    CALLS.companyInfo.path,
    { preHandler: requireUser, schema: { tags, security, querystring: schemas.companyInfo.req, response: { 200: resultOf(schemas.companyInfo.res) } } },
    async (request) => ({ result: await companyInfo(deps, request.query.keyword) }),
  );
};

export default lookupRoutes;
