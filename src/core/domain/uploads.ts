/** Upload rules shared by the uploader and the service (spec part 1 §5, part 3 §5, §9). */

/** How many files one upload field takes: 3 by default, 4 for overseas identity documents, 3 for statements. */
export const MAX_FILES = { default: 3, overseasId: 4, statement: 3, derivativeEvidence: 3 } as const;

/** Types accepted by content (the service sniffs the bytes; the picker filters by these). */
export const ACCEPTED_MIME: readonly string[] = ['image/png', 'image/jpeg', 'image/jpg', 'application/pdf'];
export const ACCEPTED_EXT: readonly string[] = ['png', 'jpeg', 'jpg', 'pdf'];
export const ACCEPT_ATTR = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';
export const IMAGE_ACCEPT_ATTR = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/** Image compression before upload. */
export const IMAGE_LIMITS = { maxWidth: 1920, maxHeight: 1080, quality: 0.7 } as const;

const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** By type, or by extension when the browser gives no type. `imagesOnly` for identity images read by OCR. */
export function isAcceptedFile(f: { name: string; type: string }, imagesOnly = false): boolean {
  const okMime = imagesOnly ? ACCEPTED_MIME.filter((m) => m !== 'application/pdf') : ACCEPTED_MIME;
  const okExt = imagesOnly ? ACCEPTED_EXT.filter((e) => e !== 'pdf') : ACCEPTED_EXT;
  if (f.type) return okMime.includes(f.type.toLowerCase());
  return okExt.includes(extOf(f.name));
}

/** The same file twice: same name, size and modified time. */
export interface FileIdentity {
  name: string;
  size: number;
  lastModified: number;
}
export const sameFile = (a: FileIdentity, b: FileIdentity) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Upload item states (part 1 §4). */
export const UPLOAD_STATE = { IDLE: 0, UPLOADING: 1, FAILED: 2, LOADING: 3 } as const;
export type UploadState = (typeof UPLOAD_STATE)[keyof typeof UPLOAD_STATE];

/** A file reference as step data carries it. */
export interface FileRefData {
  ossId: string;
  url?: string;
  description?: string;
  ossCategory?: 'UserApply' | 'UserInfo';
}

export function isFileRef(v: unknown): v is FileRefData {
  return !!v && typeof v === 'object' && typeof (v as FileRefData).ossId === 'string' && /^[A-Za-z0-9_-]{6,64}$/.test((v as FileRefData).ossId);
}

/** A list of 1..max file references (min 0 when optional). */
export function checkFiles(v: unknown, max: number, min = 1): 'fileRequired' | 'tooManyFiles' | null {
  const list = Array.isArray(v) ? v.filter(isFileRef) : [];
  if (Array.isArray(v) && list.length !== v.length) return 'fileRequired';
  if (list.length < min) return 'fileRequired';
  return list.length > max ? 'tooManyFiles' : null;
}
