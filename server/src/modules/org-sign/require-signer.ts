/**
 * The organisation signer's session on every call of auth 'sign' (plugins/route.ts; FileUpload calls
 * resolveSigner itself once its envelope is open). The page's wrapper sends `token` (`<session>.<rndkey>`, from
 * ApplyAuth) and `idNumber` in every request's payload, never in a cookie:
 * - no token: 100008;
 * - a token of no session, a wrong rndkey, an ended session, an ID number that is not the signer's, or a ticket
 *   revoked, expired or locked: 100031 (the session is ended where there is one);
 * - no call for SIGN_LIMITS.sessionIdleMinutes: 100033; past SIGN_LIMITS.sessionAbsoluteHours: 100034.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, SESSION_TOUCH_S, SIGN_LIMITS, SIGN_TOKEN_PATTERN, normaliseSignIdNumber } from '@core/domain';
import { AppError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import { endSession, findSession, touchSession, type OrganisationRow, type TicketRow } from './repository';
import { idNumberHmac } from './secrets';

export interface Signer {
  sessionId: string;
  ticketId: string;
  ticket: TicketRow;
  org: OrganisationRow;
  sessionExpiresAt: Date;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

export async function resolveSigner(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, token: unknown, idNumber: unknown): Promise<Signer> {
  if (typeof token !== 'string' || token === '') throw new AppError(ErrorCode.LOGIN_EXPIRED);
  if (!SIGN_TOKEN_PATTERN.test(token)) throw new AppError(ErrorCode.SIGN_SESSION_ENDED);
  const [sessionId, rndkey] = token.split('.') as [string, string];
  const s = await findSession(deps.db, sessionId);
  if (!s || !timingSafeEqual(sha256(rndkey), Buffer.from(s.rndkey_hash, 'hex')) || s.ended_at) throw new AppError(ErrorCode.SIGN_SESSION_ENDED);
  const now = deps.clock.now();
  const at = new Date(now);
  const t = s.ticket;
  const end = async (code: number) => {
    await endSession(deps.db, s.id, at);
    return new AppError(code);
  };
  if (t.revoked_at || t.locked_at || t.expires_at.getTime() <= now) throw await end(ErrorCode.SIGN_SESSION_ENDED);
  const absoluteEnd = s.created_at.getTime() + SIGN_LIMITS.sessionAbsoluteHours * 3_600_000;
  if (now >= absoluteEnd) throw await end(ErrorCode.SESSION_ABSOLUTE);
  if (now - s.last_seen_at.getTime() >= SIGN_LIMITS.sessionIdleMinutes * 60_000) throw await end(ErrorCode.SESSION_IDLE);
  const id = typeof idNumber === 'string' ? normaliseSignIdNumber(idNumber) : null;
  const given = Buffer.from(idNumberHmac(deps.config, id ?? ''), 'hex');
  if (!id || !timingSafeEqual(given, Buffer.from(s.org.signer_id_hmac, 'hex'))) throw new AppError(ErrorCode.SIGN_SESSION_ENDED);
  if (now - s.last_seen_at.getTime() >= SESSION_TOUCH_S * 1000) await touchSession(deps.db, s.id, at);
  return { sessionId: s.id, ticketId: t.id, ticket: t, org: s.org, sessionExpiresAt: new Date(Math.min(absoluteEnd, t.expires_at.getTime())) };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** an organisation signer's session (routes of auth 'sign'; null elsewhere) */
    signer: Signer | null;
  }
}

export async function requireSigner(request: FastifyRequest): Promise<void> {
  const input = (request.method === 'GET' ? request.query : request.body) as { token?: unknown; idNumber?: unknown } | undefined;
  request.signer = await resolveSigner(request.server.deps, input?.token, input?.idNumber);
}
