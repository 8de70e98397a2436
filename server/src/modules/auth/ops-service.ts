/** Operator functions for login and users (used by the ops commands `code`, `user`, `app-token`). */
import { cipher, cleanPhone, isValidPhone, maskPhone } from '@core/domain';
import type { Db } from '../../db';
import { OpsInputError } from '../../errors';
import { latestOutboxCode } from '../../vendors/sms/outbox-repository';
import { signAppToken, type AppTokenClaims } from '../../vendors/app-token';
import * as repo from './repository';
import { getUserSettings, setUserSettings, type UserSettings } from './settings';

function phoneOf(areaCode: string, phone: string): string {
  const p = cleanPhone(phone);
  if (!isValidPhone(areaCode, p)) throw new OpsInputError(`not a valid phone number for +${areaCode}: ${phone}`);
  return p;
}

/**
 * The latest code the local SMS vendor sent to a phone. The SMS goes out as a job (auth/sms-job.ts): when the phone's
 * latest code is not handed over yet, this waits for it (up to waitMs), so that it never answers the code before.
 */
export async function latestLoginCode(db: Db, areaCode: string, phone: string, waitMs = 10_000): Promise<{ code: string; sentAt: string }> {
  const p = phoneOf(areaCode, phone);
  const until = Date.now() + waitMs;
  for (;;) {
    const latest = await repo.latestCodeOf(db, areaCode, p);
    if (!latest || latest.smsSentAt) break;
    if (Date.now() >= until) throw new OpsInputError(`the latest code to +${areaCode} ${maskPhone(phone)} has not been handed to the SMS vendor yet`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const found = await latestOutboxCode(db, areaCode, p);
  if (!found) throw new OpsInputError(`no code was sent to +${areaCode} ${maskPhone(phone)}`);
  return { code: found.code, sentAt: found.sentAt.toISOString() };
}

export type SettingsChange = { [K in keyof UserSettings]?: UserSettings[K] | null };

/** Creates the user when new and applies setting changes (null removes an override). */
export async function updateUserSettings(
  db: Db,
  areaCode: string,
  phone: string,
  change: SettingsChange,
): Promise<{ userId: string; phoneMasked: string; areaCode: string; created: boolean; settings: UserSettings }> {
  const p = phoneOf(areaCode, phone);
  return db.transaction(async (tx) => {
    const existing = await repo.findUserByPhone(tx, areaCode, p);
    const user = existing ?? (await repo.upsertUser(tx, { id: cipher.randomB64u(12), areaCode, phone: p }));
    const settings: Record<string, unknown> = { ...(await getUserSettings(tx, user.id)) };
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) continue;
      if (v === null) delete settings[k];
      else settings[k] = v;
    }
    const checked = await setUserSettings(tx, user.id, settings as UserSettings);
    return { userId: user.id, phoneMasked: maskPhone(p), areaCode, created: !existing, settings: checked };
  });
}

export function makeAppToken(secret: string, claims: { areaCode: AppTokenClaims['areaCode']; phone: string; subAcctId?: string; ttlMinutes: number }, nowMs: number): { token: string; exp: number } {
  const exp = Math.floor(nowMs / 1000) + claims.ttlMinutes * 60;
  const token = signAppToken(secret, { phone: phoneOf(claims.areaCode, claims.phone), areaCode: claims.areaCode, ...(claims.subAcctId ? { subAcctId: claims.subAcctId } : {}), exp });
  return { token, exp };
}

/**
 * Makes a phone's sessions look as if their login were `minutes` older (a rehearsal of what an old login meets, e.g.
 * the trading password's "log in again first"); the sessions stay valid. Refused in production.
 */
export async function backdateSessions(db: Db, production: boolean, areaCode: string, phone: string, minutes: number): Promise<{ sessions: number }> {
  if (production) throw new OpsInputError('session-backdate is for rehearsals and tests: refused in production');
  const user = await repo.findUserByPhone(db, areaCode, phoneOf(areaCode, phone));
  if (!user) throw new OpsInputError(`no user with the phone +${areaCode} ${maskPhone(phone)}`);
  return { sessions: await repo.backdateSessions(db, user.id, minutes) };
}
