/**
 * Checks a signed PDF as a reader and an auditor would: poppler's pdfsig says the signature is valid and covers the
 * whole document, and openssl verifies the detached CMS over the signed byte ranges against the deployment's CA root.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The DER SignedData in /Contents: its own length read from its header (the rest of the placeholder is zero padding). */
function signatureDer(hex: string): Buffer {
  const bytes = Buffer.from(hex, 'hex');
  if (bytes[0] !== 0x30) throw new Error('the /Contents do not hold a DER SEQUENCE');
  const first = bytes[1]!;
  if (first < 0x80) return bytes.subarray(0, first + 2);
  const n = first & 0x7f;
  const length = [...bytes.subarray(2, 2 + n)].reduce((acc, b) => acc * 256 + b, 0);
  return bytes.subarray(0, 2 + n + length);
}

/** Whether poppler's pdfsig is installed (Debian's poppler-utils). */
export function hasPdfsig(): boolean {
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Throws with what failed; `caPem`: the root the signature must chain to (ops sign-ca-cert). `pdfsig: false` skips
 * poppler's check (where it is not installed) and keeps openssl's CMS verification over the byte ranges.
 */
export function verifySignedPdf(pdf: Buffer, caPem: string, opts: { pdfsig?: boolean } = {}): void {
  const dir = mkdtempSync(join(tmpdir(), 'signed-pdf-'));
  try {
    writeFileSync(join(dir, 'signed.pdf'), pdf);
    writeFileSync(join(dir, 'ca.pem'), caPem.endsWith('\n') ? caPem : `${caPem}\n`);
    if (opts.pdfsig !== false) {
      const report = execFileSync('pdfsig', [join(dir, 'signed.pdf')]).toString();
      if (!/Signature Validation: Signature is Valid\./.test(report) || !/Total document signed/.test(report)) throw new Error(`pdfsig: the signature is not valid over the whole document\n${report}`);
    }
    const text = pdf.toString('latin1');
    const range = text.match(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/)?.slice(1).map(Number);
    if (!range) throw new Error('no /ByteRange');
    writeFileSync(join(dir, 'sig.der'), signatureDer(text.slice(range[0]! + range[1]! + 1, range[2]! - 1)));
    writeFileSync(join(dir, 'signed-bytes'), Buffer.concat([pdf.subarray(range[0], range[0]! + range[1]!), pdf.subarray(range[2], range[2]! + range[3]!)]));
    execFileSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', join(dir, 'sig.der'), '-content', join(dir, 'signed-bytes'), '-CAfile', join(dir, 'ca.pem'), '-purpose', 'any', '-out', '/dev/null'], { stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
