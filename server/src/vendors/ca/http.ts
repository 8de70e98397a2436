/**
 * A certificate authority behind an HTTP adapter. POST <CA_HTTP_URL>/issue with JSON
 * {publicKey: base64 SPKI DER, signerName, organisationName, registrationNumber, country}
 * → {certificate: base64 DER, chain: [base64 DER, … up to the root]}; GET <CA_HTTP_URL>/root → {certificate}.
 * `Authorization: Bearer <CA_HTTP_KEY>` when set; 20 s per call.
 */
import { X509Certificate } from 'node:crypto';
import type { CaCertificate, CaCertificateRequest, CaSettings, CaVendor } from './types';

const TIMEOUT_MS = 20_000;

export function createHttpCa(settings: CaSettings): CaVendor {
  const base = (settings.CA_HTTP_URL ?? '').replace(/\/$/, '');
  const headers = { 'content-type': 'application/json', ...(settings.CA_HTTP_KEY ? { authorization: `Bearer ${settings.CA_HTTP_KEY}` } : {}) };
  async function call(path: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(base + path, { method: body ? 'POST' : 'GET', headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`CA vendor answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }
  const der = (v: unknown): Buffer => {
    if (typeof v !== 'string' || !v) throw new Error('CA vendor: no certificate');
    return Buffer.from(v, 'base64');
  };
  return {
    name: 'http',
    async issue(r: CaCertificateRequest): Promise<CaCertificate> {
      const out = await call('/issue', { publicKey: r.publicKeySpki.toString('base64'), signerName: r.signerName, organisationName: r.organisationName, registrationNumber: r.registrationNumber, country: r.country });
      const certificate = der(out.certificate);
      const chain = Array.isArray(out.chain) ? out.chain.map(der) : [];
      const x = new X509Certificate(certificate);
      return { certificate, chain, serialHex: x.serialNumber.toLowerCase(), issuer: x.issuer, subject: x.subject, notBefore: new Date(x.validFrom), notAfter: new Date(x.validTo) };
    },
    async rootCertificate() {
      return der((await call('/root')).certificate);
    },
  };
}
