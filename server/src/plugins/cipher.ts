/**
 * The cipher layer on every API route under /kyc/esop/v1 (and /kyc/v1/sign: API_PREFIXES) unless the route says `config: {cipher: false}`.
 * - POST JSON: the body is a RequestEnvelope; it is opened before validation and replaced by its payload.
 * - GET: query `e` = base64url(JSON(RequestEnvelope)); the query becomes the payload.
 * - multipart (`config: {multipart: true}`): the handler calls `openUpload(request)`.
 * Answers to opened requests are sealed (header x-esop-cipher: 1); failures of the layer itself
 * (100601..100604) are answered plain because there is no key to seal with.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { cipher, ErrorCode, prefixOf, schemas } from '@core/domain';
import { AppError } from '../errors';
import { pathOnly } from '../log';
import { parseJsonSafely } from './safe-json';
import { refuseBadText } from './text-hygiene';
import * as aes from './aes-gcm';
import type { CipherContext } from './context';

/** What the cipher layer needs of the key service (implemented by modules/system/cipher-service.ts, given by app.ts). */
export interface CipherService {
  publicKey(): { kid: string; alg: 'RSA-OAEP-256'; spki: string };
  openSession(kid: string, wrappedKey: string): Promise<{ sid: string; expiresAt: string }>;
  /**
   * Opens a request envelope for method+path; returns the plaintext payload and the context to seal the answer with.
   * `forbidden` lists keys taken out of the payload (prototype poisoning, see safe-json.ts): the caller refuses the request.
   */
  openRequest(envelope: unknown, method: string, path: string): Promise<{ ctx: CipherContext; payload: unknown; forbidden: string[] }>;
  sealResponse(ctx: CipherContext, body: string): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    cipherService: CipherService;
  }
}

const GCM_TAG_BYTES = 16;

/** The matched route's pattern (e.g. /kyc/esop/v1/oss/v1/Upload/:category); undefined when no route matched. */
function routeUrl(request: FastifyRequest): string | undefined {
  return request.is404 ? undefined : request.routeOptions.url;
}

/** A matched route under the API prefix (decided by the router's match, never by the raw URL's spelling). */
export function isApiRoute(request: FastifyRequest): boolean {
  const url = routeUrl(request);
  return !!url && prefixOf(url) !== undefined;
}

/** Ciphered: every API route unless it declares `config: {cipher: false}`. */
export function isCipheredRoute(request: FastifyRequest): boolean {
  return isApiRoute(request) && request.routeOptions.config?.cipher !== false;
}

/**
 * The path the envelope's AAD must name: the matched route's pattern with its parameters filled in
 * from the router's (decoded) values. However the client spelled the URL (%6B, …), a request is
 * accepted only if it was sealed for this route, e.g. /kyc/esop/v1/oss/v1/Upload/UserInfo.
 */
export function routePath(request: FastifyRequest): string {
  const url = routeUrl(request);
  if (!url) throw new AppError(ErrorCode.CIPHER_INVALID);
  const params = (request.params ?? {}) as Record<string, unknown>;
  return url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?|\*$/g, (_m, name: string | undefined) => {
    const v = params[name ?? '*'];
    if (typeof v !== 'string') throw new AppError(ErrorCode.CIPHER_INVALID);
    return v;
  });
}

function looksLikeEnvelope(x: unknown): boolean {
  return !!x && typeof x === 'object' && 'sid' in x && 'data' in x;
}

/** An envelope's JSON, refused (100602) when it carries a prototype-poisoning key. */
function envelopeOf(text: string): unknown {
  const { value, forbidden } = parseJsonSafely(text);
  if (forbidden.length) throw new AppError(ErrorCode.CIPHER_INVALID);
  return value;
}

/** 100400 for a payload that carried `__proto__`/`constructor`/`prototype` keys (answered sealed: request.cipher is set). */
function refuseForbidden(forbidden: string[]): void {
  if (forbidden.length) {
    throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [...new Set(forbidden)].map((key) => ({ path: key, message: 'forbidden key' })) } });
  }
}

function decodeQueryEnvelope(e: unknown): unknown {
  if (typeof e !== 'string' || e.length === 0) throw new AppError(ErrorCode.CIPHER_REQUIRED);
  try {
    return envelopeOf(new TextDecoder().decode(aes.fromB64u(e)));
  } catch {
    throw new AppError(ErrorCode.CIPHER_INVALID);
  }
}

