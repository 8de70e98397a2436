import { join } from 'node:path';
import { createLocalDiskStorage } from './local-disk';
import type { FileStorage } from './types';

export type { FileStorage, StoredObject } from './types';
export { StorageKeyError } from './types';
export { createLocalDiskStorage } from './local-disk';

/** The storage backend for a data folder: local disk under DATA_DIR/files (S3-compatible can be added here). */
export function createStorage(opts: { dataDir: string }): FileStorage {
  return createLocalDiskStorage(join(opts.dataDir, 'files'));
}
