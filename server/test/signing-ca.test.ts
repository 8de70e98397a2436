/**
 * The local signing CA's root in production (issue 24): made once and the same in every process that shares the
 * database, whatever its data folder; an earlier version's root in DATA_DIR/keys is kept; a root from CA_KEY_FILE +
 * CA_CERT_FILE is used as it is; a bad pair, or another SIGNING_SECRET than the one that sealed the stored root,
 * stops the start with a message.
 */
import { createStorage } from '../src/storage';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { ConfigError, loadConfig, type Config } from '../src/config';
import type { Db } from '../src/db';
import { runCommand } from '../src/ops/run';
import { signPdf } from '../src/pdf/sign';
import { createVendors } from '../src/vendors';
import { CaRootError, type CaVendor } from '../src/vendors/ca';
import { createTestDb, TestClock } from './helpers';

const SECRET = 'a-signing-secret-shared-by-every-process-0001';
let work: string;
let cipherFiles: Record<string, string>;
let db: Db;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'signing-ca-'));
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  writeFileSync(join(work, 'cipher-private.pem'), pair.privateKey);
  writeFileSync(join(work, 'cipher-public.pem'), pair.publicKey);
  cipherFiles = { CIPHER_PRIVATE_KEY_FILE: join(work, 'cipher-private.pem'), CIPHER_PUBLIC_KEY_FILE: join(work, 'cipher-public.pem') };
});
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeEach(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  await db.close();
});

let folders = 0;
/** The settings of one service process with a data folder of its own (another machine). */
function processConfig(env: Record<string, string> = {}): Config {
  const dataDir = join(work, `data-${++folders}`);
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SIGNING_SECRET: SECRET, LOG_LEVEL: 'silent', ...cipherFiles, ...env });
}
const caOf = (config: Config): CaVendor => createVendors(config, db).ca;

const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' }).toString();
/** a root made by openssl: key.pem (PKCS#8) and cert.pem in `dir` */
function opensslRoot(dir: string, key: string[], subject: string, ca = true): { key: string; cert: string } {
  mkdirSync(dir, { recursive: true });
  const out = { key: join(dir, 'key.pem'), cert: join(dir, 'cert.pem') };
  openssl('req', '-x509', '-newkey', ...key, '-nodes', '-keyout', out.key, '-out', out.cert, '-days', '3650', '-subj', subject, ...(ca ? ['-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'] : ['-addext', 'basicConstraints=critical,CA:FALSE']));
  return out;
}

/** A signer's certificate from `ca` (for a P-256 key, or an RSA one as tickets had before), checked by openssl against `rootPem`. */
async function issueAndVerify(ca: CaVendor, rootPem: string, keyType: 'ec' | 'rsa' = 'ec') {
  const pair = keyType === 'ec' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issued = await ca.issue({ publicKeySpki: pair.publicKey.export({ type: 'spki', format: 'der' }), signerName: 'CHAN Tai Man', organisationName: 'Example Trading Limited', registrationNumber: '71234567', country: 'HK' });
  const dir = mkdtempSync(join(work, 'verify-'));
  writeFileSync(join(dir, 'root.pem'), rootPem);
  writeFileSync(join(dir, 'signer.pem'), new X509Certificate(issued.certificate).toString());
  expect(openssl('verify', '-CAfile', join(dir, 'root.pem'), join(dir, 'signer.pem'))).toMatch(/signer\.pem: OK/);
  return { issued, key: pair.privateKey };
}

