/**
 * Files on local disk: DATA_DIR/files/<2-char shard>/<32 hex random id>, mode 0600.
 * Written to a temporary name in the same folder and renamed, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { checkKey, newKey, StorageNotFoundError, type FileStorage, type StoredObject } from './types';

const missing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

export function createLocalDiskStorage(root: string): FileStorage {
  const pathOf = (key: string): string => {
    const { shard, id } = checkKey(key);
    return join(root, shard, id);
  };
  /** the file system's ENOENT as the storage's own not-found error */
  const orMissing = async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw missing(err) ? new StorageNotFoundError(key) : err;
    }
  };
  /** writes through a temporary name and a rename: readers see the whole file or none */
  const writeAt = async (shard: string, id: string, bytes: Uint8Array): Promise<void> => {
    const dir = join(root, shard);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const tmp = join(dir, `.${id}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(tmp, bytes, { mode: 0o600, flag: 'wx' });
    await rename(tmp, join(dir, id));
  };

  return {
    kind: 'local-disk',
    location: root,
    async put(bytes: Uint8Array): Promise<StoredObject> {
      const { key, shard, id } = newKey();
      await writeAt(shard, id, bytes);
      return { key, size: bytes.byteLength };
    },
    async read(key: string): Promise<Buffer> {
      const path = pathOf(key);
      return orMissing(key, () => readFile(path));
    },
    async open(key: string): Promise<Readable> {
      const path = pathOf(key);
      await orMissing(key, () => stat(path)); // fail here rather than in the middle of a reply
      return createReadStream(path);
    },
    async remove(key: string): Promise<void> {
      await rm(pathOf(key), { force: true });
    },
    async size(key: string): Promise<number | null> {
      const path = pathOf(key);
      try {
        return (await stat(path)).size;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async putAt(key: string, bytes: Uint8Array): Promise<void> {
      const { shard, id } = checkKey(key);
      await writeAt(shard, id, bytes);
    },
    async ping(): Promise<void> {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await access(root, constants.R_OK | constants.W_OK | constants.X_OK);
    },
    async close(): Promise<void> {},
  };
}
