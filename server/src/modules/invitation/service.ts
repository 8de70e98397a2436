/**
 * The Invitation feature (spec part 3 §4 "Channel change", §7 "Feature check", "Invitation relation update"): whether
 * it is allowed for the user (ops `user --invitation 0|1`; allowed unless staff said no), and recording the invite
 * code an applicant took, only when it is.
 */
import { ErrorCode, FEATURE, isAeCode, type Req, type Res } from '@core/domain';
import type { Db } from '../../db';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import type { Clock } from '../../plugins/context';
import { getUserSettings } from '../auth';
import * as repo from './repository';

export interface InvitationDeps {
  db: Db;
  clock: Clock;
}

async function allowed(db: Db, userId: string, feature: string): Promise<boolean> {
  if (feature !== FEATURE.INVITATION) return false; // an unknown feature is not allowed
  return (await getUserSettings(db, userId)).invitation !== false;
}

export async function featureCheck(deps: InvitationDeps, userId: string, req: Req<'featureCheck'>): Promise<Res<'featureCheck'>> {
  return { allow: await allowed(deps.db, userId, req.features) };
}

export async function update(deps: InvitationDeps, userId: string, req: Req<'invitationUpdate'>): Promise<Res<'invitationUpdate'>> {
  const code = req.code.trim().toUpperCase();
  if (!isAeCode(code)) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'code', message: 'format' }] } });
  if (!(await allowed(deps.db, userId, FEATURE.INVITATION))) throw new AppError(ErrorCode.FEATURE_NOT_ALLOWED);
  const at = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    await repo.upsertRelation(tx, userId, code, req.stage, at);
    await audit(tx, { actor: `user:${userId}`, userId, action: 'invitation.update', detail: { code, stage: req.stage }, at });
  });
  return { code, stage: req.stage };
}
