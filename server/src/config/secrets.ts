/**
 * The secrets: given as settings or files, or (outside production) made once in DATA_DIR/keys (mode 0600) and reused;
 * the cipher's key pair likewise, and its replay guard.
 */
import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError } from './error';
import { notBoth, optionalText, type CrossCheck } from './fields';
import type { Env } from './index';

export const secretsEnv = {
  CIPHER_PRIVATE_KEY_FILE: optionalText,
  CIPHER_PUBLIC_KEY_FILE: optionalText,
  /**
   * replay guard of the cipher: `database` (sessions sealed and nonces in the database: any process accepts any session,
   * one nonce insert per request; the default on PostgreSQL) or `memory` (sessions and nonces in this process only: no
   * database work per request; only for a single process: the default on PGlite, which one process alone can open)
   */
  CIPHER_REPLAY_GUARD: z.enum(['memory', 'database']).optional(),
  APP_TOKEN_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** APP_TOKEN_SECRET / SIGNING_SECRET read from a file instead (a mounted secret); not with the variable itself */
  APP_TOKEN_SECRET_FILE: optionalText,
  SIGNING_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SIGNING_SECRET_FILE: optionalText,
};

export const secretsChecks: CrossCheck = (env, set) => {
  const problems: string[] = [];
  if (set('CIPHER_PRIVATE_KEY_FILE') !== set('CIPHER_PUBLIC_KEY_FILE')) {
    problems.push('CIPHER_PUBLIC_KEY_FILE: set both CIPHER_PRIVATE_KEY_FILE and CIPHER_PUBLIC_KEY_FILE, or neither');
  }
  problems.push(...notBoth('APP_TOKEN_SECRET', set), ...notBoth('SIGNING_SECRET', set));
  if (env.NODE_ENV === 'production') {
    // secrets made in DATA_DIR/keys would differ between processes and machines: in production every one is given
    const why = 'is required in production (every process must hold the same one; none is made in DATA_DIR/keys)';
    if (!set('CIPHER_PRIVATE_KEY_FILE') && !set('CIPHER_PUBLIC_KEY_FILE')) problems.push(`CIPHER_PRIVATE_KEY_FILE, CIPHER_PUBLIC_KEY_FILE: the cipher key pair ${why}`);
    if (!set('APP_TOKEN_SECRET') && !set('APP_TOKEN_SECRET_FILE')) problems.push(`APP_TOKEN_SECRET (or APP_TOKEN_SECRET_FILE): ${why}`);
    if (!set('SIGNING_SECRET') && !set('SIGNING_SECRET_FILE')) problems.push(`SIGNING_SECRET (or SIGNING_SECRET_FILE): ${why}`);
  }
  return problems;
};

export interface Secrets {
  /** PEM (PKCS#8) of the RSA key that unwraps session keys */
  cipherPrivateKeyPem: string;
  /** PEM (SPKI) of its public half */
  cipherPublicKeyPem: string;
  /** key id: first 16 hex chars of the SHA-256 of the SPKI DER */
  cipherKid: string;
  appTokenSecret: string;
  signingSecret: string;
}

export function writeSecretFile(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** A secret given as a file (e.g. a mounted secret): its content trimmed, at least 32 characters. */
export function readSecretFile(name: string, path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (err) {
    throw new ConfigError([`${name}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`]);
  }
  if (text.length < 32) throw new ConfigError([`${name}: the secret in ${path} must be at least 32 characters`]);
  return text;
}

export function readOrCreateSecret(path: string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeSecretFile(path, secret + '\n');
  return secret;
}

/** Reads the configured key files, or makes (once) a key pair in DATA_DIR/keys. */
export function loadCipherKeys(env: Env, keysDir: string): Pick<Secrets, 'cipherPrivateKeyPem' | 'cipherPublicKeyPem' | 'cipherKid'> {
  let privatePem: string;
  let publicPem: string;
  if (env.CIPHER_PRIVATE_KEY_FILE && env.CIPHER_PUBLIC_KEY_FILE) {
    const problems: string[] = [];
    for (const [name, file] of [['CIPHER_PRIVATE_KEY_FILE', env.CIPHER_PRIVATE_KEY_FILE], ['CIPHER_PUBLIC_KEY_FILE', env.CIPHER_PUBLIC_KEY_FILE]]) {
      if (!existsSync(file)) problems.push(`${name}: file ${file} does not exist`);
    }
    if (problems.length) throw new ConfigError(problems);
    privatePem = readFileSync(env.CIPHER_PRIVATE_KEY_FILE, 'utf8');
    publicPem = readFileSync(env.CIPHER_PUBLIC_KEY_FILE, 'utf8');
  } else {
    const privPath = join(keysDir, 'cipher-private.pem');
    const pubPath = join(keysDir, 'cipher-public.pem');
    if (!existsSync(privPath) || !existsSync(pubPath)) {
      const pair = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      writeSecretFile(privPath, pair.privateKey);
      writeSecretFile(pubPath, pair.publicKey);
    }
    privatePem = readFileSync(privPath, 'utf8');
    publicPem = readFileSync(pubPath, 'utf8');
  }
  let der: Buffer;
  try {
    der = createPublicKey(publicPem).export({ type: 'spki', format: 'der' });
  } catch {
    throw new ConfigError(['CIPHER_PUBLIC_KEY_FILE: not a PEM public key']);
  }
  return { cipherPrivateKeyPem: privatePem, cipherPublicKeyPem: publicPem, cipherKid: createHash('sha256').update(der).digest('hex').slice(0, 16) };
}

/** Every secret: each given (as a setting or a file) or read from (made once in) DATA_DIR/keys. */
export function secretsOf(env: Env, keysDir: string): Secrets {
  return {
    ...loadCipherKeys(env, keysDir),
    appTokenSecret:
      env.APP_TOKEN_SECRET ??
      (env.APP_TOKEN_SECRET_FILE ? readSecretFile('APP_TOKEN_SECRET_FILE', env.APP_TOKEN_SECRET_FILE) : readOrCreateSecret(join(keysDir, 'app-token.secret'))),
    signingSecret:
      env.SIGNING_SECRET ?? (env.SIGNING_SECRET_FILE ? readSecretFile('SIGNING_SECRET_FILE', env.SIGNING_SECRET_FILE) : readOrCreateSecret(join(keysDir, 'signing.secret'))),
  };
}
