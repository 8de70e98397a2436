/** The metrics and traces settings (issue 38): Prometheus /metrics on a listener of its own, OpenTelemetry traces. */
import { z } from 'zod';
import { optionalText } from './fields';
import type { Env } from './index';
import { readSecretFile } from './secrets';

// ---------------------------------------------------------------- metrics (issue 38): Prometheus /metrics on a listener of its own
/** METRICS_HOST values that keep the metrics listener on this machine (no token needed) */
export const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'];
export const metricsEnv = {
  /** the port of the Prometheus /metrics listener (web and worker processes alike; never the applicants' PORT); unset: no listener */
  METRICS_PORT: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? Number(v) : undefined))
    .pipe(z.number().int().min(1).max(65535).optional()),
  /** where the metrics listener binds: loopback by default; any other address needs METRICS_TOKEN(_FILE) */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** the bearer token a scraper sends (Authorization: Bearer …), at least 32 characters; or a file holding it */
  METRICS_TOKEN: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  METRICS_TOKEN_FILE: optionalText,
  /** OpenTelemetry traces (server/src/tracing.ts): the collector's OTLP/HTTP traces endpoint (e.g. http://otel-collector:4318/v1/traces); unset: no traces */
  TRACES_OTLP_URL: optionalText.pipe(z.url().regex(/^https?:\/\//, 'must be an http:// or https:// URL').optional()),
};

export function metricsChecks(env: Record<string, string | undefined>, set: (name: string) => boolean): string[] {
  const problems: string[] = [];
  if (set('METRICS_TOKEN') && set('METRICS_TOKEN_FILE')) problems.push('METRICS_TOKEN_FILE: set METRICS_TOKEN or METRICS_TOKEN_FILE, not both');
  if (!set('METRICS_PORT')) return problems;
  if (env.METRICS_PORT?.trim() === (env.PORT?.trim() || '8080')) problems.push('METRICS_PORT: must differ from PORT (the applicants\' port never serves /metrics)');
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  if (!LOOPBACK_HOSTS.includes(host) && !set('METRICS_TOKEN') && !set('METRICS_TOKEN_FILE')) {
    problems.push(`METRICS_TOKEN (or METRICS_TOKEN_FILE): is required when METRICS_HOST is ${host} (beyond this machine, /metrics answers only a scraper holding the token)`);
  }
  return problems;
}

export interface MetricsSettings {
  /** unset: no metrics listener */
  port?: number;
  host: string;
  /** the bearer token /metrics asks for; unset: none (loopback only) */
  token?: string;
}

export function metricsOf(env: Env): MetricsSettings {
  const token = env.METRICS_TOKEN ?? (env.METRICS_TOKEN_FILE ? readSecretFile('METRICS_TOKEN_FILE', env.METRICS_TOKEN_FILE) : undefined);
  return { port: env.METRICS_PORT, host: env.METRICS_HOST, token };
}
// ---------------------------------------------------------------- end of metrics
