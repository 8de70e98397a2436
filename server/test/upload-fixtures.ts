/**
 * Real files for upload tests, built synchronously: the service keeps only what an image shows (re-encoded) and
 * checks a PDF with a parser (server/src/modules/files/clean.ts), so a signature and a few bytes no longer pass.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { IMAGE_LIMITS } from '@core/domain';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * A greyscale PNG of width × height: a gradient, `pixel(x, y)` (0-255) when given, or noise when `noise` (which no encoder can shrink: its size stays
 * about width × height bytes after the service re-encodes it). `seed` makes distinct files.
 */
export function testPng({
  width = 16,
  height = 16,
  noise = false,
  seed = 1,
  pixel,
}: { width?: number; height?: number; noise?: boolean; seed?: number; pixel?: (x: number, y: number) => number } = {}): Buffer {
  let state = seed >>> 0 || 1;
  const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) >>> 24);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = pixel ? pixel(x, y) : noise ? next() : (x * 16 + y * 8 + seed * 37) & 0xff;
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A noise PNG whose re-encoded size is about `bytes`. */
export function pngOfSize(bytes: number, seed = 1): Buffer {
  const side = Math.max(8, Math.round(Math.sqrt(bytes)));
  return testPng({ width: side, height: side, noise: true, seed });
}

/**
 * A one-page PDF (catalog, page tree, page; no cross-reference table, which readers and pdf-lib rebuild), with a
 * comment line `note` and `extra` objects or catalog entries for the tests of refused PDFs.
 */
export function testPdf(note = 'a document', opts: { catalog?: string; objects?: string[] } = {}): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${opts.catalog ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ...(opts.objects ?? []),
  ];
  const body = objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('');
  return Buffer.from(`%PDF-1.4\n% ${note}\n${body}trailer\n<< /Root 1 0 R /Size ${objects.length + 1} >>\n%%EOF\n`, 'latin1');
}

/**
 * A card photo as the page uploads it: compressorjs draws it on a canvas no larger than IMAGE_LIMITS (never
 * enlarging) and encodes it with toBlob('image/jpeg', quality), chroma subsampled 4:2:0.
 */
export function browserCompressed(photo: Buffer): Promise<Buffer> {
  return sharp(photo)
    .resize({ width: IMAGE_LIMITS.maxWidth, height: IMAGE_LIMITS.maxHeight, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: Math.round(IMAGE_LIMITS.quality * 100), chromaSubsampling: '4:2:0' })
    .toBuffer();
}
