/**
 * Settings, read once from the environment and checked with zod. A bad setting stops the start
 * with a message naming every offending variable. Secrets that are not configured are made on
 * first start inside DATA_DIR (mode 0600) and reused afterwards.
 */
import { generateKeyPairSync, createHash, randomBytes, createPublicKey, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).default(def);
/** proxy-addr's names for ranges, accepted in TRUST_PROXY lists */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [addr, bits, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For/-Proto to believe. Unset, "false" or "0": none (the socket's address).
 * A whole number N: the N proxies nearest to us. Otherwise a comma list of proxy addresses/CIDRs (or loopback,
 * linklocal, uniquelocal). "true" (believe anyone's header) is refused: a client could name any address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const text = (v ?? '').trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^(true|yes)$/i.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: 'true is no longer accepted (it believes any client\'s X-Forwarded-For): give the hop count of your proxies (e.g. 1) or a comma list of their addresses/CIDRs (e.g. 10.0.0.0/8,::1)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `not a hop count or a list of proxy addresses/CIDRs: ${bad.map((b) => JSON.stringify(b)).join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

const optionalInt = (min: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? Number(v) : undefined))
    .pipe(z.number().int().min(min).optional());

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v : undefined));

/** Example receiving accounts (fictional: a deployment sets its own with DEPOSIT_ACCOUNTS). */
const DEFAULT_DEPOSIT_ACCOUNTS = JSON.stringify([
  { currency: 'HKD', bankName: 'Example Bank (Hong Kong) Limited', accountName: 'Example Securities Limited - Client Account', accountNumber: '012-345678-001', swift: 'EXAMHKHH' },
  { currency: 'USD', bankName: 'Example Bank (Hong Kong) Limited', accountName: 'Example Securities Limited - Client Account', accountNumber: '012-345678-002', swift: 'EXAMHKHH' },
  { currency: 'CNH', bankName: 'Example Bank (Hong Kong) Limited', accountName: 'Example Securities Limited - Client Account', accountNumber: '012-345678-003', swift: 'EXAMHKHH' },
]);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: int(8080, 0, 65535),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional()),
    CIPHER_PRIVATE_KEY_FILE: optionalText,
    CIPHER_PUBLIC_KEY_FILE: optionalText,
    APP_TOKEN_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SIGNING_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SESSION_IDLE_MINUTES: int(30, 1, 24 * 60),
    SESSION_ABSOLUTE_HOURS: int(12, 1, 24 * 30),
    MAX_UPLOAD_MB: int(10, 1, 200),
    /** each user's upload quota over the last 24 hours: files, and megabytes in all (100429 beyond); unset → UPLOAD_QUOTA_DEFAULT (limits.ts) */
    UPLOAD_DAILY_COUNT: optionalInt(1),
    UPLOAD_DAILY_MB: optionalInt(1),
    AREA_OPENING_LIMIT_TYPE: int(0, 0, 99),
    AREA_STATEMENT_LIMIT_TYPE: int(1, 0, 99),
    AREA_STATEMENT_SKIP_TYPE: z.enum(['0', '1']).default('0'),
    IP_DEFAULT_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').default('HK'),
    IP_DEFAULT_REGION: z.string().max(16).default(''),
    MEMBER_PAGE_URL: z.string().min(1).default('/pages/openAccount.html#/login'),
    APP_DOWNLOAD_URL: z.string().min(1).default('https://www.example.com/app'),
    SERVICE_PHONE_MAINLAND: z.string().min(1).default('400 000 0000'),
    SERVICE_PHONE_HK: z.string().min(1).default('+852 0000 0000'),
    SMS_VENDOR: z.enum(['console', 'http']).default('console'),
    SMS_HTTP_URL: optionalText.pipe(z.url().optional()),
    IPGEO_VENDOR: z.enum(['local', 'http']).default('local'),
    IPGEO_HTTP_URL: optionalText.pipe(z.url().optional()),
    GEOCODE_VENDOR: z.enum(['local', 'http']).default('local'),
    GEOCODE_HTTP_URL: optionalText.pipe(z.url().optional()),
    /** company registry for CompanySearch/CompanyInfo: the local companies table, or an HTTP adapter (vendors/company/http.ts) */
    COMPANY_VENDOR: z.enum(['local', 'http']).default('local'),
    /** organisation signing: a signing link's life in hours (unset: SIGN_LIMITS.ticketHoursDefault; ops sign-ticket --hours overrides it per ticket) */
    SIGN_TICKET_HOURS: z.coerce.number().int().min(1).max(24 * 90).optional(),
    /** the signers' certificate authority: the deployment's own in DATA_DIR/keys (local) or an HTTP adapter (vendors/ca/http.ts) */
    CA_VENDOR: z.enum(['local', 'http']).default('local'),
    CA_HTTP_URL: optionalText,
    CA_HTTP_KEY: optionalText,
    /** the local authority's name in its certificates (used when its root is first made) */
    CA_NAME: z.string().min(1).max(64).default('ESOP Signing CA'),
    /** the local authority's root from secret files (PEM): its private key (RSA, or EC P-256/P-384) and CA certificate, both or neither; neither: made once and kept in the database for every process */
    CA_KEY_FILE: optionalText,
    CA_CERT_FILE: optionalText,
    COMPANY_HTTP_URL: optionalText.pipe(z.url().optional()),
    COMPANY_HTTP_KEY: optionalText,
    /** ID and bank card OCR: local tesseract.js (offline language data from npm) or an HTTP adapter (vendors/ocr/http.ts) */
    OCR_VENDOR: z.enum(['local', 'http']).default('local'),
    OCR_HTTP_URL: optionalText.pipe(z.url().optional()),
    OCR_HTTP_KEY: optionalText,
    /** longest one card reading may take (the screens give up at 60 s) */
    OCR_TIMEOUT_MS: int(45_000, 1000, 59_000),
    /** face check of LivingBodyVerifyRaw: local (Human and ffmpeg from npm, in child processes, offline) or an HTTP adapter (vendors/face/http.ts) */
    /**
     * replay guard of the cipher: `memory` (a cipher session lives in the process that opened it, its nonces in memory:
     * no database work per request; with several processes, route a client to one of them, e.g. by cookie, or it
     * re-handshakes each time it lands elsewhere) or `database` (sessions and nonces in the database, any process)
     */
    CIPHER_REPLAY_GUARD: z.enum(['memory', 'database']).default('memory'),
    DATABASE_PREPARED: z.enum(['on', 'off']).default('on'),
    FACE_VENDOR: z.enum(['local', 'http']).default('local'),
    FACE_HTTP_URL: optionalText.pipe(z.url().optional()),
    FACE_HTTP_KEY: optionalText,
    /** longest one face check may take (the screen gives up at 60 s) */
    FACE_TIMEOUT_MS: int(45_000, 5000, 59_000),
    /** local face checks run at once (each a child process of ~370 MB at peak), and checks that may wait before "busy" */
    FACE_WORKERS: int(1, 1, 8),
    FACE_QUEUE: int(6, 1, 100),
    /** AML screening for ApplyAmlCheck: the local watch list (aml_watchlist, `ops aml-import`) or an HTTP adapter (vendors/aml/http.ts) */
    AML_VENDOR: z.enum(['local', 'http']).default('local'),
    AML_HTTP_URL: optionalText.pipe(z.url().optional()),
    AML_HTTP_KEY: optionalText,
    /** the derivatives questionnaire the investment page shows: full (version 2) or simple (version 1) */
    DERIVATIVE_FORM: z.enum(['full', 'simple']).default('full'),
    /** the broker's receiving accounts of the deposit page: a JSON list of {currency, bankName, accountName, accountNumber, swift} */
    DEPOSIT_ACCOUNTS: z
      .string()
      .default(DEFAULT_DEPOSIT_ACCOUNTS)
      .transform((v, ctx) => {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(
        z
          .array(
            z.object({
              currency: z.enum(['HKD', 'USD', 'CNH']),
              bankName: z.string().min(1).max(100),
              accountName: z.string().min(1).max(100),
              accountNumber: z.string().regex(/^[0-9 -]{4,40}$/),
              swift: z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/),
            }),
          )
          .min(1),
      ),
    /** where the deposit button of the deposit bridge goes (the query pageFrom, name, langType, clientType is added) */
    DEPOSIT_PAGE_URL: z.string().min(1).default('/pages/openAccount.html#/deposit'),
    /** the stock transfer-in page of mainland clients (issue 13 builds ours) */
    TRANSFER_IN_URL: z.string().min(1).default('/pages/transferInStock.html'),
    /** the image of the broker's community QR code (the account home's "join community" card); the default is a sample */
    COMMUNITY_QR_URL: z.string().min(1).default('/pages/static/community-qr.svg'),
    /** the asset-transfer (stock transfer-in) protocol offered on /sign: on or off */
    ASSET_TRANSFER: z.enum(['on', 'off']).default('on'),
    /** agent or channel codes (comma list) whose applicants also tick the customer authorisation agreement on /risk */
    RISK_AUTH_CHANNELS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((c) => c.trim()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'codes of letters, digits, - and _'))),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** the reverse proxies whose X-Forwarded-For/-Proto are believed (client address, Secure cookies): hop count or address list */
    TRUST_PROXY: trustProxy,
  });

