/**
 * Copies the objects the database names from one store to another under the same keys (ops storage-copy: a disk
 * store into the bucket). Idempotent and resumable: an object already in the target with the source's size is left
 * alone, so a run stopped half-way is simply started again.
 */
import type { Db } from '../../db';
import type { FileStorage } from '../../storage/types';
import { storageKeysAfter } from './repository';

export interface CopyReport {
  /** keys named by the database */
  keys: number;
  /** put into the target (with dryRun: that would be) */
  copied: number;
  /** of copied: an object of another size was there and is replaced */
  replaced: number;
  /** in the target already with the same size: left alone */
  present: number;
  /** named by a row but absent from the source (nothing to copy) */
  missing: number;
  failed: number;
  /** the first missing keys and failures, for the operator to look at */
  missingKeys: string[];
  failures: Array<{ key: string; error: string }>;
  dryRun: boolean;
}

const PAGE = 500;
const AT_ONCE = 4;
const LISTED = 20;

export async function copyStore(db: Db, from: FileStorage, to: FileStorage, opts: { dryRun: boolean }): Promise<CopyReport> {
  const r: CopyReport = { keys: 0, copied: 0, replaced: 0, present: 0, missing: 0, failed: 0, missingKeys: [], failures: [], dryRun: opts.dryRun };

  const copyOne = async (key: string): Promise<void> => {
    try {
      const size = await from.size(key);
      if (size === null) {
        r.missing++;
        if (r.missingKeys.length < LISTED) r.missingKeys.push(key);
        return;
      }
      const there = await to.size(key);
      if (there === size) {
        r.present++;
        return;
      }
      if (!opts.dryRun) await to.putAt(key, await from.read(key));
      r.copied++;
      if (there !== null) r.replaced++;
    } catch (err) {
      r.failed++;
      if (r.failures.length < LISTED) r.failures.push({ key, error: (err as Error)?.message ?? String(err) });
    }
  };

  for (let after = ''; ; ) {
    const keys = await storageKeysAfter(db, after, PAGE);
    if (!keys.length) break;
    r.keys += keys.length;
    after = keys[keys.length - 1];
    let next = 0;
    const worker = async () => {
      while (next < keys.length) await copyOne(keys[next++]);
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
  }
  return r;
}
