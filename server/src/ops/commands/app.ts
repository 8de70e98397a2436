import { z } from 'zod';
import { AREA_CODES } from '@core/domain';
import { showApp } from '../../modules/applications/ops-service';
import { defineCommand, flagText, OpsError } from '../framework';
import { eventLine } from './history';

export default defineCommand({
  name: 'app',
  usage: 'app <appId|phone> [--area 852] [--json]   one application: status, steps, reject/deposit data and its last events and audit trail',
  json: true,
  schema: z.object({ ref: z.string().min(4).max(64), area: z.enum(AREA_CODES).optional() }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <appId|phone>');
    return { ref: args.positionals[0], area: flagText(args, 'area') };
  },
  run: (ctx, p) => showApp(ctx, p.ref, p.area),
  print: (r, _p, io) => {
    const a = r.application;
    io.out(`application ${a.appId}  ${a.clientType} (oaType ${a.oaType})${a.esop ? ' ESOP' : ''}  user ${r.phone}`);
    io.out(`  status ${a.applyStatus}  client status ${a.clientStatus}${a.clientInfo.accts[0] ? `  sub-account ${a.clientInfo.accts[0].subAcctId}` : ''}`);
    io.out(`  steps ${a.applyStepsName.join(' > ')}`);
    io.out(`  current ${a.currentStep ?? '-'}  latest ${a.latestStep ?? '-'}  saved ${Object.keys(a.data).filter((k) => k !== 'drafts').join(', ') || '-'}`);
    if (a.rejectData) io.out(`  rejected: ${a.rejectData.steps.join(', ')} — ${a.rejectData.message}`);
    if (a.cashInStatus !== null) io.out(`  deposit ${a.cashInStatus}${a.cashInData ? ` — ${a.cashInData.message}` : ''}`);
    if (a.stockStatus !== null) io.out(`  stock transfer-in ${a.stockStatus}`);
    if (r.submittedAt) io.out(`  submitted ${r.submittedAt}`);
    io.out(`  updated ${a.updatedAt}`);
    io.out('  last events (ops history for all):');
    if (r.events.length === 0) io.out('    none');
    for (const e of r.events) io.out(`    ${eventLine(e)}`);
    io.out('  audit:');
    for (const e of r.audit) io.out(`    ${e.at}  ${e.actor}  ${e.action}${e.step ? ` ${e.step}` : ''}`);
  },
});
