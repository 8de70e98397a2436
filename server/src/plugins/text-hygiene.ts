/**
 * Text hygiene at the edge: every request's body, query string and path parameters (after the cipher layer has
 * opened the envelope, before the login check, validation or any other database work) are refused with 100400,
 * rule `textEncoding`, when a string or key holds NUL or a lone surrogate (src/core/domain/text.ts). Multipart
 * uploads check their opened fields in openUpload.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badTextPath, ErrorCode } from '@core/domain';
import { AppError } from '../errors';

export function textEncodingError(path: string): AppError {
  return new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path, message: 'textEncoding' }] } });
}

/** Throws 100400 textEncoding for the first bad string of `value` (its path prefixed with `prefix`). */
export function refuseBadText(value: unknown, prefix = ''): void {
  const at = badTextPath(value);
  if (at !== null) throw textEncodingError(prefix && at ? `${prefix}.${at}` : prefix || at);
}

export function checkRequestText(request: FastifyRequest): void {
  if (!request.routeOptions.config?.multipart) refuseBadText(request.body);
  refuseBadText(request.query);
  refuseBadText(request.params);
}

/** Installed after the cipher layer (app-level hooks run in the order they were added, route-level ones after). */
export function installTextHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkRequestText(request));
}
