/**
 * The certificate of completion (issue 41): ApplyCertificate for an applicant after submit and the signer's Certificate
 * after signing. Each is a PDF that poppler's pdfsig verifies, lists the SHA-256 of every document exactly as the
 * caller downloads it, the place (never the address) and device the signature and the submission came from, and is
 * refused before submit / before signing and to anyone else.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLS, ErrorCode, STEP_VERSION, STEPS_OF, type Lang, type StepName } from '@core/domain';
import { agreementPdfPath } from '@core/domain/closing';
import { deviceOf } from '../src/plugins/client-evidence';
import { deviceText, hongKongTime, placeText } from '../src/modules/documents';
import { stepSavedAt } from '../src/modules/applications';
import { createOrganisation, issueTicket } from '../src/modules/org-sign/service';
import { findCommand } from '../src/ops/commands';
import { checkParams, parseArgv } from '../src/ops/framework';
import { runCommand } from '../src/ops/run';
import { createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';
import { saveStep, stepUser, validStepData } from './step-fixtures';
import { testPng } from './upload-fixtures';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
let hkUser: () => Promise<TestClient>;
let cnUser: () => Promise<TestClient>;
const errorOf = (res: CallResult) => res.body.error?.code;

async function ops(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  const cmd = findCommand(name!)!;
  await runCommand({ db: t.db, config: t.config, clock: t.clock, storage: t.storage }, name!, checkParams(cmd, cmd.parse(parseArgv(rest))));
}
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  hkUser = stepUser(t, '6677', { start: 1000 });
  cnUser = stepUser(t, '1397', { start: 1000000, areaCode: '86' });
}, 60_000);
afterAll(() => t.close());

/** pdfsig's report of a PDF, and its text (pdftotext, one line per line of the page). */
function readPdf(pdf: Buffer): { pdfsig: string; text: string } {
  const dir = mkdtempSync(join(tmpdir(), 'completion-'));
  try {
    writeFileSync(join(dir, 'c.pdf'), pdf);
    const pdfsig = execFileSync('pdfsig', [join(dir, 'c.pdf')]).toString();
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'c.pdf'), '-'], { encoding: 'utf8' });
    return { pdfsig, text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The SHA-256s the certificate lists (each written in groups of eight). */
const listedHashes = (text: string): string[] => [...text.matchAll(/SHA-256\s+((?:[0-9a-f]{8}\s*){8})/g)].map((m) => m[1]!.replace(/\s+/g, ''));

/** A file as the applicant downloads it: its signed address with the session cookie. */
async function download(c: TestClient, url: string): Promise<Buffer> {
  const res = await c.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Every step of the type saved; the SIGNATURE step from the given user agent, the SIGN step in `signLang` (else the default). */
async function filled(c: TestClient, type: 'cn' | 'hk', userAgent: string, signLang?: Lang): Promise<string> {
  const appId = (await c.call('applyStart', { oaType: type === 'cn' ? 1 : 2 })).body.result.appId as string;
  for (const step of STEPS_OF[type] as readonly StepName[]) {
    const data = await validStepData(c, step, appId);
    const res =
      step === 'SIGNATURE'
        ? await c.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: step, draft: false, data }, { headers: { 'user-agent': userAgent } })
        : step === 'SIGN' && signLang
          ? await c.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: step, draft: false, data }, { headers: { 'x-esop-lang': signLang } })
          : await saveStep(c, appId, step, data);
    expect([step, res.body.error]).toEqual([step, undefined]);
    // the steps after SIGN a minute later, so that its time is its own
    if (step === 'SIGN' && signLang) t.clock.advance(60_000);
  }
  return appId;
}

test('the device: browser and major version, system and version, from the user agent; in words in each language', () => {
  expect(deviceOf(ANDROID_CHROME)).toEqual({ browser: 'Chrome 131', os: 'Android 14' });
  expect(deviceOf(IPHONE_SAFARI)).toEqual({ browser: 'Safari 17', os: 'iOS 17.5' });
  expect(deviceOf(undefined)).toEqual({ browser: '', os: '' });
  expect(deviceText({ browser: 'Chrome 131', os: 'Android 14' }, 'zh-TW')).toBe('Android 14 上的 Chrome 131');
  expect(deviceText({ browser: '', os: '' }, 'en')).toBe('Not recorded');
});

