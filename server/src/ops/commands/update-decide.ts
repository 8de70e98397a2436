/** Staff decide on account updates and ask clients for them (issue 13). */
import { z } from 'zod';
import { UPDATE_REJECTED } from '@core/domain';
import { approveUpdate, rejectUpdate, requestUpdate } from '../../modules/updates/service';
import { defineCommand, flagText, OpsError } from '../framework';

const updateId = z.string().min(6).max(64);
const moduleMask = (text: string | undefined): number => {
  const names: Record<string, number> = { address: 8, '8': 8, w8: 512, '512': 512 };
  const parts = (text ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (!parts.length || parts.some((p) => !(p in names))) throw new OpsError('--module address|w8 (or 8|512; both: address,w8)');
  return parts.reduce((m, p) => m | names[p], 0);
};

export const updateApprove = defineCommand({
  name: 'update-approve',
  usage: 'update-approve <updateId>   approve a submitted account update: its address / W-8BEN become the account\'s',
  preconditions: 'an update submitted by its client (status 1200)',
  schema: z.object({ updateId }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <updateId>');
    return { updateId: args.positionals[0] };
  },
  run: (ctx, p) => approveUpdate(ctx, p.updateId),
  print: (u, _p, io) => io.out(`${u.update_id} approved (account ${u.sub_acct_id}, modules ${u.module})`),
});

export const updateReject = defineCommand({
  name: 'update-reject',
  usage: 'update-reject <updateId> --module address|w8[,…] --message "…" [--status 1900|1901|1902]   send a submitted account update back',
  preconditions: 'an update submitted by its client (status 1200); the modules named must be ones it changed',
  schema: z.object({ updateId, modules: z.number().int().positive(), message: z.string().min(1).max(500), status: z.number().int() }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <updateId>');
    const message = flagText(args, 'message');
    if (!message) throw new OpsError('missing --message "…"');
    const status = Number(flagText(args, 'status') ?? 1900);
    if (!UPDATE_REJECTED.includes(status)) throw new OpsError('--status 1900, 1901 or 1902');
    return { updateId: args.positionals[0], modules: moduleMask(flagText(args, 'module')), message, status };
  },
  run: (ctx, p) => rejectUpdate(ctx, p.updateId, p.modules, p.message, p.status),
  print: (u, _p, io) => io.out(`${u.update_id} sent back: status ${u.status}, modules ${u.reject_module}`),
});

export const updateRequest = defineCommand({
  name: 'update-request',
  usage: 'update-request <subAcctId> --module address|w8[,…] --message "…"   ask a client to update (shown on the account info page)',
  preconditions: 'an opened account',
  schema: z.object({ subAcctId: z.string().min(4).max(32), modules: z.number().int().positive(), message: z.string().min(1).max(500) }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <subAcctId>');
    const message = flagText(args, 'message');
    if (!message) throw new OpsError('missing --message "…"');
    return { subAcctId: args.positionals[0], modules: moduleMask(flagText(args, 'module')), message };
  },
  run: async (ctx, p) => {
    await requestUpdate(ctx, p.subAcctId, p.modules, p.message);
    return p;
  },
  print: (p, _q, io) => io.out(`${p.subAcctId}: asked to update modules ${p.modules}`),
});
