/** Staff's stock transfer-in commands (issue 13): the requests to handle, and moving one along. */
import { z } from 'zod';
import { TRANSFER_IN_LEN, TRANSFER_IN_STATUS_NAMES, STOCK_STATUSES } from '@core/domain';
import { decide, listForStaff, type TransferInSummary } from '../../modules/transfer-in/service';
import { defineCommand, flagText, OpsError, type OpsIo } from '../framework';

const statusOf = (text: string): number => {
  const n = /^\d+$/.test(text) ? Number(text) : TRANSFER_IN_STATUS_NAMES[text.toLowerCase()];
  if (n === undefined || !STOCK_STATUSES.includes(n)) throw new OpsError(`unknown status ${text}: confirming (3), done (5), failed (2) or refused (4)`);
  return n;
};

const line = (r: TransferInSummary) =>
  [
    r.requestId,
    r.appId,
    r.subAcctId,
    r.phone,
    r.brokerName ? `${r.broker}:${r.brokerName}${r.ccassId ? `(${r.ccassId})` : ''}` : String(r.broker),
    r.brokerAccount,
    r.stocks.map((s) => `${s.code}x${s.quantity}`).join(','),
    r.status,
    r.updatedAt,
  ].join('\t');

const print = (rows: TransferInSummary[], io: OpsIo) => {
  if (rows.length === 0) return io.out('no transfer-in requests');
  io.out(['requestId', 'appId', 'account', 'phone', 'broker', 'brokerAccount', 'stocks', 'status', 'updated'].join('\t'));
  for (const r of rows) io.out(line(r));
};

export const transferIns = defineCommand({
  name: 'transfer-ins',
  usage: 'transfer-ins [--status 1,3] [--all] [--limit N] [--json]   stock transfer-in requests, oldest change first (default: in progress, 1 requested and 3 confirming)',
  json: true,
  schema: z.object({ statuses: z.array(z.number().int()).nullable(), limit: z.number().int().min(1).max(10_000) }),
  parse: (args) => {
    const status = flagText(args, 'status');
    const limit = flagText(args, 'limit');
    if (limit !== undefined && !/^\d+$/.test(limit)) throw new OpsError('--limit must be a number');
    const statuses = args.flags.all === true ? null : status === undefined ? [1, 3] : status.split(',').map((s) => statusOf(s.trim()));
    return { statuses, limit: limit === undefined ? 200 : Number(limit) };
  },
  run: (ctx, p) => listForStaff(ctx, p.statuses, p.limit),
  print: (rows, _p, io) => print(rows, io),
});

export const transferInStatus = defineCommand({
  name: 'transfer-in-status',
  usage: 'transfer-in-status <requestId> confirming|done|failed|refused [--message "…"] [--json]   move a stock transfer-in request (failed and refused need the message the client reads)',
  preconditions: 'requested (1) → confirming (3), done (5), failed (2), refused (4); confirming → done, failed, refused; the application\'s stockStatus becomes its latest request\'s',
  json: true,
  schema: z.object({ requestId: z.string().min(6).max(64), status: z.number().int(), message: z.string().min(1).max(TRANSFER_IN_LEN.message).nullable() }),
  parse: (args) => {
    const [requestId, status] = args.positionals;
    if (!requestId || !status) throw new OpsError('usage: transfer-in-status <requestId> confirming|done|failed|refused [--message "…"]');
    return { requestId, status: statusOf(status), message: flagText(args, 'message') ?? null };
  },
  run: (ctx, p) => decide(ctx, p.requestId, p.status, p.message),
  print: (r, _p, io) => io.out(`${r.requestId}: status ${r.status}${r.message ? ` (${r.message})` : ''}`),
});