export function installCipher(app: FastifyInstance, service: CipherService): void {
  app.decorate('cipherService', service);
  app.decorateRequest('cipher', null);

  app.addHook('preValidation', async (request) => {
    if (!isCipheredRoute(request)) return;
    if (request.routeOptions.config?.multipart) return; // opened by openUpload in the handler
    const path = routePath(request);
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE') {
      const envelope = decodeQueryEnvelope((request.query as Record<string, unknown> | undefined)?.[cipher.GET_ENVELOPE_PARAM]);
      const { ctx, payload, forbidden } = await service.openRequest(envelope, request.method, path);
      request.cipher = ctx;
      refuseForbidden(forbidden);
      request.query = payload ?? {};
      return;
    }
    if (!looksLikeEnvelope(request.body)) throw new AppError(ErrorCode.CIPHER_REQUIRED);
    const { ctx, payload, forbidden } = await service.openRequest(request.body, request.method, path);
    request.cipher = ctx;
    refuseForbidden(forbidden);
    request.body = payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRoute(request) || prefixOf(pathOnly(request.url)) !== undefined) reply.header('cache-control', 'no-store');
    if (!request.cipher) return payload;
    let text: string;
    if (typeof payload === 'string') text = payload;
    else if (Buffer.isBuffer(payload)) text = payload.toString('utf8');
    else if (payload == null) text = JSON.stringify({ result: null });
    else throw new Error('a ciphered route answered with a stream');
    reply.header(cipher.CIPHER_HEADER, '1');
    reply.header('content-type', 'application/json; charset=utf-8');
    return service.sealResponse(request.cipher, text);
  });
}

export interface OpenedUpload {
  meta: { filename: string; subAccountId?: string; fileIv?: string };
  bytes: Uint8Array;
}

/**
 * Opens a ciphered multipart upload: field `e` (JSON RequestEnvelope whose payload is
 * {filename, subAccountId?, fileIv}) and part `file` (bytes sealed with AES-GCM, iv=fileIv,
 * aad=fileAad(sid, nonce)). Sets request.cipher so the answer is sealed.
 * Errors: not multipart → 100601; envelope/file fail to open → 100602 (..100604 as usual);
 * meta invalid or not clean text → 100400; file larger than maxBytes → 1008.
 */
export async function openUpload(request: FastifyRequest, maxBytes: number): Promise<OpenedUpload>;
export async function openUpload<M extends z.ZodType<{ fileIv?: string }>>(request: FastifyRequest, maxBytes: number, metaSchema: M): Promise<{ meta: z.output<M>; bytes: Uint8Array }>;
/** `metaSchema`: the envelope's payload of another multipart call than Upload (the signing service's FileUpload) */
export async function openUpload(request: FastifyRequest, maxBytes: number, metaSchema: z.ZodType<{ fileIv?: string }> = schemas.upload.meta): Promise<{ meta: { fileIv?: string }; bytes: Uint8Array }> {
  if (!request.isMultipart()) throw new AppError(ErrorCode.CIPHER_REQUIRED);
  let envelopeText: string | undefined;
  let sealed: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + GCM_TAG_BYTES } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || sealed) {
          await part.toBuffer();
          throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: part.fieldname, message: 'unexpected file part' }] } });
        }
        sealed = await part.toBuffer();
      } else if (part.fieldname === cipher.UPLOAD_ENVELOPE_FIELD && typeof part.value === 'string') {
        envelopeText = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') throw new AppError(ErrorCode.FILE_TOO_LARGE);
    throw err;
  }
  if (envelopeText === undefined) throw new AppError(ErrorCode.CIPHER_REQUIRED);
  let envelope: unknown;
  try {
    envelope = envelopeOf(envelopeText);
  } catch {
    throw new AppError(ErrorCode.CIPHER_INVALID);
  }
  const service = request.server.cipherService;
  const { ctx, payload, forbidden } = await service.openRequest(envelope, request.method, routePath(request));
  request.cipher = ctx;
  refuseForbidden(forbidden);
  refuseBadText(payload);
  const meta = metaSchema.safeParse(payload);
  if (!meta.success) {
    throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: meta.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) } });
  }
  if (!sealed) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'file', message: 'missing file part' }] } });
  if (sealed.byteLength > maxBytes + GCM_TAG_BYTES) throw new AppError(ErrorCode.FILE_TOO_LARGE);
  if (!meta.data.fileIv) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'fileIv', message: 'required' }] } });
  let bytes: Uint8Array;
  try {
    bytes = await cipher.openBytes(ctx.key, meta.data.fileIv, new Uint8Array(sealed), cipher.fileAad(ctx.sid, ctx.nonce));
  } catch {
    request.cipher = null; // a cipher-layer failure is answered plain, like the others
    throw new AppError(ErrorCode.CIPHER_INVALID);
  }
  return { meta: meta.data, bytes };
}

/** The multipart size limit to register: the largest allowed file plus the GCM tag. */
export const multipartFileLimit = (maxUploadMb: number) => maxUploadMb * 1024 * 1024 + GCM_TAG_BYTES;
