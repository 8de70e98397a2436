/**
 * How the client talks to the KYC service, loaded on the page's first call (client.ts's callApi imports it then, so
 * ky and the cipher are not part of a page's first script).
 *
 * - ky instance: prefix /kyc/esop/v1, same-origin credentials, `x-esop-lang`, per-call timeout from CALLS,
 *   no automatic retries (a replayed envelope is refused by the service as 100604; React Query retries
 *   queries with a freshly sealed request instead).
 * - Cipher (src/core/domain/cipher.ts): a lazy handshake once per page (CipherKey → fresh AES-256-GCM key →
 *   RSA-OAEP wrap → CipherSession); the key lives only in this module's memory. POST bodies are request
 *   envelopes; GET params travel sealed in the query parameter `e`; ciphered answers are opened with the
 *   response AAD. On 100602 (unknown or expired cipher session) the handshake is redone once and the
 *   call retried; on 100603 (stale timestamp: the phone's clock is off) the clock offset is taken from
 *   the answer's Date header and the call retried once.
 * - Envelope: {result} → the result; {error:{code,message,data}} → ApiError. No answer, a timeout or an
 *   unreadable 5xx → ApiError 'NETWORK'.
 */
import ky, { isTimeoutError, type KyResponse, type Options as KyOptions } from 'ky';
import { API_PREFIX, APP_CALLS as CALLS, isPlainAppCall as isPlainCall, type AppCallName as CallName } from '../domain/calls';
import type { Req, Res, schemas } from '../domain/contract';
import {
  CIPHER_HEADER,
  GET_ENVELOPE_PARAM,
  generateAesKey,
  importRsaPublicKey,
  openJson,
  responseAad,
  sealRequest,
  toB64u,
  wrapAesKey,
  type RequestEnvelope,
  type ResponseEnvelope,
} from '../domain/cipher';
import { ErrorCode, type ApiErrorBody } from '../domain/errors';
import { LANG_HEADER, currentLang } from '../i18n/lang';
import { ApiError } from './api-error';

export { ApiError, isApiError } from './api-error';

export type ReqOf<K extends CallName> = K extends keyof typeof schemas ? Req<K> : void;
export type ResOf<K extends CallName> = K extends keyof typeof schemas ? Res<K> : unknown;

export interface CallOptions {
  timeout?: number;
  /** survive page unload (halfway save); bodies over ~60 KB are sent without it */
  keepalive?: boolean;
  signal?: AbortSignal;
  /** appended to the call's path, e.g. '/UserInfo' for the upload category */
  pathSuffix?: string;
}


const origin = () => (typeof location !== 'undefined' && location.origin && location.origin !== 'null' ? location.origin : 'http://localhost');

export const http = ky.create({
  prefix: API_PREFIX,
  baseUrl: origin(),
  retry: 0,
  throwHttpErrors: false,
  credentials: 'same-origin',
  // read globalThis.fetch at call time (tests and the app shell may replace it)
  fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
  hooks: {
    beforeRequest: [
      ({ request }) => {
        request.headers.set(LANG_HEADER, currentLang());
      },
    ],
  },
});

/* ── cipher session (memory only) ── */
export interface CipherState {
  sid: string;
  key: CryptoKey;
  expiresAt: number;
}

let session: Promise<CipherState> | null = null;
let clockOffsetMs = 0;
let handshakes = 0;
const EXPIRY_MARGIN_MS = 30_000;

/** Date.now() corrected by the offset learned from a 100603 answer. */
export function serverNow(): number {
  return Date.now() + clockOffsetMs;
}

function relPath(path: string): string {
  return path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length).replace(/^\//, '') : path.replace(/^\//, '');
}

/** a call under another prefix (the signing service's /kyc/v1/sign) is sent by its whole path */
const prefixFor = (path: string): KyOptions => (path.startsWith(API_PREFIX + '/') || !path.startsWith('/') ? {} : { prefix: '/' });

function isAbort(e: unknown, signal?: AbortSignal): boolean {
  return !!signal?.aborted || (e instanceof Error && e.name === 'AbortError');
}

