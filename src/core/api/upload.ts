/**
 * File upload: images compressed (max 1920x1080, quality 0.7; PDFs untouched), the bytes sealed with the
 * session key bound to the envelope's nonce, then a multipart POST (`e` = request envelope whose plaintext
 * is {filename, fileIv}; `file` = the sealed bytes) to /oss/v1/Upload/{category}.
 * XMLHttpRequest carries it because ky's onUploadProgress needs request streams over HTTP/2, which cheap
 * phones' browsers and HTTP/1.1 servers lack (ky ignores the handler there); the cipher, envelope and
 * error handling are the same as callApi's.
 */
import { APP_CALLS as CALLS, FILE_CATEGORIES } from '../domain/calls';
import { UPLOAD_ENVELOPE_FIELD, fileAad, randomB64u, sealBytes, sealRequest } from '../domain/cipher';
import { ErrorCode } from '../domain/errors';
import { IMAGE_LIMITS } from '../domain/uploads';
import { LANG_HEADER, currentLang } from '../i18n/lang';
import { ApiError } from './api-error';
import { openAnswer, serverNow, withCipherRetry } from './transport';

export type FileCategory = (typeof FILE_CATEGORIES)[number];

/** What an upload is doing: making a photo smaller on the phone (seconds for a very large one), or sending it. */
export type UploadPhase = 'preparing' | 'uploading';

const COMPRESSIBLE = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];

/** Compresses an image (other types pass through); on any compression failure the original goes. */
export async function compressForUpload(file: Blob): Promise<Blob> {
  if (!COMPRESSIBLE.includes(file.type)) return file;
  try {
    const { default: Compressor } = await import('compressorjs');
    return await new Promise<Blob>((resolve, reject) => {
      new Compressor(file, { ...IMAGE_LIMITS, success: resolve, error: reject });
    });
  } catch (e) {
    console.warn('image compression failed; sending the original', e);
    return file;
  }
}

function renamed(filename: string, from: string, to: string): string {
  if (from === to || to !== 'image/jpeg') return filename;
  return /\.[A-Za-z0-9]+$/.test(filename) ? filename.replace(/\.[A-Za-z0-9]+$/, '.jpg') : `${filename}.jpg`;
}

interface XhrAnswer {
  status: number;
  headers: { get(name: string): string | null };
  body: unknown;
}

function xhrPost(url: string, form: FormData, timeoutMs: number, onProgress?: (pct: number) => void): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    xhr.withCredentials = false; // same-origin: the session cookie goes anyway
    xhr.setRequestHeader(LANG_HEADER, currentLang());
    if (onProgress && xhr.upload) {
      xhr.upload.onprogress = (ev) => {
        if (ev.lengthComputable && ev.total > 0) onProgress(Math.min(99, Math.round((ev.loaded / ev.total) * 100)));
      };
    }
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, headers: { get: (n) => xhr.getResponseHeader(n) }, body });
    };
    xhr.onerror = () => reject(ApiError.network(new Error('upload failed')));
    xhr.ontimeout = () => reject(ApiError.network(new Error('upload timed out')));
    xhr.onabort = () => reject(ApiError.network(new Error('upload aborted')));
    xhr.send(form);
  });
}

/**
 * Seals `bytes` and posts them with their envelope to an upload-like call (Upload, VideoUpload): the opened answer.
 * A refused cipher session is renewed once (withCipherRetry).
 */
export async function sealedUpload<T>(
  path: string,
  timeoutMs: number,
  filename: string,
  bytes: Uint8Array,
  onProgress?: (pct: number) => void,
  /** the envelope's fields besides the file's iv (default {filename}; the signing service's FileUpload has its own) */
  meta: Record<string, unknown> = { filename },
): Promise<T> {
  return withCipherRetry<T>(async (st) => {
    const nonce = randomB64u(16);
    const sealed = await sealBytes(st.key, bytes, fileAad(st.sid, nonce));
    const env = await sealRequest(st.key, st.sid, 'POST', path, { ...meta, fileIv: sealed.iv }, serverNow(), nonce);
    const form = new FormData();
    form.append(UPLOAD_ENVELOPE_FIELD, JSON.stringify(env)); // the meta first: the service reads it before the file
    form.append('file', new Blob([sealed.bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }), 'file.bin');
    const res = await xhrPost(path, form, timeoutMs, onProgress);
    try {
      return { value: (await openAnswer(res, res.body, st, nonce)) as T };
    } catch (e) {
      if (e instanceof ApiError) return { error: e, date: res.headers.get('date') };
      throw e;
    }
  });
}

/**
 * A file made ready to send: an image made smaller (onProgress 'preparing' meanwhile, no percentage known), renamed .jpg
 * when it became a JPEG; then onProgress (0, 'uploading'). Used by every upload (the account pages' and the signing page's).
 */
export async function prepareUpload(file: Blob, filename: string, onProgress?: (pct: number, phase: UploadPhase) => void): Promise<{ name: string; bytes: Uint8Array }> {
  if (COMPRESSIBLE.includes(file.type)) onProgress?.(0, 'preparing');
  const body = await compressForUpload(file);
  onProgress?.(0, 'uploading');
  return { name: renamed(filename, file.type, body.type), bytes: new Uint8Array(await body.arrayBuffer()) };
}

/**
 * Uploads one file → {ossId, ossUrl}. onProgress gets 0-100 and the phase: 'preparing' while an image is made smaller
 * (no percentage can be known), then 'uploading'. Errors: ApiError (1008 too large, 1009 type, NETWORK, …).
 */
export async function uploadFile(
  file: Blob,
  filename: string,
  category: FileCategory = 'UserApply',
  onProgress?: (pct: number, phase: UploadPhase) => void,
): Promise<{ ossId: string; ossUrl: string }> {
  if (!(FILE_CATEGORIES as readonly string[]).includes(category)) throw new ApiError(ErrorCode.INVALID_INPUT, 'bad category');
  const { name, bytes } = await prepareUpload(file, filename, onProgress);
  const def = CALLS.upload;
  const result = await sealedUpload<{ ossId: string; ossUrl: string }>(`${def.path}/${category}`, def.timeout, name, bytes, (pct) =>
    onProgress?.(pct, 'uploading'),
  );
  onProgress?.(100, 'uploading');
  return result;
}
