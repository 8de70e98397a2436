/**
 * What is kept of an uploaded file (issue 25): never the bytes as received.
 * - An image (PNG or JPEG by its signature) is decoded and encoded again with sharp, in its own format: only the
 *   pixels survive (bytes appended after the image, text chunks, comments, EXIF with its GPS position, XMP, ICC
 *   profiles are gone). It is turned upright by its EXIF orientation first, and scaled down to IMAGE_LIMITS.maxSide
 *   on its longer side (never up). A picture that cannot be decoded is 1009, like a file of another type.
 * - A PDF is read with pdf-lib (compressed object streams included) and refused with FILE_PDF_REFUSED when it holds
 *   JavaScript or other actions that run or open something (/JS, /JavaScript, /AA, /XFA, /Launch, /ImportData,
 *   /RichMediaExecute, /GoToE, /Rendition), or attached files (/EmbeddedFile(s), /EF, file attachment, rich media or
 *   3D annotations); an encrypted PDF whose objects cannot all be read is refused too (what it hides cannot be
 *   checked). The raw bytes are searched for the same names as well, for objects that a viewer's repair could find
 *   where the parser does not. The PDF is kept as sent (a re-saved PDF would lose its digital signatures), less any
 *   bytes after its last %%EOF. A PDF that cannot be parsed is 1009.
 */
import sharp from 'sharp';
import { PDFArray, PDFDict, PDFDocument, PDFInvalidObject, PDFName, PDFStream, type PDFObject } from 'pdf-lib';
import { ErrorCode } from '@core/domain';
import { AppError } from '../../errors';
import type { SniffedType } from './sniff';

export const IMAGE_LIMITS = {
  /** the longer side kept: a 12 MP phone photo (4032 px) is untouched; a card or a letter stays readable for OCR and staff */
  maxSide: 4096,
  /** pixels decoded at most (a small file claiming a huge picture is refused before it fills the memory) */
  maxInputPixels: 64 * 1024 * 1024,
  /** JPEG quality, with full-resolution colour: a second encoding that keeps text sharp for OCR */
  jpegQuality: 92,
} as const;

export type PdfRefusal = 'javascript' | 'embeddedFile' | 'encrypted';

const unreadable = () => new AppError(ErrorCode.FILE_TYPE, { data: { reason: 'unreadable' } });
const refused = (reason: PdfRefusal) => new AppError(ErrorCode.FILE_PDF_REFUSED, { data: { reason } });

/** The image decoded and encoded again in its format: upright, within IMAGE_LIMITS.maxSide, without metadata. */
export async function reencodeImage(bytes: Uint8Array, type: SniffedType): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: IMAGE_LIMITS.maxSide, height: IMAGE_LIMITS.maxSide, fit: 'inside', withoutEnlargement: true });
    // a greyscale picture (a scanned letter, a signature) stays greyscale: not three times its size in RGB
    const { channels = 3 } = await image.metadata();
    if (channels <= 2) image.toColourspace('b-w');
    // sharp writes no metadata unless asked (withMetadata / keepExif): EXIF, GPS, XMP, ICC and comments are dropped
    return type.mime === 'image/png'
      ? await image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
      : await image.jpeg({ quality: IMAGE_LIMITS.jpegQuality, chromaSubsampling: '4:4:4' }).toBuffer();
  } catch {
    throw unreadable();
  }
}

// ---------------------------------------------------------------- PDF

/** Keys whose presence means script or an action run on opening, on an event or in a form. */
const SCRIPT_KEYS = new Set(['JS', 'JavaScript', 'AA', 'XFA']);
/** Keys that hold or point at attached files. */
const FILE_KEYS = new Set(['EmbeddedFile', 'EmbeddedFiles', 'EF', 'RichMedia', 'RichMediaContent']);
/** Action types (/S) that run a program, script or media, or open an attached document. */
const SCRIPT_ACTIONS = new Set(['JavaScript', 'Launch', 'ImportData', 'RichMediaExecute', 'Rendition', 'GoToE']);
/** Annotation subtypes (/Subtype) that carry files or active media. */
const FILE_SUBTYPES = new Set(['FileAttachment', 'RichMedia', '3D', 'Sound', 'Movie', 'Screen']);

