/**
 * Settings, read once from the environment and checked with zod. A bad setting stops the start
 * with a message naming every offending variable. Outside production, secrets that are not configured are made on
 * first start inside DATA_DIR (mode 0600) and reused afterwards; in production they must be given (settings or files).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { RETENTION } from '../../../src/core/domain/retention';
import type { S3Settings } from '../storage/s3';
import { databaseUrlOf } from './database';
import { int, isExecutableFile, optionalInt, optionalText, trustProxy } from './fields';
import { metricsChecks, metricsEnv, metricsOf, type MetricsSettings } from './metrics';
import { DEFAULT_DEPOSIT_ACCOUNTS } from './pages';
import { ConfigError } from './error';
import { loadCipherKeys, readOrCreateSecret, readSecretFile, type Secrets } from './secrets';
import { storageOf } from './storage';
import { loadCaRootFiles } from './vendors';

export { ConfigError, databaseUrlOf, type MetricsSettings, type Secrets };

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: int(8080, 0, 65535),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    /** where file bytes live: disk (DATA_DIR/files, one machine only) or s3 (an S3-compatible bucket, any number of processes) */
    STORAGE: z.enum(['disk', 's3']).default('disk'),
    /** an S3-compatible server's URL (MinIO, Ceph, ...); unset: AWS's own endpoint for S3_REGION */
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' }).optional()),
    /** the bucket's region (unset with S3_ENDPOINT: us-east-1, which S3-compatible servers accept) */
    S3_REGION: optionalText.pipe(z.string().regex(/^[a-z0-9-]{2,32}$/, 'a region name such as ap-east-1').optional()),
    /** the bucket (created beforehand; the service never creates one) */
    S3_BUCKET: optionalText.pipe(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)').optional()),
    /** an access key pair; both unset: the SDK's default chain (AWS_* variables, shared files, the instance's or task's role) */
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** the bucket in the URL's path instead of its host name (most S3-compatible servers): true or false */
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    /** server-side encryption asked on every write: AES256 (S3-managed keys) or aws:kms; unset: the bucket's default */
    S3_SSE: optionalText.pipe(z.enum(['AES256', 'aws:kms']).optional()),
    /** the KMS key (id, alias or ARN) for S3_SSE=aws:kms; unset: the account's AWS managed key */
    S3_SSE_KMS_KEY_ID: optionalText,
    /** a folder inside the bucket for this service's objects (e.g. kyc/); unset: the bucket's top */
    S3_PREFIX: optionalText.pipe(
      z
        .string()
        .max(200)
        .regex(/^(?!\/)(?!.*\/\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9!_.*'()\/-]+$/, 'letters, digits and !_.*\'()-, folders separated by / (no leading /, no // or . / .. parts)')
        .optional(),
    ),
    DATABASE_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional()),
    /** DATABASE_URL read from a file instead (a mounted secret: the URL holds the database's password); not with DATABASE_URL */
    DATABASE_URL_FILE: optionalText,
    CIPHER_PRIVATE_KEY_FILE: optionalText,
    CIPHER_PUBLIC_KEY_FILE: optionalText,
    APP_TOKEN_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SIGNING_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SESSION_IDLE_MINUTES: int(30, 1, 24 * 60),
    SESSION_ABSOLUTE_HOURS: int(12, 1, 24 * 30),
    MAX_UPLOAD_MB: int(10, 1, 200),
    /** each user's upload quota over the last 24 hours: files, and megabytes in all (100429 beyond); unset → UPLOAD_QUOTA_DEFAULT (limits.ts) */
    UPLOAD_DAILY_COUNT: optionalInt(1),
    UPLOAD_DAILY_MB: optionalInt(1),
    AREA_OPENING_LIMIT_TYPE: int(0, 0, 99),
    AREA_STATEMENT_LIMIT_TYPE: int(1, 0, 99),
    AREA_STATEMENT_SKIP_TYPE: z.enum(['0', '1']).default('0'),
    IP_DEFAULT_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').default('HK'),
    IP_DEFAULT_REGION: z.string().max(16).default(''),
    MEMBER_PAGE_URL: z.string().min(1).default('/pages/account.html#/accountHome'),
    APP_DOWNLOAD_URL: z.string().min(1).default('https://www.example.com/app'),
    SERVICE_PHONE_MAINLAND: z.string().min(1).default('400 000 0000'),
    SERVICE_PHONE_HK: z.string().min(1).default('+852 0000 0000'),
    SMS_VENDOR: z.enum(['console', 'http']).default('console'),
    SMS_HTTP_URL: optionalText.pipe(z.url().optional()),
    /** background jobs (pg-boss, on the same database): inline = this process also works them (the embedded default); worker = this process only sends them and `npm run worker` works them */
    JOBS: z.enum(['inline', 'worker']).default('inline'),
    /** seconds an idle job worker waits before looking for work again (a job sent by the same process, or NOTIFY on PostgreSQL, wakes it at once) */
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    /** seconds before the first retry of a failed SMS or webhook delivery; each further retry waits about twice as long */
    JOBS_RETRY_DELAY_SECONDS: int(2, 0, 600),
    /** seconds `npm run worker` lets the jobs in hand finish on SIGTERM before handing them back (they are retried) */
    JOBS_STOP_SECONDS: int(25, 1, 600),
    /**
     * `npm run worker`'s CPU priority (nice, 0-19; its face engines and ffmpeg inherit it): background work yields the
     * CPU to the web processes where they share a machine; 0 leaves it as started
     */
    WORKER_NICE: int(10, 0, 19),
    /** retries of a login code's SMS the vendor refused (after the last one the code is dropped and the cooldown released) */
    SMS_RETRIES: int(4, 0, 20),
    /** the outbox's webhook: every application event is POSTed there as signed JSON (docs/api.md); unset: nothing is published */
    OUTBOX_WEBHOOK_URL: optionalText.pipe(z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL').optional()),
    /** the webhook's HMAC-SHA256 key (X-Esop-Signature), at least 32 characters; required with OUTBOX_WEBHOOK_URL */
    OUTBOX_WEBHOOK_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    /** OUTBOX_WEBHOOK_SECRET read from a file instead (a mounted secret); not with the variable itself */
    OUTBOX_WEBHOOK_SECRET_FILE: optionalText,
    /** retries of one event's delivery (delays doubling up to an hour); after the last, the next sweep starts it again */
    OUTBOX_RETRIES: int(10, 0, 50),
    /** seconds between looks for events not yet published */
    OUTBOX_SWEEP_SECONDS: int(5, 1, 3600),
    IPGEO_VENDOR: z.enum(['local', 'http']).default('local'),
    IPGEO_HTTP_URL: optionalText.pipe(z.url().optional()),
    GEOCODE_VENDOR: z.enum(['local', 'http']).default('local'),
    GEOCODE_HTTP_URL: optionalText.pipe(z.url().optional()),
    /** company registry for CompanySearch/CompanyInfo: the local companies table, or an HTTP adapter (vendors/company/http.ts) */
    COMPANY_VENDOR: z.enum(['local', 'http']).default('local'),
    /** organisation signing: a signing link's life in hours (unset: SIGN_LIMITS.ticketHoursDefault; ops sign-ticket --hours overrides it per ticket) */
    SIGN_TICKET_HOURS: z.coerce.number().int().min(1).max(24 * 90).optional(),
    /** the signers' certificate authority: the deployment's own in DATA_DIR/keys (local) or an HTTP adapter (vendors/ca/http.ts) */
    CA_VENDOR: z.enum(['local', 'http']).default('local'),
    CA_HTTP_URL: optionalText,
    CA_HTTP_KEY: optionalText,
    /** the local authority's name in its certificates (used when its root is first made) */
    CA_NAME: z.string().min(1).max(64).default('ESOP Signing CA'),
    /** the local authority's root from secret files (PEM): its private key (RSA, or EC P-256/P-384) and CA certificate, both or neither; neither: made once and kept in the database for every process */
    CA_KEY_FILE: optionalText,
    CA_CERT_FILE: optionalText,
    COMPANY_HTTP_URL: optionalText.pipe(z.url().optional()),
    COMPANY_HTTP_KEY: optionalText,
    /** ID and bank card OCR: local tesseract.js (offline language data from npm) or an HTTP adapter (vendors/ocr/http.ts) */
    OCR_VENDOR: z.enum(['local', 'http']).default('local'),
    OCR_HTTP_URL: optionalText.pipe(z.url().optional()),
    OCR_HTTP_KEY: optionalText,
    /** longest one card reading may take (the screens give up at 60 s) */
    OCR_TIMEOUT_MS: int(45_000, 1000, 59_000),
    /** face check of LivingBodyVerifyRaw: local (Human from npm and ffmpeg, see FFMPEG_PATH, in child processes, offline) or an HTTP adapter (vendors/face/http.ts) */
    /**
     * replay guard of the cipher: `database` (sessions sealed and nonces in the database: any process accepts any session,
     * one nonce insert per request; the default on PostgreSQL) or `memory` (sessions and nonces in this process only: no
     * database work per request; only for a single process: the default on PGlite, which one process alone can open)
     */
    CIPHER_REPLAY_GUARD: z.enum(['memory', 'database']).optional(),
    /** APP_TOKEN_SECRET / SIGNING_SECRET read from a file instead (a mounted secret); not with the variable itself */
    APP_TOKEN_SECRET_FILE: optionalText,
    SIGNING_SECRET_FILE: optionalText,
    /** the ops API's bearer token shared by every process (or a file holding it); unset: a fresh DATA_DIR/ops.token per start */
    OPS_TOKEN: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    OPS_TOKEN_FILE: optionalText,
    /** where `npm run ops` sends its commands (a process's ops API on this host, e.g. http://127.0.0.1:8080); needs OPS_TOKEN(_FILE) */
    OPS_URL: optionalText.pipe(z.url().optional()),
    /** SIGTERM: how long in-flight requests may run on before their connections are cut (keep it under the platform's kill grace) */
    SHUTDOWN_GRACE_MS: int(25_000, 0, 10 * 60_000),
    /** SIGTERM: how long /readyz answers 503 while requests are still served, before the listener closes (the balancer's notice) */
    SHUTDOWN_DELAY_MS: int(5_000, 0, 60_000),
    /** the longest one readiness check (/readyz: database, storage, queue) may take before it counts as failing */
    READINESS_TIMEOUT_MS: int(2_000, 100, 30_000),
    DATABASE_PREPARED: z.enum(['on', 'off']).default('on'),
    /** PostgreSQL: connections of this process's pool for requests (the job queue has JOBS_POOL_MAX more); size both so that processes x (the two) stays under the server's max_connections */
    DATABASE_POOL_MAX: int(10, 1, 500),
    /** PostgreSQL: the job queue's own connections in this process */
    JOBS_POOL_MAX: int(4, 1, 100),
    /** PostgreSQL: how long a new connection may take before the request answers 503 "try again" (a server that does not answer holds no request) */
    DATABASE_CONNECT_TIMEOUT_MS: int(5_000, 500, 60_000),
    /** PostgreSQL: how long a starting process waits for the database to accept connections (a container started before its database), retrying, before it gives up */
    DATABASE_START_WAIT_SECONDS: int(60, 0, 3600),
    /** on: the web process applies pending migrations at start (the embedded default); off: `npm run migrate` is a release step and a web process refuses to start on a database that lacks one */
    MIGRATE_AT_START: z.enum(['on', 'off']).default('on'),
    FACE_VENDOR: z.enum(['local', 'http']).default('local'),
    /** the ffmpeg that decodes applicants' videos: this executable; unset: `ffmpeg` on PATH, else the bundled 2018 build of @ffmpeg-installer */
    FFMPEG_PATH: optionalText.pipe(z.string().refine(isExecutableFile, 'not an executable file').optional()),
    FACE_HTTP_URL: optionalText.pipe(z.url().optional()),
    FACE_HTTP_KEY: optionalText,
    /** longest one face check may take (the screen gives up at 60 s) */
    FACE_TIMEOUT_MS: int(45_000, 5000, 59_000),
    /**
     * local face checks one worker process runs at once (each a child process of ~370 MB at peak); and face checks that
     * may wait in the queue, for the whole deployment, before "busy" (about 1.7 s a check per engine: 20 wait under 45 s)
     */
    FACE_WORKERS: int(1, 1, 8),
    FACE_QUEUE: int(20, 1, 200),
    /**
     * seconds one face check takes on one engine of this deployment, for the applicant's wait estimate and the busy
     * answer's retry time (measured: 6.7 s for the local engine on 2 busy cores, issue 38; an http vendor's own figure)
     */
    FACE_SECONDS_PER_CHECK: z.coerce.number().min(0.5).max(120).default(7),
    /** AML screening for ApplyAmlCheck: the local watch list (aml_watchlist, `ops aml-import`) or an HTTP adapter (vendors/aml/http.ts) */
    AML_VENDOR: z.enum(['local', 'http']).default('local'),
    AML_HTTP_URL: optionalText.pipe(z.url().optional()),
    AML_HTTP_KEY: optionalText,
    /** the derivatives questionnaire the investment page shows: full (version 2) or simple (version 1) */
    DERIVATIVE_FORM: z.enum(['full', 'simple']).default('full'),
    /** the broker's receiving accounts of the deposit page: a JSON list of {currency, bankName, accountName, accountNumber, swift} */
    DEPOSIT_ACCOUNTS: z
      .string()
      .default(DEFAULT_DEPOSIT_ACCOUNTS)
      .transform((v, ctx) => {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(
        z
          .array(
            z.object({
              currency: z.enum(['HKD', 'USD', 'CNH']),
              bankName: z.string().min(1).max(100),
              accountName: z.string().min(1).max(100),
              accountNumber: z.string().regex(/^[0-9 -]{4,40}$/),
              swift: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/),
            }),
          )
          .min(1),
      ),
    /** where the deposit button of the deposit bridge goes (the query pageFrom, name, langType, clientType is added) */
    DEPOSIT_PAGE_URL: z.string().min(1).default('/pages/openAccount.html#/deposit'),
    /** the stock transfer-in page of mainland clients (issue 13 builds ours) */
    TRANSFER_IN_URL: z.string().min(1).default('/pages/transferInStock.html'),
    /** the image of the broker's community QR code (the account home's "join community" card); the default is a sample */
    COMMUNITY_QR_URL: z.string().min(1).default('/pages/static/community-qr.svg'),
    /** the asset-transfer (stock transfer-in) protocol offered on /sign: on or off */
    ASSET_TRANSFER: z.enum(['on', 'off']).default('on'),
    /** agent or channel codes (comma list) whose applicants also tick the customer authorisation agreement on /risk */
    RISK_AUTH_CHANNELS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((c) => c.trim()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'codes of letters, digits, - and _'))),
    // ---- KYC retention and erasure (issue 38; `ops erase-expired`, src/core/domain/retention.ts)
    /** years a closed (never opened) application's KYC records are kept after its closing; at least 5 (AMLO Sch. 2 s.20) */
    KYC_RETENTION_YEARS: int(RETENTION.kycYearsDefault, RETENTION.kycYearsMin, 100),
    /** days a never-submitted draft may lie untouched before `ops erase-expired` erases it with its files */
    KYC_DRAFT_DAYS: int(RETENTION.draftDaysDefault, 1, 3650),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** the reverse proxies whose X-Forwarded-For/-Proto are believed (client address, Secure cookies): hop count or address list */
    TRUST_PROXY: trustProxy,
    ...metricsEnv,
  });

