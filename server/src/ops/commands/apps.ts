import { z } from 'zod';
import { listApps } from '../../modules/applications/ops-service';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'apps',
  usage: 'apps [--status N] [--all] [--limit N] [--json]   list applications, most recently changed first (--all includes archived)',
  json: true,
  schema: z.object({ status: z.number().int().optional(), all: z.boolean(), limit: z.number().int().min(1).max(10_000) }),
  parse: (args) => {
    const status = flagText(args, 'status');
    const limit = flagText(args, 'limit');
    if (status !== undefined && !/^\d+$/.test(status)) throw new OpsError('--status must be a number');
    if (limit !== undefined && !/^\d+$/.test(limit)) throw new OpsError('--limit must be a number');
    return { status: status === undefined ? undefined : Number(status), all: args.flags.all === true, limit: limit === undefined ? 200 : Number(limit) };
  },
  run: (ctx, p) => listApps(ctx, p),
  print: (rows, _p, io) => {
    if (rows.length === 0) return io.out('no applications');
    io.out(['appId', 'phone', 'type', 'status', 'client', 'current', 'latest', 'cashIn', 'updated'].join('\t'));
    for (const r of rows) {
      io.out(
        [r.appId, r.phone, `${r.clientType}(${r.oaType})`, r.applyStatus, r.clientStatus, r.currentStep ?? '-', r.latestStep ?? '-', r.cashInStatus ?? '-', r.updatedAt + (r.archived ? ' archived' : '')].join('\t'),
      );
    }
  },
});
