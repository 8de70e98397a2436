/**
 * StatusStream (issue 28): server-sent events (@fastify/sse) to the applicant's open status page, a `status` event
 * whenever their application changed (LiveHub reads the outbox). The event carries the event id only: the page reads
 * the application again with its ciphered ApplyDetail. A reconnecting browser sends Last-Event-ID and gets what it
 * missed; a comment line every 25 s keeps proxies from closing an idle line.
 */
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../plugins/route';
import { activeAppIdOf } from '../files';

const liveRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(
    app,
    'statusStream',
    async (_input, request, reply) => {
      const appId = await activeAppIdOf(deps.db, request.user!.userId);
      const hub = app.live;
      reply.sse.keepAlive();
      if (!appId) {
        // nothing to follow yet: the page polls (and opens the stream again once it has an application)
        await reply.sse.send({ event: 'none', data: true });
        reply.sse.close();
        return;
      }
      const send = (id: number) => reply.sse.send({ id: String(id), event: 'status', data: id }).catch(() => undefined);
      const stop = await hub.listen(appId, (e) => void send(e.id), () => reply.sse.close());
      reply.sse.onClose(stop);
      // the line is open: the page knows it is live (and reads what changed before it listened)
      await reply.sse.send({ event: 'ready', data: true });
      const lastSeen = Number(request.headers['last-event-id']);
      if (Number.isSafeInteger(lastSeen) && lastSeen > 0) for (const e of await hub.since(appId, lastSeen)) await send(e.id);
    },
    { raw: true, sse: true },
  );
};

export default liveRoutes;
