/**
 * X-Request-Id: the balancer's id when it sent a sane one (1..128 printable token characters), else one made here
 * (a UUID). Fastify keeps it as request.id, its child logger writes it on every line of the request as `requestId`
 * (loggerOptions), and every answer carries it back in the same header, so that a client's report, the balancer's
 * log and ours name the same request.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** the log lines' key for it (Fastify's requestIdLogLabel; its own default is `reqId`) */
export const REQUEST_ID_LOG_KEY = 'requestId';

/** RFC 9110 token characters, plus `/`, `:`, `=` and `@` that tracing ids use; no space, quote, comma or control character */
const SANE_ID = /^[A-Za-z0-9!#$%&'*+.^_`|~/:=@-]{1,128}$/;

/** The id a request is known by: the incoming header's value when sane (a repeated header arrives joined by ", ": made anew). */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_ID.test(header) ? header : randomUUID();
}

/** Fastify's genReqId (requestIdHeader stays false: Fastify would take any value of the header unchecked). */
export const genReqId = (req: IncomingMessage): string => requestIdOf(req.headers[REQUEST_ID_HEADER]);

/** Answers every request with its id; first of the onRequest hooks, so refusals made there carry it too. */
export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
