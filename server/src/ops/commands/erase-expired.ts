import { z } from 'zod';
import { eraseExpired, type ErasureReport } from '../../modules/retention/service';
import { defineCommand } from '../framework';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

export default defineCommand({
  name: 'erase-expired',
  usage: 'erase-expired [--dry-run] [--json]   erase what the retention rule lets go (drafts untouched KYC_DRAFT_DAYS, closed applications past KYC_RETENTION_YEARS, idle logins, expired codes and sessions) with their files; recorded in the erasures table',
  preconditions: 'never an opened client\'s records nor an application under review; --dry-run lists what would go and changes nothing',
  json: true,
  schema: z.object({ dryRun: z.boolean() }),
  parse: (args) => ({ dryRun: args.flags['dry-run'] === true }),
  run: (ctx, p): Promise<ErasureReport> => eraseExpired(ctx, { dryRun: p.dryRun }),
  print: (r, _p, io) => {
    const verb = r.dryRun ? 'would erase (dry run: nothing changed)' : 'erased';
    io.out(`retention: ${r.rule.kycYears} years after closing, drafts ${r.rule.draftDays} days untouched; at ${r.at}`);
    io.out(`${r.applications.length} application(s) ${verb}:`);
    for (const a of r.applications) io.out(`  ${a.appId}  ${a.reason} since ${a.since.slice(0, 10)}  ${a.files} file(s), ${sizeText(a.bytes)}`);
    io.out(`${r.users.length} idle login(s) with nothing left ${verb}:`);
    for (const u of r.users) io.out(`  ${u.userId}  last seen ${u.since.slice(0, 10)}  ${u.files} file(s), ${sizeText(u.bytes)}`);
    io.out(`expired rows ${verb}: ${Object.entries(r.expired).map(([table, n]) => `${table} ${n}`).join(', ')}`);
    if (r.failures.length) {
      io.out(`${r.failures.length} kept this time (run again):`);
      for (const f of r.failures) io.out(`  ${f.subject}: ${f.error}`);
    }
  },
});
