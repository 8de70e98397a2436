/**
 * ApplyAmlCheck: screens the applicant of the caller's active application (the names and birth date the identity
 * steps saved: IDCARD for cn, USERINFO for hk) with the AML vendor, stores the check (aml_checks, the amlInfoId)
 * and an audit entry, and answers {hitStatus, amlInfoId}. The disclosure step's save names the check (step-checks/
 * disclosure.ts).
 */
import { randomBytes } from 'node:crypto';
import { ErrorCode, isLockedForEditing, type Res } from '@core/domain';
import { AML_HIT } from '@core/domain/profile';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import type { AppDeps } from '../../plugins/context';
import type { AmlSubject } from '../../vendors/aml/types';
import * as apps from '../applications';
import { localAmlScreening } from './local-screening';
import { insertAmlCheck } from './repository';

export const IDENTITY_NOT_SAVED = 'identity steps not saved';

/** The step whose saved data names the applicant, by client type. */
export const IDENTITY_STEP = { cn: 'IDCARD', hk: 'USERINFO' } as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The applicant as the saved identity step names them (`saved`: the application's data by step); null when that
 * step is not saved or holds no Latin name or birth date.
 */
export function amlSubjectOf(clientType: 'cn' | 'hk', saved: Record<string, unknown>): AmlSubject | null {
  const step = saved[IDENTITY_STEP[clientType]];
  if (!step || typeof step !== 'object') return null;
  const d = step as Record<string, unknown>;
  const subject = { chineseName: text(d.chineseName), lastName: text(d.lastName), firstName: text(d.firstName), birthday: text(d.birthday) };
  if (!(subject.lastName || subject.firstName) || !/^\d{4}-\d{2}-\d{2}$/.test(subject.birthday)) return null;
  return subject;
}

/** True when a stored check screened this very applicant (the identity may have been edited since). */
export const sameSubject = (a: AmlSubject, b: AmlSubject): boolean =>
  a.chineseName === b.chineseName && a.lastName === b.lastName && a.firstName === b.firstName && a.birthday === b.birthday;

export async function applyAmlCheck(deps: AppDeps, userId: string, appId: string): Promise<Res<'applyAmlCheck'>> {
  // the ownership rule of ApplyUpdate: the caller's active application (151301 otherwise), editable (151300)
  const row = await apps.findById(deps.db, appId);
  if (!row || row.user_id !== userId || row.archived_at) throw new AppError(ErrorCode.NO_APPLICATION);
  if (isLockedForEditing(row.apply_status, row.client_status)) throw new AppError(ErrorCode.APPLICATION_LOCKED);
  const subject = amlSubjectOf(row.client_type, row.data);
  if (!subject) throw new AppError(ErrorCode.INVALID_INPUT, { data: { issues: [{ path: 'appId', message: IDENTITY_NOT_SAVED }] } });

  // the vendor may be a remote service: asked outside any transaction
  const vendor = deps.vendors.aml ?? localAmlScreening(deps.db);
  const screening = await vendor.screen(subject);
  const hitStatus = screening.matches.length ? AML_HIT : 0;
  const amlInfoId = randomBytes(18).toString('base64url');
  const at = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    await insertAmlCheck(tx, {
      id: amlInfoId,
      appId: row.app_id,
      userId,
      clientType: row.client_type,
      ...subject,
      hitStatus: hitStatus as 0 | 1,
      matches: screening.matches,
      vendor: screening.vendor ?? vendor.name,
      vendorRef: screening.reference ?? null,
      at,
    });
    // the audit trail names the check, never the names screened (they are in aml_checks)
    await audit(tx, {
      actor: `user:${userId}`,
      userId,
      appId: row.app_id,
      action: 'aml.check',
      detail: { amlInfoId, hitStatus, matches: screening.matches.map((m) => ({ source: m.source, id: m.id, how: m.how })), vendor: screening.vendor ?? vendor.name },
      at,
    });
  });
  return { hitStatus: hitStatus as 0 | 1, amlInfoId };
}
