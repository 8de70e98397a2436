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
import { findIdHolderPhone, lockIdNumbers, ownFilesOf, rejectAndSavedIdcard } from '../identity-repository';
import type { StepCheck } from './index';

/** Issues for file refs that are not the caller's files of the given category. */
export async function filesOfCategory(db: Db, userId: string, refs: ReadonlyArray<readonly [string, unknown]>, category: 'UserInfo' | 'UserApply'): Promise<Issue[]> {
  const ids = refs.map(([, v]) => str((v as { ossId?: unknown } | undefined)?.ossId));
  const ok = await ownFilesOf(db, userId, category, ids);
  return refs.filter((_, i) => !ok.has(ids[i])).map(([path]) => ({ path: `data.${path}`, message: 'format' }));
}

/** 150204 with the holder's masked phone when another user's active application holds one of these numbers. */
export async function refuseHeldNumbers(db: Db, userId: string, numbers: readonly string[]): Promise<void> {
  await lockIdNumbers(db, numbers);
  for (const n of numbers) {
    const holder = await findIdHolderPhone(db, userId, n);
    if (holder) throw new AppError(ErrorCode.ID_REGISTERED, { data: { phone: maskPhone(holder) } });
  }
}

const IMAGES = ['documentInfo.idCard.front', 'documentInfo.idCard.back', 'documentInfo.CropIdCard.front', 'documentInfo.CropIdCard.back'] as const;

/** Issues for a changed name or ID number of a returned application that had them saved. */
async function lockedFields(db: Db, appId: string, data: Record<string, unknown>): Promise<Issue[]> {
  const row = await rejectAndSavedIdcard(db, appId);
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
  await refuseHeldNumbers(tx, userId, [idNumber]);
  return [];
};
