import { join } from 'node:path';
import type { Config } from '../config';
import { createLocalDiskStorage } from './local-disk';
import { createS3Storage } from './s3';
import type { FileStorage } from './types';

export type { FileStorage, StoredObject } from './types';
export { StorageKeyError, StorageNotFoundError } from './types';
export { createLocalDiskStorage } from './local-disk';
export { createS3Storage, type S3Settings } from './s3';

/** The disk store of a data folder: DATA_DIR/files. */
export const diskStoreOf = (dataDir: string): FileStorage => createLocalDiskStorage(join(dataDir, 'files'));

/**
 * The storage the settings choose (STORAGE): local disk under DATA_DIR/files, or the S3-compatible bucket.
 * An app makes ONE (buildApp → deps.storage) and every module uses it.
 */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): FileStorage {
  return config.storage.backend === 's3' ? createS3Storage(config.storage.s3) : diskStoreOf(config.dataDir);
}
