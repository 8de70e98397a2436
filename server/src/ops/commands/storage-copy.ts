import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { diskStoreOf } from '../../storage';
import { copyStore, type CopyReport } from '../../modules/files/store-copy';
import { defineCommand, flagText, OpsError } from '../framework';

export default defineCommand({
  name: 'storage-copy',
  usage: 'storage-copy [--from DIR] [--dry-run]   copy a disk store (DIR/files, default DATA_DIR) into the S3 bucket of the settings, same keys',
  preconditions: 'STORAGE=s3 with the S3_* settings of the target bucket; DIR the disk install\'s data folder; idempotent (objects there with the same size are skipped), run again to resume',
  // the bucket is this shell's settings, and a large store takes longer than the ops API waits
  runsHere: true,
  schema: z.object({ from: z.string().min(1).optional(), dryRun: z.boolean() }),
  parse: (args) => ({ from: flagText(args, 'from'), dryRun: args.flags['dry-run'] === true }),
  run: async (ctx, p): Promise<CopyReport & { from: string; to: string }> => {
    if (ctx.storage.kind !== 's3') throw new OpsError('the target is the bucket of the settings: set STORAGE=s3 and the S3_* settings (S3_BUCKET, ...) for this command');
    const dataDir = resolve(p.from ?? ctx.config.dataDir);
    const files = join(dataDir, 'files');
    if (!existsSync(files) || !statSync(files).isDirectory()) throw new OpsError(`${files} is not a folder: --from names the data folder (DATA_DIR) of the disk install`);
    const from = diskStoreOf(dataDir);
    const report = await copyStore(ctx.db, from, ctx.storage, { dryRun: p.dryRun });
    if (report.failed) {
      throw new OpsError(
        `${report.failed} of ${report.keys} objects failed (${report.copied} copied, ${report.present} there already); run again to retry them:\n` +
          report.failures.map((f) => `  ${f.key}: ${f.error}`).join('\n'),
      );
    }
    return { ...report, from: from.location, to: ctx.storage.location };
  },
  print: (r, _p, io) => {
    io.out(
      `${r.keys} objects named by the database, ${r.from} → ${r.to}: ${r.copied} ${r.dryRun ? 'to copy (dry run: nothing written)' : 'copied'}` +
        `${r.replaced ? ` (${r.replaced} replacing an object of another size)` : ''}, ${r.present} there already, ${r.missing} missing from the disk store`,
    );
    for (const key of r.missingKeys) io.out(`  missing: ${key}`);
    if (r.missing > r.missingKeys.length) io.out(`  ... and ${r.missing - r.missingKeys.length} more`);
  },
});
