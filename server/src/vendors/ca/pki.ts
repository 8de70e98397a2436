/**
 * X.509 certificates of the local certificate authority, built and signed with pkijs/asn1js over WebCrypto:
 * the self-signed root and the signers' document-signing certificates. Keys are node:crypto KeyObjects
 * (RSA, or ECDSA on P-256 / P-384); the signature algorithm follows the key. Also the WebCrypto glue the
 * PDF signatures (pdf/cms.ts) share.
 */
import { createHash, randomBytes, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** pkijs over Node's WebCrypto, passed explicitly (no global engine) */
export const pkiEngine = new pkijs.CryptoEngine({ name: 'node', crypto: globalThis.crypto });

export const OID = {
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
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
  /** RFC 9336 id-kp-documentSigning */
  documentSigning: '1.3.6.1.5.5.7.3.36',
  /** Microsoft's document signing purpose, which Acrobat also reads */
  msDocumentSigning: '1.3.6.1.4.1.311.10.3.12',
} as const;

export type HashName = 'SHA-256' | 'SHA-384';

/** What a private key signs with: RSASSA-PKCS1-v1_5 / SHA-256, ECDSA P-256 / SHA-256 or P-384 / SHA-384. */
export function signatureScheme(key: KeyObject): { params: RsaHashedImportParams | EcKeyImportParams; hash: HashName } {
  if (key.asymmetricKeyType === 'rsa') return { params: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, hash: 'SHA-256' };
  if (key.asymmetricKeyType === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve === 'prime256v1') return { params: { name: 'ECDSA', namedCurve: 'P-256' }, hash: 'SHA-256' };
    if (curve === 'secp384r1') return { params: { name: 'ECDSA', namedCurve: 'P-384' }, hash: 'SHA-384' };
  }
  throw new Error(`unsupported signing key (${key.asymmetricKeyType}${key.asymmetricKeyDetails?.namedCurve ? ` ${key.asymmetricKeyDetails.namedCurve}` : ''}): RSA or EC P-256/P-384 expected`);
}

/** The private key as a WebCrypto signing key, with the hash it signs with. */
export function webSigningKey(key: KeyObject): { key: CryptoKey; hash: HashName } {
  const { params, hash } = signatureScheme(key);
  return { key: key.toCryptoKey(params, false, ['sign']) as CryptoKey, hash };
}

export interface DistinguishedName {
  commonName: string;
  organization?: string;
  /** two letters */
  country?: string;
  /** an organisation's registration number */
  serialNumber?: string;
}

/** A Name of one attribute per RDN (C, O, serialNumber, CN), as the certificates carry it. */
export function encodeName(n: DistinguishedName): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: asn1js.BaseBlock) =>
    new asn1js.Set({ value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: type }), value] })] });
  const rdns = [
    ...(n.country ? [rdn(OID.country, new asn1js.PrintableString({ value: n.country }))] : []),
    ...(n.organization ? [rdn(OID.organization, new asn1js.Utf8String({ value: n.organization }))] : []),
    ...(n.serialNumber ? [rdn(OID.serialNumber, new asn1js.PrintableString({ value: n.serialNumber }))] : []),
    rdn(OID.commonName, new asn1js.Utf8String({ value: n.commonName })),
  ];
  // through BER, so pkijs keeps this exact encoding (built from parts it would put every attribute in one RDN)
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER());
}

export const parseCertificate = (der: Uint8Array): pkijs.Certificate => pkijs.Certificate.fromBER(new Uint8Array(der));

/** A key identifier: SHA-1 of the whole SubjectPublicKeyInfo (a method RFC 7093 allows). */
export const keyIdOfSpki = (spki: Uint8Array): Buffer => createHash('sha1').update(spki).digest();

/** The certificate's subject key identifier, or one computed from its key when it carries none. */
export function subjectKeyIdOf(cert: pkijs.Certificate): Buffer {
  const ext = cert.extensions?.find((e) => e.extnID === OID.subjectKeyId);
  if (ext?.parsedValue instanceof asn1js.OctetString) return Buffer.from(ext.parsedValue.valueBlock.valueHexView);
  return keyIdOfSpki(new Uint8Array(cert.subjectPublicKeyInfo.toSchema().toBER()));
}

/** DER times of whole seconds: UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280) */
export const wholeSeconds = (d: Date): Date => new Date(Math.floor(d.getTime() / 1000) * 1000);
const certTime = (d: Date) => new pkijs.Time({ type: d.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime, value: wholeSeconds(d) });

export interface CertificateRequest {
  subject: DistinguishedName;
  /** the issuer's certificate (a signer's) or none (the self-signed root) */
  issuer?: pkijs.Certificate;
  /** the subject's public key, SubjectPublicKeyInfo DER */
  subjectSpki: Uint8Array;
  /** the issuer's private key (the subject's own for the root) */
  signingKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  /** a certificate authority (signs certificates) or a signer (signs documents) */
  ca: boolean;
}

export interface IssuedCertificate {
  der: Buffer;
  serialHex: string;
}

const extension = (extnID: string, critical: boolean, value: asn1js.BaseBlock) => new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });

export async function makeCertificate(r: CertificateRequest): Promise<IssuedCertificate> {
  const serial = Buffer.concat([Buffer.from([0x01]), randomBytes(15)]);
  const subjectKeyId = keyIdOfSpki(r.subjectSpki);
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ valueHex: serial });
  cert.subject = encodeName(r.subject);
  // the issuer exactly as encoded in its certificate (parsed names keep their encoding)
  cert.issuer = r.issuer ? r.issuer.subject : cert.subject;
  cert.notBefore = certTime(r.notBefore);
  cert.notAfter = certTime(r.notAfter);
  cert.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(new Uint8Array(r.subjectSpki));
  cert.extensions = [
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: r.ca }).toSchema()),
    // CA: keyCertSign (5), cRLSign (6); signer: digitalSignature (0), nonRepudiation (1)
    extension(OID.keyUsage, true, new asn1js.BitString({ valueHex: Uint8Array.from([r.ca ? 0x06 : 0xc0]), unusedBits: r.ca ? 1 : 6 })),
    extension(OID.subjectKeyId, false, new asn1js.OctetString({ valueHex: subjectKeyId })),
    extension(
      OID.authorityKeyId,
      false,
      new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: r.issuer ? subjectKeyIdOf(r.issuer) : subjectKeyId }) }).toSchema(),
    ),
    ...(r.ca ? [] : [extension(OID.extKeyUsage, false, new pkijs.ExtKeyUsage({ keyPurposes: [OID.emailProtection, OID.documentSigning, OID.msDocumentSigning] }).toSchema())]),
  ];
  const { key, hash } = webSigningKey(r.signingKey);
  await cert.sign(key, hash, pkiEngine);
  // the TBS exactly as signed
  return { der: Buffer.from(cert.toSchema().toBER(false)), serialHex: serial.toString('hex') };
}
