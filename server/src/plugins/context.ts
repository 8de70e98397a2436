/**
 * What every route can reach: `app.deps` (config, db, clock, vendors, storage, readiness, jobs), `request.user` (set by
 * requireUser), `request.cipher` (set by the cipher plugin for ciphered requests), `request.lang`. What a module adds
 * (`request.signer`, `request.staff`, `app.live`) it declares itself, next to the code that sets it: infrastructure
 * imports no module.
 */
import type { KeyObject } from 'node:crypto';
import type { Lang, UserView } from '@core/domain';
import type { Config } from '../config';
import type { Db } from '../db';
import type { FileStorage } from '../storage';
import type { Jobs } from '../jobs/queue';
import type { Vendors } from '../vendors';
import type { Readiness } from '../readiness';

/** Time source; tests pass a movable clock. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  vendors: Vendors;
  /** the one file store of the app (STORAGE): every module reads and writes file bytes through it */
  storage: FileStorage;
  /** /readyz's named checks: parts that depend on something outside (storage, job queue) register theirs here */
  readiness: Readiness;
  /** the job queue (server/src/jobs): SMS, outbox, face checks and OCR run as jobs */
  jobs: Jobs;
}

export interface RequestUser {
  userId: string;
  areaCode: string;
  phone: string;
  subAcctId: string | null;
  /** hash of the session id (to end the session on logout) */
  sessionHash: string;
  /** what UserInfo answers, from the row the session was resolved with (no second read) */
  view: UserView;
}

export interface CipherContext {
  sid: string;
  nonce: string;
  /** the session key for WebCrypto (uploads' file bytes, opened off the event loop) */
  key: CryptoKey;
  /** the same key for node:crypto (envelopes and answers, plugins/aes-gcm.ts) */
  secret: KeyObject;
}

/** Per-route options, set with `config: {...}` on a route. */
export interface RouteFlags {
  /** false: the route takes and answers plain JSON (the calls of CALLS with cipher: false, set by route(); openapi.json, ops) */
  cipher?: boolean;
  /** true: a multipart route that opens its body with openUpload(request) */
  multipart?: boolean;
  /** the CALLS entry the route was registered from (plugins/route.ts) */
  call?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    user: RequestUser | null;
    cipher: CipherContext | null;
    lang: Lang;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteFlags {}
}
