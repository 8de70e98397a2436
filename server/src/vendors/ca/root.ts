/**
 * The local certificate authority's root key and certificate, the same in every service process:
 * - CA_KEY_FILE + CA_CERT_FILE (PEM secrets a deployment mounts; config.ts checks them at start): used as they are;
 * - otherwise the one row of signing_ca (migration 0027), its private key sealed under a key derived from
 *   SIGNING_SECRET. When the row is missing, the root an earlier version made in DATA_DIR/keys is imported (documents
 *   signed under it keep verifying), or a new one is made (ECDSA P-256, 20 years); it is stored with
 *   INSERT … ON CONFLICT DO NOTHING and read back, so processes starting at once on an empty database all end with the
 *   root stored first.
 */
import { createCipheriv, createDecipheriv, createHash, createPrivateKey, generateKeyPairSync, hkdfSync, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db';
import { makeCertificate, type DistinguishedName } from './pki';
import { findCaRoot, insertCaRootIfMissing, type CaRootRow } from './repository';

const ROOT_YEARS = 20;

export interface CaRoot {
  key: KeyObject;
  /** DER */
  certificate: Buffer;
  /** CA_KEY_FILE/CA_CERT_FILE, made at a first start, or imported from DATA_DIR/keys */
  origin: 'files' | CaRootRow['origin'];
}

export interface CaRootSettings {
  /** the root from CA_KEY_FILE + CA_CERT_FILE (PEM) */
  files?: { keyPem: string; certPem: string };
  /** where an earlier version kept its root (DATA_DIR/keys: sign-ca-key.pem, sign-ca-cert.pem) */
  keysDir: string;
  /** the name of a root made here */
  name: string;
  /** SIGNING_SECRET: the root's private key is sealed under a key derived from it */
  signingSecret: string;
}

/** The root's key does not fit its certificate, or cannot be opened: the start stops with this message. */
export class CaRootError extends Error {
  override name = 'CaRootError';
}

const sealingKey = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'esop', 'signing-ca-key-at-rest', 32));
/** the sealed key is bound to its certificate: the AAD is the certificate's SHA-256 */
const aadOf = (certificate: Uint8Array) => createHash('sha256').update(certificate).digest();

/** PKCS#8 DER sealed with AES-256-GCM: IV (12 bytes), ciphertext, tag (16 bytes). */
export function sealCaKey(secret: string, certificate: Uint8Array, pkcs8: Buffer): Buffer {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  c.setAAD(aadOf(certificate));
  return Buffer.concat([iv, c.update(pkcs8), c.final(), c.getAuthTag()]);
}

export function openCaKey(secret: string, certificate: Uint8Array, sealed: Uint8Array): Buffer {
  const bytes = Buffer.from(sealed);
  const d = createDecipheriv('aes-256-gcm', sealingKey(secret), bytes.subarray(0, 12));
  d.setAAD(aadOf(certificate));
  d.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([d.update(bytes.subarray(12, bytes.length - 16)), d.final()]);
}

function fitting(key: KeyObject, certificate: Buffer, where: string): CaRoot['key'] {
  if (!new X509Certificate(certificate).checkPrivateKey(key)) throw new CaRootError(`signing CA: the private key of ${where} does not belong to its certificate`);
  return key;
}

/** The root an earlier version made in DATA_DIR/keys, if both its files are there. */
function legacyRoot(keysDir: string): { key: KeyObject; certificate: Buffer } | null {
  const keyPath = join(keysDir, 'sign-ca-key.pem');
  const certPath = join(keysDir, 'sign-ca-cert.pem');
  if (!existsSync(keyPath) || !existsSync(certPath)) return null;
  const certificate = Buffer.from(new X509Certificate(readFileSync(certPath)).raw);
  return { key: fitting(createPrivateKey(readFileSync(keyPath, 'utf8')), certificate, keysDir), certificate };
}

async function newRoot(name: string): Promise<{ key: KeyObject; certificate: Buffer }> {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const now = new Date();
  const dn: DistinguishedName = { commonName: name, organization: name, country: 'HK' };
  const { der } = await makeCertificate({
    subject: dn,
    subjectSpki: pair.publicKey.export({ type: 'spki', format: 'der' }),
    signingKey: pair.privateKey,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(Date.UTC(now.getUTCFullYear() + ROOT_YEARS, now.getUTCMonth(), now.getUTCDate())),
    ca: true,
  });
  return { key: pair.privateKey, certificate: der };
}

function opened(row: CaRootRow, secret: string): CaRoot {
  const certificate = Buffer.from(row.certificate);
  let pkcs8: Buffer;
  try {
    pkcs8 = openCaKey(secret, certificate, row.key_sealed);
  } catch {
    throw new CaRootError(
      'signing CA: the root stored in the database cannot be opened with this SIGNING_SECRET; every process must share the SIGNING_SECRET of the process that first started (or set CA_KEY_FILE and CA_CERT_FILE)',
    );
  }
  return { key: fitting(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }), certificate, 'the database'), certificate, origin: row.origin };
}

export async function loadCaRoot(s: CaRootSettings, db: Db): Promise<CaRoot> {
  if (s.files) {
    const certificate = Buffer.from(new X509Certificate(s.files.certPem).raw);
    return { key: fitting(createPrivateKey(s.files.keyPem), certificate, 'CA_KEY_FILE'), certificate, origin: 'files' };
  }
  const stored = await findCaRoot(db);
  if (stored) return opened(stored, s.signingSecret);
  const legacy = legacyRoot(s.keysDir);
  const root = legacy ?? (await newRoot(s.name));
  await insertCaRootIfMissing(db, {
    certificate: root.certificate,
    keySealed: sealCaKey(s.signingSecret, root.certificate, root.key.export({ type: 'pkcs8', format: 'der' })),
    origin: legacy ? 'imported' : 'created',
  });
  // ours, or the one another process stored a moment earlier
  const row = await findCaRoot(db);
  if (!row) throw new CaRootError('signing CA: the root was not stored');
  return opened(row, s.signingSecret);
}
