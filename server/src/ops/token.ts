import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const opsTokenPath = (dataDir: string) => join(dataDir, 'ops.token');
export const serverInfoPath = (dataDir: string) => join(dataDir, 'server.json');

/** Writes a fresh ops token (0600) for this server run and returns it. */
export function writeOpsToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  writeFileSync(opsTokenPath(dataDir), token + '\n', { mode: 0o600 });
  chmodSync(opsTokenPath(dataDir), 0o600);
  return token;
}

export function readOpsToken(dataDir: string): string | null {
  const p = opsTokenPath(dataDir);
  return existsSync(p) ? readFileSync(p, 'utf8').trim() : null;
}

export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const isLoopback = (address: string | undefined) => !!address && LOOPBACK.has(address);
