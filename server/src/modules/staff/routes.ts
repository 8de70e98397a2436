/** The review desk's calls (issue 28): sign-in and out, the signed-in member, the queue, claims, the case, its files, decisions, account updates, organisation signing. */
import type { FastifyPluginAsync } from 'fastify';
import { STAFF_COOKIE } from '@core/domain/staff';
import { route } from '../../plugins/route';
import { clearStaffCookie, staffCookieOptions } from './require-staff';
import { claim, queue, release, signIn, signOut } from './service';
import { caseView, openCaseFile } from './case';
import { decide, type Decision } from './decide';
import { decideUpdate, updatesList } from './updates';
import { orgCreate, orgsList, signRevoke, signTicket } from './orgs';
import { contentDisposition } from '../files';

const staffRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, 'staffSignIn', async (input, request, reply) => {
    const r = await signIn(deps, input, request.ip);
    reply.setCookie(STAFF_COOKIE, r.sessionId, staffCookieOptions(request, Math.floor((r.expiresAt.getTime() - deps.clock.now()) / 1000)));
    return { staff: r.staff, expiresAt: r.expiresAt.toISOString() };
  });
  route(app, 'staffSignOut', async (_input, request, reply) => {
    await signOut(deps, request.staff!);
    clearStaffCookie(reply);
    return { ok: true as const };
  });
  route(app, 'staffMe', async (_input, request) => request.staff!.staff);
  route(app, 'staffQueue', async (input, request) => queue(deps, request.staff!, input));
  route(app, 'staffClaim', async (input, request) => claim(deps, request.staff!, input.appId));
  route(app, 'staffRelease', async (input, request) => {
    await release(deps, request.staff!, input.appId);
    return { ok: true as const };
  });
  route(app, 'staffCase', async (input, request) => caseView(deps, request.staff!, input.appId));
  route(
    app,
    'staffFile',
    async (input, request, reply) => {
      const { file, stream } = await openCaseFile(deps, request.staff!, input.appId, input.ossId);
      reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition('inline', file.original_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store');
      return reply.send(stream);
    },
    { raw: true },
  );
  // the desk's live queue and cases: every application's events (the outbox, as the applicants' StatusStream)
  route(
    app,
    'staffStream',
    async (_input, _request, reply) => {
      reply.sse.keepAlive();
      const send = (id: number, appId: string) => reply.sse.send({ id: String(id), event: 'change', data: appId }).catch(() => undefined);
      const stop = await app.live.listenAll((e) => void send(e.id, e.appId), () => reply.sse.close());
      reply.sse.onClose(stop);
      await reply.sse.send({ event: 'ready', data: true });
    },
    { raw: true, sse: true },
  );
  route(app, 'staffDecide', async (input, request) => {
    const { appId, ...decision } = input;
    return decide(deps, request.staff!, appId, decision as Decision);
  });
  route(app, 'staffUpdates', async (input) => updatesList(deps, input));
  route(app, 'staffUpdateDecide', async (input, request) => decideUpdate(deps, request.staff!, input));
  route(app, 'staffOrgs', async () => orgsList(deps));
  route(app, 'staffOrgCreate', async (input, request) => orgCreate(deps, request.staff!, input));
  route(app, 'staffSignTicket', async (input, request) => signTicket(deps, request.staff!, input));
  route(app, 'staffSignRevoke', async (input, request) => signRevoke(deps, request.staff!, input.ticketId));
};

export default staffRoutes;
