/**
 * Signs a certificate of completion as the deployment: a key pair made for this one certificate (ECDSA P-256), certified
 * by the deployment's certificate authority (the CA vendor, as a signer's key is for organisation signing), and the PDF
 * signed with it by pdf/sign.ts (a detached CMS that pdfsig and Acrobat verify against the CA's root). The certificate
 * is issued first, so that the PDF can list it and its chain.
 */
import { X509Certificate, createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Lang } from '@core/domain';
import { signPdf } from '../../pdf/sign';
import type { CaVendor } from '../../vendors/ca';
import { certText } from './certificate-layout';
import type { CertificateRow } from './certificate-layout';

export interface CompletionKey {
  certificate: Buffer;
  chain: Buffer[];
  privateKey: KeyObject;
}

/** A key certified for one certificate of completion; `subjectId` (the application or the ticket) goes in the subject's serialNumber. */
export async function completionKey(ca: CaVendor, o: { caName: string; subjectId: string }): Promise<CompletionKey> {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const issued = await ca.issue({
    publicKeySpki: pair.publicKey.export({ type: 'spki', format: 'der' }),
    signerName: 'Certificate of completion',
    organisationName: o.caName,
    registrationNumber: o.subjectId,
    country: 'HK',
  });
  return { certificate: issued.certificate, chain: issued.chain, privateKey: pair.privateKey };
}

/** Subject, issuer, serial, validity and SHA-256 fingerprint of each certificate of a chain (the signer's first), as rows. */
export function chainRows(certs: readonly Uint8Array[], lang: Lang): CertificateRow[][] {
  return certs.map((der) => {
    const x = new X509Certificate(der);
    // colon-separated bytes, a space after every eighth colon so that it wraps
    const bytes = createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g)!;
    const fingerprint = Array.from({ length: bytes.length / 8 }, (_, i) => bytes.slice(i * 8, i * 8 + 8).join(':')).join(': ');
    return [
      { label: certText(lang, 'fields.subject'), value: x.subject.replace(/\n/g, ', ') },
      { label: certText(lang, 'fields.issuer'), value: x.issuer.replace(/\n/g, ', ') },
      { label: certText(lang, 'fields.serial'), value: x.serialNumber },
      { label: certText(lang, 'fields.validity'), value: certText(lang, 'validity', { from: new Date(x.validFrom).toISOString().slice(0, 10), to: new Date(x.validTo).toISOString().slice(0, 10) }) },
      { label: certText(lang, 'fields.fingerprint'), value: fingerprint },
    ];
  });
}

/** The PDF signed with the key (no visible signature field: the document shows the applicant's own signature). */
export async function signCompletion(bytes: Uint8Array, key: CompletionKey, o: { at: Date; name: string; reason: string }): Promise<Buffer> {
  return signPdf(bytes, { signer: { certificate: key.certificate, privateKey: key.privateKey, chain: key.chain }, signingTime: o.at, name: o.name, reason: o.reason });
}
