/** The vendors' settings that are more than a value: the local signing authority's root from secret files. */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from './error';
import type { Config, Env } from './index';

/**
 * CA_KEY_FILE + CA_CERT_FILE: both readable PEM, the certificate a CA's and in force, the key of a kind the
 * certificates are signed with (RSA, EC P-256/P-384) and the certificate's own.
 */
export function loadCaRootFiles(env: Env): Config['caRoot'] {
  if (!env.CA_KEY_FILE || !env.CA_CERT_FILE) return undefined;
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (err) {
      throw new ConfigError([`${name}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`]);
    }
  };
  const keyPem = read('CA_KEY_FILE', env.CA_KEY_FILE);
  const certPem = read('CA_CERT_FILE', env.CA_CERT_FILE);
  let key: KeyObject;
  let cert: X509Certificate;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new ConfigError([`CA_KEY_FILE: ${env.CA_KEY_FILE} is not a PEM private key (unencrypted PKCS#8, PKCS#1 or SEC1)`]);
  }
  try {
    cert = new X509Certificate(certPem);
  } catch {
    throw new ConfigError([`CA_CERT_FILE: ${env.CA_CERT_FILE} is not a PEM certificate`]);
  }
  const curve = key.asymmetricKeyDetails?.namedCurve;
  const problems: string[] = [];
  if (!(key.asymmetricKeyType === 'rsa' || (key.asymmetricKeyType === 'ec' && (curve === 'prime256v1' || curve === 'secp384r1')))) {
    problems.push(`CA_KEY_FILE: a ${key.asymmetricKeyType}${curve ? ` ${curve}` : ''} key; RSA or EC P-256/P-384 expected`);
  } else if (!cert.checkPrivateKey(key)) {
    problems.push(`CA_KEY_FILE: the key is not the one of CA_CERT_FILE's certificate (${cert.subject.replace(/\n/g, ', ')})`);
  }
  if (!cert.ca) problems.push('CA_CERT_FILE: not a CA certificate (basicConstraints CA:TRUE)');
  if (new Date(cert.validTo).getTime() <= Date.now()) problems.push(`CA_CERT_FILE: expired on ${new Date(cert.validTo).toISOString()}`);
  if (problems.length) throw new ConfigError(problems);
  return { keyPem, certPem };
}
