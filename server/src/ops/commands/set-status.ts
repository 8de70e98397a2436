import { z } from 'zod';
import { setStatus } from '../../modules/applications/lifecycle';
import { defineCommand, OpsError } from '../framework';

export default defineCommand({
  name: 'set-status',
  usage: 'set-status <appId> <status> [--json]   set a known application status (e.g. 1200 submitted, 1500 awaiting the verification/deposit, 3000 approved, 5000 closed; reject and approve have their own commands)',
  preconditions: 'a known status; not 1900-1904 (use reject) nor 4000 (use approve); an opened application keeps 4000',
  json: true,
  schema: z.object({ appId: z.string().min(6).max(64), status: z.number().int().min(0).max(99_999) }),
  parse: (args) => {
    const [appId, status] = args.positionals;
    if (!appId || status === undefined) throw new OpsError('usage: set-status <appId> <status>');
    if (!/^\d+$/.test(status)) throw new OpsError('<status> must be a number');
    return { appId, status: Number(status) };
  },
  run: (ctx, p) => setStatus(ctx, p.appId, p.status),
  print: (a, _p, io) => io.out(`${a.appId}: status ${a.applyStatus}`),
});
