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
import { certText, hongKongTime, renderCertificate } from './certificate-layout';
import type { CertificateRow, CertificateSection } from './certificate-layout';

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
      // Hong Kong time, named, as every other time of the certificate
      { label: certText(lang, 'fields.validity'), value: certText(lang, 'validity', { from: hongKongTime(new Date(x.validFrom), lang), to: hongKongTime(new Date(x.validTo), lang) }) },
      { label: certText(lang, 'fields.fingerprint'), value: fingerprint },
    ];
  });
}

/** The PDF signed with the key (no visible signature field: the document shows the applicant's own signature). */
export async function signCompletion(bytes: Uint8Array, key: CompletionKey, o: { at: Date; name: string; reason: string }): Promise<Buffer> {
  return signPdf(bytes, { signer: { certificate: key.certificate, privateKey: key.privateKey, chain: key.chain }, signingTime: o.at, name: o.name, reason: o.reason });
}

/** A chain as sections: the first certificate under `first` ("signed by", "documents signed with"), each issuer under "issued by". */
export function chainSections(certs: readonly Uint8Array[], lang: Lang, first: 'sections.signedBy' | 'sections.documentsSignedWith'): CertificateSection[] {
  return chainRows(certs, lang).map((rows, i) => ({ heading: certText(lang, i === 0 ? first : 'sections.issuedBy'), rows }));
}

/**
 * A certificate of completion made and signed: a key certified for it, the sections followed by that key's chain
 * ("signed by"), the layout in the language, signed at `at`. The applicant's and the signer's both come through here.
 */
export async function makeCertificate(
  ca: CaVendor,
  o: { caName: string; subjectId: string; lang: Lang; at: Date; intro: string; sections: CertificateSection[]; reason: string },
): Promise<Buffer> {
  const key = await completionKey(ca, { caName: o.caName, subjectId: o.subjectId });
  const title = certText(o.lang, 'title');
  const unsigned = await renderCertificate({
    lang: o.lang,
    title,
    intro: o.intro,
    sections: [...o.sections, ...chainSections([key.certificate, ...key.chain], o.lang, 'sections.signedBy')],
    footer: `${title} · ${o.subjectId}`,
    subject: `certificate of completion ${o.subjectId}`,
  });
  return signCompletion(unsigned, key, { at: o.at, name: 'Certificate of completion', reason: o.reason });
}

/**
 * Keeps the first certificate made for its key: `store` the bytes, `keep` their row unless one is there already (an
 * insert that does nothing on conflict answers null), then the row kept first is answered (`kept`) and this request's
 * stored bytes are `discard`ed, so that two requests at once answer the same file.
 */
export async function keepFirst<S, T>(o: { store: () => Promise<S>; keep: (stored: S) => Promise<T | null>; kept: () => Promise<T>; discard: (stored: S) => Promise<void> }): Promise<T> {
  const stored = await o.store();
  const mine = await o.keep(stored).catch(async (err: unknown) => {
    await o.discard(stored);
    throw err;
  });
  if (mine) return mine;
  await o.discard(stored);
  return o.kept();
}
