/**
 * The vendors' settings (SMS, IP and address lookups, company registry, signing authority, OCR, face check, AML
 * screening: local or an HTTP adapter each), their checks, and the local signing authority's root from secret files.
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from './error';
import { int, isExecutableFile, optionalText, type CrossCheck } from './fields';
import type { Config, Env } from './index';

export const vendorsEnv = {
  SMS_VENDOR: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: optionalText.pipe(z.url().optional()),
  IPGEO_VENDOR: z.enum(['local', 'http']).default('local'),
  IPGEO_HTTP_URL: optionalText.pipe(z.url().optional()),
  GEOCODE_VENDOR: z.enum(['local', 'http']).default('local'),
  GEOCODE_HTTP_URL: optionalText.pipe(z.url().optional()),
  /** company registry for CompanySearch/CompanyInfo: the local companies table, or an HTTP adapter (vendors/company/http.ts) */
  COMPANY_VENDOR: z.enum(['local', 'http']).default('local'),
  COMPANY_HTTP_URL: optionalText.pipe(z.url().optional()),
  COMPANY_HTTP_KEY: optionalText,
  /** the signers' certificate authority: the deployment's own in DATA_DIR/keys (local) or an HTTP adapter (vendors/ca/http.ts) */
  CA_VENDOR: z.enum(['local', 'http']).default('local'),
  CA_HTTP_URL: optionalText,
  CA_HTTP_KEY: optionalText,
  /** the local authority's name in its certificates (used when its root is first made) */
  CA_NAME: z.string().min(1).max(64).default('ESOP Signing CA'),
  /** the local authority's root from secret files (PEM): its private key (RSA, or EC P-256/P-384) and CA certificate, both or neither; neither: made once and kept in the database for every process */
  CA_KEY_FILE: optionalText,
  CA_CERT_FILE: optionalText,
  /** ID and bank card OCR: local tesseract.js (offline language data from npm) or an HTTP adapter (vendors/ocr/http.ts) */
  OCR_VENDOR: z.enum(['local', 'http']).default('local'),
  OCR_HTTP_URL: optionalText.pipe(z.url().optional()),
  OCR_HTTP_KEY: optionalText,
  /** longest one card reading may take (the screens give up at 60 s) */
  OCR_TIMEOUT_MS: int(45_000, 1000, 59_000),
  /** face check of LivingBodyVerifyRaw: local (Human from npm and ffmpeg, see FFMPEG_PATH, in child processes, offline) or an HTTP adapter (vendors/face/http.ts) */
  FACE_VENDOR: z.enum(['local', 'http']).default('local'),
  /** the ffmpeg that decodes applicants' videos: this executable; unset: `ffmpeg` on PATH, else the bundled 2018 build of @ffmpeg-installer */
  FFMPEG_PATH: optionalText.pipe(z.string().refine(isExecutableFile, 'not an executable file').optional()),
  FACE_HTTP_URL: optionalText.pipe(z.url().optional()),
  FACE_HTTP_KEY: optionalText,
  /** longest one face check may take (the screen gives up at 60 s) */
  FACE_TIMEOUT_MS: int(45_000, 5000, 59_000),
  /**
   * local face checks one worker process runs at once (each a child process of ~370 MB at peak); and face checks that
   * may wait in the queue, for the whole deployment, before "busy" (about 1.7 s a check per engine: 20 wait under 45 s)
   */
  FACE_WORKERS: int(1, 1, 8),
  FACE_QUEUE: int(20, 1, 200),
  /**
   * seconds one face check takes on one engine of this deployment, for the applicant's wait estimate and the busy
   * answer's retry time (measured: 6.7 s for the local engine on 2 busy cores, issue 38; an http vendor's own figure)
   */
  FACE_SECONDS_PER_CHECK: z.coerce.number().min(0.5).max(120).default(7),
  /** AML screening for ApplyAmlCheck: the local watch list (aml_watchlist, `ops aml-import`) or an HTTP adapter (vendors/aml/http.ts) */
  AML_VENDOR: z.enum(['local', 'http']).default('local'),
  AML_HTTP_URL: optionalText.pipe(z.url().optional()),
  AML_HTTP_KEY: optionalText,
};

export const vendorsChecks: CrossCheck = (env, set) => {
  const problems: string[] = [];
  if (env.SMS_VENDOR === 'http' && !set('SMS_HTTP_URL')) problems.push('SMS_HTTP_URL: is required when SMS_VENDOR=http');
  if (env.NODE_ENV === 'production' && (env.SMS_VENDOR ?? 'console') === 'console') {
    problems.push('SMS_VENDOR: must be http in production (the console vendor prints login codes in the log)');
  }
  for (const [vendor, url] of [['IPGEO', 'IPGEO_HTTP_URL'], ['GEOCODE', 'GEOCODE_HTTP_URL'], ['COMPANY', 'COMPANY_HTTP_URL'], ['CA', 'CA_HTTP_URL'], ['OCR', 'OCR_HTTP_URL'], ['FACE', 'FACE_HTTP_URL'], ['AML', 'AML_HTTP_URL']]) {
    if (env[`${vendor}_VENDOR`] === 'http' && !set(url)) problems.push(`${url}: is required when ${vendor}_VENDOR=http`);
  }
  if (set('CA_KEY_FILE') !== set('CA_CERT_FILE')) problems.push('CA_CERT_FILE: set both CA_KEY_FILE and CA_CERT_FILE, or neither');
  if (env.CA_VENDOR === 'http' && (set('CA_KEY_FILE') || set('CA_CERT_FILE'))) problems.push('CA_KEY_FILE: names the local authority\'s root; not used with CA_VENDOR=http');
  return problems;
};

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
