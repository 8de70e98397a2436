import { join } from 'node:path';
import type { Config } from '../config';
import { createLocalDiskStorage } from './local-disk';
import { createS3Storage } from './s3';
import { UnavailableError } from '../unavailable';
import { StorageKeyError, StorageNotFoundError, type FileStorage } from './types';

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
  return outagesNamed(config.storage.backend === 's3' ? createS3Storage(config.storage.s3) : diskStoreOf(config.dataDir));
}

/**
 * The store's failures other than "no such object" and "bad key" (a bucket that does not answer, a disk that
 * refuses) become UnavailableError('storage'): the request answers 503 "try again" (plugins/errors.ts), never
 * "forbidden" or "absent", which would tell the applicant that their file is gone.
 */
export function outagesNamed(inner: FileStorage): FileStorage {
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (err) {
        if (err instanceof StorageNotFoundError || err instanceof StorageKeyError || err instanceof UnavailableError) throw err;
        throw new UnavailableError('storage', err);
      }
    };
  return {
    kind: inner.kind,
    location: inner.location,
    put: guard(inner.put.bind(inner)),
    read: guard(inner.read.bind(inner)),
    open: guard(inner.open.bind(inner)),
    remove: guard(inner.remove.bind(inner)),
    size: guard(inner.size.bind(inner)),
    putAt: guard(inner.putAt.bind(inner)),
    ping: inner.ping.bind(inner),
    close: inner.close.bind(inner),
  };
}
