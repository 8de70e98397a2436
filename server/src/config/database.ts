/** The database's settings that are more than a value: DATABASE_URL, or the file holding it. */
import { readFileSync } from 'node:fs';
import { ConfigError } from './error';
import type { Env } from './index';

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
