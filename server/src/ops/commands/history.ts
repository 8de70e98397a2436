import { z } from 'zod';
import { AREA_CODES } from '@core/domain';
import { history } from '../../modules/applications/ops-service';
import type { HistoryEntry } from '../../modules/applications/events';
import { defineCommand, flagText, OpsError } from '../framework';

/** One line of an event: when, who, what, the status move and the details staff read. */
export function eventLine(e: HistoryEntry): string {
  const d = e.detail;
  const parts: string[] = [];
  if (Array.isArray(d.steps)) parts.push(`steps ${(d.steps as string[]).join(', ')}`);
  if (typeof d.message === 'string') parts.push(`“${d.message}”`);
  if (d.rejectData && typeof d.rejectData === 'object') parts.push(`answers the rejection of ${((d.rejectData as { steps?: string[] }).steps ?? []).join(', ')}`);
  if (Array.isArray(d.changedSteps)) parts.push(`changed ${(d.changedSteps as string[]).join(', ') || 'nothing'}`);
  if (typeof d.snapshotHash === 'string') parts.push(`snapshot ${d.snapshotHash.slice(0, 12)}`);
  if (d.cashInStatus !== undefined) parts.push(`cashIn ${String(d.fromCashInStatus ?? '-')} → ${String(d.cashInStatus)}`);
  if (d.stockStatus !== undefined) parts.push(`stock ${String(d.fromStockStatus ?? '-')} → ${String(d.stockStatus)}`);
  if (d.clientStatus !== undefined) parts.push(`client ${String(d.fromClientStatus)} → ${String(d.clientStatus)}`);
  if (typeof d.subAcctId === 'string') parts.push(`sub-account ${d.subAcctId}`);
  if (d.channelChange) {
    const c = d.channelChange as { to: { aeCode?: string; channel?: string } };
    parts.push(`channel → ${[c.to.aeCode, c.to.channel].filter(Boolean).join(' / ')}`);
  }
  const move = e.fromStatus === e.toStatus ? `${e.toStatus}` : `${e.fromStatus} → ${e.toStatus}`;
  return `${e.at}  #${e.id}  ${e.actor}  ${e.kind}  ${move}${parts.length ? `  ${parts.join('; ')}` : ''}`;
}

export default defineCommand({
  name: 'history',
  usage: 'history <appId|phone> [--area 852] [--json]   every submission and staff decision of an application, oldest first',
  json: true,
  schema: z.object({ ref: z.string().min(4).max(64), area: z.enum(AREA_CODES).optional() }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <appId|phone>');
    return { ref: args.positionals[0], area: flagText(args, 'area') };
  },
  run: (ctx, p) => history(ctx, p.ref, p.area),
  print: (r, _p, io) => {
    io.out(`history of ${r.appId}`);
    if (r.events.length === 0) io.out('  no submissions or decisions yet');
    for (const e of r.events) io.out(`  ${eventLine(e)}`);
  },
});
