import { z } from 'zod';
import { clientStatus } from '../../modules/applications/lifecycle';
import { defineCommand, OpsError } from '../framework';

export default defineCommand({
  name: 'client-status',
  usage: 'client-status <appId> 30|33 [--json]   client status: 30 an application exists, 33 started (31, opened, comes with approve)',
  preconditions: '30 or 33 only (31 comes with approve); an opened application keeps 31',
  json: true,
  schema: z.object({ appId: z.string().min(6).max(64), status: z.number().int().min(0).max(99) }),
  parse: (args) => {
    const [appId, status] = args.positionals;
    if (!appId || status === undefined) throw new OpsError('usage: client-status <appId> 30|33');
    if (!/^\d+$/.test(status)) throw new OpsError('<status> must be a number');
    return { appId, status: Number(status) };
  },
  run: (ctx, p) => clientStatus(ctx, p.appId, p.status),
  print: (a, _p, io) => io.out(`${a.appId}: client status ${a.clientStatus}`),
});
