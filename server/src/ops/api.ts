/**
 * The ops API for `npm run ops` while the server runs (PGlite allows one process on its data dir; on PostgreSQL the
 * CLI works on the database itself unless OPS_URL names a process): POST /ops/v1/run {command, params} → {result}.
 * Loopback callers only (the socket's address, not X-Forwarded-For; a request carrying any proxy header is refused:
 * a local reverse proxy relays others) with `Authorization: Bearer <token>`: OPS_TOKEN (or OPS_TOKEN_FILE), the same
 * for every process, or else DATA_DIR/ops.token, made fresh at each start. Not in the OpenAPI description.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@core/domain';
import { sendError } from '../plugins/errors';
import { OpsError } from './framework';
import { asOpsError, runCommand } from './run';
import { isLoopback, readOpsToken, sameToken } from './token';

/** headers a proxy adds when it relays another client's request */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto', 'via'];

const runBody = z.object({ command: z.string().min(1).max(64), params: z.unknown() });

const opsApi: FastifyPluginAsync = async (app) => {
  const { config, db, clock, storage } = app.deps;

  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) return sendError(request, reply, ErrorCode.FORBIDDEN);
    // a loopback peer that forwards for someone (a reverse proxy on this host) is not an operator
    if (PROXY_HEADERS.some((h) => request.headers[h] !== undefined)) return sendError(request, reply, ErrorCode.FORBIDDEN);
    const expected = config.ops.token ?? readOpsToken(config.dataDir);
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!expected || !given || !sameToken(given, expected)) return sendError(request, reply, ErrorCode.FORBIDDEN);
  });

  app.get('/ping', { config: { cipher: false }, schema: { hide: true } }, async () => ({ result: { pid: process.pid } }));

  app.post('/run', { config: { cipher: false }, schema: { hide: true, body: runBody } }, async (request, reply) => {
    const { command, params } = request.body as z.infer<typeof runBody>;
    try {
      return { result: await runCommand({ db, config, clock, storage }, command, params) };
    } catch (err) {
      const e = asOpsError(err);
      if (e instanceof OpsError) return sendError(request, reply, ErrorCode.INVALID_INPUT, { message: e.message });
      throw e;
    }
  });
};

export default opsApi;
