import { z } from 'zod';
import { approve } from '../../modules/applications/lifecycle';
import { defineCommand, OpsError } from '../framework';

export default defineCommand({
  name: 'approve',
  usage: 'approve <appId> [--json]   open the account of a submitted application: status 4000, client status 31, new sub-account id',
  preconditions: 'a submitted application under review (status 1200-2999, not sent back 1900-1904) or approved (3000); not archived, not yet opened or closed',
  json: true,
  schema: z.object({ appId: z.string().min(6).max(64) }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <appId>');
    return { appId: args.positionals[0] };
  },
  run: (ctx, p) => approve(ctx, p.appId),
  print: (a, _p, io) => io.out(`${a.appId} opened: status ${a.applyStatus}, sub-account ${a.clientInfo.accts[0]?.subAcctId ?? '-'}`),
});
