import { z } from 'zod';
import { AREA_CODES } from '@core/domain';
import { latestLoginCode } from '../../modules/auth/ops-service';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'code',
  usage: 'code <phone> [--area 852] [--json]   the latest login code sent to a phone (local SMS vendor)',
  json: true,
  schema: z.object({ phone: z.string().min(4), area: z.enum(AREA_CODES) }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <phone>');
    return { phone: args.positionals[0], area: flagText(args, 'area') ?? '852' };
  },
  run: (ctx, p) => latestLoginCode(ctx.db, p.area, p.phone),
  print: (r, _p, io) => io.out(r.code),
});
