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

const PURGE_EVERY_MS = 60_000;
const lastPurge = new WeakMap<object, number>();

/** Counts one hit in the bucket's current window; returns the hits so far and when the window ends. */
export async function hit(db: Db, bucket: string, limit: RateLimit, now: number): Promise<{ hits: number; windowEnd: number }> {
  const windowMs = limit.windowS * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  const { rows } = await db.query<{ hits: number }>(
    `INSERT INTO rate_counters (bucket, window_start, window_end, hits) VALUES ($1, $2, $3, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_counters.hits + 1
     RETURNING hits`,
    [bucket, new Date(start), new Date(start + windowMs)],
  );
  if (now - (lastPurge.get(db) ?? 0) >= PURGE_EVERY_MS) {
    lastPurge.set(db, now);
    await db.query('DELETE FROM rate_counters WHERE window_end < $1', [new Date(now)]);
  }
  return { hits: rows[0].hits, windowEnd: start + windowMs };
}

/** 100429 with the scope and the seconds until another call is counted (the error handler sets Retry-After from them). */
export function rateLimited(scope: RateLimitScope, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(ErrorCode.RATE_LIMITED, { data: { scope, retryAfterSeconds: seconds } });
}

async function check(request: FastifyRequest, scope: 'address' | 'user', bucket: string, limit: RateLimit): Promise<void> {
  const { db, clock } = request.server.deps;
  const now = clock.now();
  const { hits, windowEnd } = await hit(db, bucket, limit, now);
  if (hits > limit.max) throw rateLimited(scope, (windowEnd - now) / 1000);
}

/** A preHandler limiting `call` per client address (request.ip, see TRUST_PROXY) and per logged-in user. */
export function rateLimit(call: RateLimitedCall) {
  const rule: { perAddress: RateLimit; perUser?: RateLimit } = RATE_LIMITS[call];
  const hook = async function rateLimitHook(request: FastifyRequest): Promise<void> {
    await check(request, 'address', `${call}|a|${request.ip}`, rule.perAddress);
    if (rule.perUser && request.user) await check(request, 'user', `${call}|u|${request.user.userId}`, rule.perUser);
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
