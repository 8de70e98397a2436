import { z } from 'zod';
import { AREA_CODES } from '@core/domain';
import { backdateSessions } from '../../modules/auth/ops-service';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'session-backdate',
  usage: 'session-backdate <phone> [--area 852] --minutes N [--json]   rehearsals and tests (refused in production): the phone\'s sessions look logged in N minutes earlier, still valid',
  json: true,
  schema: z.object({ phone: z.string().min(4), area: z.enum(AREA_CODES), minutes: z.number().int().min(1).max(1440) }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <phone>');
    const minutes = Number(flagText(args, 'minutes'));
    if (!Number.isInteger(minutes)) throw new OpsError('missing --minutes N');
    return { phone: args.positionals[0], area: flagText(args, 'area') ?? '852', minutes };
  },
  run: (ctx, p) => backdateSessions(ctx.db, ctx.config.production, p.area, p.phone, p.minutes),
  print: (r, p, io) => io.out(`${r.sessions} session(s) of +${p.area} now look logged in ${p.minutes} minutes earlier`),
});
