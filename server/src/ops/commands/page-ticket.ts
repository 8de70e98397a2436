import { z } from 'zod';
import { ACCOUNT_PAGE_NAMES, PAGE_TICKET_MAX_S, accountPageUrl, type AccountPage } from '@core/domain';
import { signPageTicket } from '../../modules/page-tickets/service';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'page-ticket',
  usage: `page-ticket <subAcctId> --page ${ACCOUNT_PAGE_NAMES.join('|')} [--ttl-seconds ${PAGE_TICKET_MAX_S}]   a page ticket as the app makes it, and the page's link with it`,
  schema: z.object({ subAcctId: z.string().min(4).max(32), page: z.enum(ACCOUNT_PAGE_NAMES as [AccountPage, ...AccountPage[]]), ttl: z.number().int().min(1).max(PAGE_TICKET_MAX_S) }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <subAcctId>');
    const ttl = flagText(args, 'ttl-seconds');
    return { subAcctId: args.positionals[0], page: flagText(args, 'page'), ttl: ttl === undefined ? PAGE_TICKET_MAX_S : Number(ttl) };
  },
  run: async (ctx, p) => {
    const ticket = signPageTicket(ctx.config.secrets.appTokenSecret, { subAcctId: p.subAcctId, page: p.page }, ctx.clock.now(), p.ttl);
    return { ticket, url: accountPageUrl(p.page, { ticket }) };
  },
  print: (r, _p, io) => io.out(r.ticket),
});
