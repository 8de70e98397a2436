/**
 * The process's own settings: where it listens and keeps its data, sessions, uploads, logging and proxies, its
 * shutdown and readiness, the ops API, and KYC retention.
 */
import { z } from 'zod';
import { RETENTION } from '../../../src/core/domain/retention';
import { int, notBoth, optionalInt, optionalText, trustProxy, type CrossCheck } from './fields';
import type { Config, Env } from './index';
import { readSecretFile } from './secrets';

export const serviceEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(8080, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_IDLE_MINUTES: int(30, 1, 24 * 60),
  SESSION_ABSOLUTE_HOURS: int(12, 1, 24 * 30),
  MAX_UPLOAD_MB: int(10, 1, 200),
  /** each user's upload quota over the last 24 hours: files, and megabytes in all (100429 beyond); unset → UPLOAD_QUOTA_DEFAULT (limits.ts) */
  UPLOAD_DAILY_COUNT: optionalInt(1),
  UPLOAD_DAILY_MB: optionalInt(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** the reverse proxies whose X-Forwarded-For/-Proto are believed (client address, Secure cookies): hop count or address list */
  TRUST_PROXY: trustProxy,
  /** SIGTERM: how long in-flight requests may run on before their connections are cut (keep it under the platform's kill grace) */
  SHUTDOWN_GRACE_MS: int(25_000, 0, 10 * 60_000),
  /** SIGTERM: how long /readyz answers 503 while requests are still served, before the listener closes (the balancer's notice) */
  SHUTDOWN_DELAY_MS: int(5_000, 0, 60_000),
  /** the longest one readiness check (/readyz: database, storage, queue) may take before it counts as failing */
  READINESS_TIMEOUT_MS: int(2_000, 100, 30_000),
  /** the ops API's bearer token shared by every process (or a file holding it); unset: a fresh DATA_DIR/ops.token per start */
  OPS_TOKEN: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  OPS_TOKEN_FILE: optionalText,
  /** where `npm run ops` sends its commands (a process's ops API on this host, e.g. http://127.0.0.1:8080); needs OPS_TOKEN(_FILE) */
  OPS_URL: optionalText.pipe(z.url().optional()),
  // ---- KYC retention and erasure (issue 38; `ops erase-expired`, src/core/domain/retention.ts)
  /** years a closed (never opened) application's KYC records are kept after its closing; at least 5 (AMLO Sch. 2 s.20) */
  KYC_RETENTION_YEARS: int(RETENTION.kycYearsDefault, RETENTION.kycYearsMin, 100),
  /** days a never-submitted draft may lie untouched before `ops erase-expired` erases it with its files */
  KYC_DRAFT_DAYS: int(RETENTION.draftDaysDefault, 1, 3650),
};

export const serviceChecks: CrossCheck = (_env, set) => [
  ...notBoth('OPS_TOKEN', set),
  ...(set('OPS_URL') && !set('OPS_TOKEN') && !set('OPS_TOKEN_FILE') ? ['OPS_URL: needs OPS_TOKEN or OPS_TOKEN_FILE (the token the processes accept)'] : []),
];

/** OPS_TOKEN(_FILE) and OPS_URL as Config.ops. */
export function opsOf(env: Env): Config['ops'] {
  return { token: env.OPS_TOKEN ?? (env.OPS_TOKEN_FILE ? readSecretFile('OPS_TOKEN_FILE', env.OPS_TOKEN_FILE) : undefined), url: env.OPS_URL };
}