/** Rules between settings, checked on the raw values so they are reported with the rest. */
function crossChecks(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const set = (name: string) => !!env[name] && env[name]!.trim() !== '';
  if (env.SMS_VENDOR === 'http' && !set('SMS_HTTP_URL')) problems.push('SMS_HTTP_URL: is required when SMS_VENDOR=http');
  if (env.NODE_ENV === 'production' && (env.SMS_VENDOR ?? 'console') === 'console') {
    problems.push('SMS_VENDOR: must be http in production (the console vendor prints login codes in the log)');
  }
  if (env.JOBS === 'worker' && !set('DATABASE_URL') && !set('DATABASE_URL_FILE')) problems.push('JOBS: worker needs DATABASE_URL (on the embedded PGlite the jobs run inside npm start: JOBS=inline)');
  if (set('OUTBOX_WEBHOOK_URL') && !set('OUTBOX_WEBHOOK_SECRET') && !set('OUTBOX_WEBHOOK_SECRET_FILE')) {
    problems.push('OUTBOX_WEBHOOK_SECRET: is required when OUTBOX_WEBHOOK_URL is set (the deliveries are signed with it), or OUTBOX_WEBHOOK_SECRET_FILE');
  }
  if (set('OUTBOX_WEBHOOK_SECRET') && set('OUTBOX_WEBHOOK_SECRET_FILE')) problems.push('OUTBOX_WEBHOOK_SECRET_FILE: set OUTBOX_WEBHOOK_SECRET or OUTBOX_WEBHOOK_SECRET_FILE, not both');
  if (env.IPGEO_VENDOR === 'http' && !set('IPGEO_HTTP_URL')) problems.push('IPGEO_HTTP_URL: is required when IPGEO_VENDOR=http');
  if (env.GEOCODE_VENDOR === 'http' && !set('GEOCODE_HTTP_URL')) problems.push('GEOCODE_HTTP_URL: is required when GEOCODE_VENDOR=http');
  if (env.COMPANY_VENDOR === 'http' && !set('COMPANY_HTTP_URL')) problems.push('COMPANY_HTTP_URL: is required when COMPANY_VENDOR=http');
  if (env.CA_VENDOR === 'http' && !set('CA_HTTP_URL')) problems.push('CA_HTTP_URL: is required when CA_VENDOR=http');
  if (set('CA_KEY_FILE') !== set('CA_CERT_FILE')) problems.push('CA_CERT_FILE: set both CA_KEY_FILE and CA_CERT_FILE, or neither');
  if (env.CA_VENDOR === 'http' && (set('CA_KEY_FILE') || set('CA_CERT_FILE'))) problems.push('CA_KEY_FILE: names the local authority\'s root; not used with CA_VENDOR=http');
  if (env.OCR_VENDOR === 'http' && !set('OCR_HTTP_URL')) problems.push('OCR_HTTP_URL: is required when OCR_VENDOR=http');
  if (env.FACE_VENDOR === 'http' && !set('FACE_HTTP_URL')) problems.push('FACE_HTTP_URL: is required when FACE_VENDOR=http');
  if (env.AML_VENDOR === 'http' && !set('AML_HTTP_URL')) problems.push('AML_HTTP_URL: is required when AML_VENDOR=http');
  if (env.STORAGE === 's3') {
    if (!set('S3_BUCKET')) problems.push('S3_BUCKET: is required when STORAGE=s3');
    if (!set('S3_REGION') && !set('S3_ENDPOINT')) problems.push('S3_REGION: is required when STORAGE=s3 on AWS (or set S3_ENDPOINT for an S3-compatible server)');
    if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
      problems.push('S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK\'s default credential chain)');
    }
    if (set('S3_SSE_KMS_KEY_ID') && env.S3_SSE !== 'aws:kms') problems.push('S3_SSE_KMS_KEY_ID: needs S3_SSE=aws:kms');
  }
  if (set('CIPHER_PRIVATE_KEY_FILE') !== set('CIPHER_PUBLIC_KEY_FILE')) {
    problems.push('CIPHER_PUBLIC_KEY_FILE: set both CIPHER_PRIVATE_KEY_FILE and CIPHER_PUBLIC_KEY_FILE, or neither');
  }
  for (const name of ['APP_TOKEN_SECRET', 'SIGNING_SECRET', 'OPS_TOKEN', 'DATABASE_URL']) {
    if (set(name) && set(`${name}_FILE`)) problems.push(`${name}_FILE: set ${name} or ${name}_FILE, not both`);
  }
  problems.push(...metricsChecks(env, set));
  if (set('OPS_URL') && !set('OPS_TOKEN') && !set('OPS_TOKEN_FILE')) problems.push('OPS_URL: needs OPS_TOKEN or OPS_TOKEN_FILE (the token the processes accept)');
  if (env.NODE_ENV === 'production') {
    // secrets made in DATA_DIR/keys would differ between processes and machines: in production every one is given
    const why = 'is required in production (every process must hold the same one; none is made in DATA_DIR/keys)';
    if (!set('CIPHER_PRIVATE_KEY_FILE') && !set('CIPHER_PUBLIC_KEY_FILE')) problems.push(`CIPHER_PRIVATE_KEY_FILE, CIPHER_PUBLIC_KEY_FILE: the cipher key pair ${why}`);
    if (!set('APP_TOKEN_SECRET') && !set('APP_TOKEN_SECRET_FILE')) problems.push(`APP_TOKEN_SECRET (or APP_TOKEN_SECRET_FILE): ${why}`);
    if (!set('SIGNING_SECRET') && !set('SIGNING_SECRET_FILE')) problems.push(`SIGNING_SECRET (or SIGNING_SECRET_FILE): ${why}`);
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** STORAGE: file bytes on disk (DATA_DIR/files) or in an S3-compatible bucket (S3_* settings) */
  storage: { backend: 'disk' } | { backend: 's3'; s3: S3Settings };
  databaseUrl?: string;
  /** PostgreSQL: repository statements prepared by name per connection (off behind a pooler that cannot keep them) */
  databasePrepared: boolean;
  /** PostgreSQL: this process's pool (DATABASE_POOL_MAX, DATABASE_CONNECT_TIMEOUT_MS) and how long a start waits for the server */
  pool: { max: number; connectTimeoutMs: number };
  databaseStartWaitSeconds: number;
  /** MIGRATE_AT_START: pending migrations applied by the web process at start (else they must be applied already) */
  migrateAtStart: boolean;
  /** FFMPEG_PATH: the ffmpeg to use (undefined: the system's on PATH, else the bundled one) */
  ffmpegPath?: string;
  sessionIdleMinutes: number;
  cipherReplayGuard: 'memory' | 'database';
  sessionAbsoluteHours: number;
  maxUploadMb: number;
  /** unset parts take UPLOAD_QUOTA_DEFAULT (src/core/domain/limits.ts) */
  uploadQuota: { filesPerDay?: number; megabytesPerDay?: number };
  area: { openingLimitType: number; statementLimitType: number; statementSkipType: string };
  ipDefault: { country: string; region: string };
  memberPageUrl: string;
  appDownloadUrl: string;
  servicePhones: { mainland: string; hongKong: string };
  sms: { vendor: 'console' | 'http'; httpUrl?: string };
  /** background jobs: who works them (inline: this process too; worker: only `npm run worker`), polling and retry timing */
  jobs: { mode: 'inline' | 'worker'; pollSeconds: number; retryDelaySeconds: number; smsRetries: number; stopSeconds: number; workerNice: number; poolMax: number };
  /** the outbox's webhook (events are published only when webhookUrl is set; the secret comes with it) */
  outbox: { webhookUrl?: string; webhookSecret?: string; retries: number; sweepSeconds: number };
  ipgeo: { vendor: 'local' | 'http'; httpUrl?: string };
  geocode: { vendor: 'local' | 'http'; httpUrl?: string };
  company: { vendor: 'local' | 'http'; httpUrl?: string; httpKey?: string };
  /** organisation signing: a ticket's default life in hours (undefined: SIGN_LIMITS.ticketHoursDefault) */
  signTicketHours?: number;
  ca: { vendor: 'local' | 'http'; httpUrl?: string; httpKey?: string; name: string };
  /** CA_KEY_FILE + CA_CERT_FILE, read and checked at start: the local authority's root (undefined: the database's) */
  caRoot?: { keyPem: string; certPem: string };
  ocr: { vendor: 'local' | 'http'; httpUrl?: string; httpKey?: string; timeoutMs: number };
  aml: { vendor: 'local' | 'http'; httpUrl?: string; httpKey?: string };
  face: { vendor: 'local' | 'http'; httpUrl?: string; httpKey?: string; timeoutMs: number; workers: number; maxWaiting: number; secondsPerCheck: number };
  derivativeForm: 'full' | 'simple';
  /** DEPOSIT_ACCOUNTS: the broker's receiving accounts per currency */
  depositAccounts: Array<{ currency: 'HKD' | 'USD' | 'CNH'; bankName: string; accountName: string; accountNumber: string; swift: string }>;
  depositPageUrl: string;
  transferInUrl: string;
  communityQrUrl: string;
  /** ASSET_TRANSFER: the asset-transfer protocol is offered on /sign */
  assetTransfer: boolean;
  /** RISK_AUTH_CHANNELS: codes adding the customer authorisation agreement on /risk */
  riskAuthChannels: string[];
  logLevel: Env['LOG_LEVEL'];
  /** false: none; N: the N nearest hops; list: these proxy addresses/CIDRs (Fastify trustProxy) */
  trustProxy: false | number | string[];
  /** OPS_TOKEN(_FILE): the ops API's token shared by every process (unset: DATA_DIR/ops.token, fresh per start); OPS_URL: the CLI's target */
  ops: { token?: string; url?: string };
  /** SIGTERM: SHUTDOWN_DELAY_MS with /readyz at 503 before the listener closes, then SHUTDOWN_GRACE_MS for in-flight requests */
  shutdown: { graceMs: number; delayMs: number };
  /** READINESS_TIMEOUT_MS: the longest one /readyz check may take */
  readinessTimeoutMs: number;
  /** KYC_RETENTION_YEARS, KYC_DRAFT_DAYS: what `ops erase-expired` may erase (src/core/domain/retention.ts) */
  retention: { kycYears: number; draftDays: number };
  /** METRICS_PORT, METRICS_HOST, METRICS_TOKEN(_FILE): the Prometheus listener (server/src/metrics) */
  metrics: MetricsSettings;
  /** TRACES_OTLP_URL: where spans go (undefined: tracing off) */
  tracesUrl?: string;
  secrets: Secrets;
}

