import { z } from 'zod';
import { AREA_CODES } from '@core/domain';
import { makeAppToken } from '../../modules/auth/ops-service';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'app-token',
  usage: 'app-token <phone> [--area 852] [--sub S123] [--ttl-minutes 60] [--json]   an app token for the query parameter `t`',
  json: true,
  schema: z.object({
    phone: z.string().min(4),
    area: z.enum(AREA_CODES),
    sub: z.string().max(64).optional(),
    ttlMinutes: z.number().int().min(-60 * 24).max(60 * 24 * 30),
  }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <phone>');
    const ttl = flagText(args, 'ttl-minutes');
    return { phone: args.positionals[0], area: flagText(args, 'area') ?? '852', sub: flagText(args, 'sub'), ttlMinutes: ttl === undefined ? 60 : Number(ttl) };
  },
  run: async (ctx, p) => makeAppToken(ctx.config.secrets.appTokenSecret, { areaCode: p.area, phone: p.phone, subAcctId: p.sub, ttlMinutes: p.ttlMinutes }, ctx.clock.now()),
  print: (r, _p, io) => io.out(r.token),
});
