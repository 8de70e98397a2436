/**
 * A minimal ASN.1 DER encoder: what X.509 certificates and CMS SignedData need (sequences, sets, integers,
 * object identifiers, strings, times, context tags). Written for the local certificate authority and the
 * PDF signatures; it encodes only, never parses.
 */
export type Der = Buffer;

function lengthOf(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export const tlv = (tag: number, content: Buffer): Der => Buffer.concat([Buffer.from([tag]), lengthOf(content.length), content]);
export const seq = (...items: Der[]): Der => tlv(0x30, Buffer.concat(items));
/** SET OF in DER order (elements sorted by their encodings) */
export const set = (...items: Der[]): Der => tlv(0x31, Buffer.concat([...items].sort(Buffer.compare)));
/** a non-negative integer from a bigint, a number or its big-endian bytes */
export function int(v: bigint | number | Buffer): Der {
  let bytes: Buffer;
  if (Buffer.isBuffer(v)) bytes = v;
  else {
    let hex = BigInt(v).toString(16);
    if (hex.length % 2) hex = '0' + hex;
    bytes = Buffer.from(hex, 'hex');
  }
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0 && !(bytes[i + 1]! & 0x80)) i++;
  bytes = bytes.subarray(i);
  if (bytes.length === 0) bytes = Buffer.from([0]);
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(0x02, bytes);
}
export function oid(dotted: string): Der {
  const parts = dotted.split('.').map(Number);
  const out: number[] = [parts[0]! * 40 + parts[1]!];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}
export const nul = (): Der => Buffer.from([0x05, 0x00]);
export const bool = (v: boolean): Der => Buffer.from([0x01, 0x01, v ? 0xff : 0x00]);
export const octets = (b: Buffer): Der => tlv(0x04, b);
export const utf8 = (s: string): Der => tlv(0x0c, Buffer.from(s, 'utf8'));
export const printable = (s: string): Der => tlv(0x13, Buffer.from(s, 'ascii'));
/** BIT STRING of whole bytes, or of named bits (bit 0 = the first byte's high bit) */
export const bits = (b: Buffer, unused = 0): Der => tlv(0x03, Buffer.concat([Buffer.from([unused]), b]));
export function namedBits(...positions: number[]): Der {
  const max = Math.max(...positions);
  const bytes = Buffer.alloc(Math.floor(max / 8) + 1);
  for (const p of positions) bytes[Math.floor(p / 8)]! |= 0x80 >> p % 8;
  return bits(bytes, 7 - (max % 8));
}
/** UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280) */
export function time(d: Date): Der {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(iso.slice(2), 'ascii')) : tlv(0x18, Buffer.from(iso, 'ascii'));
}
/** [n] EXPLICIT */
export const explicit = (n: number, inner: Der): Der => tlv(0xa0 | n, inner);
/** [n] IMPLICIT of a constructed value: the value's own content under the context tag */
export const implicitConstructed = (n: number, ...contents: Buffer[]): Der => tlv(0xa0 | n, Buffer.concat(contents));

export const OID = {
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  sha256: '2.16.840.1.101.3.4.2.1',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  subjectKeyId: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  authorityKeyId: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  documentSigning: '1.3.6.1.4.1.311.10.3.12',
} as const;

export const algorithm = (dotted: string): Der => seq(oid(dotted), nul());
