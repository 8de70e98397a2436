import { resolve } from 'node:path';
import { z } from 'zod';
import { CompanyImportError, importCompaniesCsv, type ImportReport } from '../../vendors/company/import';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'companies-import',
  usage: 'companies-import <file.csv> [--vendor NAME]   upsert companies (header: id,name[,name_en][,reg_location][,reg_location_en][,source]) for CompanySearch',
  json: true,
  schema: z.object({ file: z.string().min(1), vendor: z.string().regex(/^[\w.-]{1,32}$/, '1-32 letters, digits or . _ -').default('import') }),
  parse: (args) => {
    if (!args.positionals[0]) throw new OpsError('missing <file.csv>');
    // an absolute path: through the ops API the server (another working directory) reads the file
    return { file: resolve(args.positionals[0]), vendor: flagText(args, 'vendor') };
  },
  run: async (ctx, p): Promise<ImportReport> => {
    try {
      return await importCompaniesCsv(ctx.db, p.file, { source: p.vendor });
    } catch (err) {
      if (err instanceof CompanyImportError) throw new OpsError(err.message);
      throw err;
    }
  },
  print: (r, p, io) => {
    io.out(`${p.file}: ${r.rows} rows read, ${r.inserted} new, ${r.updated} updated, ${r.rejected} rejected`);
    for (const e of r.errors) io.out(`  line ${e.line}: ${e.message}`);
    if (r.rejected > r.errors.length) io.out(`  ... and ${r.rejected - r.errors.length} more rejected rows`);
  },
});
