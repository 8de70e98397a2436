import { z } from 'zod';
import { stock } from '../../modules/applications/lifecycle';
import { defineCommand, OpsError } from '../framework';

export default defineCommand({
  name: 'stock',
  usage: 'stock <appId> <stockStatus> [--json]   stock transfer-in status: 1 requested, 2 failed, 3 confirming, 4 refused, 5 done (2 and 4 show as failures)',
  preconditions: 'a submitted application (or an opened one); a known stock status 1-5',
  json: true,
  schema: z.object({ appId: z.string().min(6).max(64), stockStatus: z.number().int().min(0).max(99) }),
  parse: (args) => {
    const [appId, status] = args.positionals;
    if (!appId || status === undefined) throw new OpsError('usage: stock <appId> <stockStatus>');
    if (!/^\d+$/.test(status)) throw new OpsError('<stockStatus> must be a number');
    return { appId, stockStatus: Number(status) };
  },
  run: (ctx, p) => stock(ctx, p.appId, p.stockStatus),
  print: (a, _p, io) => io.out(`${a.appId}: stock transfer-in status ${a.stockStatus}`),
});
