/**
 * Logger settings: structured JSON (pino, fastify's own), never identity data. Requests are
 * logged by method, route path (no query string: it can carry tokens or envelopes) and status;
 * headers, cookies and bodies are not logged; any field named like a secret is redacted.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyServerOptions, FastifyRequest } from 'fastify';
import { projectRoot, type Config } from './config';

/** The service's name on every log line (with its role, version, host and process), for a log shared by many services. */
export const SERVICE_NAME = 'esop-account-opening';

let version: string | undefined;
/** package.json's version of the checkout this process runs from ('unknown' when it cannot be read). */
export function serviceVersion(): string {
  if (version === undefined) {
    try {
      version = String((JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version?: unknown }).version ?? 'unknown');
    } catch {
      version = 'unknown';
    }
  }
  return version;
}

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.phone',
  '*.code',
  '*.token',
  '*.t',
  '*.salt',
  '*.cookie',
  '*.body',
  '*.payload',
  '*.wrappedKey',
  '*.password',
  '*.idNumber',
];

export function pathOnly(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function loggerOptions(config: Pick<Config, 'logLevel'>, role: 'web' | 'worker' = 'web'): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    base: { service: SERVICE_NAME, role, version: serviceVersion(), host: hostname(), pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, path: pathOnly(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // no driver details: PostgreSQL's `detail` names the values of a failed row
      err: (err: Error & { code?: unknown; statusCode?: unknown }) => ({
        type: err.name,
        message: err.message,
        errorCode: err.code, // not `code`: that name is redacted (verification codes)
        statusCode: err.statusCode,
        stack: err.stack ?? '',
      }),
    },
  };
}
