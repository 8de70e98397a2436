/**
 * Files: stored under generated names, typed by content, readable only by their owner (or an
 * operator through `npm run ops -- file`), handed out as short-lived signed URLs.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ErrorCode, FILE_CATEGORIES, UPLOAD_QUOTA_DEFAULT } from '@core/domain';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { audit } from '../../db/audit';
import { AppError } from '../../errors';
import { rateLimited } from '../../plugins/rate-limit';
import type { Clock } from '../../plugins/context';
import { StorageNotFoundError, type FileStorage } from '../../storage';
import { sanitiseFileName, withExtension } from './disposition';
import * as repo from './repository';
import { signDownload, verifyDownload, type Preview } from './signed-url';
import { cleanUpload } from './clean';
import { sniffType, sniffVideo } from './sniff';

export type FileCategory = (typeof FILE_CATEGORIES)[number];

export interface FilesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

export const maxUploadBytes = (config: Config) => config.maxUploadMb * 1024 * 1024;
export const newOssId = () => randomBytes(18).toString('base64url');

export function signedUrlFor(deps: Pick<FilesDeps, 'config' | 'clock'>, ossId: string, preview: Preview = '1'): string {
  return signDownload(deps.config.secrets.signingSecret, ossId, deps.clock.now(), preview).url;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The user's daily upload quota (config.uploadQuota, last 24 hours): 100429 with scope uploadCount or uploadBytes. */
async function withinQuota(tx: Db, deps: Pick<FilesDeps, 'config'>, userId: string, size: number, now: number): Promise<void> {
  const filesPerDay = deps.config.uploadQuota.filesPerDay ?? UPLOAD_QUOTA_DEFAULT.filesPerDay;
  const bytesPerDay = (deps.config.uploadQuota.megabytesPerDay ?? UPLOAD_QUOTA_DEFAULT.megabytesPerDay) * 1024 * 1024;
  const used = await repo.uploadsSinceLocked(tx, userId, new Date(now - DAY_MS));
  const retry = used.oldest ? (used.oldest.getTime() + DAY_MS - now) / 1000 : DAY_MS / 1000;
  if (used.n + 1 > filesPerDay) throw rateLimited('uploadCount', retry);
  if (used.bytes + size > bytesPerDay) throw rateLimited('uploadBytes', retry);
}

export async function storeUpload(
  deps: FilesDeps,
  userId: string,
  upload: { category: FileCategory; filename: string; bytes: Uint8Array },
  /**
   * 'upload': a file from outside (the caller, a vendor's frame): an image is re-encoded, a PDF checked (clean.ts);
   * 'made': bytes this service made itself (a card cut out by sharp, a generated document): typed by content only;
   * 'video': the liveness video's call (mp4 or webm; its own size limit is checked by the caller)
   */
  kind: 'upload' | 'made' | 'video' = 'upload',
  /** 'exempt': a file the service made for the user on request that the daily upload quota does not count (a certificate of completion) */
  quota: 'counted' | 'exempt' = 'counted',
): Promise<{ ossId: string; ossUrl: string }> {
  if (kind !== 'video' && upload.bytes.byteLength > maxUploadBytes(deps.config)) throw new AppError(ErrorCode.FILE_TOO_LARGE);
  const type = kind === 'video' ? sniffVideo(upload.bytes) : sniffType(upload.bytes);
  if (!type) throw new AppError(ErrorCode.FILE_TYPE);
  // only what the file shows is kept: never the bytes as received (an HTML page after a PNG, a PDF's script)
  const bytes = kind === 'upload' ? await cleanUpload(upload.bytes, type) : upload.bytes;
  const ossId = newOssId();
  const at = new Date(deps.clock.now());
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const stored = await deps.storage.put(bytes);
  try {
    await deps.db.transaction(async (tx) => {
      if (quota === 'counted') await withinQuota(tx, deps, userId, stored.size, at.getTime());
      await repo.insertFile(tx, {
        oss_id: ossId,
        owner_user_id: userId,
        app_id: await repo.activeAppIdOf(tx, userId),
        category: upload.category,
        mime: type.mime,
        size: stored.size,
        sha256,
        storage_key: stored.key,
        original_name: withExtension(sanitiseFileName(upload.filename), type.ext),
        at,
        quota_exempt: quota === 'exempt',
      });
      await audit(tx, { actor: `user:${userId}`, userId, action: 'file.upload', detail: { ossId, category: upload.category, mime: type.mime, size: stored.size }, at });
    });
  } catch (err) {
    await deps.storage.remove(stored.key).catch(() => undefined);
    throw err;
  }
  return { ossId, ossUrl: signedUrlFor(deps, ossId) };
}

/** Removes a file stored by storeUpload that no row came to name (a certificate another request made first): its row and its bytes. */
export async function discardFile(deps: Pick<FilesDeps, 'db' | 'storage'>, ossId: string): Promise<void> {
  const key = await repo.deleteFile(deps.db, ossId);
  if (key) await deps.storage.remove(key).catch(() => undefined);
}

/** A fresh signed URL for a file the user owns (100403 otherwise, whether or not it exists). */
export async function freshSignedUrl(deps: FilesDeps, userId: string, ossId: string): Promise<{ ossUrl: string }> {
  const file = await repo.findOwnedFile(deps.db, userId, ossId);
  if (!file) throw new AppError(ErrorCode.FORBIDDEN);
  return { ossUrl: signedUrlFor(deps, ossId) };
}

export interface Download {
  file: repo.FileRow;
  stream: Readable;
  preview: Preview;
}

/**
 * The download behind a signed URL: the signature must be valid and unexpired AND the session's
 * user must own the file. Every refusal is the same 100403, saying nothing about existence.
 */
export async function openDownload(
  deps: FilesDeps,
  userId: string | null,
  q: { ossid: string; preview?: Preview; exp?: number; sig?: string },
): Promise<Download> {
  const preview: Preview = q.preview ?? '0';
  const forbidden = new AppError(ErrorCode.FORBIDDEN);
  if (!verifyDownload(deps.config.secrets.signingSecret, { ossId: q.ossid, exp: q.exp, preview, sig: q.sig }, deps.clock.now())) throw forbidden;
  if (!userId) throw forbidden;
  const file = await repo.findOwnedFile(deps.db, userId, q.ossid);
  if (!file) throw forbidden;
  let stream: Readable;
  try {
    stream = await deps.storage.open(file.storage_key);
  } catch (err) {
    // the row is there and the bytes are not: as any other refusal. A store that does not answer is 503 (errors.ts)
    if (err instanceof StorageNotFoundError) throw forbidden;
    throw err;
  }
  return { file, stream, preview };
}

/** Operator read (ops `file`): no owner check, audited. */
export async function exportFile(deps: Omit<FilesDeps, 'config'>, ossId: string, actor: string): Promise<{ file: repo.FileRow; bytes: Buffer }> {
  const file = await repo.findFile(deps.db, ossId);
  if (!file) throw new AppError(ErrorCode.NOT_FOUND);
  const bytes = await deps.storage.read(file.storage_key);
  await audit(deps.db, { actor, userId: file.owner_user_id, appId: file.app_id, action: 'file.export', detail: { ossId, size: file.size }, at: new Date(deps.clock.now()) });
  return { file, bytes };
}
