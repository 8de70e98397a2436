/**
 * The signing module's secrets, derived from SIGNING_SECRET (DATA_DIR/keys/signing.secret unless set):
 * the HMAC of a signer's ID number (never kept in clear) and the AES-256-GCM key sealing each signer's private key.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config';

const keyOf = (config: Pick<Config, 'secrets'>, label: string) => Buffer.from(hkdfSync('sha256', config.secrets.signingSecret, 'org-sign', label, 32));

/** HMAC-SHA256 (hex) of an ID number's comparison form (normaliseSignIdNumber). */
export const idNumberHmac = (config: Pick<Config, 'secrets'>, normalised: string): string =>
  createHmac('sha256', keyOf(config, 'id-number')).update(normalised).digest('hex');

/** A signer's private key (PKCS#8 DER) sealed: base64url(iv).base64url(ciphertext+tag). */
export function sealKey(config: Pick<Config, 'secrets'>, ticketId: string, pkcs8: Buffer): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(config, 'signer-key'), iv);
  c.setAAD(Buffer.from(ticketId));
  const out = Buffer.concat([c.update(pkcs8), c.final(), c.getAuthTag()]);
  return `${iv.toString('base64url')}.${out.toString('base64url')}`;
}

export function openKey(config: Pick<Config, 'secrets'>, ticketId: string, sealed: string): Buffer {
  const [iv, body] = sealed.split('.') as [string, string];
  const bytes = Buffer.from(body, 'base64url');
  const d = createDecipheriv('aes-256-gcm', keyOf(config, 'signer-key'), Buffer.from(iv, 'base64url'));
  d.setAAD(Buffer.from(ticketId));
  d.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([d.update(bytes.subarray(0, bytes.length - 16)), d.final()]);
}

/** An ID number shown to its owner: the first two and last two characters. */
export function maskSignIdNumber(normalised: string): string {
  return normalised.length <= 4 ? '*'.repeat(normalised.length) : normalised.slice(0, 2) + '*'.repeat(normalised.length - 4) + normalised.slice(-2);
}
