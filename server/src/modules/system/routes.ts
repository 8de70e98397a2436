/** System calls: health, ClientConfig, and the cipher handshake (CipherKey, CipherSession); plus the OpenAPI document. */
import type { FastifyPluginAsync } from 'fastify';
import { API_PREFIX, ErrorCode } from '@core/domain';
import { AppError } from '../../errors';
import { route } from '../../plugins/route';
import { clientConfig, health } from './service';

/** Not a call (no CALLS entry): the service's own description, plain and hidden from itself. */
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

const systemRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, 'health', async () => {
    try {
      return await health(deps);
    } catch {
      throw new AppError(ErrorCode.INTERNAL, { status: 503 });
    }
  });
  route(app, 'clientConfig', () => clientConfig(deps.config));
  route(app, 'cipherKey', () => app.cipherService.publicKey());
  route(app, 'cipherSession', (input) => app.cipherService.openSession(input.kid, input.wrappedKey));

  app.get(OPENAPI_PATH, { config: { cipher: false }, schema: { hide: true } }, async () => app.swagger());
};

export default systemRoutes;
