/**
 * Registers a call's route from its one declaration: CALLS (method, path, auth, rate limit, cipher, tag) and
 * `schemas` (request and answer) in src/core/domain. A module writes only what the call does:
 *
 *   route(app, 'applySubmit', async (input, request) => service.submit(deps, request.user!.userId, input));
 *
 * - auth 'user' (the default): the user guard runs right after the envelope is opened and before the request is
 *   validated (100008/100033/100034 to any caller without a session, whatever it sent); 'public' and 'signed'
 *   (the handler checks a signature and the owner itself): no login check;
 * - auth 'staff': the staff guard (the staff session's cookie, and a role that allows the call's `staffNeed`);
 * - the guards are the modules' (auth/require-user.ts, org-sign/require-signer.ts, staff/require-staff.ts): this file
 *   offers the registration point (`Guards`, decorated on the app as `app.guards` by app.ts from modules/index.ts)
 *   and imports no module; a route whose auth has no guard registered is refused at start;
 * - rate limit (if any): after validation (a refused request is not counted), before the handler;
 * - cipher false: `config: {cipher: false}` (plain JSON);
 * - the request schema is the POST body or the GET query string; the answer is `{result}` checked by the answer schema;
 * - path parameters (CALLS `pathParams`): `params`, their zod schema, types `request.params`;
 * - `config.multipart`: the handler opens the body itself (openUpload); no body schema;
 * - `raw`: the handler answers itself through `reply` (streams); its return value is sent as is.
 *
 * Every call of CALLS must be registered once (server/test/calls.test.ts checks it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALLS, CALL_SUMMARIES, routeUrl, schemas, type CallDef, type CallName } from '@core/domain';
import type { StaffNeed } from '@core/domain/staff';
import type { RouteFlags } from './context';
import { rateLimit } from './rate-limit';
import { resultOf } from './reply';

type Schemas = typeof schemas;
type ReqSchemaOf<K extends CallName> = K extends keyof Schemas ? (Schemas[K] extends { req: infer R extends z.ZodType } ? R : undefined) : undefined;
type ResSchemaOf<K extends CallName> = K extends keyof Schemas ? (Schemas[K] extends { res: infer R extends z.ZodType } ? R : undefined) : undefined;

/** What the handler receives: the validated body (POST) or query (GET), or undefined for a call without a request schema. */
export type InputOf<K extends CallName> = ReqSchemaOf<K> extends z.ZodType ? z.output<ReqSchemaOf<K>> : undefined;
/** What the handler returns: the call's result (the helper wraps it as {result}). */
export type ResultOf<K extends CallName> = ResSchemaOf<K> extends z.ZodType ? z.input<ResSchemaOf<K>> : unknown;

/** The path parameters the handler sees on `request.params`: those of the `params` schema, none without one. */
export type ParamsOf<P extends z.ZodType | undefined> = P extends z.ZodType ? z.output<P> : Record<string, never>;

export interface RouteExtras<P extends z.ZodType | undefined = undefined> {
  /** a zod schema of the path parameters that CALLS names in `pathParams` (validated: 100400 otherwise) */
  params?: P;
  description?: string;
  /** content types of the body, for OpenAPI (multipart routes: multipart/form-data unless given) */
  consumes?: string[];
  /**
   * Fastify route flags besides the cipher flag, which comes from CALLS only. `multipart: true`: the handler
   * opens the body itself (openUpload): no body schema, `input` is undefined.
   */
  config?: Omit<RouteFlags, 'cipher' | 'call'>;
  onSend?: RouteShorthandOptions['onSend'];
  /** more preHandlers after the rate limit one (the login check has run before) */
  preHandler?: RouteShorthandOptions['preHandler'];
  /** the handler sends the answer itself (a stream): no {result} wrapping, no answer schema */
  raw?: boolean;
  /** a server-sent events route (@fastify/sse: `reply.sse`); raw as well */
  sse?: boolean;
}

/** The error envelope every refusal answers with (plugins/errors.ts). */
export const errorEnvelope = z.object({
  error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }),
});

const ERROR_STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input (100400 with data.issues) or a business refusal (15xxxx)',
  401: 'Login needed or expired, or the cipher envelope refused (1006xx)',
  403: 'Not allowed (100403)',
  429: 'Too many requests (100429; header Retry-After)',
  500: 'Service error (100500)',
};

