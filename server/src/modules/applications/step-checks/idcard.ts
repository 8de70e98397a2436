/**
 * IDCARD service-only rules (after the domain's validateIdcard passed):
 * - the ID number's region code is a known mainland region (division data of the lookup module);
 * - the four images (card sides and their crops) are the caller's UserInfo files (ownership itself is checked
 *   for every step before this);
 * - the ID number is not held by another user's active application → 150204 with data.phone, the holder's
 *   phone masked (maskPhone);
 * - under a reject status (reject_data with steps) the saved name and ID number stay as they were (the screen
 *   shows them read-only): a change → 100400 "format" on the field.
 */
import { ErrorCode, at, maskPhone, str } from '@core/domain';
import type { Db } from '../../../db';
import { AppError, type Issue } from '../../../errors';
import { isKnownRegion } from '../../lookup/regions';
import type { StepCheck } from './index';

/**
 * Where an identity document number is saved in an application's data. A number counts as taken when it
 * appears in any of them in another user's active application: the same person opening a second account
 * with the same document under another login is what 150204 stops, whichever identity step saved it.
 */
const ID_NUMBER_PATHS = ['{IDCARD,idNumber}', '{HK_IDCARD,idNumber}', '{HK_IDCARD,idExtraInfo,permanent,idNumber}', '{STATEMENT,idExtraInfo,idcardHK,idNumber}'] as const;

/** The phone (as registered) of another user whose active application holds this document number; null if none. */
export async function findIdHolderPhone(db: Db, userId: string, idNumber: string): Promise<string | null> {
  const match = ID_NUMBER_PATHS.map((p) => `upper(a.data #>> '${p}') = $2`).join(' OR ');
  const { rows } = await db.query<{ phone: string }>(
    `SELECT u.phone FROM applications a JOIN users u ON u.id = a.user_id
      WHERE a.archived_at IS NULL AND a.user_id <> $1 AND (${match})
      ORDER BY a.created_at LIMIT 1`,
    [userId, idNumber.toUpperCase()],
  );
  return rows[0]?.phone ?? null;
}

/** Issues for file refs that are not the caller's files of the given category. */
export async function filesOfCategory(db: Db, userId: string, refs: ReadonlyArray<readonly [string, unknown]>, category: 'UserInfo' | 'UserApply'): Promise<Issue[]> {
  const ids = refs.map(([, v]) => str((v as { ossId?: unknown } | undefined)?.ossId));
  const { rows } = await db.query<{ oss_id: string }>('SELECT oss_id FROM files WHERE owner_user_id = $1 AND category = $2 AND oss_id = ANY($3::text[])', [userId, category, ids]);
  const ok = new Set(rows.map((r) => r.oss_id));
  return refs.filter((_, i) => !ok.has(ids[i])).map(([path]) => ({ path: `data.${path}`, message: 'format' }));
}

const IMAGES = ['documentInfo.idCard.front', 'documentInfo.idCard.back', 'documentInfo.CropIdCard.front', 'documentInfo.CropIdCard.back'] as const;

/** Issues for a changed name or ID number of a returned application that had them saved. */
async function lockedFields(db: Db, appId: string, data: Record<string, unknown>): Promise<Issue[]> {
  const { rows } = await db.query<{ steps: number; saved: Record<string, unknown> | null }>(
    `SELECT jsonb_array_length(COALESCE(reject_data->'steps', '[]'::jsonb)) AS steps, data->'IDCARD' AS saved FROM applications WHERE app_id = $1`,
    [appId],
  );
  const row = rows[0];
  if (!row || !row.steps || !row.saved) return [];
  return (['chineseName', 'idNumber'] as const)
    .filter((f) => typeof row.saved![f] === 'string' && row.saved![f] !== data[f])
    .map((f) => ({ path: `data.${f}`, message: 'format' }));
}

export const checkIdcard: StepCheck = async ({ tx, userId, appId, data }) => {
  const idNumber = str(data.idNumber);
  const issues: Issue[] = [...(await lockedFields(tx, appId, data))];
  if (!isKnownRegion(idNumber.slice(0, 6))) issues.push({ path: 'data.idNumber', message: 'cnIdRegion' });
  issues.push(...(await filesOfCategory(tx, userId, IMAGES.map((p) => [p, at(data, p)] as const), 'UserInfo')));
  if (issues.length) return issues;
  // two users saving the same number at once: the second waits for the first's transaction, then sees it
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`idnumber:${idNumber.toUpperCase()}`]);
  const holder = await findIdHolderPhone(tx, userId, idNumber);
  if (holder) throw new AppError(ErrorCode.ID_REGISTERED, { data: { phone: maskPhone(holder) } });
  return [];
};