/** Rules between settings, checked on the raw values so they are reported with the rest. */
function crossChecks(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const set = (name: string) => !!env[name] && env[name]!.trim() !== '';
  if (env.SMS_VENDOR === 'http' && !set('SMS_HTTP_URL')) problems.push('SMS_HTTP_URL: is required when SMS_VENDOR=http');
  if (env.NODE_ENV === 'production' && (env.SMS_VENDOR ?? 'console') === 'console') {
    problems.push('SMS_VENDOR: must be http in production (the console vendor prints login codes in the log)');
  }
  if (env.IPGEO_VENDOR === 'http' && !set('IPGEO_HTTP_URL')) problems.push('IPGEO_HTTP_URL: is required when IPGEO_VENDOR=http');
  if (env.GEOCODE_VENDOR === 'http' && !set('GEOCODE_HTTP_URL')) problems.push('GEOCODE_HTTP_URL: is required when GEOCODE_VENDOR=http');
  if (env.COMPANY_VENDOR === 'http' && !set('COMPANY_HTTP_URL')) problems.push('COMPANY_HTTP_URL: is required when COMPANY_VENDOR=http');
  if (env.CA_VENDOR === 'http' && !set('CA_HTTP_URL')) problems.push('CA_HTTP_URL: is required when CA_VENDOR=http');
  if (set('CA_KEY_FILE') !== set('CA_CERT_FILE')) problems.push('CA_CERT_FILE: set both CA_KEY_FILE and CA_CERT_FILE, or neither');
  if (env.CA_VENDOR === 'http' && (set('CA_KEY_FILE') || set('CA_CERT_FILE'))) problems.push('CA_KEY_FILE: names the local authority\'s root; not used with CA_VENDOR=http');
  if (env.OCR_VENDOR === 'http' && !set('OCR_HTTP_URL')) problems.push('OCR_HTTP_URL: is required when OCR_VENDOR=http');
  if (env.FACE_VENDOR === 'http' && !set('FACE_HTTP_URL')) problems.push('FACE_HTTP_URL: is required when FACE_VENDOR=http');
  if (env.AML_VENDOR === 'http' && !set('AML_HTTP_URL')) problems.push('AML_HTTP_URL: is required when AML_VENDOR=http');
  if (set('CIPHER_PRIVATE_KEY_FILE') !== set('CIPHER_PUBLIC_KEY_FILE')) {
    problems.push('CIPHER_PUBLIC_KEY_FILE: set both CIPHER_PRIVATE_KEY_FILE and CIPHER_PUBLIC_KEY_FILE, or neither');
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

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

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL: repository statements prepared by name per connection (off behind a pooler that cannot keep them) */
  databasePrepared: boolean;
  sessionIdleMinutes: number;
  cipherReplayGuard: 'memory' | 'database';
  sessionAbsoluteHours: number;
  maxUploadMb: number;
  /** unset parts take UPLOAD_QUOTA_DEFAULT (src/core/domain/limits.ts) */
  uploadQuota: { filesPerDay?: number; megabytesPerDay?: number };
  area: { openingLimitType: number; statementLimitType: number; statementSkipType: string };
  ipDefault: { country: string; region: string };
  memberPageUrl: string;
  appDownloadUrl: string;
  servicePhones: { mainland: string; hongKong: string };
  sms: { vendor: 'console' | 'http'; httpUrl?: string };
  ipgeo: { vendor: 'local' | 'http'; httpUrl?: string };
  geocode: { vendor: 'local' | 'http'; httpUrl?: string };
  company: { vendor: 'local' | 'http'; httpUrl?: string; httpKey?: string };
  /** organisation signing: a ticket's default life in hours (undefined: SIGN_LIMITS.ticketHoursDefault) */
  signTicketHours?: number;
  ca: { vendor: 'local' | 'http'; httpUrl?: string; httpKey?: string; name: string };
  /** CA_KEY_FILE + CA_CERT_FILE, read and checked at start: the local authority's root (undefined: the database's) */
  caRoot?: { keyPem: string; certPem: string };
  ocr: { vendor: 'local' | 'http'; httpUrl?: string; httpKey?: string; timeoutMs: number };
  aml: { vendor: 'local' | 'http'; httpUrl?: string; httpKey?: string };
  face: { vendor: 'local' | 'http'; httpUrl?: string; httpKey?: string; timeoutMs: number; workers: number; maxWaiting: number };
  derivativeForm: 'full' | 'simple';
  /** DEPOSIT_ACCOUNTS: the broker's receiving accounts per currency */
  depositAccounts: Array<{ currency: 'HKD' | 'USD' | 'CNH'; bankName: string; accountName: string; accountNumber: string; swift: string }>;
  depositPageUrl: string;
  transferInUrl: string;
  communityQrUrl: string;
  /** ASSET_TRANSFER: the asset-transfer protocol is offered on /sign */
  assetTransfer: boolean;
  /** RISK_AUTH_CHANNELS: codes adding the customer authorisation agreement on /risk */
  riskAuthChannels: string[];
  logLevel: Env['LOG_LEVEL'];
  /** false: none; N: the N nearest hops; list: these proxy addresses/CIDRs (Fastify trustProxy) */
  trustProxy: false | number | string[];
  secrets: Secrets;
}

/** The repository root (npm scripts and jest run from it; a parent folder is searched otherwise). */
export function projectRoot(start: string = process.cwd()): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'server', 'src', 'db', 'migrations'))) return dir;
    const parent = resolve(dir, '..');
    if (parent === dir) throw new Error(`cannot find the project root from ${start}`);
    dir = parent;
  }
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError listing every bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`)),
    ...crossChecks(env),
  ];
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  return parsed.data;
}

function writeSecretFile(path: string, content: string): void {
  writeFileSync(path, content, { mode: 0o600 });
  chmodSync(path, 0o600);
}

function readOrCreateSecret(path: string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeSecretFile(path, secret + '\n');
  return secret;
}

/** Reads the configured key files, or makes (once) a key pair in DATA_DIR/keys. */
function loadCipherKeys(env: Env, keysDir: string): Pick<Secrets, 'cipherPrivateKeyPem' | 'cipherPublicKeyPem' | 'cipherKid'> {
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

/**
 * CA_KEY_FILE + CA_CERT_FILE: both readable PEM, the certificate a CA's and in force, the key of a kind the
 * certificates are signed with (RSA, EC P-256/P-384) and the certificate's own.
 */
function loadCaRootFiles(env: Env): Config['caRoot'] {
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

/**
 * Checks the environment, creates DATA_DIR (and DATA_DIR/keys) and loads or makes the secrets.
 * Throws ConfigError with every problem listed.
 */
export function loadConfig(envVars: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(envVars);
  const dataDir = resolve(env.DATA_DIR);
  const keysDir = join(dataDir, 'keys');
  try {
    mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new ConfigError([`DATA_DIR: cannot create ${dataDir} (${(err as Error).message})`]);
  }
  const secrets: Secrets = {
    ...loadCipherKeys(env, keysDir),
    appTokenSecret: env.APP_TOKEN_SECRET ?? readOrCreateSecret(join(keysDir, 'app-token.secret')),
    signingSecret: env.SIGNING_SECRET ?? readOrCreateSecret(join(keysDir, 'signing.secret')),
  };
  return {
    nodeEnv: env.NODE_ENV,
    production: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePrepared: env.DATABASE_PREPARED === 'on',
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    cipherReplayGuard: env.CIPHER_REPLAY_GUARD,
    sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS,
    maxUploadMb: env.MAX_UPLOAD_MB,
    uploadQuota: { filesPerDay: env.UPLOAD_DAILY_COUNT, megabytesPerDay: env.UPLOAD_DAILY_MB },
    area: {
      openingLimitType: env.AREA_OPENING_LIMIT_TYPE,
      statementLimitType: env.AREA_STATEMENT_LIMIT_TYPE,
      statementSkipType: env.AREA_STATEMENT_SKIP_TYPE,
    },
    ipDefault: { country: env.IP_DEFAULT_COUNTRY, region: env.IP_DEFAULT_REGION },
    memberPageUrl: env.MEMBER_PAGE_URL,
    appDownloadUrl: env.APP_DOWNLOAD_URL,
    servicePhones: { mainland: env.SERVICE_PHONE_MAINLAND, hongKong: env.SERVICE_PHONE_HK },
    sms: { vendor: env.SMS_VENDOR, httpUrl: env.SMS_HTTP_URL },
    ipgeo: { vendor: env.IPGEO_VENDOR, httpUrl: env.IPGEO_HTTP_URL },
    geocode: { vendor: env.GEOCODE_VENDOR, httpUrl: env.GEOCODE_HTTP_URL },
    company: { vendor: env.COMPANY_VENDOR, httpUrl: env.COMPANY_HTTP_URL, httpKey: env.COMPANY_HTTP_KEY },
    signTicketHours: env.SIGN_TICKET_HOURS,
    ca: { vendor: env.CA_VENDOR, httpUrl: env.CA_HTTP_URL, httpKey: env.CA_HTTP_KEY, name: env.CA_NAME },
    caRoot: loadCaRootFiles(env),
    ocr: { vendor: env.OCR_VENDOR, httpUrl: env.OCR_HTTP_URL, httpKey: env.OCR_HTTP_KEY, timeoutMs: env.OCR_TIMEOUT_MS },
    aml: { vendor: env.AML_VENDOR, httpUrl: env.AML_HTTP_URL, httpKey: env.AML_HTTP_KEY },
    face: {
      vendor: env.FACE_VENDOR,
      httpUrl: env.FACE_HTTP_URL,
      httpKey: env.FACE_HTTP_KEY,
      timeoutMs: env.FACE_TIMEOUT_MS,
      workers: env.FACE_WORKERS,
      maxWaiting: env.FACE_QUEUE,
    },
    derivativeForm: env.DERIVATIVE_FORM,
    riskAuthChannels: env.RISK_AUTH_CHANNELS,
    assetTransfer: env.ASSET_TRANSFER === 'on',
    depositAccounts: env.DEPOSIT_ACCOUNTS,
    depositPageUrl: env.DEPOSIT_PAGE_URL,
    transferInUrl: env.TRANSFER_IN_URL,
    communityQrUrl: env.COMMUNITY_QR_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    secrets,
  };
}
