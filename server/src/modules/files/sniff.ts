/** File type decided by content (magic bytes), never by the name or the declared type. */
import { videoContainerOf } from '@core/domain/face';

export type SniffedType =
  | { mime: 'image/png'; ext: 'png' }
  | { mime: 'image/jpeg'; ext: 'jpg' }
  | { mime: 'application/pdf'; ext: 'pdf' }
  | { mime: 'video/mp4'; ext: 'mp4' }
  | { mime: 'video/webm'; ext: 'webm' };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const startsWith = (bytes: Uint8Array, sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);

/** png, jpeg or pdf by their signatures at offset 0; null for anything else. */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, PNG)) return { mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, JPEG)) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, PDF)) return { mime: 'application/pdf', ext: 'pdf' };
  return null;
}

/** mp4 or webm by their container headers (the liveness video's call only); null for anything else. */
export function sniffVideo(bytes: Uint8Array): SniffedType | null {
  const c = videoContainerOf(bytes.subarray(0, 16));
  return c === 'mp4' ? { mime: 'video/mp4', ext: 'mp4' } : c === 'webm' ? { mime: 'video/webm', ext: 'webm' } : null;
}
