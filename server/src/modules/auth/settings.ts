/**
 * Per-user overrides set by operators (`npm run ops -- user ...`), validated here (not in the repository):
 * on write by the ops service, on read by every use (a stored value that no longer passes counts as unset).
 */
import { z } from 'zod';
import { ErrorCode } from '@core/domain';
import type { Db } from '../../db';
import * as repo from './repository';

/** The partner's site is opened by the client on 151100: only https URLs. */
export const partnerUrlSchema = z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).max(2048);

export const userSettingsFields = {
  openingLimitType: z.number().int(),
  statementLimitType: z.number().int(),
  statementSkipType: z.enum(['0', '1']),
  /** ApplyCheck answers this error code (organisation or partner) */
  check: z.union([z.literal(ErrorCode.FROM_ORGANISATION), z.literal(ErrorCode.FROM_PARTNER)]),
  /** the partner's account-opening site sent with 151100 */
  partnerUrl: partnerUrlSchema,
  /** staff marked the applicant for the professional-person verification: ApplySubmit moves to 1500 (AWAITING_DEPOSIT) */
  witness: z.boolean(),
  /** the Invitation feature (FeatureCheck; InvitationUpdate records the inviter); unset = allowed */
  invitation: z.boolean(),
};

export const userSettingsSchema = z.object({
  openingLimitType: userSettingsFields.openingLimitType.optional(),
  statementLimitType: userSettingsFields.statementLimitType.optional(),
  statementSkipType: userSettingsFields.statementSkipType.optional(),
  check: userSettingsFields.check.optional(),
  partnerUrl: userSettingsFields.partnerUrl.optional(),
  witness: userSettingsFields.witness.optional(),
  invitation: userSettingsFields.invitation.optional(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** The user's overrides ({} when none or the user is unknown); a stored field that fails validation is dropped. */
export async function getUserSettings(db: Db, userId: string): Promise<UserSettings> {
  const raw = await repo.getRawUserSettings(db, userId);
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(userSettingsFields)) {
    const v = (raw as Record<string, unknown>)[key];
    if (v === undefined) continue;
    const parsed = field.safeParse(v);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as UserSettings;
}

/** Validates and stores the overrides (throws the zod error when invalid). */
export async function setUserSettings(db: Db, userId: string, settings: UserSettings): Promise<UserSettings> {
  const checked = userSettingsSchema.parse(settings);
  await repo.setRawUserSettings(db, userId, checked);
  return checked;
}
