/** Staff list and decide clients' requests to upgrade a cash account to margin (issue 13). */
import { z } from 'zod';
import { decide, pending } from '../../modules/margin/service';
import { defineCommand, flagText, OpsError } from '../framework';

const requestId = z.string().min(6).max(64);

export const marginList = defineCommand({
  name: 'margin-list',
  usage: 'margin-list [--limit N]   the requests to upgrade to margin under review, oldest first',
  preconditions: 'none',
  schema: z.object({ limit: z.number().int().min(1).max(10000) }),
  parse: (args) => ({ limit: Number(flagText(args, 'limit') ?? 50) }),
  run: (ctx, p) => pending(ctx, p.limit),
  print: (rows, _p, io) => {
    if (!rows.length) return io.out('no margin requests under review');
    for (const r of rows) io.out(`${r.request_id}  account ${r.sub_acct_id}  asked ${new Date(r.created_at).toISOString()}`);
  },
});

export const marginApprove = defineCommand({
  name: 'margin-approve',
  usage: 'margin-approve <requestId>   approve a request: the account becomes a margin account',
  preconditions: 'a request under review (margin-list)',
  schema: z.object({ requestId }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <requestId>');
    return { requestId: args.positionals[0] };
  },
  run: (ctx, p) => decide(ctx, p.requestId, { approve: true }),
  print: (r, _p, io) => io.out(`${r.request_id} approved: account ${r.sub_acct_id} is now a margin account`),
});

export const marginRefuse = defineCommand({
  name: 'margin-refuse',
  usage: 'margin-refuse <requestId> --message "…"   refuse a request (the client sees the reason and may ask again)',
  preconditions: 'a request under review (margin-list)',
  schema: z.object({ requestId, message: z.string().min(1).max(500) }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <requestId>');
    const message = flagText(args, 'message');
    if (!message) throw new OpsError('missing --message "…"');
    return { requestId: args.positionals[0], message };
  },
  run: (ctx, p) => decide(ctx, p.requestId, { approve: false, message: p.message }),
  print: (r, _p, io) => io.out(`${r.request_id} refused (account ${r.sub_acct_id})`),
});