/** The folder holding server/src/db/migrations at or above `start`, or null. */
function rootAbove(start: string): string | null {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'server', 'src', 'db', 'migrations'))) return dir;
    const parent = resolve(dir, '..');
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * The project's folder (the checkout, whose migrations, seeds, locales, static files and built pages the service
 * reads): at or above `start`, by default the working folder (npm scripts and jest run from it) or else the running
 * script's (`node /srv/app/dist/server/main.js` started from anywhere).
 */
export function projectRoot(start?: string): string {
  const starts = start ? [start] : [process.cwd(), ...(process.argv[1] ? [dirname(process.argv[1])] : [])];
  for (const from of starts) {
    const root = rootAbove(from);
    if (root) return root;
  }
  throw new Error(`cannot find the project root (the folder with server/src/db/migrations) from ${starts.join(' or ')}`);
}


/** Parses the environment; throws ConfigError listing every bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`)),
    ...crossChecks(env),
  ];
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  return parsed.data;
}

/**
 * Checks the environment, creates DATA_DIR (and DATA_DIR/keys) and loads or makes the secrets.
 * Throws ConfigError with every problem listed.
 */
export function loadConfig(envVars: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(envVars);
  const dataDir = resolve(env.DATA_DIR);
  const keysDir = join(dataDir, 'keys');
  try {
    mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new ConfigError([`DATA_DIR: cannot create ${dataDir} (${(err as Error).message})`]);
  }
  const secrets: Secrets = {
    ...loadCipherKeys(env, keysDir),
    appTokenSecret:
      env.APP_TOKEN_SECRET ??
      (env.APP_TOKEN_SECRET_FILE ? readSecretFile('APP_TOKEN_SECRET_FILE', env.APP_TOKEN_SECRET_FILE) : readOrCreateSecret(join(keysDir, 'app-token.secret'))),
    signingSecret:
      env.SIGNING_SECRET ?? (env.SIGNING_SECRET_FILE ? readSecretFile('SIGNING_SECRET_FILE', env.SIGNING_SECRET_FILE) : readOrCreateSecret(join(keysDir, 'signing.secret'))),
  };
  const opsToken = env.OPS_TOKEN ?? (env.OPS_TOKEN_FILE ? readSecretFile('OPS_TOKEN_FILE', env.OPS_TOKEN_FILE) : undefined);
  const databaseUrl = databaseUrlOf(env);
  return {
    nodeEnv: env.NODE_ENV,
    production: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir,
    storage: storageOf(env),
    databaseUrl,
    databasePrepared: env.DATABASE_PREPARED === 'on',
    pool: { max: env.DATABASE_POOL_MAX, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS },
    databaseStartWaitSeconds: env.DATABASE_START_WAIT_SECONDS,
    migrateAtStart: env.MIGRATE_AT_START === 'on',
    ffmpegPath: env.FFMPEG_PATH,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    // several processes can share PostgreSQL: the guard that holds across them unless this one is said to run alone
    cipherReplayGuard: env.CIPHER_REPLAY_GUARD ?? (databaseUrl ? 'database' : 'memory'),
    sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS,
    maxUploadMb: env.MAX_UPLOAD_MB,
    uploadQuota: { filesPerDay: env.UPLOAD_DAILY_COUNT, megabytesPerDay: env.UPLOAD_DAILY_MB },
    area: {
      openingLimitType: env.AREA_OPENING_LIMIT_TYPE,
      statementLimitType: env.AREA_STATEMENT_LIMIT_TYPE,
      statementSkipType: env.AREA_STATEMENT_SKIP_TYPE,
    },
    ipDefault: { country: env.IP_DEFAULT_COUNTRY, region: env.IP_DEFAULT_REGION },
    memberPageUrl: env.MEMBER_PAGE_URL,
    appDownloadUrl: env.APP_DOWNLOAD_URL,
    servicePhones: { mainland: env.SERVICE_PHONE_MAINLAND, hongKong: env.SERVICE_PHONE_HK },
    sms: { vendor: env.SMS_VENDOR, httpUrl: env.SMS_HTTP_URL },
    jobs: { mode: env.JOBS, pollSeconds: env.JOBS_POLL_SECONDS, retryDelaySeconds: env.JOBS_RETRY_DELAY_SECONDS, smsRetries: env.SMS_RETRIES, stopSeconds: env.JOBS_STOP_SECONDS, workerNice: env.WORKER_NICE, poolMax: env.JOBS_POOL_MAX },
    outbox: {
      webhookUrl: env.OUTBOX_WEBHOOK_URL,
      webhookSecret: env.OUTBOX_WEBHOOK_SECRET ?? (env.OUTBOX_WEBHOOK_SECRET_FILE ? readSecretFile('OUTBOX_WEBHOOK_SECRET_FILE', env.OUTBOX_WEBHOOK_SECRET_FILE) : undefined), retries: env.OUTBOX_RETRIES, sweepSeconds: env.OUTBOX_SWEEP_SECONDS },
    ipgeo: { vendor: env.IPGEO_VENDOR, httpUrl: env.IPGEO_HTTP_URL },
    geocode: { vendor: env.GEOCODE_VENDOR, httpUrl: env.GEOCODE_HTTP_URL },
    company: { vendor: env.COMPANY_VENDOR, httpUrl: env.COMPANY_HTTP_URL, httpKey: env.COMPANY_HTTP_KEY },
    signTicketHours: env.SIGN_TICKET_HOURS,
    ca: { vendor: env.CA_VENDOR, httpUrl: env.CA_HTTP_URL, httpKey: env.CA_HTTP_KEY, name: env.CA_NAME },
    caRoot: loadCaRootFiles(env),
    ocr: { vendor: env.OCR_VENDOR, httpUrl: env.OCR_HTTP_URL, httpKey: env.OCR_HTTP_KEY, timeoutMs: env.OCR_TIMEOUT_MS },
    aml: { vendor: env.AML_VENDOR, httpUrl: env.AML_HTTP_URL, httpKey: env.AML_HTTP_KEY },
    face: {
      vendor: env.FACE_VENDOR,
      httpUrl: env.FACE_HTTP_URL,
      httpKey: env.FACE_HTTP_KEY,
      timeoutMs: env.FACE_TIMEOUT_MS,
      workers: env.FACE_WORKERS,
      maxWaiting: env.FACE_QUEUE,
      secondsPerCheck: env.FACE_SECONDS_PER_CHECK,
    },
    derivativeForm: env.DERIVATIVE_FORM,
    riskAuthChannels: env.RISK_AUTH_CHANNELS,
    assetTransfer: env.ASSET_TRANSFER === 'on',
    depositAccounts: env.DEPOSIT_ACCOUNTS,
    depositPageUrl: env.DEPOSIT_PAGE_URL,
    transferInUrl: env.TRANSFER_IN_URL,
    communityQrUrl: env.COMMUNITY_QR_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    ops: { token: opsToken, url: env.OPS_URL },
    shutdown: { graceMs: env.SHUTDOWN_GRACE_MS, delayMs: env.SHUTDOWN_DELAY_MS },
    readinessTimeoutMs: env.READINESS_TIMEOUT_MS,
    retention: { kycYears: env.KYC_RETENTION_YEARS, draftDays: env.KYC_DRAFT_DAYS },
    metrics: metricsOf(env),
    tracesUrl: env.TRACES_OTLP_URL,
    secrets,
  };
}
