/**
 * The error envelope: every failure (thrown AppError, zod validation, 404, body parse errors,
 * unexpected errors) answers {error: {code, message, data?}}. 5xx messages are never sent.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode } from '@core/domain';
import { AppError, httpStatusOf, isConnectionError, UnavailableError, type Issue } from '../errors';
import { errorMessage, langOf } from '../i18n';
import { noteErrorCode } from '../metrics';

export function errorBody(request: FastifyRequest, code: number, data?: unknown, given?: string) {
  const message = given ?? errorMessage(code, request.lang ?? langOf(request.headers));
  return { error: data === undefined ? { code, message } : { code, message, data } };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, code: number, opts: { data?: unknown; status?: number; message?: string } = {}) {
  noteErrorCode(request, code);
  return reply.status(opts.status ?? httpStatusOf(code)).send(errorBody(request, code, opts.data, opts.message));
}

/** Retry-After of a 503 100502 (the database or storage not answering): a short outage is the likely one */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Retry-After of a 100429: the seconds its data names, 60 when it names none. */
export function retryAfterOf(data: unknown): number {
  const s = (data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof s === 'number' && Number.isFinite(s) && s > 0 ? Math.ceil(s) : 60;
}

/** {path, message} per zod issue; path joined with dots (body/query prefix dropped). */
export function issuesOf(validation: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }>): Issue[] {
  return validation.map((v) => ({
    path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
    message: v.message ?? 'invalid',
  }));
}

/** Installs the error and not-found handlers on the root instance. */
export function installErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) request.log.error({ err, errorCode: err.code }, 'request failed');
      // a refusal that names its wait (100429, a busy face check or card reading: data.retryAfterSeconds) says it in HTTP too
      if (err.code === ErrorCode.RATE_LIMITED || err.code === ErrorCode.BUSY) reply.header('retry-after', String(retryAfterOf(err.data)));
      return sendError(request, reply, err.code, { data: err.data, status: err.statusCode, message: err.givenMessage });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return sendError(request, reply, ErrorCode.INVALID_INPUT, { data: { issues: issuesOf(err.validation) } });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err: { message: err.message, issues: err.cause?.issues?.length } }, 'response did not match its schema');
      return sendError(request, reply, ErrorCode.INTERNAL);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return sendError(request, reply, ErrorCode.FILE_TOO_LARGE, { status: 413 });
    }
    if (status >= 400 && status < 500) {
      // body parse errors, wrong content type, and the like: the client sent something unusable
      // the framework's own error names (FST_…) stay in the log: the client gets the catalogue's rule
      const code = status === 404 ? ErrorCode.NOT_FOUND : status === 429 ? ErrorCode.RATE_LIMITED : ErrorCode.INVALID_INPUT;
      request.log.info({ errCode: err.code, status }, 'request refused by the framework');
      if (code === ErrorCode.RATE_LIMITED) reply.header('retry-after', '60');
      return sendError(request, reply, code, { status, data: code === ErrorCode.INVALID_INPUT ? { issues: [{ path: '', message: 'format' }] } : undefined });
    }
    if (isConnectionError(err)) {
      // the database or the file store not answering: "try again", the session and the applicant's place kept
      const part = err instanceof UnavailableError ? err.part : 'database';
      request.log.warn({ err: err instanceof UnavailableError ? err.cause : err, part }, 'a part of the service is unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return sendError(request, reply, ErrorCode.UNAVAILABLE);
    }
    request.log.error({ err }, 'unexpected error');
    return sendError(request, reply, ErrorCode.INTERNAL, { status: 500 });
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, ErrorCode.NOT_FOUND));
}
