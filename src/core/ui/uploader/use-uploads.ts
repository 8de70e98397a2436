/**
 * The upload queue FileUploader and CardUploader share: each picked file becomes an item that uploads
 * through uploadFile (compression, cipher, progress), shows a local preview while it travels, and ends
 * done (the caller takes the FileRefData) or failed (the retry mask with the service's message; retry
 * sends the same file again). Files and previews live only in memory (nothing in localStorage).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { uploadFile, type FileCategory, type UploadPhase } from '../../api/upload';
import { ApiError } from '../../api/api-error';
import { errorMessage, networkMessageId, useApiErrorHandler } from '../../api/errors';
import { behaviourOf, ErrorCode } from '../../domain/errors';
import { UPLOAD_STATE, type FileRefData, type UploadState } from '../../domain/uploads';

export interface UploadItem {
  key: string;
  file: File;
  name: string;
  isPdf: boolean;
  state: UploadState;
  /** 0-100 while uploading */
  progress: number;
  /** the photo is being made smaller on the phone before it is sent (no percentage known) */
  preparing?: boolean;
  /** the failure text (already translated) */
  error?: string;
  /** the file itself is the problem (too large, not a readable PNG/JPG/PDF): sending it again cannot help */
  badFile?: boolean;
  /** local object URL of an image (while it uploads) */
  localUrl?: string;
  /** set once uploaded */
  ref?: FileRefData;
}

/** The size error of the service (part 3 §8: "file size exceeded"). */
export const FILE_TOO_LARGE = ErrorCode.FILE_TOO_LARGE;

/** The service's answer for a file that is not a PNG, JPEG or PDF by its content (a damaged or renamed file). */
export const FILE_UNREADABLE = ErrorCode.FILE_TYPE;

/** A failure of the file itself (too large, unreadable, a PDF with scripts or attachments): the mask offers another file, not the same one again. */
export const isBadFileError = (err: unknown) =>
  err instanceof ApiError && (err.code === FILE_TOO_LARGE || err.code === FILE_UNREADABLE || err.code === ErrorCode.FILE_PDF_REFUSED);

/**
 * The text of the retry mask: 1008 → file size exceeded; 1009 → the file cannot be read (choose another); no answer →
 * check the connection / service unavailable; else the service's message.
 */
export function uploadErrorText(intl: IntlShape, err: unknown, imagesOnly = false): string {
  if (err instanceof ApiError && err.code === FILE_TOO_LARGE) return intl.formatMessage({ id: 'ui.upload.tooLarge' });
  if (err instanceof ApiError && err.code === FILE_UNREADABLE) return intl.formatMessage({ id: imagesOnly ? 'ui.upload.unreadableImage' : 'ui.upload.unreadable' });
  if (err instanceof ApiError && err.code === ErrorCode.FILE_PDF_REFUSED) return intl.formatMessage({ id: 'errors.1012' });
  if (err instanceof ApiError && err.code === ErrorCode.NETWORK) return intl.formatMessage({ id: networkMessageId() });
  return errorMessage(intl, err);
}

export const isPdfName = (name: string | undefined) => !!name && /\.pdf$/i.test(name);

const canPreview = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';
const revoke = (url: string | undefined) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

let seq = 0;

/** Sends one file and answers its reference (the account pages' uploadFile, or another page's own). */
export type UploadFn = (file: File, onProgress: (pct: number, phase: UploadPhase) => void) => Promise<{ ossId: string; ossUrl: string }>;

export interface UseUploadsOptions {
  category: FileCategory;
  /** sends the file instead of uploadFile(…, category) (a page with its own session, e.g. organisation signing) */
  upload?: UploadFn;
  /** called when a file has been uploaded; return true to keep the item (CardUploader), false/void to drop it */
  onUploaded: (item: UploadItem, ref: FileRefData) => boolean | void;
  /** photos only (the texts name PNG and JPG, not PDF) */
  imagesOnly?: boolean;
}

export function useUploads({ category, upload, onUploaded, imagesOnly = false }: UseUploadsOptions) {
  const intl = useIntl();
  const handleApiError = useApiErrorHandler();
  const [items, setItems] = useState<UploadItem[]>([]);
  const itemsRef = useRef(items);
  const live = useRef(true);
  const done = useRef(onUploaded);
  done.current = onUploaded;

  const commit = useCallback((next: UploadItem[]) => {
    itemsRef.current = next;
    if (live.current) setItems(next);
  }, []);
  const patch = useCallback(
    (key: string, change: Partial<UploadItem>) => commit(itemsRef.current.map((it) => (it.key === key ? { ...it, ...change } : it))),
    [commit],
  );

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      itemsRef.current.forEach((it) => revoke(it.localUrl));
    };
  }, []);

  const run = useCallback(
    async (key: string) => {
      const item = itemsRef.current.find((it) => it.key === key);
      if (!item) return;
      patch(key, { state: UPLOAD_STATE.UPLOADING, progress: 0, error: undefined, badFile: undefined });
      try {
        const progress = (pct: number, phase: UploadPhase) => {
          if (itemsRef.current.some((it) => it.key === key)) patch(key, { progress: pct, preparing: phase === 'preparing' });
        };
        const res = upload ? await upload(item.file, progress) : await uploadFile(item.file, item.name, category, progress);
        const current = itemsRef.current.find((it) => it.key === key);
        if (!current || !live.current) return; // removed while uploading
        const ref: FileRefData = { ossId: res.ossId, url: res.ossUrl, description: item.name, ossCategory: category };
        revoke(current.localUrl);
        const keep = done.current({ ...current, ref }, ref);
        if (keep) patch(key, { state: UPLOAD_STATE.IDLE, progress: 100, preparing: false, ref, localUrl: undefined });
        else commit(itemsRef.current.filter((it) => it.key !== key));
      } catch (err) {
        if (!itemsRef.current.some((it) => it.key === key)) return;
        patch(key, { state: UPLOAD_STATE.FAILED, preparing: false, error: uploadErrorText(intl, err, imagesOnly), badFile: isBadFileError(err) });
        // an expired session still leaves the page the usual way (toast, then the login)
        if (err instanceof ApiError && behaviourOf(err.code).kind === 'loginExpired') handleApiError(err);
      }
    },
    [category, upload, commit, handleApiError, imagesOnly, intl, patch],
  );

  /** Queues a file and starts uploading it; answers the item's key. */
  const add = useCallback(
    (file: File, opts: { replace?: boolean } = {}) => {
      const key = `u${++seq}`;
      const isPdf = file.type === 'application/pdf' || isPdfName(file.name);
      const item: UploadItem = {
        key,
        file,
        name: file.name || 'file',
        isPdf,
        state: UPLOAD_STATE.UPLOADING,
        progress: 0,
        localUrl: !isPdf && canPreview() ? URL.createObjectURL(file) : undefined,
      };
      if (opts.replace) itemsRef.current.forEach((it) => revoke(it.localUrl));
      commit(opts.replace ? [item] : [...itemsRef.current, item]);
      void run(key);
      return key;
    },
    [commit, run],
  );

  const retry = useCallback((key: string) => void run(key), [run]);

  const remove = useCallback(
    (key: string) => {
      const it = itemsRef.current.find((i) => i.key === key);
      revoke(it?.localUrl);
      commit(itemsRef.current.filter((i) => i.key !== key));
    },
    [commit],
  );

  const setState = useCallback((key: string, state: UploadState, error?: string) => patch(key, { state, error }), [patch]);

  return { items, add, retry, remove, setState };
}