/** one request through the ky instance (a path under another prefix sent whole); no answer → ApiError NETWORK */
export async function send(path: string, options: KyOptions, signal?: AbortSignal): Promise<KyResponse> {
  try {
    return await http(relPath(path), { ...options, ...prefixFor(path), signal });
  } catch (e) {
    if (isAbort(e, signal) && !isTimeoutError(e)) throw e;
    // ky's NetworkError and TimeoutError, and any fetch failure its heuristics do not recognise
    throw ApiError.network(e);
  }
}

type Envelope = { result?: unknown; error?: ApiErrorBody };

export async function readBody(res: KyResponse): Promise<unknown> {
  const text = await res.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** the result of an answer's envelope, or its ApiError */
export function fromEnvelope(body: unknown, status: number): unknown {
  if (body && typeof body === 'object') {
    const env = body as Envelope;
    if (env.error && typeof env.error === 'object' && typeof env.error.code === 'number') throw ApiError.fromBody(env.error, status);
    if ('result' in env) {
      if (status >= 400) throw new ApiError(ErrorCode.INTERNAL, '', undefined, status);
      return env.result;
    }
  }
  // a gateway page, an empty 5xx, a dropped connection: the service is not answering
  if (status === 0 || status >= 500) throw new ApiError(ErrorCode.NETWORK, 'no usable answer', undefined, status);
  throw new ApiError(ErrorCode.INTERNAL, 'unexpected answer', undefined, status);
}

async function plainCall<T>(name: CallName, payload: unknown, opts: CallOptions): Promise<T> {
  const def = CALLS[name];
  const res = await send(
    def.path + (opts.pathSuffix ?? ''),
    {
      method: def.method,
      timeout: opts.timeout ?? def.timeout,
      ...(def.method === 'POST' ? { json: payload ?? {} } : {}),
      // a plain GET's parameters travel in the query string (e.g. a signed URL's ossid, exp, sig)
      ...(def.method === 'GET' && payload ? { searchParams: payload as Record<string, string | number | boolean> } : {}),
    },
    opts.signal,
  );
  return fromEnvelope(await readBody(res), res.status) as T;
}

async function handshake(): Promise<CipherState> {
  handshakes++;
  const { kid, spki } = await plainCall<{ kid: string; spki: string }>('cipherKey', undefined, {});
  const publicKey = await importRsaPublicKey(spki);
  const { key, raw } = await generateAesKey();
  const wrappedKey = await wrapAesKey(publicKey, raw);
  raw.fill(0);
  const s = await plainCall<{ sid: string; expiresAt: string }>('cipherSession', { kid, wrappedKey }, {});
  // expiresAt is on the service's clock; a phone whose clock runs ahead would see every new session as
  // expired and handshake forever, so an implausible lifetime means "until the service says 100602"
  const lifetime = Date.parse(s.expiresAt) - serverNow();
  const expiresAt = Number.isFinite(lifetime) && lifetime > 2 * EXPIRY_MARGIN_MS ? Date.now() + lifetime : Infinity;
  return { sid: s.sid, key, expiresAt };
}

/** The page's cipher session, made on first use and shared by concurrent calls. */
export function ensureCipherSession(): Promise<CipherState> {
  if (!session) {
    const p = handshake();
    session = p;
    p.catch(() => {
      if (session === p) session = null;
    });
  }
  const current = session;
  return current.then((st) => {
    if (st.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return st;
    if (session === current) session = null;
    return ensureCipherSession();
  });
}

/** Drops the session `st` (only if it is still the current one: concurrent failures handshake once). */
async function invalidate(st: CipherState): Promise<void> {
  const current = session;
  if (!current) return;
  const cur = await current.catch(() => null);
  if (cur === st && session === current) session = null;
}

/** Forgets the cipher session (tests; logout keeps it: the cipher session is not the login). */
export function resetCipherSession(): void {
  session = null;
  clockOffsetMs = 0;
}

/** How many handshakes this page made (diagnostics and tests). */
export function handshakeCount(): number {
  return handshakes;
}

const encoder = new TextEncoder();

/** Encodes a request envelope for the GET query parameter `e`. */
export function envelopeParam(env: RequestEnvelope): string {
  return toB64u(encoder.encode(JSON.stringify(env)));
}

/** Opens a ciphered answer (or reads a plain one: cipher-layer errors come plain), then the envelope. */
export async function openAnswer(
  res: { status: number; headers: { get(name: string): string | null } },
  body: unknown,
  st: CipherState,
  nonce: string,
): Promise<unknown> {
  if (res.headers.get(CIPHER_HEADER) !== '1') return unauthenticatedAnswer(body, res.status);
  const env = body as ResponseEnvelope | undefined;
  let plain: unknown;
  try {
    if (!env || typeof env.iv !== 'string' || typeof env.data !== 'string') throw new Error('not an envelope');
    plain = await openJson(st.key, env.iv, env.data, responseAad(st.sid, nonce));
  } catch {
    // the answer could not be authenticated; the request may have been processed, so no retry
    throw new ApiError(ErrorCode.INTERNAL, 'answer failed authentication', undefined, res.status);
  }
  return fromEnvelope(plain, res.status);
}

/**
 * A plain answer to a ciphered call is never a result: only the cipher layer (which has no key to seal with)
 * or a gateway answers plain. Its code is kept, but not its text or data, which nothing vouches for: the
 * screen shows the translated message of the code.
 */
function unauthenticatedAnswer(body: unknown, status: number): never {
  const error = body && typeof body === 'object' ? (body as Envelope).error : undefined;
  if (error && typeof error === 'object' && typeof error.code === 'number') throw new ApiError(error.code, '', undefined, status);
  if (status === 0 || status >= 500) throw new ApiError(ErrorCode.NETWORK, 'no usable answer', undefined, status);
  throw new ApiError(ErrorCode.INTERNAL, 'answer failed authentication', undefined, status);
}

/** Learns the clock offset from an answer's Date header (1 s resolution is plenty for a 5 min window). */
export function learnClock(dateHeader: string | null): boolean {
  const server = dateHeader ? Date.parse(dateHeader) : NaN;
  if (!Number.isFinite(server)) return false;
  clockOffsetMs = server - Date.now();
  return true;
}

/** Runs a ciphered exchange with the one-time recovery for 100602 (new handshake) and 100603 (clock). */
export async function withCipherRetry<T>(run: (st: CipherState) => Promise<{ value: T } | { error: ApiError; date: string | null }>): Promise<T> {
  let retried = false;
  for (;;) {
    const st = await ensureCipherSession();
    const out = await run(st);
    if ('value' in out) return out.value;
    const { error } = out;
    if (!retried && error.code === ErrorCode.CIPHER_INVALID) {
      retried = true;
      await invalidate(st);
      continue;
    }
    if (!retried && error.code === ErrorCode.CIPHER_STALE && learnClock(out.date)) {
      retried = true;
      continue;
    }
    throw error;
  }
}

async function cipheredCall<T>(name: CallName, payload: unknown, opts: CallOptions): Promise<T> {
  const def = CALLS[name];
  const path = def.path + (opts.pathSuffix ?? '');
  return withCipherRetry<T>(async (st) => {
    const env = await sealRequest(st.key, st.sid, def.method, path, payload ?? {}, serverNow());
    let keepalive = !!opts.keepalive;
    const options: KyOptions = { method: def.method, timeout: opts.timeout ?? def.timeout };
    if (def.method === 'GET') {
      options.searchParams = { [GET_ENVELOPE_PARAM]: envelopeParam(env) };
    } else {
      const body = JSON.stringify(env);
      if (keepalive && body.length > 60_000) keepalive = false; // browsers refuse keepalive bodies over 64 KB
      options.body = body;
      options.headers = { 'content-type': 'application/json' };
    }
    if (keepalive) options.keepalive = true;
    const res = await send(path, options, opts.signal);
    const body = await readBody(res);
    try {
      return { value: (await openAnswer(res, body, st, env.nonce)) as T };
    } catch (e) {
      if (e instanceof ApiError) return { error: e, date: res.headers.get('date') };
      throw e;
    }
  });
}

/**
 * Calls the service. Resolves with the call's result; rejects with ApiError (code 'NETWORK' when no answer).
 * An aborted `signal` rejects with the AbortError unchanged (React Query cancellation).
 */
export function callApi<K extends CallName>(name: K, payload?: ReqOf<K>, opts: CallOptions = {}): Promise<ResOf<K>> {
  // plain exactly where CALLS says cipher: false (the handshake, the health probe, signed URLs)
  return isPlainCall(name) ? plainCall<ResOf<K>>(name, payload, opts) : cipheredCall<ResOf<K>>(name, payload, opts);
}
