/** Location calls: IP location, position → city code, position report. */
import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode } from '@core/domain';
import { AppError } from '../../errors';
import { OK } from '../../plugins/reply';
import { route } from '../../plugins/route';
import { parseLocation } from '../../vendors/geocode';
import { reportPosition } from '../applications';

function positionOf(location: string): { lat: number; lng: number } {
  const p = parseLocation(location);
  if (!p) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'location', message: 'expected "latitude,longitude" within ±90,±180' }] } });
  return p;
}

const locationRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { ipgeo, geocode } = deps.vendors;

  // request.ip is the socket address unless TRUST_PROXY names the proxies in front (then their X-Forwarded-For entries count)
  route(app, 'ipLocation', (_input, request) => ipgeo.locate(request.ip));

  route(app, 'positionToCity', async (input) => {
    const { lat, lng } = positionOf(input.location);
    return { city_code: await geocode.cityCode(lat, lng) };
  });

  route(app, 'positionInfo', async (input, request) => {
    const { lat, lng } = positionOf(input.location);
    await reportPosition(deps, request.user!.userId, `${lat},${lng}`);
    return OK;
  });
};

export default locationRoutes;
