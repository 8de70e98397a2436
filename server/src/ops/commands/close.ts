import { z } from 'zod';
import { DECISION_REASONS, STAFF_LIMITS } from '@core/domain';
import { close } from '../../modules/applications/lifecycle';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'close',
  usage: `close <appId> --reason ${DECISION_REASONS.join('|')} --message "…" [--json]   close an application for good (status 5000), as the review desk's close does`,
  preconditions: 'a submitted or sent-back application, not opened and not closed already',
  json: true,
  schema: z.object({ appId: z.string().min(6).max(64), reason: z.enum(DECISION_REASONS), message: z.string().trim().min(1).max(STAFF_LIMITS.messageMax) }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <appId>');
    const reason = flagText(args, 'reason');
    const message = flagText(args, 'message');
    if (!reason) throw new OpsError(`missing --reason ${DECISION_REASONS.join('|')}`);
    if (!message) throw new OpsError('missing --message "…"');
    return { appId: args.positionals[0], reason, message };
  },
  run: (ctx, p) => close(ctx, p.appId, p.reason, p.message),
  print: (a, _p, io) => io.out(`${a.appId} closed: status ${a.applyStatus}`),
});