test('the place: the country as the country picker names it, a region by its code; nothing recorded says so', () => {
  expect(placeText({ country: 'US', region: 'CA' }, 'en')).toBe('United States (CA)');
  expect(placeText({ country: 'CN', region: '' }, 'zh-CN')).toBe('中国');
  expect(placeText({ country: '', region: '' }, 'zh-TW')).toBe('未記錄');
  expect(placeText(null, 'en')).toBe('Not recorded');
});

describe('ApplyCertificate', () => {
  test('a Hong Kong applicant: refused before submit; after it a PDF pdfsig verifies, listing each agreement with the SHA-256 of the file served, where and on what it was signed, no face check; refused while sent back, a new one after the resubmission', async () => {
    const c = await hkUser();
    const appId = await filled(c, 'hk', ANDROID_CHROME);
    expect(errorOf(await c.call('applyCertificate', { appId }))).toBe(ErrorCode.CERTIFICATE_NOT_READY);
    expect((await c.call('applySubmit', { appId }, { headers: { 'user-agent': IPHONE_SAFARI } })).body.error).toBeUndefined();

    const res = await c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'en' } });
    expect(res.body.error).toBeUndefined();
    const pdf = await download(c, res.body.result.ossUrl);
    expect(sha256(pdf)).toBe(res.body.result.sha256);
    // the language in the file's name: each language is its own file
    expect(res.body.result.fileName).toBe(`certificate-of-completion-${appId}-en.pdf`);
    const { pdfsig, text } = readPdf(pdf);
    expect(pdfsig).toMatch(/Signature Validation: Signature is Valid\./);
    expect(pdfsig).toMatch(/Total document signed/);
    expect(pdfsig).toMatch(/Signer Certificate Common Name: Certificate of completion/);
    expect(text).toContain('Certificate of completion');
    expect(text).toContain(appId);
    // the signature from the phone, the submission from another; the place is the loopback's default (IP_DEFAULT_COUNTRY HK)
    expect(text).toContain('Chrome 131 on Android 14');
    expect(text).toContain('Safari 17 on iOS 17.5');
    expect(text).toMatch(/Hong Kong/);
    expect(text).not.toMatch(/127\.0\.0\.1|::1/);
    expect(text).toContain('None: no face check is part of this kind of application');
    // the chain's validity in Hong Kong time, named, as every other time
    const root = new X509Certificate(await t.app.deps.vendors.ca.rootCertificate());
    const flat = (x: string) => x.replace(/\s+/g, ' ');
    expect(flat(text)).toContain(flat(`${hongKongTime(new Date(root.validFrom), 'en')} to ${hongKongTime(new Date(root.validTo), 'en')}`));
    // each agreement's hash is the hash of the PDF the page serves (in the language the applicant signed in)
    const sign = (await t.db.query<{ data: { SIGN: { agreements: string[] } } }>('SELECT data FROM applications WHERE app_id = $1', [appId])).rows[0]!.data.SIGN;
    // the SIGNATURE step was saved without x-esop-lang: the service's default language, simplified Chinese
    const served = await Promise.all(
      sign.agreements.map(async (a) => sha256((await c.inject({ method: 'GET', url: agreementPdfPath(a as never, 'zh-CN') })).rawPayload)),
    );
    expect(listedHashes(text)).toEqual(served);
    // the same file again: made once per submission and language
    const again = await c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'en' } });
    expect(again.body.result.ossId).toBe(res.body.result.ossId);
    // sent back for correction: none; resubmitted: a new one for the new submission
    await ops(['reject', appId, '--steps', 'FINANCE', '--message', 'Please check your income.']);
    expect(errorOf(await c.call('applyCertificate', { appId }))).toBe(ErrorCode.CERTIFICATE_NOT_READY);
    expect((await saveStep(c, appId, 'FINANCE', await validStepData(c, 'FINANCE', appId))).body.error).toBeUndefined();
    t.clock.advance(60_000);
    expect((await c.call('applySubmit', { appId })).body.error).toBeUndefined();
    const resubmitted = await c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'en' } });
    expect(resubmitted.body.result.ossId).not.toBe(res.body.result.ossId);
    // the audit log has where and on what, never the address
    const { rows } = await t.db.query<{ action: string; detail: Record<string, unknown> }>("SELECT action, detail FROM audit_log WHERE app_id = $1 AND action IN ('step.save', 'application.submit.evidence') AND (step = 'SIGNATURE' OR step IS NULL)", [appId]);
    expect(rows.map((r) => r.detail.evidence ?? r.detail)).toEqual(
      expect.arrayContaining([expect.objectContaining({ country: 'HK', device: 'Chrome 131 on Android 14' }), expect.objectContaining({ country: 'HK', device: 'Safari 17 on iOS 17.5' })]),
    );
  });

  test('a mainland applicant in simplified Chinese: the three generated documents with the SHA-256 of each file as downloaded, and the face check', async () => {
    const c = await cnUser();
    const appId = await filled(c, 'cn', ANDROID_CHROME);
    await t.db.query(`UPDATE face_checks SET scores = '{"similarity": 0.87, "live": 0.93}' WHERE app_id = $1`, [appId]);
    expect((await c.call('applySubmit', { appId })).body.error).toBeUndefined();
    const res = await c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'zh-CN' } });
    expect(res.body.error).toBeUndefined();
    const cnPdf = await download(c, res.body.result.ossUrl);
    const { pdfsig, text } = readPdf(cnPdf);
    expect(pdfsig).toMatch(/Signature Validation: Signature is Valid\./);
    expect(text).toContain('签署完成证明');
    expect(text).toContain('Android 14 上的 Chrome 131');
    expect(text).toMatch(/人脸核验[\s\S]*通过[\s\S]*87%[\s\S]*93%/);
    const { rows } = await t.db.query<{ data: { CAAPPLY: { documents: Record<string, string> } } }>('SELECT data FROM applications WHERE app_id = $1', [appId]);
    const docs = rows[0]!.data.CAAPPLY.documents;
    const downloaded = await Promise.all(
      ['accountOpeningForm', 'w8ben', 'selfCertificationForm'].map(async (d) => sha256(await download(c, (await c.call('applyDocument', { appId, document: d })).body.result.ossUrl))),
    );
    expect(Object.keys(docs)).toHaveLength(3);
    expect(listedHashes(text).slice(0, 3)).toEqual(downloaded);
    // another language is another file
    const tw = await c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'zh-TW' } });
    expect(tw.body.result.ossId).not.toBe(res.body.result.ossId);
  });

  test('the agreements as the SIGN save recorded them: its language (not the signature’s), file, SHA-256 of the bytes served then and its time; an application saved before they were recorded says "Not recorded"', async () => {
    const c = await hkUser();
    t.clock.advance(60_000);
    const appId = await filled(c, 'hk', ANDROID_CHROME, 'zh-TW');
    expect((await c.call('applySubmit', { appId })).body.error).toBeUndefined();
    const signSavedAt = (await stepSavedAt(t.db, appId, 'SIGN', new Date(t.clock.now())))!;
    expect(signSavedAt).toBeInstanceOf(Date);
    const ticked = (await t.db.query<{ data: { SIGN: { agreements: string[] } } }>('SELECT data FROM applications WHERE app_id = $1', [appId])).rows[0]!.data.SIGN.agreements;
    const servedTw = await Promise.all(ticked.map(async (a) => sha256((await c.inject({ method: 'GET', url: agreementPdfPath(a as never, 'zh-TW') })).rawPayload)));
    const servedCn = await Promise.all(ticked.map(async (a) => sha256((await c.inject({ method: 'GET', url: agreementPdfPath(a as never, 'zh-CN') })).rawPayload)));
    expect(servedTw).not.toEqual(servedCn);

    const en = readPdf(await download(c, (await c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'en' } })).body.result.ossUrl)).text;
    // the SIGN step was read in traditional Chinese; the SIGNATURE step was saved in simplified Chinese
    expect(listedHashes(en)).toEqual(servedTw);
    expect(en).toContain('Client Agreement (Traditional Chinese)');
    expect(en).toContain('clientAgreement.pdf');
    const submittedAt = (await t.db.query<{ submitted_at: Date }>('SELECT submitted_at FROM applications WHERE app_id = $1', [appId])).rows[0]!.submitted_at;
    expect(hongKongTime(submittedAt, 'en')).not.toBe(hongKongTime(signSavedAt, 'en'));
    expect(en.replace(/\s+/g, ' ').match(/Agreed \S+ \S+ \(Hong Kong time\)/g)).toEqual(ticked.map(() => `Agreed ${hongKongTime(signSavedAt, 'en')}`));

    // the values recorded at the save, not the folder's bytes now
    await t.db.query("UPDATE signed_agreements SET sha256 = repeat('ab', 32) WHERE app_id = $1", [appId]);
    const cn = readPdf(await download(c, (await c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'zh-CN' } })).body.result.ossUrl)).text;
    expect(listedHashes(cn)).toEqual(ticked.map(() => 'ab'.repeat(32)));

    // saved before migration 0040: no hash of today's files beside an old time
    await t.db.query('DELETE FROM signed_agreements WHERE app_id = $1', [appId]);
    const tw = readPdf(await download(c, (await c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'zh-TW' } })).body.result.ossUrl)).text;
    expect(listedHashes(tw)).toEqual([]);
    expect(tw.match(/SHA-256\s+未記錄/g)).toHaveLength(ticked.length);
  });

  test('two requests at once answer the same stored file, and only one is kept', async () => {
    const c = await hkUser();
    const appId = await filled(c, 'hk', ANDROID_CHROME);
    expect((await c.call('applySubmit', { appId })).body.error).toBeUndefined();
    const [a, b] = await Promise.all([
      c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'en' } }),
      c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'en' } }),
    ]);
    expect([a.body.error, b.body.error]).toEqual([undefined, undefined]);
    expect(b.body.result.ossId).toBe(a.body.result.ossId);
    const [pa, pb] = await Promise.all([download(c, a.body.result.ossUrl), download(c, b.body.result.ossUrl)]);
    expect(pb.equals(pa)).toBe(true);
    expect(sha256(pa)).toBe(a.body.result.sha256);
    const userId = (await t.db.query<{ user_id: string }>('SELECT user_id FROM applications WHERE app_id = $1', [appId])).rows[0]!.user_id;
    const named = await t.db.query('SELECT oss_id FROM files WHERE owner_user_id = $1 AND original_name = $2', [userId, `certificate-of-completion-${appId}-en.pdf`]);
    expect(named.rows).toHaveLength(1);
    // the kept file gone: made again rather than answered with a file that is not there
    await t.db.query('DELETE FROM files WHERE oss_id = $1', [a.body.result.ossId]);
    const again = await c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'en' } });
    expect(again.body.result.ossId).not.toBe(a.body.result.ossId);
    expect(sha256(await download(c, again.body.result.ossUrl))).toBe(again.body.result.sha256);
  });

  test("a user who has used up the day's upload quota still gets the certificate: it is not counted as an upload", async () => {
    const c = await hkUser();
    const appId = await filled(c, 'hk', ANDROID_CHROME);
    expect((await c.call('applySubmit', { appId })).body.error).toBeUndefined();
    const userId = (await t.db.query<{ user_id: string }>('SELECT user_id FROM applications WHERE app_id = $1', [appId])).rows[0]!.user_id;
    // the day's upload quota used up: an upload is refused, the certificate is not
    await t.db.query(
      `INSERT INTO files (oss_id, owner_user_id, category, mime, size, sha256, storage_key, original_name, created_at)
       SELECT 'quota-' || $1 || '-' || g, $1, 'UserApply', 'image/png', 1, '', 'none', 'x.png', $2 FROM generate_series(1, 200) g`,
      [userId, new Date(t.clock.now())],
    );
    const upload = await c.upload(`${CALLS.upload.path}/UserInfo`, { filename: 'card.png' }, testPng({ width: 4, height: 4, pixel: () => 0 }));
    expect([upload.body.error?.code, upload.body.error?.data?.scope]).toEqual([ErrorCode.RATE_LIMITED, 'uploadCount']);
    const zh = await c.call('applyCertificate', { appId }, { headers: { 'x-esop-lang': 'zh-TW' } });
    expect(zh.body.error).toBeUndefined();
    expect(zh.body.result.fileName).toBe(`certificate-of-completion-${appId}-zh-TW.pdf`);
  });

  test("another user's application is refused as unknown (151301); none without a session (100008)", async () => {
    const owner = await hkUser();
    const appId = await filled(owner, 'hk', ANDROID_CHROME);
    await owner.call('applySubmit', { appId });
    const other = await hkUser();
    expect(errorOf(await other.call('applyCertificate', { appId }))).toBe(ErrorCode.NO_APPLICATION);
    const anonymous = await t.handshake();
    expect(errorOf(await anonymous.call('applyCertificate', { appId }))).toBe(ErrorCode.LOGIN_EXPIRED);
  });
});

