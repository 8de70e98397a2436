/**
 * Rate limits backed by the database (so they hold across processes on PostgreSQL): fixed windows counted
 * with one atomic upsert per bucket. The limits themselves are RATE_LIMITS in src/core/domain/limits.ts.
 * Over a limit: 100429 (HTTP 429, header Retry-After) with data {scope: 'address' | 'user', retryAfterSeconds}.
 *
 * route() (plugins/route.ts) adds it as the preHandler of a call with `rateLimit` in CALLS; it runs after requireUser (for the per-user count).
 * On ciphered routes it runs after the envelope was opened, so the refusal is sealed like any answer.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCode, RATE_LIMITS, type RateLimit, type RateLimitedCall, type RateLimitScope } from '@core/domain';
import type { Db } from '../db';
import { AppError } from '../errors';
import { countHits, purgeCounters } from './rate-limit-repository';
import type { AppDeps } from './context';

const PURGE_EVERY_MS = 60_000;
const lastPurge = new WeakMap<object, number>();

/** Counts one hit in each bucket's current window (one statement); the hits so far and when each window ends. */
export async function hitAll(db: Db, buckets: readonly { bucket: string; limit: RateLimit }[], now: number): Promise<{ hits: number; windowEnd: number }[]> {
  const windows = buckets.map(({ bucket, limit }) => {
    const windowMs = limit.windowS * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    return { bucket, start, end: start + windowMs };
  });
  const rows = await countHits(db, windows);
  if (now - (lastPurge.get(db) ?? 0) >= PURGE_EVERY_MS) {
    lastPurge.set(db, now);
    await purgeCounters(db, new Date(now));
  }
  const hitsOf = new Map(rows.map((r) => [r.bucket, r.hits]));
  return windows.map((w) => ({ hits: hitsOf.get(w.bucket) ?? 0, windowEnd: w.end }));
}

/** 100429 with the scope and the seconds until another call is counted (the error handler sets Retry-After from them). */
export function rateLimited(scope: RateLimitScope, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(ErrorCode.RATE_LIMITED, { data: { scope, retryAfterSeconds: seconds } });
}

/**
 * Counts one `call` for the address and the user (when given) and refuses it over a limit: for limits a handler
 * applies to some of a route's requests (identitySave: the full saves of identity steps). Not in a transaction:
 * a refused save still counts.
 */
export async function countCall(deps: Pick<AppDeps, 'db' | 'clock'>, call: RateLimitedCall, ip: string, userId?: string): Promise<void> {
  const rule: { perAddress: RateLimit; perUser?: RateLimit } = RATE_LIMITS[call];
  const counted: { scope: 'address' | 'user'; bucket: string; limit: RateLimit }[] = [{ scope: 'address', bucket: `${call}|a|${ip}`, limit: rule.perAddress }];
  if (rule.perUser && userId) counted.push({ scope: 'user', bucket: `${call}|u|${userId}`, limit: rule.perUser });
  const now = deps.clock.now();
  const results = await hitAll(deps.db, counted, now);
  counted.forEach((c, i) => {
    if (results[i].hits > c.limit.max) throw rateLimited(c.scope, (results[i].windowEnd - now) / 1000);
  });
}

/** A preHandler limiting `call` per client address (request.ip, see TRUST_PROXY) and per logged-in user. */
export function rateLimit(call: RateLimitedCall) {
  const hook = async function rateLimitHook(request: FastifyRequest): Promise<void> {
    await countCall(request.server.deps, call, request.ip, request.user?.userId ?? (request.signer ? `sign:${request.signer.ticketId}` : undefined));
  };
  // named on the hook, so that the route list (app.ts) shows which limit a route really counts
  return Object.assign(hook, { rateLimitedCall: call });
}

/** The RATE_LIMITS entries a route's hooks count (hooks made by rateLimit()). */
export function rateLimitsOf(hooks: unknown): RateLimitedCall[] {
  return [hooks]
    .flat()
    .map((h) => (typeof h === 'function' ? (h as { rateLimitedCall?: RateLimitedCall }).rateLimitedCall : undefined))
    .filter((c): c is RateLimitedCall => c !== undefined);
}
