/**
 * X.509 v3 certificates and CMS (PKCS#7) detached signatures, encoded with der.ts and signed with node:crypto.
 * Only what the local certificate authority and the PDF signatures need: RSA keys, SHA-256.
 */
import { createHash, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { algorithm, bits, bool, explicit, implicitConstructed, int, namedBits, octets, OID, oid, printable, seq, set, time, utf8, type Der } from './der';

export interface DistinguishedName {
  commonName: string;
  organization?: string;
  /** two letters */
  country?: string;
  serialNumber?: string;
}

export function encodeName(n: DistinguishedName): Der {
  const rdn = (type: string, value: Der) => set(seq(oid(type), value));
  return seq(
    ...(n.country ? [rdn(OID.country, printable(n.country))] : []),
    ...(n.organization ? [rdn(OID.organization, utf8(n.organization))] : []),
    ...(n.serialNumber ? [rdn(OID.serialNumber, printable(n.serialNumber))] : []),
    rdn(OID.commonName, utf8(n.commonName)),
  );
}

const spkiOf = (key: KeyObject): Buffer => (key.type === 'public' ? key : createPublicKey(key)).export({ type: 'spki', format: 'der' });
/** the key identifier: SHA-1 of the whole SubjectPublicKeyInfo (a method RFC 7093 allows) */
export const keyIdOf = (key: KeyObject): Buffer => createHash('sha1').update(spkiOf(key)).digest();

export interface CertificateRequest {
  subject: DistinguishedName;
  issuer: DistinguishedName;
  subjectPublicKey: KeyObject;
  issuerPublicKey: KeyObject;
  issuerPrivateKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  /** a certificate authority (signs certificates) or a signer (signs documents) */
  ca: boolean;
  serial?: Buffer;
}

export interface IssuedCertificate {
  der: Buffer;
  serialHex: string;
}

export function makeCertificate(r: CertificateRequest): IssuedCertificate {
  const serial = r.serial ?? Buffer.concat([Buffer.from([0x01]), randomBytes(15)]);
  const ext = (id: string, critical: boolean, value: Der) => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
  const extensions = [
    ext(OID.basicConstraints, true, r.ca ? seq(bool(true)) : seq()),
    // CA: keyCertSign (5), cRLSign (6); signer: digitalSignature (0), nonRepudiation (1)
    ext(OID.keyUsage, true, r.ca ? namedBits(5, 6) : namedBits(0, 1)),
    ext(OID.subjectKeyId, false, octets(keyIdOf(r.subjectPublicKey))),
    ext(OID.authorityKeyId, false, seq(Buffer.concat([Buffer.from([0x80]), Buffer.from([20]), keyIdOf(r.issuerPublicKey)]))),
    ...(r.ca ? [] : [ext(OID.extKeyUsage, false, seq(oid(OID.emailProtection), oid(OID.documentSigning)))]),
  ];
  const tbs = seq(
    explicit(0, int(2)),
    int(serial),
    algorithm(OID.sha256WithRSA),
    encodeName(r.issuer),
    seq(time(r.notBefore), time(r.notAfter)),
    encodeName(r.subject),
    spkiOf(r.subjectPublicKey),
    explicit(3, seq(...extensions)),
  );
  const signature = sign('sha256', tbs, r.issuerPrivateKey);
  const der = seq(tbs, algorithm(OID.sha256WithRSA), bits(signature));
  return { der, serialHex: int(serial).subarray(2).toString('hex') };
}

/** One DER element at `offset`: its tag, where its content starts and where it ends. */
function element(buf: Buffer, offset: number): { tag: number; content: number; end: number } {
  const tag = buf[offset]!;
  let len = buf[offset + 1]!;
  let content = offset + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[offset + 2 + i]!;
    content += n;
  }
  if (content + len > buf.length) throw new Error('DER: element runs past the end');
  return { tag, content, end: content + len };
}

/** A certificate's serial (INTEGER element) and issuer (Name element) exactly as encoded in it. */
export function issuerAndSerialOf(certificate: Buffer): { serial: Buffer; issuer: Buffer } {
  const cert = element(certificate, 0);
  const tbs = element(certificate, cert.content);
  let at = tbs.content;
  const first = element(certificate, at);
  if (first.tag === 0xa0) at = first.end; // [0] version
  const serial = element(certificate, at);
  const sigAlg = element(certificate, serial.end);
  const issuer = element(certificate, sigAlg.end);
  return { serial: certificate.subarray(at, serial.end), issuer: certificate.subarray(sigAlg.end, issuer.end) };
}

export interface CmsSigner {
  /** the signer's certificate (DER): its issuer and serial name the signer in the CMS */
  certificate: Buffer;
  privateKey: KeyObject;
  /** the chain up to the root, sent with the signature so a reader can build it */
  chain: Buffer[];
}

/**
 * A detached CMS SignedData (RFC 5652) over `content`: SHA-256, RSA PKCS#1 v1.5, signed attributes
 * contentType, signingTime and messageDigest (what adbe.pkcs7.detached and PAdES basic readers check).
 */
export function cmsDetachedSignature(content: Buffer, signer: CmsSigner, signingTime: Date): Buffer {
  const digest = createHash('sha256').update(content).digest();
  const attrs = [
    seq(oid(OID.contentType), set(oid(OID.data))),
    seq(oid(OID.signingTime), set(time(signingTime))),
    seq(oid(OID.messageDigest), set(octets(digest))),
  ];
  const signedAttrsSet = set(...attrs);
  const signature = sign('sha256', signedAttrsSet, signer.privateKey);
  const signerInfo = seq(
    int(1),
    seq(issuerAndSerialOf(signer.certificate).issuer, issuerAndSerialOf(signer.certificate).serial),
    algorithm(OID.sha256),
    // [0] IMPLICIT SET OF Attribute: the same content as the signed set, under the context tag
    Buffer.concat([Buffer.from([0xa0]), signedAttrsSet.subarray(1)]),
    algorithm(OID.rsaEncryption),
    octets(signature),
  );
  const signedData = seq(
    int(1),
    set(algorithm(OID.sha256)),
    seq(oid(OID.data)),
    implicitConstructed(0, signer.certificate, ...signer.chain),
    set(signerInfo),
  );
  return seq(oid(OID.signedData), explicit(0, signedData));
}

export const pemOf = (label: string, der: Buffer): string =>
  `-----BEGIN ${label}-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;
export function derOfPem(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}
