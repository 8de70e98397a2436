import { z } from 'zod';
import { AREA_CODES } from '@core/domain';
import { findApp } from '../../modules/applications/ops-service';
import { listChecks } from '../../modules/face/repository';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'face-checks',
  usage: 'face-checks <appId|phone> [--area 86] [--json]   every face check of an application: result, reason, scores, the video and frame (ops file <ossId> exports them)',
  json: true,
  schema: z.object({ ref: z.string().min(4).max(64), area: z.enum(AREA_CODES).optional() }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <appId|phone>');
    return { ref: args.positionals[0], area: flagText(args, 'area') };
  },
  run: async (ctx, p) => {
    const app = await findApp(ctx, p.ref, p.area);
    const rows = await listChecks(ctx.db, app.app_id);
    return { appId: app.app_id, checks: rows.map((r) => ({ ...r, id: Number(r.id), created_at: r.created_at.toISOString(), confirmed_at: r.confirmed_at?.toISOString() ?? null })) };
  },
  print: (r, _p, io) => {
    io.out(`face checks of ${r.appId}`);
    if (!r.checks.length) io.out('  none yet');
    for (const c of r.checks) {
      const s = c.scores as Record<string, unknown>;
      const scores = ['seconds', 'faceSeconds', 'brightness', 'faceShare', 'move', 'turn', 'live', 'real', 'similarity', 'ms'].filter((k) => s[k] !== undefined).map((k) => `${k} ${String(s[k])}`);
      io.out(`  #${c.id}  ${c.created_at}  ${c.vendor}  ${c.passed ? 'passed' : c.passed === null ? 'running' : `failed ${c.reason ?? ''}`}${c.confirmed_at ? '  confirmed' : ''}`);
      if (scores.length) io.out(`      ${scores.join(', ')}`);
      io.out(`      video ${c.video_oss_id ?? '-'}  frame ${c.image_oss_id ?? '-'}`);
    }
  },
});
