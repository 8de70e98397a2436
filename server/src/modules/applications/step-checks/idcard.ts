/**
 * IDCARD service-only rules (after the domain's validateIdcard passed):
 * - the ID number's region code is a known mainland region (division data of the lookup module);
 * - the four images (card sides and their crops) are the caller's UserInfo files (ownership itself is checked
 *   for every step before this);
 * - the ID number is not held by another user's submitted application → 150204 with data.phone, the holder's
 *   phone masked (maskPhone); it is recorded in identity_numbers (claimIdentityNumbers);
 * - under a reject status (reject_data with steps) the saved name and ID number stay as they were (the screen
 *   shows them read-only): a change → 100400 "format" on the field.
 */
import { ErrorCode, at, maskPhone, str } from '@core/domain';
import type { Db } from '../../../db';
import { AppError, type Issue } from '../../../errors';
import { isKnownRegion } from '../../lookup';
import type { AppRow } from '../repository';
import { heldBy, ownFilesOf, savedNumbers, unlessTaken, writeNumbers, type IdentitySlot } from '../identity-repository';
import type { StepCheck, StepCheckArgs } from './index';

/** Issues (rule `category`) for file refs that are not the caller's files of the given category (uploaded for another use). */
export async function filesOfCategory(db: Db, userId: string, refs: ReadonlyArray<readonly [string, unknown]>, category: 'UserInfo' | 'UserApply'): Promise<Issue[]> {
  const ids = refs.map(([, v]) => str((v as { ossId?: unknown } | undefined)?.ossId));
  const ok = await ownFilesOf(db, userId, category, ids);
  return refs.filter((_, i) => !ok.has(ids[i])).map(([path]) => ({ path: `data.${path}`, message: 'category' }));
}

export const registered = (phone: string) => new AppError(ErrorCode.ID_REGISTERED, { data: { phone: maskPhone(phone) } });

/**
 * Records the identity numbers a step saved (its slots; a slot without a number is cleared) and refuses, with 150204
 * and the holder's masked phone, a number another user's submitted application holds. A draft of someone else holds
 * nothing (docs/decisions.md: identity squatting). Nothing is written when nothing changed.
 */
export async function claimIdentityNumbers(args: StepCheckArgs, slots: readonly IdentitySlot[], wanted: Partial<Record<IdentitySlot, string>>): Promise<void> {
  const { tx, userId, appId } = args;
  // a submitted (now returned) application holds what it saves
  const submitted = args.row.submitted_at !== null;
  const saved = await savedNumbers(tx, appId);
  const numbers = new Map<IdentitySlot, string>();
  const elsewhere = new Set([...saved].filter(([slot]) => !slots.includes(slot)).map(([, n]) => n));
  for (const slot of slots) {
    const n = (wanted[slot] ?? '').trim().toUpperCase();
    // one number is recorded once an application (the unique index of held numbers)
    if (n && !elsewhere.has(n) && ![...numbers.values()].includes(n)) numbers.set(slot, n);
  }
  const changed = [...numbers].some(([slot, n]) => saved.get(slot) !== n);
  const cleared = slots.some((slot) => saved.has(slot) && !numbers.has(slot));
  // every full save looks (one index look-up): the applicant learns of a holder at the step, not at the submit
  if (numbers.size) {
    const holder = await heldBy(tx, userId, [...numbers.values()]);
    if (holder) throw registered(holder);
  }
  if (!changed && !cleared) return;
  const write = () => writeNumbers(tx, { appId, userId, held: submitted }, slots, numbers);
  if (!submitted) return write();
  // a submitted (returned) application holds what it saves: the unique index decides a race
  if (!(await unlessTaken(tx, write))) throw registered((await heldBy(tx, userId, [...numbers.values()])) ?? '');
}

const IMAGES = ['documentInfo.idCard.front', 'documentInfo.idCard.back', 'documentInfo.CropIdCard.front', 'documentInfo.CropIdCard.back'] as const;

/** Issues for a changed name or ID number of a returned application that had them saved. */
function lockedFields(row: AppRow, data: Record<string, unknown>): Issue[] {
  const saved = row.data.IDCARD as Record<string, unknown> | undefined;
  if (!row.reject_data?.steps?.length || !saved) return [];
  return (['chineseName', 'idNumber'] as const).filter((f) => typeof saved[f] === 'string' && saved[f] !== data[f]).map((f) => ({ path: `data.${f}`, message: 'format' }));
}

export const checkIdcard: StepCheck = async (args) => {
  const { tx, userId, data } = args;
  const idNumber = str(data.idNumber);
  const issues: Issue[] = lockedFields(args.row, data);
  if (!isKnownRegion(idNumber.slice(0, 6))) issues.push({ path: 'data.idNumber', message: 'cnIdRegion' });
  issues.push(...(await filesOfCategory(tx, userId, IMAGES.map((p) => [p, at(data, p)] as const), 'UserInfo')));
  if (issues.length) return issues;
  await claimIdentityNumbers(args, ['IDCARD'], { IDCARD: idNumber });
  return [];
};
