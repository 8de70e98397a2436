import { z } from 'zod';
import { DECISION_REASONS, STAFF_LIMITS } from '@core/domain';
import { witnessDecision } from '../../modules/applications/lifecycle';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'witness',
  usage: `witness <appId> accept | refuse --reason ${DECISION_REASONS.join('|')} --message "…" [--json]   the professional-person verification's proofs (1500): accepted (back under review, 1200) or refused with the message the applicant reads, as the review desk's decision`,
  preconditions: 'an application at 1500 whose applicant has handed proofs over (ApplyWitness)',
  json: true,
  schema: z.discriminatedUnion('outcome', [
    z.object({ appId: z.string().min(6).max(64), outcome: z.literal('accept') }),
    z.object({ appId: z.string().min(6).max(64), outcome: z.literal('refuse'), reason: z.enum(DECISION_REASONS), message: z.string().trim().min(1).max(STAFF_LIMITS.messageMax) }),
  ]),
  parse: (args) => {
    const [appId, outcome] = args.positionals;
    if (!appId) throw new OpsError('missing <appId>');
    if (outcome === 'accept') return { appId, outcome };
    if (outcome !== 'refuse') throw new OpsError('say accept or refuse');
    const reason = flagText(args, 'reason');
    const message = flagText(args, 'message');
    if (!reason) throw new OpsError(`missing --reason ${DECISION_REASONS.join('|')}`);
    if (!message) throw new OpsError('missing --message "…"');
    return { appId, outcome, reason, message };
  },
  run: (ctx, p) => witnessDecision(ctx, p.appId, p),
  print: (a, p, io) => io.out(`${a.appId} proofs ${p.outcome === 'accept' ? 'accepted' : 'refused'}: status ${a.applyStatus}`),
});
