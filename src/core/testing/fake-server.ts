/**
 * An in-process fake of the KYC service for client tests: it speaks the real wire protocol with the
 * domain cipher functions (handshake, sealed requests in body / query `e` / multipart, sealed answers,
 * plain cipher-layer errors), so the api layer is tested against the protocol, not hand-made ciphertext.
 * Which calls are plain comes from CALLS (cipher: false), as on the real service.
 *
 *   const server = await createFakeServer({ userInfo: () => user, applyUpdate: (p) => ({...}) });
 *   const restore = server.install();          // replaces fetch and XMLHttpRequest
 *   ...
 *   restore();
 *
 * Handlers get the opened payload and return the result, or throw fakeError(code, message?, data?, status?).
 */
import { prefixOf, type CallDef, type CallName } from '../domain/calls';
import { CALLS, isPlainCall } from '../domain/calls-all';import {
  CIPHER_HEADER,
  CIPHER_VERSION,
  GET_ENVELOPE_PARAM,
  UPLOAD_ENVELOPE_FIELD,
  fileAad,
  fromB64u,
  importAesKey,
  isFresh,
  isRequestEnvelope,
  openBytes,
  openJson,
  randomB64u,
  requestAad,
  responseAad,
  sealJson,
  toB64u,
  unwrapAesKey,
  type RequestEnvelope,
} from '../domain/cipher';
import { ErrorCode } from '../domain/errors';

