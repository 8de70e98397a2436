import { z } from 'zod';
import { DECISION_REASONS } from '@core/domain';
import { sendBack } from '../../modules/applications/lifecycle';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'reject',
  usage: `reject <appId> --steps A,B --message "…" [--reason ${DECISION_REASONS.join('|')}] [--json]   send a submitted application back (status 1900) with the steps to correct (the reason is shown to the applicant in their language)`,
  preconditions: 'a submitted application under review (1200-2999, not already sent back); every step named must be one of its steps',
  json: true,
  schema: z.object({ appId: z.string().min(6).max(64), steps: z.array(z.string().min(1).max(32)).min(1).max(20), message: z.string().min(1).max(500), reason: z.enum(DECISION_REASONS).optional() }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <appId>');
    const steps = flagText(args, 'steps');
    const message = flagText(args, 'message');
    if (!steps) throw new OpsError('missing --steps A,B');
    if (!message) throw new OpsError('missing --message "…"');
    const reason = flagText(args, 'reason');
    return { appId: args.positionals[0], steps: steps.split(',').map((s) => s.trim()).filter(Boolean), message, ...(reason ? { reason } : {}) } as { appId: string; steps: string[]; message: string; reason?: (typeof DECISION_REASONS)[number] };
  },
  run: (ctx, p) => sendBack(ctx, p.appId, p.steps, p.message, p.reason),
  print: (a, _p, io) => io.out(`${a.appId} rejected: status ${a.applyStatus}, steps ${a.rejectData?.steps.join(', ')}`),
});
