import { resolve } from 'node:path';
import { z } from 'zod';
import { AmlImportError, SOURCE, importWatchlistCsv, type AmlImportReport } from '../../modules/aml/watchlist-import';
import { defineCommand, flagText, OpsError } from '../framework';

function errorLines(r: AmlImportReport): string[] {
  const lines = r.errors.map((e) => `  line ${e.line}: ${e.message}`);
  if (r.rejected > r.errors.length) lines.push(`  ... and ${r.rejected - r.errors.length} more rejected rows`);
  return lines;
}

export default defineCommand({
  name: 'aml-import',
  usage:
    'aml-import <file.csv> [--source NAME] [--replace]   load an AML watch list (header: id,name[,aliases][,birth_date][,country][,listed_at]; aliases separated by ";"); --replace: the file is the whole list NAME (its other entries are deleted; any bad row stops it)',
  json: true,
  schema: z.object({
    file: z.string().min(1),
    source: z.string().regex(SOURCE, '1-32 letters, digits or . _ -').default('import'),
    replace: z.boolean().default(false),
  }),
  parse: (args) => {
    const replace = args.flags.replace;
    if (replace !== undefined && replace !== true) throw new OpsError('--replace takes no value (write it after the file: aml-import list.csv --replace)');
    if (!args.positionals[0]) throw new OpsError('missing <file.csv>');
    // an absolute path: through the ops API the server (another working directory) reads the file
    return { file: resolve(args.positionals[0]), source: flagText(args, 'source'), replace: replace === true };
  },
  run: async (ctx, p): Promise<AmlImportReport> => {
    let report: AmlImportReport;
    try {
      report = await importWatchlistCsv(ctx.db, p.file, { source: p.source, replace: p.replace });
    } catch (err) {
      if (err instanceof AmlImportError) throw new OpsError(err.message);
      throw err;
    }
    if (!report.applied) {
      throw new OpsError(
        [`${p.file}: nothing changed: --replace needs every row to be good (${report.rejected} of ${report.rows} rejected)`, ...errorLines(report)].join('\n'),
      );
    }
    return report;
  },
  print: (r, p, io) => {
    const removed = p.replace ? `, ${r.removed} removed` : '';
    io.out(`${p.file} → list ${r.source}: ${r.rows} rows read, ${r.inserted} new, ${r.updated} updated${removed}, ${r.rejected} rejected`);
    for (const line of errorLines(r)) io.out(line);
  },
});
