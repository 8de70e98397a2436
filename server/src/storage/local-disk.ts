/**
 * Files on local disk: DATA_DIR/files/<2-char shard>/<32 hex random id>, mode 0600.
 * Written to a temporary name in the same folder and renamed, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { StorageKeyError, type FileStorage, type StoredObject } from './types';

const KEY = /^([0-9a-f]{2})\/([0-9a-f]{32})$/;

export function createLocalDiskStorage(root: string): FileStorage {
  const pathOf = (key: string): string => {
    const m = KEY.exec(key);
    if (!m) throw new StorageKeyError(key);
    return join(root, m[1], m[2]);
  };

  return {
    kind: 'local-disk',
    async put(bytes: Uint8Array): Promise<StoredObject> {
      const id = randomBytes(16).toString('hex');
      const shard = id.slice(0, 2);
      const dir = join(root, shard);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const final = join(dir, id);
      const tmp = join(dir, `.${id}.tmp`);
      await writeFile(tmp, bytes, { mode: 0o600, flag: 'wx' });
      await rename(tmp, final);
      return { key: `${shard}/${id}`, size: bytes.byteLength };
    },
    async read(key: string): Promise<Buffer> {
      return readFile(pathOf(key));
    },
    async open(key: string): Promise<Readable> {
      const path = pathOf(key);
      await stat(path); // fail here (ENOENT) rather than in the middle of a reply
      return createReadStream(path);
    },
    async remove(key: string): Promise<void> {
      await rm(pathOf(key), { force: true });
    },
  };
}
