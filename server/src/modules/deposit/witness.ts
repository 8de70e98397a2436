/**
 * ApplyWitness (status 1500): the applicant hands identity and address proofs (their own files) to staff for the
 * professional-person verification. Only at 1500; each submission is kept with an event; the status stays for staff.
 */
import { APPLY_STATUS, ErrorCode, type Req, type Res } from '@core/domain';
import { AppError } from '../../errors';
import { foreignFiles, linkFiles, renewClaim } from '../applications';
import { ownedActive } from '../applications';
import { changeApplication } from '../applications';
import { toView } from '../applications';
import { insertWitnessSubmission } from './repository';
import type { DepositDeps } from './service';

export async function witness(deps: DepositDeps, userId: string, req: Req<'applyWitness'>): Promise<Res<'applyWitness'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, req.appId);
    if (row.apply_status !== APPLY_STATUS.AWAITING_DEPOSIT) throw new AppError(ErrorCode.APPLICATION_LOCKED);
    const ids = [...req.idFiles, ...req.addressFiles].map((f) => f.ossId);
    if ((await foreignFiles(tx, userId, ids)).length) throw new AppError(ErrorCode.FORBIDDEN);
    await insertWitnessSubmission(tx, { appId: row.app_id, userId, idFiles: req.idFiles, addressFiles: req.addressFiles, at });
    await linkFiles(tx, userId, row.app_id, ids);
    const updated = await changeApplication(tx, row, { actor: `user:${userId}`, kind: 'witness', change: { reject_data: null }, detail: { idFiles: req.idFiles.length, addressFiles: req.addressFiles.length }, auditAction: 'witness.submit', at });
    // new proofs come back to the reviewer who refused the last ones
    await renewClaim(tx, row.app_id, at);
    return { application: toView(updated) };
  });
}