/** A one-page PDF signed by `signer`: pdfsig finds the signature valid over the whole file, openssl verifies its CMS against `rootPem`. */
async function signAndVerifyPdf(signer: { issued: { certificate: Buffer; chain: Buffer[] }; key: KeyObject }, rootPem: string) {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('An opening form');
  const pdf = await signPdf(await doc.save(), { signer: { certificate: signer.issued.certificate, privateKey: signer.key, chain: signer.issued.chain }, signingTime: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), name: 'CHAN Tai Man 陳大文', reason: 'Signed for Example (Trading) Limited' });
  const dir = mkdtempSync(join(work, 'pdf-'));
  writeFileSync(join(dir, 'signed.pdf'), pdf);
  const pdfsig = execFileSync('pdfsig', [join(dir, 'signed.pdf')]).toString();
  expect(pdfsig).toMatch(/Signature Validation: Signature is Valid\./);
  expect(pdfsig).toMatch(/Total document signed/);
  const [, , l1, b, l2] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(pdf.toString('latin1'))!.map(Number) as number[];
  writeFileSync(join(dir, 'content.bin'), Buffer.concat([pdf.subarray(0, l1), pdf.subarray(b!, b! + l2!)]));
  const hex = Buffer.from(pdf.subarray(l1! + 1, b! - 1).toString('latin1'), 'hex');
  const derLength = hex[1]! & 0x80 ? hex.subarray(2, 2 + (hex[1]! & 0x7f)).reduce((n, x) => n * 256 + x, 0) + 2 + (hex[1]! & 0x7f) : hex[1]! + 2;
  writeFileSync(join(dir, 'sig.der'), hex.subarray(0, derLength));
  writeFileSync(join(dir, 'root.pem'), rootPem);
  expect(() => openssl('cms', '-verify', '-inform', 'DER', '-in', join(dir, 'sig.der'), '-content', join(dir, 'content.bin'), '-binary', '-CAfile', join(dir, 'root.pem'), '-purpose', 'any', '-out', '/dev/null')).not.toThrow();
}

const pemOf = (der: Buffer) => new X509Certificate(der).toString();
const storedRoots = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM signing_ca')).rows[0]!.n;

test('processes starting together on an empty database, each with its own data folder, make one root and all use it', async () => {
  const processes = Array.from({ length: 4 }, () => caOf(processConfig()));
  const roots = await Promise.all(processes.map((ca) => ca.rootCertificate()));
  expect(new Set(roots.map((r) => r.toString('hex'))).size).toBe(1);
  expect(await storedRoots()).toBe(1);
  const root = roots[0]!;
  expect(new X509Certificate(root).ca).toBe(true);
  // one process issues, another's root verifies it; a process started later, and the ops CLI, see the same root
  await issueAndVerify(processes[1]!, pemOf(root));
  const later = processConfig();
  expect((await caOf(later).rootCertificate()).equals(root)).toBe(true);
  const printed = (await runCommand({ config: later, db, clock: new TestClock(), storage: createStorage(later) }, 'sign-ca-cert', {})) as { pem: string };
  expect(printed.pem).toBe(pemOf(root));
  // the private key is kept sealed, not in clear
  const row = (await db.query<{ key_sealed: Uint8Array; origin: string }>('SELECT key_sealed, origin FROM signing_ca')).rows[0]!;
  expect(row.origin).toBe('created');
  expect(Buffer.from(row.key_sealed).includes(Buffer.from([0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07]))).toBe(false); // P-256's OID, in every clear PKCS#8 of it
});

test('a data folder holding the root of an earlier version keeps it: imported at the first start, then every process uses it', async () => {
  const first = processConfig();
  const legacy = opensslRoot(join(first.dataDir, 'keys'), ['rsa:2048'], '/C=HK/O=ESOP Signing CA/CN=ESOP Signing CA');
  // the names an earlier version gave them
  writeFileSync(join(first.dataDir, 'keys', 'sign-ca-key.pem'), readFileSync(legacy.key));
  writeFileSync(join(first.dataDir, 'keys', 'sign-ca-cert.pem'), readFileSync(legacy.cert));
  const legacyDer = Buffer.from(new X509Certificate(readFileSync(legacy.cert)).raw);

  expect((await caOf(first).rootCertificate()).equals(legacyDer)).toBe(true);
  const other = caOf(processConfig());
  expect((await other.rootCertificate()).equals(legacyDer)).toBe(true);
  expect((await db.query<{ origin: string }>('SELECT origin FROM signing_ca')).rows).toEqual([{ origin: 'imported' }]);
  // documents signed before still verify against it, and new signers chain to it (an RSA root over an EC signer); a
  // ticket's RSA key made before issue 24 still signs
  const rootPem = readFileSync(legacy.cert, 'utf8');
  await signAndVerifyPdf(await issueAndVerify(other, rootPem), rootPem);
  await signAndVerifyPdf(await issueAndVerify(other, rootPem, 'rsa'), rootPem);
});