describe("the signer's Certificate", () => {
  const ops = () => ({ config: t.config, db: t.db, clock: t.clock, storage: t.storage });
  const png = (w: number, h: number) => testPng({ width: w, height: h, pixel: (x, y) => (x === y * 3 ? 0 : 255) });

  test('refused before signing (152311); after it a PDF pdfsig verifies with the SHA-256 of each signed file as downloaded, the place, device and both chains', async () => {
    const org = await createOrganisation(
      ops(),
      { name: 'Certificate Trading Limited', nameZh: '證明貿易有限公司', registrationNumber: '69000001', country: 'HK', signerName: 'CHAN Tai Man', signerIdNumber: 'K1234567' },
      'ops:test',
    );
    const { ticket } = await issueTicket(ops(), { org: org.id, steps: ['sign'] }, 'ops:test');
    const c = await t.handshake();
    const auth = (await c.call('signApplyAuth', { ticket, idNumber: 'K1234567' })).body.result;
    const s = { token: auth.token as string, idNumber: 'K1234567' };
    expect(errorOf(await c.call('signCertificate', s))).toBe(ErrorCode.SIGN_NOT_SIGNED);
    const signed = await c.call('signCorpApplyUpdate', { ...s, readAll: true, signature: png(120, 40).toString('base64') }, { headers: { 'user-agent': IPHONE_SAFARI } });
    expect(signed.body.error).toBeUndefined();

    const res = await c.call('signCertificate', s, { headers: { 'x-esop-lang': 'zh-TW' } });
    expect(res.body.result).toMatchObject({ kind: 'certificate', mime: 'application/pdf' });
    const pdf = Buffer.from((await c.call('signFileDownload', { ...s, fileId: res.body.result.fileId })).body.result.data, 'base64');
    const { pdfsig, text } = readPdf(pdf);
    expect(pdfsig).toMatch(/Signature Validation: Signature is Valid\./);
    expect(pdfsig).toMatch(/Total document signed/);
    expect(text).toContain('簽署完成證明');
    expect(text).toContain('iOS 17.5 上的 Safari 17');
    const signedFiles = signed.body.result.signed as { fileId: string }[];
    const downloaded = await Promise.all(signedFiles.map(async (f) => sha256(Buffer.from((await c.call('signFileDownload', { ...s, fileId: f.fileId })).body.result.data, 'base64'))));
    expect(listedHashes(text)).toEqual(downloaded);
    // the chain of the signed documents: the signer's certificate, then the root
    const root = new X509Certificate(await t.app.deps.vendors.ca.rootCertificate());
    expect(text).toContain('CN=CHAN Tai Man');
    expect(text.replace(/\s+/g, '')).toContain(root.fingerprint256.replace(/\s+/g, ''));
    expect((await c.call('signCertificate', s, { headers: { 'x-esop-lang': 'zh-TW' } })).body.result.fileId).toBe(res.body.result.fileId);
    // two requests at once for another language: the same file to both, one kept
    const [a, b] = await Promise.all([c.call('signCertificate', s, { headers: { 'x-esop-lang': 'en' } }), c.call('signCertificate', s, { headers: { 'x-esop-lang': 'en' } })]);
    expect(b.body.result.fileId).toBe(a.body.result.fileId);
    const bytesOf = async (fileId: string) => Buffer.from((await c.call('signFileDownload', { ...s, fileId })).body.result.data, 'base64');
    expect((await bytesOf(b.body.result.fileId)).equals(await bytesOf(a.body.result.fileId))).toBe(true);
    const kept = await t.db.query("SELECT id FROM sign_files WHERE kind = 'certificate' AND file_name = 'certificate-of-completion-en.pdf' AND ticket_id = (SELECT ticket_id FROM sign_files WHERE id = $1)", [a.body.result.fileId]);
    expect(kept.rows).toHaveLength(1);
    expect(CALLS.signCertificate.path).toBe('/kyc/v1/sign/Certificate');
  });
});
