/**
 * Start on a computer, finish on the phone (issue 41; the rules: src/core/domain/handoff.ts). The computer's logged-in
 * session makes a hand-off: a random token for the QR code's link and a short code to type, kept as hashes only. The
 * phone redeems either once, while it has not expired and while the computer's session lives: it gets a session of
 * its own for the same user and the route to open. A replayed, expired, ended or unknown token or code is refused
 * with 152501 and its reason; the computer follows its hand-off (HandoffStatus) and the application's progress.
 */
import { createHash, createHmac, randomInt } from 'node:crypto';
import {
  cipher,
  ErrorCode,
  HANDOFF_CODE_ALPHABET,
  HANDOFF_CODE_LENGTH,
  HANDOFF_TOKEN_PATTERN,
  HANDOFF_TTL_S,
  isHandoffCode,
  isLockedForEditing,
  normaliseHandoffCode,
  type HandoffReason,
  type HandoffState,
  type Req,
  type Res,
} from '@core/domain';
import { audit } from '../../db/audit';
import { purgeDue } from '../../db/purge-due';
import { AppError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import { findActiveByUser } from '../applications';
import { hashSessionId, loginAccountOwner, sessionLives, userContact, type NewSession } from '../auth';
import * as repo from './repository';

/** the caller of the computer's calls: its user and session */
export interface Maker {
  userId: string;
  sessionHash: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** a short code has few possibilities: its hash is keyed, so a copy of the table does not give the live codes away */
const hashCode = (secret: string, code: string) => createHmac('sha256', secret).update(`handoff-code|${code}`).digest('base64url');

function newCode(): string {
  let code = '';
  for (let i = 0; i < HANDOFF_CODE_LENGTH; i++) code += HANDOFF_CODE_ALPHABET[randomInt(HANDOFF_CODE_ALPHABET.length)];
  return code;
}

const refuse = (reason: HandoffReason) => new AppError(ErrorCode.HANDOFF_INVALID, { data: { reason } });
const notYours = () => new AppError(ErrorCode.FORBIDDEN);

/** A new hand-off of the session (its earlier ones end): the token, the code, and the seconds they can be used. */
export async function createHandoff(deps: AppDeps, maker: Maker, req: Req<'handoffCreate'>): Promise<Res<'handoffCreate'>> {
  const now = deps.clock.now();
  const at = new Date(now);
  const token = cipher.randomB64u(32);
  const id = cipher.randomB64u(12);
  const code = await deps.db.transaction(async (tx) => {
    // two tabs asking at once: one after the other, so that only the later code stays alive
    await repo.lockSession(tx, maker.sessionHash);
    await repo.cancelOpen(tx, maker.sessionHash, at);
    // a code held by another hand-off (one in ~10^8 while few are alive) is drawn again
    for (let tries = 0; tries < 5; tries++) {
      const drawn = newCode();
      const inserted = await repo.insertHandoff(tx, {
        id,
        tokenHash: hashToken(token),
        codeHash: hashCode(deps.config.secrets.signingSecret, drawn),
        userId: maker.userId,
        sessionHash: maker.sessionHash,
        route: req.route,
        at,
        expiresAt: new Date(now + HANDOFF_TTL_S * 1000),
      });
      if (inserted) return drawn;
    }
    throw new Error('no free hand-off code after 5 draws');
  });
  await audit(deps.db, { actor: `user:${maker.userId}`, userId: maker.userId, action: 'handoff.create', detail: { id, route: req.route } });
  if (purgeDue(repo.purgeHandoffs, now)) await repo.purgeHandoffs(deps.db, new Date(now - 24 * 3600_000));
  return { id, token, code, expiresInSeconds: HANDOFF_TTL_S };
}

function stateOf(row: repo.HandoffRow, now: number): HandoffState {
  if (row.used_at) return 'opened';
  if (row.cancelled_at) return 'cancelled';
  return row.expires_at.getTime() <= now ? 'expired' : 'waiting';
}

/** The session's hand-off as the computer follows it, with the application's progress (another session's: 100403). */
export async function handoffStatus(deps: AppDeps, maker: Maker, id: string): Promise<Res<'handoffStatus'>> {
  const row = await repo.findOwn(deps.db, id, maker.sessionHash);
  if (!row) throw notYours();
  const now = deps.clock.now();
  const state = stateOf(row, now);
  const app = await findActiveByUser(deps.db, maker.userId);
  return {
    state,
    expiresInSeconds: state === 'waiting' ? Math.max(0, Math.ceil((row.expires_at.getTime() - now) / 1000)) : 0,
    openedAt: row.used_at ? row.used_at.toISOString() : null,
    progress: app ? { steps: app.steps, latestStep: app.latest_step, submitted: isLockedForEditing(app.apply_status, app.client_status) } : null,
  };
}

/** The computer ends its hand-off ("continue here", the dialog closed): its token and code no longer work. */
export async function cancelHandoff(deps: AppDeps, maker: Maker, id: string): Promise<void> {
  if (!(await repo.findOwn(deps.db, id, maker.sessionHash))) throw notYours();
  await repo.cancelOpen(deps.db, maker.sessionHash, new Date(deps.clock.now()), id);
}

/** The hand-off a phone's token or code names, or why it cannot be used (152501 with the reason). */
async function usable(deps: AppDeps, req: { token?: string; code?: string }): Promise<repo.HandoffRow> {
  let row: repo.HandoffRow | null = null;
  if (req.token !== undefined) {
    if (HANDOFF_TOKEN_PATTERN.test(req.token)) row = await repo.findByHash(deps.db, 'token', hashToken(req.token));
  } else {
    const code = normaliseHandoffCode(req.code ?? '');
    if (isHandoffCode(code)) row = await repo.findByHash(deps.db, 'code', hashCode(deps.config.secrets.signingSecret, code));
  }
  if (!row) throw refuse('invalid');
  const state = stateOf(row, deps.clock.now());
  if (state === 'opened') throw refuse('used');
  if (state !== 'waiting') throw refuse('expired');
  // bound to the computer's session: once it logged out or ended, its code is no longer good
  if (!(await sessionLives(deps, row.session_hash))) throw refuse('expired');
  return row;
}

/**
 * Whose application a token or code opens (the phone asks before it is logged in as someone: a QR code handed over by
 * another person must not log the phone into that person's application unnoticed); uses nothing up.
 */
export async function peekHandoff(deps: AppDeps, req: Req<'handoffPeek'>): Promise<Res<'handoffPeek'>> {
  const row = await usable(deps, req);
  const owner = await userContact(deps.db, row.user_id);
  if (!owner) throw refuse('invalid');
  return { areaCode: owner.areaCode, phoneMasked: owner.phoneMasked };
}

/** The phone's token or code → a new session for the computer's user and the route to open; refused with its reason. */
export async function redeemHandoff(deps: AppDeps, req: Req<'handoffRedeem'>): Promise<{ session: NewSession; route: string }> {
  const row = await usable(deps, req);
  const now = deps.clock.now();
  // claimed before the session is made, while the computer's session still lives: a second request finds it used
  const idleSince = new Date(now - deps.config.sessionIdleMinutes * 60_000);
  if (!(await repo.claim(deps.db, row.id, new Date(now), idleSince, `pending.${cipher.randomB64u(12)}`))) throw refuse('used');
  let session: NewSession | null;
  try {
    session = await loginAccountOwner(deps, row.user_id);
  } catch (err) {
    // the database failed on the way: the code is given back, so that the phone's "try again" can use it
    await repo.unclaim(deps.db, row.id).catch(() => undefined);
    throw err;
  }
  if (!session) throw refuse('invalid');
  await repo.setUsedSession(deps.db, row.id, hashSessionId(session.sessionId));
  await audit(deps.db, { actor: `user:${row.user_id}`, userId: row.user_id, action: 'handoff.redeem', detail: { id: row.id, by: req.token !== undefined ? 'link' : 'code' } });
  return { session, route: row.route };
}
