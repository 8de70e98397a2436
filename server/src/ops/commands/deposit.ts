import { z } from 'zod';
import { deposit } from '../../modules/applications/lifecycle';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'deposit',
  usage: 'deposit <appId> <cashInStatus> [--message "…"] [--json]   deposit status: 1000 not deposited, 2000 done, 2020 needs change, other = confirming',
  preconditions: 'a submitted application (or an opened one)',
  json: true,
  schema: z.object({ appId: z.string().min(6).max(64), cashInStatus: z.number().int().min(0).max(99_999), message: z.string().min(1).max(500).optional() }),
  parse: (args) => {
    const [appId, status] = args.positionals;
    if (!appId || status === undefined) throw new OpsError('usage: deposit <appId> <cashInStatus> [--message "…"]');
    if (!/^\d+$/.test(status)) throw new OpsError('<cashInStatus> must be a number');
    return { appId, cashInStatus: Number(status), message: flagText(args, 'message') };
  },
  run: (ctx, p) => deposit(ctx, p.appId, p.cashInStatus, p.message),
  print: (a, _p, io) => io.out(`${a.appId}: deposit status ${a.cashInStatus}${a.cashInData ? ` — ${a.cashInData.message}` : ''}`),
});
