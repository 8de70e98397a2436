/**
 * Settings, read once from the environment and checked with zod. A bad setting stops the start
 * with a message naming every offending variable. Outside production, secrets that are not configured are made on
 * first start inside DATA_DIR (mode 0600) and reused afterwards; in production they must be given (settings or files).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { EvidenceRule } from '../../../src/core/domain/derivative-evidence';
import type { S3Settings } from '../storage/s3';
import { databaseChecks, databaseEnv, databaseUrlOf } from './database';
import { ConfigError } from './error';
import type { CrossCheck, RawEnv } from './fields';
import { jobsChecks, jobsEnv, jobsOf, outboxOf } from './jobs';
import { metricsChecks, metricsEnv, metricsOf, type MetricsSettings } from './metrics';
import { pagesEnv } from './pages';
import { secretsChecks, secretsEnv, secretsOf, type Secrets } from './secrets';
import { opsOf, serviceChecks, serviceEnv } from './service';
import { storageChecks, storageEnv, storageOf } from './storage';
import { loadCaRootFiles, vendorsChecks, vendorsEnv } from './vendors';

export { projectRoot } from './root';
export { ConfigError, databaseUrlOf, type MetricsSettings, type Secrets };

/** The settings, each concern's in its own file with its checks (service, storage, database, secrets, jobs, vendors, pages, metrics). */
export const envSchema = z.object({ ...serviceEnv, ...storageEnv, ...databaseEnv, ...secretsEnv, ...jobsEnv, ...vendorsEnv, ...pagesEnv, ...metricsEnv });

/** The rules between settings, each concern's. */
const CROSS_CHECKS: CrossCheck[] = [serviceChecks, storageChecks, databaseChecks, secretsChecks, jobsChecks, vendorsChecks, metricsChecks];

/** Rules between settings, checked on the raw values so they are reported with the rest. */
function crossChecks(env: RawEnv): string[] {
  const set = (name: string) => !!env[name] && env[name]!.trim() !== '';
  return CROSS_CHECKS.flatMap((check) => check(env, set));
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
  /** DERIVATIVE_EVIDENCE: evidence files for the derivatives questionnaire (the step rules' settings) */
  derivativeEvidence: EvidenceRule;
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
    jobs: jobsOf(env),
    outbox: outboxOf(env),
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
    derivativeEvidence: env.DERIVATIVE_EVIDENCE,
    riskAuthChannels: env.RISK_AUTH_CHANNELS,
    assetTransfer: env.ASSET_TRANSFER === 'on',
    depositAccounts: env.DEPOSIT_ACCOUNTS,
    depositPageUrl: env.DEPOSIT_PAGE_URL,
    transferInUrl: env.TRANSFER_IN_URL,
    communityQrUrl: env.COMMUNITY_QR_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    ops: opsOf(env),
    shutdown: { graceMs: env.SHUTDOWN_GRACE_MS, delayMs: env.SHUTDOWN_DELAY_MS },
    readinessTimeoutMs: env.READINESS_TIMEOUT_MS,
    retention: { kycYears: env.KYC_RETENTION_YEARS, draftDays: env.KYC_DRAFT_DAYS },
    metrics: metricsOf(env),
    tracesUrl: env.TRACES_OTLP_URL,
    secrets: secretsOf(env, keysDir),
  };
}
