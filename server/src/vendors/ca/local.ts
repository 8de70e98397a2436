/**
 * The deployment's own certificate authority: its root from CA_KEY_FILE + CA_CERT_FILE, or the one the database keeps
 * for every process (root.ts). Signer certificates are valid for a year and name the organisation; a PDF reader shows
 * a signature as valid once this root is trusted (`ops sign-ca-cert` prints it).
 */
import { X509Certificate } from 'node:crypto';
import type { Db } from '../../db';
import { makeCertificate, parseCertificate } from './pki';
import { loadCaRoot, type CaRoot, type CaRootSettings } from './root';
import type { CaCertificate, CaCertificateRequest, CaVendor } from './types';

const SIGNER_DAYS = 365;

export function createLocalCa(settings: CaRootSettings, db: Db): CaVendor {
  let loading: Promise<CaRoot> | null = null;
  // loaded once per process; a failed load (database away) is tried again at the next call
  const root = () =>
    (loading ??= loadCaRoot(settings, db).catch((err: unknown) => {
      loading = null;
      throw err;
    }));
  // started now, with the app: a certificate is issued inside a transaction, where on PGlite (one connection) a query
  // on `db` would wait for that transaction's end (main.ts awaits it before listening and stops on its error)
  root().catch(() => undefined);
  return {
    name: 'local',
    async issue(r: CaCertificateRequest): Promise<CaCertificate> {
      const { key, certificate } = await root();
      const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
      const notAfter = new Date(notBefore.getTime() + SIGNER_DAYS * 86_400_000);
      const issued = await makeCertificate({
        subject: { commonName: r.signerName, organization: r.organisationName, country: r.country, serialNumber: r.registrationNumber },
        issuer: parseCertificate(certificate),
        subjectSpki: r.publicKeySpki,
        signingKey: key,
        notBefore,
        notAfter,
        ca: false,
      });
      const x = new X509Certificate(issued.der);
      return { certificate: issued.der, chain: [certificate], serialHex: issued.serialHex, issuer: x.issuer, subject: x.subject, notBefore, notAfter };
    },
    async rootCertificate() {
      return (await root()).certificate;
    },
  };
}