/** The HTTP statuses a call's refusals use. */
function errorStatusesOf(def: CallDef): number[] {
  return [400, ...(def.auth === 'public' && !def.cipher ? [] : [401]), ...(def.auth === 'public' ? [] : [403]), ...(def.rateLimit ? [429] : []), 500];
}

type App = FastifyInstance | ReturnType<FastifyInstance['withTypeProvider']>;

/** A login check, run as the route's preValidation: sets the request's session or throws the refusal. */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The login checks by CALLS auth, each registered by the module that owns the session it checks (modules/index.ts). */
export interface Guards {
  /** auth 'user': the applicant's session (sets request.user) */
  user: Guard;
  /** auth 'sign': the organisation signer's session (sets request.signer) */
  sign: Guard;
  /** auth 'staff': the staff session, with a role that allows `need` (sets request.staff) */
  staff: (need: StaffNeed) => Guard;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the login checks route() puts before a call's handler (registered by app.ts from modules/index.ts) */
    guards: Guards;
  }
}

function guardOf(app: App, name: CallName, def: CallDef, multipart: boolean): { preValidation: Guard } | Record<string, never> {
  const kind = def.auth === 'user' ? 'user' : def.auth === 'sign' && !multipart ? 'sign' : def.auth === 'staff' ? 'staff' : null;
  if (!kind) return {};
  const guards = (app as FastifyInstance).guards as Partial<Guards> | undefined;
  const guard = guards?.[kind];
  if (!guard) throw new Error(`route ${name}: no guard is registered for auth '${def.auth}' (app.guards)`);
  return { preValidation: kind === 'staff' ? (guard as Guards['staff'])(def.staffNeed ?? 'staff') : (guard as Guard) };
}

export function route<K extends CallName, P extends z.ZodType | undefined = undefined>(
  app: App,
  name: K,
  handler: (input: InputOf<K>, request: FastifyRequest<{ Params: ParamsOf<P> }>, reply: FastifyReply) => Promise<ResultOf<K>> | ResultOf<K>,
  extras: RouteExtras<P> = {},
): void {
  const def: CallDef = CALLS[name];
  if (def.pathParams?.length && !extras.params) throw new Error(`route ${name}: CALLS names path parameters (${def.pathParams.join(', ')}); give their schema in params`);
  const s = (schemas as Record<string, { req?: z.ZodType; res?: z.ZodType }>)[name] ?? {};
  const pre: NonNullable<RouteShorthandOptions['preHandler']>[] = [];
  if (def.rateLimit) pre.push(rateLimit(def.rateLimit));
  if (extras.preHandler) pre.push(extras.preHandler);
  const schema: Record<string, unknown> = { tags: [def.tag], operationId: name, summary: CALL_SUMMARIES[name] };
  const multipart = extras.config?.multipart === true;
  if (def.auth === 'user' || def.auth === 'signed') schema.security = [{ session: [] }];
  if (def.auth === 'sign') schema.security = [];
  if (def.auth === 'staff') schema.security = [{ staffSession: [] }];
  if (s.req && !multipart) schema[def.method === 'GET' ? 'querystring' : 'body'] = s.req;
  if (extras.params) schema.params = extras.params;
  if (extras.description) schema.description = extras.description;
  if (extras.consumes || multipart) schema.consumes = extras.consumes ?? ['multipart/form-data'];
  // the answers a client can meet: the result, and the error envelope of the refusals this call can give
  schema.response = {
    ...(s.res && !extras.raw && !extras.sse ? { 200: resultOf(s.res) } : {}),
    ...Object.fromEntries(errorStatusesOf(def).map((status) => [status, errorEnvelope.describe(ERROR_STATUS_TEXT[status])])),
  };
  const config: RouteFlags = { ...extras.config, call: name, ...(def.cipher ? {} : { cipher: false }) };
  (app as FastifyInstance).withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: routeUrl(def),
    config,
    schema,
    // route-level hooks run after the app's: the cipher layer's preValidation has opened the envelope
    ...guardOf(app, name, def, multipart),
    preHandler: pre.flat(),
    ...(extras.onSend ? { onSend: extras.onSend } : {}),
    ...(extras.sse ? { sse: true } : {}),
    handler: async (request, reply) => {
      const input = (multipart ? undefined : def.method === 'GET' ? request.query : request.body) as InputOf<K>;
      const out = await handler(input, request as FastifyRequest<{ Params: ParamsOf<P> }>, reply);
      return extras.raw || extras.sse ? out : { result: out };
    },
  });
}
