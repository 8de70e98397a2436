/** The database's settings (PostgreSQL's URL, or the file holding it; its pool; migrations at start) and their checks. */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from './error';
import { int, notBoth, optionalText, type CrossCheck } from './fields';
import type { Env } from './index';

export const databaseEnv = {
  DATABASE_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional()),
  /** DATABASE_URL read from a file instead (a mounted secret: the URL holds the database's password); not with DATABASE_URL */
  DATABASE_URL_FILE: optionalText,
  DATABASE_PREPARED: z.enum(['on', 'off']).default('on'),
  /** PostgreSQL: connections of this process's pool for requests (the job queue has JOBS_POOL_MAX more); size both so that processes x (the two) stays under the server's max_connections */
  DATABASE_POOL_MAX: int(10, 1, 500),
  /** PostgreSQL: how long a new connection may take before the request answers 503 "try again" (a server that does not answer holds no request) */
  DATABASE_CONNECT_TIMEOUT_MS: int(5_000, 500, 60_000),
  /** PostgreSQL: how long a starting process waits for the database to accept connections (a container started before its database), retrying, before it gives up */
  DATABASE_START_WAIT_SECONDS: int(60, 0, 3600),
  /** on: the web process applies pending migrations at start (the embedded default); off: `npm run migrate` is a release step and a web process refuses to start on a database that lacks one */
  MIGRATE_AT_START: z.enum(['on', 'off']).default('on'),
};

export const databaseChecks: CrossCheck = (_env, set) => notBoth('DATABASE_URL', set);

/**
 * The PostgreSQL URL: DATABASE_URL, or the content of DATABASE_URL_FILE (trimmed, checked as DATABASE_URL is);
 * undefined: the embedded PGlite. Throws ConfigError naming DATABASE_URL_FILE when the file cannot serve.
 */
export function databaseUrlOf(env: Env): string | undefined {
  if (env.DATABASE_URL || !env.DATABASE_URL_FILE) return env.DATABASE_URL;
  let text: string;
  try {
    text = readFileSync(env.DATABASE_URL_FILE, 'utf8').trim();
  } catch (err) {
    throw new ConfigError([`DATABASE_URL_FILE: cannot read ${env.DATABASE_URL_FILE} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`]);
  }
  if (!/^postgres(ql)?:\/\//.test(text)) throw new ConfigError([`DATABASE_URL_FILE: the content of ${env.DATABASE_URL_FILE} must start with postgres:// or postgresql://`]);
  return text;
}