export class FakeError extends Error {
  constructor(
    readonly code: number,
    message = `error ${code}`,
    readonly data?: unknown,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const fakeError = (code: number, message?: string, data?: unknown, status?: number) => new FakeError(code, message, data, status);

export interface FakeRequestContext {
  name: CallName;
  method: string;
  path: string;
  sid: string;
  headers: Headers;
}

export type FakeHandler = (payload: any, ctx: FakeRequestContext) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
export type FakeHandlers = Partial<Record<CallName, FakeHandler>>;

export interface FakeCall {
  name: CallName;
  method: string;
  path: string;
  payload: unknown;
  lang: string | null;
  ciphered: boolean;
  keepalive?: boolean;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const BY_PATH = new Map<string, CallName>(Object.entries(CALLS).map(([name, def]) => [def.path, name as CallName]));

function callOf(pathname: string): CallName | undefined {
  const exact = BY_PATH.get(pathname);
  if (exact) return exact;
  // a call with path parameters (Upload's /{category}): its path, then one segment for each
  for (const [name, def] of Object.entries(CALLS) as [CallName, CallDef][]) {
    const params = def.pathParams ?? [];
    if (params.length && pathname.startsWith(`${def.path}/`) && pathname.slice(def.path.length + 1).split('/').length === params.length) return name;
  }
  return undefined;
}

export async function createFakeServer(handlers: FakeHandlers = {}) {
  const rsa = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  const spki = toB64u(await crypto.subtle.exportKey('spki', rsa.publicKey));
  const kid = 'k1';
  const sessions = new Map<string, CryptoKey>();
  const seenNonces = new Set<string>();

  /** The handler's result as {result}, or its FakeError as {error} with its status. */
  async function answer(name: CallName, payload: unknown, ctx: FakeRequestContext): Promise<{ body: unknown; status: number }> {
    const handler = server.handlers[name];
    try {
      if (!handler) throw new FakeError(ErrorCode.NOT_FOUND, `no handler for ${name}`, undefined, 404);
      return { body: { result: (await handler(payload, ctx)) ?? null }, status: 200 };
    } catch (e) {
      if (!(e instanceof FakeError)) throw e;
      return { body: { error: { code: e.code, message: e.message, ...(e.data !== undefined ? { data: e.data } : {}) } }, status: e.status };
    }
  }

  const server = {
    handlers,
    calls: [] as FakeCall[],
    handshakes: 0,
    /** when true, every request fails like a dropped connection */
    offline: false,
    /** added to the server's clock (to provoke 100603) */
    clockSkewMs: 0,
    /** fetch requests received, cipher-layer ones included */
    requests: 0,

    /** Forgets every cipher session: the next ciphered call gets a plain 100602. */
    dropSessions() {
      sessions.clear();
    },

    callsOf(name: CallName) {
      return server.calls.filter((c) => c.name === name);
    },

    async handle(request: Request, formData?: FormData): Promise<Response> {
      server.requests++;
      if (server.offline) throw new TypeError('Failed to fetch');
      const url = new URL(request.url);
      const now = Date.now() + server.clockSkewMs;
      const dateHeader = { date: new Date(now).toUTCString() };
      const plainError = (code: number, status: number) =>
        json({ error: { code, message: `cipher error ${code}` } }, status, dateHeader);
      const name = callOf(url.pathname);
      if (!prefixOf(url.pathname) || !name) return json({ error: { code: ErrorCode.NOT_FOUND, message: 'no route' } }, 404);

      if (name === 'cipherKey') return json({ result: { kid, alg: 'RSA-OAEP-256', spki } });
      if (name === 'cipherSession') {
        const body = (await request.json()) as { kid: string; wrappedKey: string };
        if (body.kid !== kid) return plainError(ErrorCode.CIPHER_INVALID, 400);
        const raw = await unwrapAesKey(rsa.privateKey, body.wrappedKey);
        const sid = randomB64u(12);
        sessions.set(sid, await importAesKey(raw));
        server.handshakes++;
        return json({ result: { sid, expiresAt: new Date(now + 3600_000).toISOString() } });
      }

      // the other plain calls of CALLS (cipher: false): plain JSON both ways, parameters of a GET in the query string
      if (isPlainCall(name)) {
        let payload: unknown;
        try {
          payload = request.method === 'GET' ? Object.fromEntries(url.searchParams) : await request.json();
        } catch {
          return json({ error: { code: ErrorCode.INVALID_INPUT, message: 'unreadable JSON' } }, 400);
        }
        server.calls.push({ name, method: request.method, path: url.pathname, payload, lang: request.headers.get('x-esop-lang'), ciphered: false });
        const { body, status } = await answer(name, payload, { name, method: request.method, path: url.pathname, sid: '', headers: request.headers });
        return json(body, status);
      }

      // ciphered routes
      let env: unknown;
      let file: Blob | null = null;
      try {
        if (request.method === 'GET') {
          const e = url.searchParams.get(GET_ENVELOPE_PARAM);
          env = e ? JSON.parse(new TextDecoder().decode(fromB64u(e))) : undefined;
        } else if (name === 'upload' || name === 'videoUpload') {
          const form = formData ?? (await request.formData());
          const e = form.get(UPLOAD_ENVELOPE_FIELD);
          env = typeof e === 'string' ? JSON.parse(e) : undefined;
          const f = form.get('file');
          file = f && typeof f !== 'string' ? f : null;
        } else {
          env = await request.json();
        }
      } catch {
        env = undefined;
      }
      if (env === undefined) return plainError(ErrorCode.CIPHER_REQUIRED, 400);
      if (!isRequestEnvelope(env)) return plainError(ErrorCode.CIPHER_INVALID, 400);
      const envelope = env as RequestEnvelope;
      const key = sessions.get(envelope.sid);
      if (!key) return plainError(ErrorCode.CIPHER_INVALID, 401);
      if (!isFresh(envelope.ts, now)) return plainError(ErrorCode.CIPHER_STALE, 400);
      if (seenNonces.has(envelope.nonce)) return plainError(ErrorCode.CIPHER_REPLAY, 400);
      let payload: Record<string, unknown>;
      try {
        payload = await openJson(key, envelope.iv, envelope.data, requestAad(request.method, url.pathname, envelope.sid, envelope.ts, envelope.nonce));
      } catch {
        return plainError(ErrorCode.CIPHER_INVALID, 400);
      }
      seenNonces.add(envelope.nonce);
      if (name === 'upload' || name === 'videoUpload') {
        try {
          const bytes = await openBytes(key, String(payload.fileIv), new Uint8Array(await file!.arrayBuffer()), fileAad(envelope.sid, envelope.nonce));
          payload = { ...payload, ...(name === 'upload' ? { category: url.pathname.split('/').pop() } : {}), file: bytes };
        } catch {
          return plainError(ErrorCode.CIPHER_INVALID, 400);
        }
      }
      server.calls.push({
        name,
        method: request.method,
        path: url.pathname,
        payload,
        lang: request.headers.get('x-esop-lang'),
        ciphered: true,
        keepalive: request.keepalive,
      });

      const { body, status } = await answer(name, payload, { name, method: request.method, path: url.pathname, sid: envelope.sid, headers: request.headers });
      const sealed = await sealJson(key, body, responseAad(envelope.sid, envelope.nonce));
      return json({ v: CIPHER_VERSION, ...sealed }, status, { [CIPHER_HEADER]: '1', ...dateHeader });
    },

    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request && !init ? input : new Request(input, init);
      return server.handle(request);
    }) as typeof fetch,

    /** Replaces global fetch and XMLHttpRequest with this server; returns a function that restores them. */
    install(): () => void {
      const g = globalThis as unknown as { fetch: typeof fetch; XMLHttpRequest: unknown };
      const prevFetch = g.fetch;
      const prevXhr = g.XMLHttpRequest;
      g.fetch = server.fetch;
      g.XMLHttpRequest = makeFakeXhr(server);
      return () => {
        g.fetch = prevFetch;
        g.XMLHttpRequest = prevXhr;
      };
    },
  };
  return server;
}

export type FakeServer = Awaited<ReturnType<typeof createFakeServer>>;

/** A minimal XMLHttpRequest that hands the request to the fake server (used for uploads). */
function makeFakeXhr(server: { handle(req: Request, form?: FormData): Promise<Response> }) {
  return class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    upload: { onprogress: ((ev: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers = new Headers();
    private responseHeaders = new Headers();

    open(method: string, url: string) {
      this.method = method;
      this.url = new URL(url, location.href).toString();
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    getResponseHeader(name: string) {
      return this.responseHeaders.get(name);
    }
    send(body: FormData) {
      const request = new Request(this.url, { method: this.method, headers: this.headers });
      server.handle(request, body).then(
        async (res) => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          this.status = res.status;
          this.responseHeaders = res.headers;
          this.responseText = await res.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
    abort() {
      this.onabort?.();
    }
  };
}
