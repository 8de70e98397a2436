import { z } from 'zod';
import { AREA_CODES } from '@core/domain';
import { updateUserSettings } from '../../modules/auth/ops-service';
import { userSettingsFields } from '../../modules/auth/settings';
import { defineCommand, flagText, OpsError, type ParsedArgs } from '../framework';

const intFlag = (args: ParsedArgs, name: string): number | undefined => {
  const v = flagText(args, name);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw new OpsError(`--${name} must be a whole number`);
  return Number(v);
};

/** --flag 1|0|none → true / false / cleared (null); absent → unchanged */
const boolFlag = (args: ParsedArgs, name: string): boolean | null | undefined => {
  const v = flagText(args, name);
  if (v === undefined) return undefined;
  if (v === 'none') return null;
  if (v === '1' || v === '0') return v === '1';
  throw new OpsError(`--${name} must be 1, 0 or none`);
};

const schema = z.object({
  phone: z.string().min(4),
  area: z.enum(AREA_CODES),
  change: z.object({
    openingLimitType: userSettingsFields.openingLimitType.nullable().optional(),
    statementLimitType: userSettingsFields.statementLimitType.nullable().optional(),
    statementSkipType: userSettingsFields.statementSkipType.nullable().optional(),
    check: userSettingsFields.check.nullable().optional(),
    partnerUrl: userSettingsFields.partnerUrl.nullable().optional(),
    witness: userSettingsFields.witness.nullable().optional(),
    invitation: userSettingsFields.invitation.nullable().optional(),
  }),
});

export default defineCommand({
  name: 'user',
  usage:
    'user <phone> [--area 852] [--opening-limit N] [--statement-limit N] [--statement-skip 0|1] [--check 151000|151100|none] [--partner-url URL] [--witness 1|0|none] [--invitation 1|0|none] [--json]   per-user overrides (creates the user when new; "none" clears); --witness 1: ApplySubmit moves to 1500 (professional-person verification); --invitation 0: the Invitation feature is not allowed (FeatureCheck answers allow false; InvitationUpdate is refused)',
  json: true,
  schema,
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <phone>');
    const check = flagText(args, 'check');
    const clearable = (name: string) => (flagText(args, name) === 'none' ? null : undefined);
    return {
      phone: args.positionals[0],
      area: flagText(args, 'area') ?? '852',
      change: {
        openingLimitType: clearable('opening-limit') ?? intFlag(args, 'opening-limit'),
        statementLimitType: clearable('statement-limit') ?? intFlag(args, 'statement-limit'),
        statementSkipType: clearable('statement-skip') ?? flagText(args, 'statement-skip'),
        check: check === undefined ? undefined : check === 'none' ? null : Number(check),
        partnerUrl: clearable('partner-url') ?? flagText(args, 'partner-url'),
        witness: boolFlag(args, 'witness'),
        invitation: boolFlag(args, 'invitation'),
      },
    };
  },
  run: (ctx, p) => updateUserSettings(ctx.db, p.area, p.phone, p.change),
  print: (r, _p, io) => {
    io.out(`user ${r.userId} (+${r.areaCode} ${r.phoneMasked})${r.created ? ' created' : ''}`);
    const entries = Object.entries(r.settings);
    io.out(entries.length ? entries.map(([k, v]) => `  ${k}: ${String(v)}`).join('\n') : '  no overrides');
  },
});
