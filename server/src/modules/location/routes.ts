/** Location calls: IP location, position → city code, position report. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALLS, ErrorCode, schemas } from '@core/domain';
import { AppError } from '../../errors';
import { rateLimit } from '../../plugins/rate-limit';
import { OK, resultOf } from '../../plugins/reply';
import { parseLocation } from '../../vendors/geocode';
import { reportPosition } from '../applications/service';
import { requireUser } from '../auth/require-user';

function positionOf(location: string): { lat: number; lng: number } {
  const p = parseLocation(location);
  if (!p) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'location', message: 'expected "latitude,longitude" within ±90,±180' }] } });
  return p;
}

const locationRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { ipgeo, geocode } = deps.vendors;
  const guarded = { preHandler: requireUser };
  const tags = ['location'];
  const security = [{ session: [] }];

  // request.ip is the socket address unless TRUST_PROXY names the proxies in front (then their X-Forwarded-For entries count)
  app.get(CALLS.ipLocation.path, { preHandler: [requireUser, rateLimit('ipLocation')], schema: { tags, security, response: { 200: resultOf(schemas.ipLocation.res) } } }, async (request) => ({
    result: await ipgeo.locate(request.ip),
  }));

  app.post(
    CALLS.positionToCity.path,
    { preHandler: [requireUser, rateLimit('positionToCity')], schema: { tags, security, body: schemas.positionToCity.req, response: { 200: resultOf(schemas.positionToCity.res) } } },
    async (request) => {
      const { lat, lng } = positionOf(request.body.location);
      return { result: { city_code: await geocode.cityCode(lat, lng) } };
    },
  );

  app.post(
    CALLS.positionInfo.path,
    { ...guarded, schema: { tags, security, body: schemas.positionInfo.req, response: { 200: resultOf(schemas.positionInfo.res) } } },
    async (request) => {
      const { lat, lng } = positionOf(request.body.location);
      await reportPosition(deps, request.user!.userId, `${lat},${lng}`);
      return { result: OK };
    },
  );
};

export default locationRoutes;
