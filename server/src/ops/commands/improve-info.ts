/** Staff ask a client to complete information after opening and read the answers (issue 13). */
import { z } from 'zod';
import { IMPROVE_ITEMS, IMPROVE_MESSAGE_MAX, parseImproveItems } from '@core/domain';
import { listImprove, requestImprove, showImprove, withdrawImprove } from '../../modules/improve-info/service';
import { defineCommand, flagText, OpsError } from '../framework';

const subAcctId = z.string().min(4).max(32);
const requestId = z.string().min(6).max(64);
const STATUS_NAME: Record<number, string> = { 1: 'open', 2: 'completed', 3: 'withdrawn' };

export const improveRequest = defineCommand({
  name: 'improve-request',
  usage: `improve-request --sub <subAcctId> --items ${IMPROVE_ITEMS.join(',')} [--message "…"] [--json]   ask a client to complete information (the account home shows "complete info")`,
  preconditions: 'an opened account without an open request (withdraw it first)',
  json: true,
  schema: z.object({ subAcctId, items: z.array(z.enum(IMPROVE_ITEMS)).min(1), message: z.string().trim().min(1).max(IMPROVE_MESSAGE_MAX).nullable() }),
  parse: (args) => {
    const sub = flagText(args, 'sub') ?? args.positionals[0];
    if (!sub) throw new OpsError('missing --sub <subAcctId>');
    const items = parseImproveItems(flagText(args, 'items') ?? '');
    if (!items) throw new OpsError(`--items: one or more of ${IMPROVE_ITEMS.join(', ')}, comma-separated`);
    return { subAcctId: sub, items, message: flagText(args, 'message') ?? null };
  },
  run: (ctx, p) => requestImprove(ctx, p.subAcctId, p.items, p.message),
  print: (r, _p, io) => io.out(`${r.requestId} open for ${r.subAcctId}: ${r.items.join(', ')}`),
});

export const improveWithdraw = defineCommand({
  name: 'improve-withdraw',
  usage: 'improve-withdraw <requestId>   withdraw an open improve-info request (the card leaves the account home)',
  preconditions: 'an open request',
  schema: z.object({ requestId }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <requestId>');
    return { requestId: args.positionals[0] };
  },
  run: (ctx, p) => withdrawImprove(ctx, p.requestId),
  print: (r, _p, io) => io.out(`${r.requestId} withdrawn (${r.subAcctId})`),
});

export const improveList = defineCommand({
  name: 'improve-list',
  usage: 'improve-list [--sub <subAcctId>] [--open] [--limit N] [--json]   improve-info requests, newest first',
  json: true,
  schema: z.object({ subAcctId: subAcctId.optional(), openOnly: z.boolean(), limit: z.number().int().min(1).max(10000) }),
  parse: (args) => ({ subAcctId: flagText(args, 'sub'), openOnly: args.flags.open === true, limit: Number(flagText(args, 'limit') ?? 200) }),
  run: (ctx, p) => listImprove(ctx, p),
  print: (rows, _p, io) => {
    if (!rows.length) return io.out('no requests');
    for (const r of rows) io.out(`${r.requestId}  ${r.subAcctId}  ${STATUS_NAME[r.status] ?? r.status}  ${r.createdAt}  ${r.items.join(',')}${r.completedAt ? `  closed ${r.completedAt} by ${r.closedBy}` : ''}`);
  },
});

export const improveShow = defineCommand({
  name: 'improve-show',
  usage: 'improve-show <requestId> [--json]   a request with the client\'s answers (files by ossId: ops file <ossId> --out PATH)',
  json: true,
  schema: z.object({ requestId }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <requestId>');
    return { requestId: args.positionals[0] };
  },
  run: (ctx, p) => showImprove(ctx, p.requestId),
  print: (r, _p, io) => {
    io.out(`${r.requestId}  account ${r.subAcctId}  ${STATUS_NAME[r.status] ?? r.status}  asked ${r.createdAt}${r.message ? `  note: ${r.message}` : ''}`);
    io.out(`items: ${r.items.join(', ')}`);
    if (r.completedAt) io.out(`closed ${r.completedAt} by ${r.closedBy}`);
    for (const [item, answer] of Object.entries(r.answers ?? {})) io.out(`${item}: ${JSON.stringify(answer)}`);
  },
});