test('a root from CA_KEY_FILE and CA_CERT_FILE is used as it is, and the PDFs it certifies verify against it', async () => {
  const files = opensslRoot(join(work, 'secrets-ec'), ['ec', '-pkeyopt', 'ec_paramgen_curve:P-256'], '/C=HK/O=Example Securities Limited/CN=Example Securities Document CA');
  const config = processConfig({ CA_KEY_FILE: files.key, CA_CERT_FILE: files.cert });
  const ca = caOf(config);
  const rootPem = readFileSync(files.cert, 'utf8');
  expect((await ca.rootCertificate()).equals(Buffer.from(new X509Certificate(rootPem).raw))).toBe(true);
  expect(await storedRoots()).toBe(0);
  const signer = await issueAndVerify(ca, rootPem);
  expect(signer.issued.issuer).toBe(new X509Certificate(rootPem).subject);
  await signAndVerifyPdf(signer, rootPem);
});

test('CA files that are not a matching pair of a CA, or only one of them, stop the start with a message naming the setting', () => {
  const a = opensslRoot(join(work, 'pair-a'), ['ec', '-pkeyopt', 'ec_paramgen_curve:P-256'], '/CN=Root A');
  const b = opensslRoot(join(work, 'pair-b'), ['rsa:2048'], '/CN=Root B');
  const leaf = opensslRoot(join(work, 'not-ca'), ['ec', '-pkeyopt', 'ec_paramgen_curve:P-256'], '/CN=Not a CA', false);
  writeFileSync(join(work, 'garbage.pem'), 'not a key\n');
  const problems = (env: Record<string, string>): string => {
    try {
      processConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).message;
    }
    throw new Error('the settings were accepted');
  };
  expect(problems({ CA_KEY_FILE: a.key, CA_CERT_FILE: b.cert })).toMatch(/CA_KEY_FILE: the key is not the one of CA_CERT_FILE's certificate \(CN=Root B\)/);
  expect(problems({ CA_KEY_FILE: a.key })).toMatch(/set both CA_KEY_FILE and CA_CERT_FILE, or neither/);
  expect(problems({ CA_KEY_FILE: leaf.key, CA_CERT_FILE: leaf.cert })).toMatch(/CA_CERT_FILE: not a CA certificate/);
  expect(problems({ CA_KEY_FILE: join(work, 'garbage.pem'), CA_CERT_FILE: a.cert })).toMatch(/CA_KEY_FILE: .*garbage\.pem is not a PEM private key/);
  expect(problems({ CA_KEY_FILE: join(work, 'missing.pem'), CA_CERT_FILE: a.cert })).toMatch(/CA_KEY_FILE: cannot read .*missing\.pem \(ENOENT\)/);
  expect(problems({ CA_VENDOR: 'http', CA_HTTP_URL: 'https://ca.example.com', CA_KEY_FILE: a.key, CA_CERT_FILE: a.cert })).toMatch(/not used with CA_VENDOR=http/);
  // the matching pair is accepted
  expect(processConfig({ CA_KEY_FILE: b.key, CA_CERT_FILE: b.cert }).caRoot?.certPem).toBe(readFileSync(b.cert, 'utf8'));
});

test('a process with another SIGNING_SECRET than the one that sealed the stored root refuses to start rather than make a second root', async () => {
  const root = await caOf(processConfig()).rootCertificate();
  const stranger = caOf(processConfig({ SIGNING_SECRET: 'another-signing-secret-of-a-misconfigured-host' }));
  await expect(stranger.rootCertificate()).rejects.toThrow(CaRootError);
  await expect(stranger.rootCertificate()).rejects.toThrow(/share the SIGNING_SECRET/);
  expect(await storedRoots()).toBe(1);
  expect((await caOf(processConfig()).rootCertificate()).equals(root)).toBe(true);
});
