/** The background jobs' settings (who works them, their timing, the queue's pool, SMS retries) and the outbox's webhook. */
import { z } from 'zod';
import { int, notBoth, optionalText, type CrossCheck } from './fields';
import type { Config, Env } from './index';
import { readSecretFile } from './secrets';

export const jobsEnv = {
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
  /** PostgreSQL: the job queue's own connections in this process */
  JOBS_POOL_MAX: int(4, 1, 100),
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
};

export const jobsChecks: CrossCheck = (env, set) => {
  const problems: string[] = [];
  if (env.JOBS === 'worker' && !set('DATABASE_URL') && !set('DATABASE_URL_FILE')) problems.push('JOBS: worker needs DATABASE_URL (on the embedded PGlite the jobs run inside npm start: JOBS=inline)');
  if (set('OUTBOX_WEBHOOK_URL') && !set('OUTBOX_WEBHOOK_SECRET') && !set('OUTBOX_WEBHOOK_SECRET_FILE')) {
    problems.push('OUTBOX_WEBHOOK_SECRET: is required when OUTBOX_WEBHOOK_URL is set (the deliveries are signed with it), or OUTBOX_WEBHOOK_SECRET_FILE');
  }
  problems.push(...notBoth('OUTBOX_WEBHOOK_SECRET', set));
  return problems;
};

/** The JOBS_* settings (with SMS_RETRIES and the queue's pool) as Config.jobs. */
export function jobsOf(env: Env): Config['jobs'] {
  return { mode: env.JOBS, pollSeconds: env.JOBS_POLL_SECONDS, retryDelaySeconds: env.JOBS_RETRY_DELAY_SECONDS, smsRetries: env.SMS_RETRIES, stopSeconds: env.JOBS_STOP_SECONDS, workerNice: env.WORKER_NICE, poolMax: env.JOBS_POOL_MAX };
}

/** The OUTBOX_* settings, the webhook's secret read from its file if so given, as Config.outbox. */
export function outboxOf(env: Env): Config['outbox'] {
  return {
    webhookUrl: env.OUTBOX_WEBHOOK_URL,
    webhookSecret: env.OUTBOX_WEBHOOK_SECRET ?? (env.OUTBOX_WEBHOOK_SECRET_FILE ? readSecretFile('OUTBOX_WEBHOOK_SECRET_FILE', env.OUTBOX_WEBHOOK_SECRET_FILE) : undefined),
    retries: env.OUTBOX_RETRIES,
    sweepSeconds: env.OUTBOX_SWEEP_SECONDS,
  };
}
