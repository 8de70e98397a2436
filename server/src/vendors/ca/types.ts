/** Certificate authority vendor: issues an organisation signer's document-signing certificate (CorpApplyCACert). */
export interface CaCertificateRequest {
  /** the signer's public key, SubjectPublicKeyInfo DER (the key pair is made by the service) */
  publicKeySpki: Buffer;
  signerName: string;
  organisationName: string;
  /** the organisation's registration number (in the subject's serialNumber) */
  registrationNumber: string;
  /** a two-letter country of the organisation */
  country: string;
}

export interface CaCertificate {
  /** the signer's certificate (DER) */
  certificate: Buffer;
  /** the issuing chain, nearest first, up to and including the root (DER) */
  chain: Buffer[];
  serialHex: string;
  issuer: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
}

export interface CaVendor {
  /** 'local' (the deployment's own authority: its root from settings or the database) or 'http' */
  readonly name: string;
  issue(request: CaCertificateRequest): Promise<CaCertificate>;
  /** the root certificate a reader must trust to see the signatures as valid (DER) */
  rootCertificate(): Promise<Buffer>;
}

export interface CaSettings {
  CA_VENDOR?: 'local' | 'http';
  /** for 'http': the base URL of the authority's adapter (see http.ts) */
  CA_HTTP_URL?: string;
  CA_HTTP_KEY?: string;
  /** for 'local': where an earlier version kept its root (DATA_DIR/keys), imported into the database at the first start */
  keysDir: string;
  /** for 'local': the name in its certificates (used when its root is first made) */
  CA_NAME?: string;
  /** for 'local': the root from CA_KEY_FILE + CA_CERT_FILE (PEM), used instead of the database's */
  root?: { keyPem: string; certPem: string };
  /** for 'local': SIGNING_SECRET, which seals the root's private key in the database */
  signingSecret: string;
}
