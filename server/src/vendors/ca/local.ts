/**
 * The deployment's own certificate authority: a root key and self-signed certificate made at first start in
 * DATA_DIR/keys (sign-ca-key.pem, sign-ca-cert.pem, mode 0600, like the cipher keys) and reused afterwards.
 * Signer certificates are valid for a year and name the organisation; a PDF reader shows a signature as valid
 * once this root is trusted (`ops sign-ca-cert` prints it).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, X509Certificate, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { derOfPem, makeCertificate, pemOf, type DistinguishedName } from './x509';
import type { CaCertificate, CaCertificateRequest, CaVendor } from './types';

const ROOT_YEARS = 20;
const SIGNER_DAYS = 365;

export interface LocalCa {
  key: KeyObject;
  certificate: Buffer;
  name: DistinguishedName;
}

/** Loads the root of DATA_DIR/keys, or makes it once. */
export function loadOrCreateLocalCa(keysDir: string, commonName: string): LocalCa {
  const keyPath = join(keysDir, 'sign-ca-key.pem');
  const certPath = join(keysDir, 'sign-ca-cert.pem');
  const name: DistinguishedName = { commonName, organization: commonName, country: 'HK' };
  if (!existsSync(keyPath) || !existsSync(certPath)) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 3072 });
    const now = new Date();
    const { der } = makeCertificate({
      subject: name,
      issuer: name,
      subjectPublicKey: pair.publicKey,
      issuerPublicKey: pair.publicKey,
      issuerPrivateKey: pair.privateKey,
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: new Date(Date.UTC(now.getUTCFullYear() + ROOT_YEARS, now.getUTCMonth(), now.getUTCDate())),
      ca: true,
    });
    writeFileSync(keyPath, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(certPath, pemOf('CERTIFICATE', der), { mode: 0o600 });
  }
  const certificate = derOfPem(readFileSync(certPath, 'utf8'));
  const subject = new X509Certificate(certificate).subject;
  const cn = /CN=([^\n]+)/.exec(subject)?.[1] ?? commonName;
  const o = /O=([^\n]+)/.exec(subject)?.[1];
  const c = /C=([^\n]+)/.exec(subject)?.[1];
  return { key: createPrivateKey(readFileSync(keyPath, 'utf8')), certificate, name: { commonName: cn, organization: o, country: c } };
}

export function createLocalCa(keysDir: string, commonName: string): CaVendor {
  let ca: LocalCa | null = null;
  const root = () => (ca ??= loadOrCreateLocalCa(keysDir, commonName));
  return {
    name: 'local',
    async issue(r: CaCertificateRequest): Promise<CaCertificate> {
      const { key, certificate, name } = root();
      const notBefore = new Date(Date.now() - 60_000);
      const notAfter = new Date(notBefore.getTime() + SIGNER_DAYS * 86_400_000);
      const subject: DistinguishedName = { commonName: r.signerName, organization: r.organisationName, country: r.country, serialNumber: r.registrationNumber };
      const issued = makeCertificate({
        subject,
        issuer: name,
        subjectPublicKey: createPublicKey({ key: r.publicKeySpki, format: 'der', type: 'spki' }),
        issuerPublicKey: createPublicKey(key),
        issuerPrivateKey: key,
        notBefore,
        notAfter,
        ca: false,
      });
      const x = new X509Certificate(issued.der);
      return { certificate: issued.der, chain: [certificate], serialHex: issued.serialHex, issuer: x.issuer, subject: x.subject, notBefore, notAfter };
    },
    async rootCertificate() {
      return root().certificate;
    },
  };
}
