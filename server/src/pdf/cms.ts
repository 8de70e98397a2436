/**
 * The CMS SignedData (RFC 5652) of a PDF signature, detached, built with pkijs: what SubFilter
 * adbe.pkcs7.detached readers (Acrobat, Foxit, poppler) and `openssl cms -verify` check. Signed attributes:
 * contentType, signingTime, messageDigest and the ESS signing-certificate-v2 (binds the signer's certificate).
 * `CmsPdfSigner` hands it to @signpdf as its Signer.
 */
import { createHash, type KeyObject } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, parseCertificate, pkiEngine, webSigningKey, wholeSeconds } from '../vendors/ca/pki';

export interface CmsSigner {
  /** the signer's certificate (DER): its issuer and serial name the signer in the CMS */
  certificate: Buffer;
  privateKey: KeyObject;
  /** the chain up to the root, sent with the signature so a reader can build it */
  chain: Buffer[];
}

const attribute = (type: string, value: asn1js.BaseBlock) => new pkijs.Attribute({ type, values: [value] });
const hashOf = (hash: string, data: Uint8Array) => createHash(hash.replace('-', '').toLowerCase()).update(data).digest();
const signingTimeOf = (d: Date) => (d.getUTCFullYear() < 2050 ? new asn1js.UTCTime({ valueDate: wholeSeconds(d) }) : new asn1js.GeneralizedTime({ valueDate: wholeSeconds(d) }));

/** ESS SigningCertificateV2 (RFC 5035) of one certificate: its SHA-256 (the default hash, so not named) and issuer/serial. */
function signingCertificateV2(der: Buffer, cert: pkijs.Certificate): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: cert.issuer })] }).toSchema(), cert.serialNumber],
  });
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: hashOf('SHA-256', der) }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/** A detached CMS signature (DER) of `content` at `signingTime`. */
export async function cmsDetachedSignature(content: Uint8Array, signer: CmsSigner, signingTime: Date): Promise<Buffer> {
  const { key, hash } = webSigningKey(signer.privateKey);
  const cert = parseCertificate(signer.certificate);
  const attributes = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
    attribute(OID.signingTime, signingTimeOf(signingTime)),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: hashOf(hash, content) })),
    attribute(OID.signingCertificateV2, signingCertificateV2(signer.certificate, cert)),
  ];
  // DER orders a SET OF by the elements' encodings (verifiers such as OpenSSL re-encode it before checking)
  const encoded = new Map(attributes.map((a) => [a, Buffer.from(a.toSchema().toBER(false))]));
  attributes.sort((a, b) => Buffer.compare(encoded.get(a)!, encoded.get(b)!));

  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: [cert, ...signer.chain.map((c) => parseCertificate(c))],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
      }),
    ],
  });
  // with signed attributes pkijs signs their encoding (the content's digest is in messageDigest)
  await signedData.sign(key, 0, hash, undefined, pkiEngine);
  const info = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signedData.toSchema() });
  return Buffer.from(info.toSchema().toBER(false));
}

/** @signpdf's Signer: the CMS over the bytes outside /Contents, at the signing time given to the PDF. */
export class CmsPdfSigner extends Signer {
  constructor(
    private readonly signer: CmsSigner,
    private readonly signingTime: Date,
  ) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    return cmsDetachedSignature(content, this.signer, this.signingTime);
  }
}
