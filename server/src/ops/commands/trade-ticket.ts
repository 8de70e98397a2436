import { z } from 'zod';
import { TICKET_MAX_S, signTradeTicket } from '../../modules/trade-password/service';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'trade-ticket',
  usage: 'trade-ticket <subAcctId> [--ttl-seconds 300]   a ticket as the app gives after its own trade-password check (TradePasswordVerify `ticket`)',
  schema: z.object({ subAcctId: z.string().min(4).max(32), ttl: z.number().int().min(1).max(TICKET_MAX_S) }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <subAcctId>');
    const ttl = flagText(args, 'ttl-seconds');
    return { subAcctId: args.positionals[0], ttl: ttl === undefined ? TICKET_MAX_S : Number(ttl) };
  },
  run: async (ctx, p) => ({ ticket: signTradeTicket(ctx.config.secrets.appTokenSecret, p.subAcctId, ctx.clock.now(), p.ttl) }),
  print: (r, _p, io) => io.out(r.ticket),
});
