/**
 * ApplyWitness (status 1500): the applicant hands identity and address proofs (their own files) to staff for the
 * professional-person verification. Only at 1500; each submission is kept with an event; the status stays for staff.
 */
import { APPLY_STATUS, ErrorCode, type Req, type Res } from '@core/domain';
import { AppError } from '../../errors';
import { ownedActive } from '../applications/service';
import { changeApplication } from '../applications/status-change';
import { toView } from '../applications/view';
import type { DepositDeps } from './service';

export async function witness(deps: DepositDeps, userId: string, req: Req<'applyWitness'>): Promise<Res<'applyWitness'>> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const row = await ownedActive(tx, userId, req.appId);
    if (row.apply_status !== APPLY_STATUS.AWAITING_DEPOSIT) throw new AppError(ErrorCode.APPLICATION_LOCKED);
    const ids = [...req.idFiles, ...req.addressFiles].map((f) => f.ossId);
    const { rows } = await tx.query<{ oss_id: string }>('SELECT oss_id FROM files WHERE owner_user_id = $1 AND oss_id = ANY($2::text[])', [userId, ids]);
    if (new Set(rows.map((r) => r.oss_id)).size !== new Set(ids).size) throw new AppError(ErrorCode.FORBIDDEN);
    await tx.query('INSERT INTO witness_submissions (app_id, user_id, id_files, address_files, created_at) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5)', [
      row.app_id,
      userId,
      JSON.stringify(req.idFiles),
      JSON.stringify(req.addressFiles),
      at,
    ]);
    await tx.query('UPDATE files SET app_id = $2 WHERE owner_user_id = $1 AND oss_id = ANY($3::text[])', [userId, row.app_id, ids]);
    const updated = await changeApplication(tx, row, { actor: `user:${userId}`, kind: 'witness', change: {}, detail: { idFiles: req.idFiles.length, addressFiles: req.addressFiles.length }, auditAction: 'witness.submit', at });
    return { application: toView(updated) };
  });
}
