/**
 * A Node client of the KYC service for test set-up and the bench (log in a user, upload a file).
 * It speaks the same wire protocol as the web client, using the shared domain cipher.
 */
import {
  fileAad, generateAesKey, importRsaPublicKey, openJson, randomB64u, responseAad, sealBytes, sealRequest, wrapAesKey,
  UPLOAD_ENVELOPE_FIELD, GET_ENVELOPE_PARAM, toB64u,
} from '../../src/core/domain/cipher';
import { CALLS, type CallName } from '../../src/core/domain/contract';

export class ServiceError extends Error {
  constructor(public code: number | string, message: string, public data?: unknown) {
    super(`${code}: ${message}`);
  }
}

export class ApiClient {
  private cookies = new Map<string, string>();
  private key?: CryptoKey;
  private sid?: string;

  /**
   * `headers`: added to every request (the load bench's X-Forwarded-For, one address per applicant);
   * `observe`: told each call's name, time and error (the load bench's figures).
   */
  constructor(
    private base: string,
    private opts: { headers?: Record<string, string>; observe?: (call: string, ms: number, error?: unknown) => void } = {},
  ) {}

  private async timed<T>(name: string, run: () => Promise<T>): Promise<T> {
    if (!this.opts.observe) return run();
    const started = performance.now();
    try {
      const out = await run();
      this.opts.observe(name, performance.now() - started);
      return out;
    } catch (err) {
      this.opts.observe(name, performance.now() - started, err);
      throw err;
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
  }

  private async plain<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(this.base + path, {
      method,
      headers: { ...this.opts.headers, 'content-type': 'application/json', cookie: this.cookieHeader() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(res);
    const json = (await res.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
    if (json.error) throw new ServiceError(json.error.code, json.error.message, json.error.data);
    return json.result as T;
  }

  async handshake(): Promise<void> {
    const pub = await this.plain<{ kid: string; spki: string }>(CALLS.cipherKey.method, CALLS.cipherKey.path);
    const { key, raw } = await generateAesKey();
    const wrappedKey = await wrapAesKey(await importRsaPublicKey(pub.spki), raw);
    const session = await this.plain<{ sid: string }>(CALLS.cipherSession.method, CALLS.cipherSession.path, { kid: pub.kid, wrappedKey });
    this.key = key;
    this.sid = session.sid;
  }

  private async open<T>(res: Response, nonce: string): Promise<T> {
    this.keep(res);
    const body = (await res.json()) as Record<string, unknown>;
    let json = body as { result?: T; error?: { code: number; message: string; data?: unknown } };
    if (res.headers.get('x-esop-cipher') === '1') {
      json = await openJson(this.key!, body.iv as string, body.data as string, responseAad(this.sid!, nonce));
    }
    if (json.error) throw new ServiceError(json.error.code, json.error.message, json.error.data);
    return json.result as T;
  }

  call<T = unknown>(name: CallName, payload: Record<string, unknown> = {}): Promise<T> {
    return this.timed(name, () => this.callOnce<T>(name, payload));
  }

  private async callOnce<T>(name: CallName, payload: Record<string, unknown>): Promise<T> {
    const def = CALLS[name];
    // plain exactly where CALLS says cipher: false (a GET's parameters in the query string)
    if (!def.cipher) {
      const query = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
      return def.method === 'GET' ? this.plain<T>('GET', query ? `${def.path}?${query}` : def.path) : this.plain<T>('POST', def.path, payload);
    }
    const req = await this.sealed(name, payload);
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    return this.open<T>(res, req.nonce);
  }

  /**
   * A ciphered call's request as it goes on the wire, for a transport of the caller's (the bench's keep-alive HTTP
   * client), and the opener of its answer.
   */
  async sealed(name: CallName, payload: Record<string, unknown> = {}): Promise<{ method: string; url: string; headers: Record<string, string>; body?: string; nonce: string; open: (ciphered: boolean, text: string) => Promise<unknown> }> {
    const def = CALLS[name];
    if (!this.key) await this.handshake();
    const env = await sealRequest(this.key!, this.sid!, def.method, def.path, payload);
    const url =
      def.method === 'GET'
        ? `${this.base}${def.path}?${GET_ENVELOPE_PARAM}=${toB64u(new TextEncoder().encode(JSON.stringify(env)))}`
        : this.base + def.path;
    return {
      method: def.method,
      url,
      headers: { ...this.opts.headers, 'content-type': 'application/json', cookie: this.cookieHeader(), 'x-esop-lang': 'en' },
      body: def.method === 'GET' ? undefined : JSON.stringify(env),
      nonce: env.nonce,
      open: async (ciphered, text) => {
        const body = JSON.parse(text) as Record<string, unknown>;
        const json = (ciphered ? await openJson(this.key!, body.iv as string, body.data as string, responseAad(this.sid!, env.nonce)) : body) as { result?: unknown; error?: { code: number; message: string } };
        if (json.error) throw new ServiceError(json.error.code, json.error.message);
        return json.result;
      },
    };
  }

  async upload(bytes: Uint8Array, filename: string, category: 'UserApply' | 'UserInfo' = 'UserApply') {
    return this.uploadTo<{ ossId: string; ossUrl: string }>(`${CALLS.upload.path}/${category}`, bytes, filename);
  }

  /** A sealed multipart upload to an upload-like call (Upload, VideoUpload, the signing page's FileUpload with `fields`). */
  uploadTo<T>(path: string, bytes: Uint8Array, filename: string, fields: Record<string, unknown> = {}): Promise<T> {
    return this.timed(path.split('/').slice(-2).join('/'), () => this.uploadOnce<T>(path, bytes, filename, fields));
  }

  private async uploadOnce<T>(path: string, bytes: Uint8Array, filename: string, fields: Record<string, unknown>): Promise<T> {
    if (!this.key) await this.handshake();
    const nonce = randomB64u(16);
    const file = await sealBytes(this.key!, bytes, fileAad(this.sid!, nonce));
    const meta = await sealRequest(this.key!, this.sid!, 'POST', path, { ...('fileName' in fields ? {} : { filename }), ...fields, fileIv: file.iv }, Date.now(), nonce);
    const form = new FormData();
    form.set(UPLOAD_ENVELOPE_FIELD, JSON.stringify(meta));
    form.set('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), 'blob');
    const res = await fetch(this.base + path, { method: 'POST', headers: { ...this.opts.headers, cookie: this.cookieHeader() }, body: form });
    return this.open<T>(res, meta.nonce);
  }

  /** Fetches a URL of the service with this client's cookies (e.g. a signed download URL). */
  get(url: string): Promise<Response> {
    return this.timed('download', () => fetch(new URL(url, this.base), { headers: { ...this.opts.headers, cookie: this.cookieHeader() } }));
  }
}