const nameOf = (o: PDFObject | undefined) => (o instanceof PDFName ? o.decodeText() : undefined);

/** What in one object (and the direct objects inside it) makes the PDF refused; null when nothing. */
function refusalIn(object: PDFObject, depth = 0): PdfRefusal | null {
  if (depth > 64) return null;
  const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
  if (dict) {
    const type = nameOf(dict.get(PDFName.of('Type')));
    const action = nameOf(dict.get(PDFName.of('S')));
    const subtype = nameOf(dict.get(PDFName.of('Subtype')));
    if (type === 'EmbeddedFile' || (subtype && FILE_SUBTYPES.has(subtype))) return 'embeddedFile';
    if (action && SCRIPT_ACTIONS.has(action)) return 'javascript';
    for (const [key, value] of dict.entries()) {
      const k = key.decodeText();
      if (SCRIPT_KEYS.has(k)) return 'javascript';
      if (FILE_KEYS.has(k)) return 'embeddedFile';
      const inner = refusalIn(value, depth + 1);
      if (inner) return inner;
    }
    return null;
  }
  if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i++) {
      const inner = refusalIn(object.get(i), depth + 1);
      if (inner) return inner;
    }
  }
  return null;
}

/** A name token in the raw bytes, its #xx escapes undone; matched only when whole (a delimiter follows). */
const RAW_NAME = /\/((?:[A-Za-z0-9]|#[0-9A-Fa-f]{2}){1,40})(?=[\s/<>[\]()%{}]|$)/g;

/** A stream's body: skipped by the search (compressed data would match a short name by chance). */
const STREAM_BODY = /\bstream\r?\n[\s\S]*?\bendstream\b/g;

/**
 * The same names searched in the bytes themselves outside stream bodies (objects outside what the parser read, a
 * damaged file that a viewer repairs).
 */
function refusalInBytes(bytes: Uint8Array): PdfRefusal | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').replace(STREAM_BODY, ' ');
  for (const m of text.matchAll(RAW_NAME)) {
    const name = m[1].includes('#') ? m[1].replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : m[1];
    if (SCRIPT_KEYS.has(name) || SCRIPT_ACTIONS.has(name)) return 'javascript';
    if (FILE_KEYS.has(name) || name === 'FileAttachment') return 'embeddedFile';
  }
  return null;
}

const EOF_MARK = Buffer.from('%%EOF');

/** The PDF up to its last %%EOF (and the line end after it): whatever was appended after the document is dropped. */
function throughLastEof(bytes: Uint8Array): Uint8Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = buf.lastIndexOf(EOF_MARK);
  if (at < 0) return bytes;
  let end = at + EOF_MARK.length;
  if (buf[end] === 0x0d) end++;
  if (buf[end] === 0x0a) end++;
  return bytes.subarray(0, end);
}

/** The PDF to keep (as sent, up to its last %%EOF), or FILE_PDF_REFUSED / 1009. */
export async function checkPdf(bytes: Uint8Array): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    throw unreadable();
  }
  const objects = doc.context.enumerateIndirectObjects();
  if (!objects.length || !doc.catalog) throw unreadable();
  let unparsed = false;
  for (const [, object] of objects) {
    if (object instanceof PDFInvalidObject) {
      unparsed = true;
      continue;
    }
    const reason = refusalIn(object);
    if (reason) throw refused(reason);
  }
  const raw = refusalInBytes(bytes);
  if (raw) throw refused(raw);
  // encrypted: strings and streams are ciphered, so an object stream cannot be opened (pdf-lib keeps it as an
  // object it could not parse) and what it holds is unseen
  if (doc.isEncrypted && unparsed) throw refused('encrypted');
  return throughLastEof(bytes);
}

/** The bytes to store for an upload of this sniffed type (images re-encoded, PDFs checked); videos are not handled here. */
export async function cleanUpload(bytes: Uint8Array, type: SniffedType): Promise<Uint8Array> {
  if (type.mime === 'image/png' || type.mime === 'image/jpeg') return reencodeImage(bytes, type);
  if (type.mime === 'application/pdf') return checkPdf(bytes);
  return bytes;
}
