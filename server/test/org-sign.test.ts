/**
 * Organisation signing (issue 14) under /kyc/v1/sign/: a ticket opens a signer session for the right ID number
 * only, expires, is revoked, locks after five wrong numbers; files belong to their ticket; the signed PDFs carry a
 * CMS signature that openssl verifies against the deployment's certificate authority.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { CALLS, ErrorCode, SIGN_LIMITS, parseCnId, type OrgSignStep } from '@core/domain';
import { APPLY_AUTH_FLOOR_MS, createOrganisation, expire, issueTicket, revoke } from '../src/modules/org-sign/service';
import { runCommand } from '../src/ops/run';
import type { OcrVendor } from '../src/vendors/ocr';
import { EMPTY_HKID_TEXT, EMPTY_ID_TEXT } from '../src/vendors/ocr/types';
import { SAMPLE_FRONT, makeIdFront } from '../../scripts/make-card-images';
import { HOUR, MINUTE, createTestApp, type CallResult, type TestApp, type TestClient } from './helpers';
import { testPdf, testPng } from './upload-fixtures';

let t: TestApp;
let c: TestClient;
const errorOf = (res: CallResult) => res.body.error?.code;
const ops = () => ({ config: t.config, db: t.db, clock: t.clock, storage: t.storage });
let orgSeq = 0;

/** An organisation whose signer holds `idNumber`, and a ticket for it. */
async function ticketFor(idNumber = 'K1234567', steps?: OrgSignStep[]) {
  orgSeq++;
  const org = await createOrganisation(
    ops(),
    { name: `Example Trading ${orgSeq} Limited`, nameZh: `示例貿易${orgSeq}有限公司`, registrationNumber: `7${String(orgSeq).padStart(7, '0')}`, country: 'HK', signerName: 'CHAN Tai Man', signerIdNumber: idNumber },
    'ops:test',
  );
  return issueTicket(ops(), { org: org.id, steps }, 'ops:test');
}

async function session(ticket: string, idNumber = 'K1234567') {
  const res = await c.call('signApplyAuth', { ticket, idNumber });
  expect(res.body.error).toBeUndefined();
  return { token: res.body.result.token as string, idNumber };
}

/** A w×h PNG of dark ink on white (what the signature pad sends). */
const png = (w = 40, h = 12): Buffer => testPng({ width: w, height: h, pixel: (x, y) => (x === y * 3 ? 0 : 255) });

/** reads what the card says (SAMPLE_FRONT): the card finding and checks before it are the real ones */
const ocr: OcrVendor = {
  name: 'test',
  readIdCard: async () => ({ ...EMPTY_ID_TEXT, side: 'front', name: SAMPLE_FRONT.name, idNumber: SAMPLE_FRONT.idNumber }),
  readHkIdCard: async () => ({ ...EMPTY_HKID_TEXT }),
  readPassportMrz: async () => ({ lines: [] }),
  readBankCard: async () => ({ acctNumber: '' }),
  close: async () => undefined,
};

beforeAll(async () => {
  t = await createTestApp({ vendors: { ocr } });
  c = await t.handshake();
}, 60_000);
afterAll(() => t.close());

describe('ApplyAuth', () => {
  test('the right ID number (any spacing, brackets, case) opens a session on the verify step with the two documents to read', async () => {
    const { ticket } = await ticketFor('K123456(7)');
    const s = await session(ticket, ' k1234567 ');
    const detail = await c.call('signApplyDetail', s);
    expect(detail.body.result).toMatchObject({ caStatus: 2, obResFileStatus: 2, signatureStatus: 2, step: 'verify', signerName: 'CHAN Tai Man' });
    expect(detail.body.result.documents.map((d: { kind: string; mime: string }) => [d.kind, d.mime])).toEqual([
      ['organizationChart', 'application/pdf'],
      ['openingForm', 'application/pdf'],
    ]);
    const info = await c.call('signGetClientInfo', s);
    expect(info.body.result).toMatchObject({ idNumberMasked: 'K1****67', signerName: 'CHAN Tai Man' });
    expect(CALLS.signApplyDetail.path).toBe('/kyc/v1/sign/ApplyDetail');
  });

  test('a wrong ID number, an unknown ticket and a revoked ticket answer the same 152301, none faster than the floor', async () => {
    const a = await ticketFor();
    const b = await ticketFor();
    await revoke(ops(), b.ticketId, 'ops:test');
    const answers: { status: number; body: unknown; ms: number }[] = [];
    for (const [ticket, idNumber] of [
      [a.ticket, 'K7654321'],
      ['x'.repeat(43), 'K1234567'],
      [b.ticket, 'K1234567'],
      [a.ticket, '12'],
    ]) {
      const started = performance.now();
      const res = await c.call('signApplyAuth', { ticket, idNumber });
      answers.push({ status: res.status, body: res.body, ms: performance.now() - started });
    }
    for (const x of answers) {
      expect({ status: x.status, body: x.body }).toEqual({ status: 400, body: { error: { code: ErrorCode.SIGN_VERIFY_FAILED, message: expect.any(String) } } });
      expect(x.ms).toBeGreaterThanOrEqual(APPLY_AUTH_FLOOR_MS - 5);
    }
    expect(new Set(answers.map((x) => JSON.stringify(x.body))).size).toBe(1);
  });

  test(`after ${SIGN_LIMITS.authAttempts} wrong ID numbers the ticket locks: even the right one is refused with 152303`, async () => {
    const { ticket } = await ticketFor();
    for (let i = 0; i < SIGN_LIMITS.authAttempts; i++) expect(errorOf(await c.call('signApplyAuth', { ticket, idNumber: `K000000${i}` }))).toBe(ErrorCode.SIGN_VERIFY_FAILED);
    expect(errorOf(await c.call('signApplyAuth', { ticket, idNumber: 'K1234567' }))).toBe(ErrorCode.SIGN_LOCKED);
  });

  test('four wrong ID numbers still let the right one in', async () => {
    const { ticket } = await ticketFor();
    for (let i = 0; i < SIGN_LIMITS.authAttempts - 1; i++) await c.call('signApplyAuth', { ticket, idNumber: `K000000${i}` });
    expect(errorOf(await c.call('signApplyAuth', { ticket, idNumber: 'K1234567' }))).toBeUndefined();
  });
});

describe('TicketInfo (the start page, before the ID number)', () => {
  test("names the link's organisation in both scripts and nothing about the signer; unknown, revoked, expired and locked links are refused", async () => {
    const open = await ticketFor('K1234567');
    const res = await c.call('signTicketInfo', { ticket: open.ticket });
    expect(res.body.result).toEqual({ organisationName: `Example Trading ${orgSeq} Limited`, chineseName: `示例貿易${orgSeq}有限公司` });
    // the signer's data stays behind ApplyAuth: no name, no number, no documents
    expect(JSON.stringify(res.body)).not.toMatch(/CHAN|K1|documents|signer/i);
    // and it opens no session: a signed call with no token still answers 100008
    expect(errorOf(await c.call('signApplyDetail', { token: '', idNumber: 'K1234567' }))).toBe(ErrorCode.LOGIN_EXPIRED);

    expect(errorOf(await c.call('signTicketInfo', { ticket: 'x'.repeat(43) }))).toBe(ErrorCode.SIGN_VERIFY_FAILED);
    const revoked = await ticketFor();
    await revoke(ops(), revoked.ticketId, 'ops:test');
    expect(errorOf(await c.call('signTicketInfo', { ticket: revoked.ticket }))).toBe(ErrorCode.SIGN_VERIFY_FAILED);
    const ended = await ticketFor();
    await expire(ops(), ended.ticketId, 'ops:test');
    expect(errorOf(await c.call('signTicketInfo', { ticket: ended.ticket }))).toBe(ErrorCode.SIGN_LINK_EXPIRED);
    const locked = await ticketFor();
    for (let i = 0; i < SIGN_LIMITS.authAttempts; i++) await c.call('signApplyAuth', { ticket: locked.ticket, idNumber: `K000000${i}` });
    expect(errorOf(await c.call('signTicketInfo', { ticket: locked.ticket }))).toBe(ErrorCode.SIGN_LOCKED);
  });
});

describe('the signer session', () => {
  test('an expired ticket answers 152302 to ApplyAuth and ends its sessions (100031)', async () => {
    const { ticket } = await ticketFor();
    const s = await session(ticket);
    t.clock.advance(SIGN_LIMITS.ticketHoursDefault * HOUR + MINUTE);
    c = await t.handshake(); // the cipher session of the test client is a day long at most
    expect(errorOf(await c.call('signApplyAuth', { ticket, idNumber: 'K1234567' }))).toBe(ErrorCode.SIGN_LINK_EXPIRED);
    expect(errorOf(await c.call('signApplyDetail', s))).toBe(ErrorCode.SIGN_SESSION_ENDED);
  });

  test('a revoked ticket ends its sessions (100031) and opens no more', async () => {
    const { ticket, ticketId } = await ticketFor();
    const s = await session(ticket);
    expect(await revoke(ops(), ticketId, 'ops:test')).toBe(true);
    expect(errorOf(await c.call('signApplyDetail', s))).toBe(ErrorCode.SIGN_SESSION_ENDED);
    expect(errorOf(await c.call('signApplyAuth', { ticket, idNumber: 'K1234567' }))).toBe(ErrorCode.SIGN_VERIFY_FAILED);
  });

  test('staff end a link now (sign-expire): its sessions end and it answers 152302, as an expired one does', async () => {
    const { ticket, ticketId } = await ticketFor();
    const s = await session(ticket);
    expect(await expire(ops(), ticketId, 'ops:test')).toBe(true);
    expect(await expire(ops(), ticketId, 'ops:test')).toBe(false);
    expect(errorOf(await c.call('signApplyDetail', s))).toBe(ErrorCode.SIGN_SESSION_ENDED);
    expect(errorOf(await c.call('signApplyAuth', { ticket, idNumber: 'K1234567' }))).toBe(ErrorCode.SIGN_LINK_EXPIRED);
  });

  test('no token is 100008, a forged token or another ID number 100031, idle 100033, past its end 100034', async () => {
    const { ticket } = await ticketFor();
    const s = await session(ticket);
    expect(errorOf(await c.call('signApplyDetail', { idNumber: s.idNumber }))).toBe(ErrorCode.LOGIN_EXPIRED);
    expect(errorOf(await c.call('signApplyDetail', { ...s, token: s.token.slice(0, 23) + 'A'.repeat(22) }))).toBe(ErrorCode.SIGN_SESSION_ENDED);
    expect(errorOf(await c.call('signApplyDetail', { ...s, idNumber: 'K7654321' }))).toBe(ErrorCode.SIGN_SESSION_ENDED);
    t.clock.advance(SIGN_LIMITS.sessionIdleMinutes * MINUTE);
    expect(errorOf(await c.call('signApplyDetail', s))).toBe(ErrorCode.SESSION_IDLE);

    const s2 = await session(ticket);
    // used every 20 minutes: never idle, until its absolute end
    for (let i = 1; i < (SIGN_LIMITS.sessionAbsoluteHours * 60) / 20; i++) {
      t.clock.advance(20 * MINUTE);
      expect(errorOf(await c.call('signGetClientInfo', s2))).toBeUndefined();
    }
    t.clock.advance(20 * MINUTE);
    expect(errorOf(await c.call('signApplyDetail', s2))).toBe(ErrorCode.SESSION_ABSOLUTE);
    expect(errorOf(await c.call('signApplyDetail', s2))).toBe(ErrorCode.SIGN_SESSION_ENDED);
  });
});

describe('files', () => {
  test("another ticket's file is refused (100403) to FileDownload and to ApplyUpdate; its own is served", async () => {
    const a = await session((await ticketFor()).ticket);
    const b = await session((await ticketFor()).ticket);
    const pdf = testPdf('a document the broker needs');
    const up = await c.upload(CALLS.signFileUpload.path, { ...a, fileName: 'board-resolution.pdf' }, pdf);
    expect(up.body.result).toMatchObject({ kind: 'upload', mime: 'application/pdf', size: pdf.length, fileName: 'board-resolution.pdf' });
    const fileId = up.body.result.fileId as string;
    const own = await c.call('signFileDownload', { ...a, fileId });
    expect(Buffer.from(own.body.result.data, 'base64').equals(pdf)).toBe(true);
    expect(errorOf(await c.call('signFileDownload', { ...b, fileId }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await c.call('signFileDownload', { ...b, fileId: 'A'.repeat(22) }))).toBe(ErrorCode.FORBIDDEN);
    // b's doc step comes after its verify step: finish verify first with a doc-only ticket instead
    const d = await session((await ticketFor('K1234567', ['doc'])).ticket);
    expect(errorOf(await c.call('signApplyUpdate', { ...d, fileIds: [fileId] }))).toBe(ErrorCode.FORBIDDEN);
    const dup = await c.upload(CALLS.signFileUpload.path, { ...d, fileName: 'articles.pdf' }, pdf);
    const done = await c.call('signApplyUpdate', { ...d, fileIds: [dup.body.result.fileId] });
    expect(done.body.result).toMatchObject({ obResFileStatus: 3, step: 'result' });
  });

  test('a file that is not a PDF, PNG or JPEG is refused (1009)', async () => {
    const a = await session((await ticketFor()).ticket);
    expect(errorOf(await c.upload(CALLS.signFileUpload.path, { ...a, fileName: 'x.exe' }, Buffer.from('MZ not a document')))).toBe(ErrorCode.FILE_TYPE);
  });
});

/** a valid mainland ID number that is not the one on SAMPLE_FRONT */
const OTHER_CN_ID = '11010519491231002X';

describe('the ID card photo (verify step)', () => {
  test("a mainland card's number is compared with the signer's: a match is the ticket's accepted photo, another's is not", async () => {
    expect(parseCnId(OTHER_CN_ID, '2026-01-01').ok).toBe(true);
    const photo = await makeIdFront();
    for (const [signerId, matches] of [
      [SAMPLE_FRONT.idNumber, true],
      [OTHER_CN_ID, false],
    ] as const) {
      const s = await session((await ticketFor(signerId)).ticket, signerId);
      expect((await c.call('signGetClientInfo', s)).body.result).toMatchObject({ signerIdKind: 'cnId', idPhoto: null });
      expect(errorOf(await c.call('signCorpApplyAuth', { ...s, confirm: true }))).toBe(ErrorCode.SIGN_ID_PHOTO_NEEDED);
      const up = await c.upload(CALLS.signFileUpload.path, { ...s, fileName: 'id.jpg', purpose: 'idPhoto' }, photo);
      expect(up.body.result).toMatchObject({ kind: 'idPhoto' });
      const res = await c.call('signIdCardOcr', { ...s, fileId: up.body.result.fileId });
      expect(res.body.result).toEqual({ name: SAMPLE_FRONT.name, idNumberMasked: '44**************1X', matchesSigner: matches });
      const info = await c.call('signGetClientInfo', s);
      expect(info.body.result.idPhoto).toEqual(matches ? { fileId: up.body.result.fileId, read: true } : null);
      const auth = await c.call('signCorpApplyAuth', { ...s, confirm: true });
      if (matches) expect(auth.body.result.step).toBe('verify');
      else expect(errorOf(auth)).toBe(ErrorCode.SIGN_ID_PHOTO_NEEDED);
      // the photo is not one of the documents for the broker
      expect((await c.call('signApplyDetail', s)).body.result.uploads).toEqual([]);
    }
  }, 60_000);

  test("a PDF is no photo (1009); a document for the broker is no card (100403), nor is another ticket's photo", async () => {
    const a = await session((await ticketFor(SAMPLE_FRONT.idNumber)).ticket, SAMPLE_FRONT.idNumber);
    const b = await session((await ticketFor(SAMPLE_FRONT.idNumber)).ticket, SAMPLE_FRONT.idNumber);
    expect(errorOf(await c.upload(CALLS.signFileUpload.path, { ...a, fileName: 'x.pdf', purpose: 'idPhoto' }, testPdf()))).toBe(ErrorCode.FILE_TYPE);
    const doc = await c.upload(CALLS.signFileUpload.path, { ...a, fileName: 'x.png' }, png());
    expect(errorOf(await c.call('signIdCardOcr', { ...a, fileId: doc.body.result.fileId }))).toBe(ErrorCode.FORBIDDEN);
    const photo = await c.upload(CALLS.signFileUpload.path, { ...a, fileName: 'id.png', purpose: 'idPhoto' }, png());
    expect(errorOf(await c.call('signIdCardOcr', { ...b, fileId: photo.body.result.fileId }))).toBe(ErrorCode.FORBIDDEN);
    expect(errorOf(await c.call('signIdCardOcr', { ...a, fileId: photo.body.result.fileId }))).toBe(ErrorCode.ID_UNCLEAR);
  });

  test(`another document (not a mainland card) is not read: its photo goes with CorpApplyAuth; ${SIGN_LIMITS.idPhotosPerHour} photos an hour`, async () => {
    const issuedA = await ticketFor();
    const a = await session(issuedA.ticket);
    const b = await session((await ticketFor()).ticket);
    expect((await c.call('signGetClientInfo', a)).body.result).toMatchObject({ signerIdKind: 'other', idPhoto: null });
    const photo = await c.upload(CALLS.signFileUpload.path, { ...a, fileName: 'hkid.png', purpose: 'idPhoto' }, png());
    expect(errorOf(await c.call('signIdCardOcr', { ...a, fileId: photo.body.result.fileId }))).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(await c.call('signCorpApplyAuth', { ...a, confirm: true }))).toBe(ErrorCode.SIGN_ID_PHOTO_NEEDED);
    expect(errorOf(await c.call('signCorpApplyAuth', { ...b, confirm: true, idPhotoFileId: photo.body.result.fileId }))).toBe(ErrorCode.FORBIDDEN);
    const doc = await c.upload(CALLS.signFileUpload.path, { ...a, fileName: 'x.png' }, png());
    expect(errorOf(await c.call('signCorpApplyAuth', { ...a, confirm: true, idPhotoFileId: doc.body.result.fileId }))).toBe(ErrorCode.FORBIDDEN);
    expect((await c.call('signCorpApplyAuth', { ...a, confirm: true, idPhotoFileId: photo.body.result.fileId })).body.error).toBeUndefined();
    expect((await c.call('signGetClientInfo', a)).body.result.idPhoto).toEqual({ fileId: photo.body.result.fileId, read: false });
    for (let i = 1; i < SIGN_LIMITS.idPhotosPerHour; i++) expect((await c.upload(CALLS.signFileUpload.path, { ...a, fileName: `p${i}.png`, purpose: 'idPhoto' }, png())).body.error).toBeUndefined();
    const over = await c.upload(CALLS.signFileUpload.path, { ...a, fileName: 'one-more.png', purpose: 'idPhoto' }, png());
    expect(over.body.error).toMatchObject({ code: ErrorCode.SIGN_TOO_MANY_PHOTOS, data: { max: SIGN_LIMITS.idPhotosPerHour } });
    // documents for the broker are counted apart
    expect((await c.upload(CALLS.signFileUpload.path, { ...a, fileName: 'doc.png' }, png())).body.error).toBeUndefined();
    // an hour on (with a new session: the first one idled out), the ticket takes photos again
    t.clock.advance(HOUR + MINUTE);
    c = await t.handshake();
    const later = await session(issuedA.ticket);
    expect((await c.upload(CALLS.signFileUpload.path, { ...later, fileName: 'later.png', purpose: 'idPhoto' }, png())).body.error).toBeUndefined();
  });

  test('a confirmation without an accepted photo (made before photos were asked) gets no certificate: 152309', async () => {
    const issued = await ticketFor(SAMPLE_FRONT.idNumber);
    const s = await session(issued.ticket, SAMPLE_FRONT.idNumber);
    await t.db.query('UPDATE sign_tickets SET identity_confirmed_at = now() WHERE id = $1', [issued.ticketId]);
    expect(errorOf(await c.call('signCorpApplyCACert', s))).toBe(ErrorCode.SIGN_ID_PHOTO_NEEDED);
    expect((await c.call('signCorpApplyDetail', s)).body.result).toMatchObject({ caStatus: 2, certificate: null });
  });
});

describe('the steps and the digital signature', () => {
  test('a step out of order is 152304 with the current step; the certificate needs the details confirmed (152305)', async () => {
    const s = await session((await ticketFor()).ticket);
    const early = await c.call('signCorpApplyUpdate', { ...s, readAll: true, signature: png().toString('base64') });
    expect(early.body.error).toMatchObject({ code: ErrorCode.SIGN_NOT_CURRENT_STEP, data: { step: 'verify' } });
    expect(errorOf(await c.call('signCorpApplyCACert', s))).toBe(ErrorCode.SIGN_IDENTITY_UNCONFIRMED);
  });

  test('verify, doc and sign: the signed PDFs verify with openssl against the local authority, and a changed byte does not', async () => {
    const issued = await ticketFor();
    const s = await session(issued.ticket);
    const idPhoto = await c.upload(CALLS.signFileUpload.path, { ...s, fileName: 'passport.png', purpose: 'idPhoto' }, png(60, 40));
    expect((await c.call('signCorpApplyAuth', { ...s, confirm: true, idPhotoFileId: idPhoto.body.result.fileId })).body.result.step).toBe('verify');
    const cert = await c.call('signCorpApplyCACert', s);
    expect(cert.body.result).toMatchObject({ caStatus: 3, step: 'doc', certificate: { subject: expect.stringContaining('CN=CHAN Tai Man') } });
    expect((await c.call('signCorpApplyDetail', s)).body.result).toMatchObject({ caStatus: 3, identityConfirmed: true });
    const up = await c.upload(CALLS.signFileUpload.path, { ...s, fileName: 'register.png' }, png());
    expect((await c.call('signApplyUpdate', { ...s, fileIds: [up.body.result.fileId] })).body.result.step).toBe('sign');
    const signed = await c.call('signCorpApplyUpdate', { ...s, readAll: true, signature: png(120, 40).toString('base64') });
    expect(signed.body.result).toMatchObject({ signatureStatus: 3, step: 'result' });
    expect(signed.body.result.signed).toHaveLength(2);
    expect(errorOf(await c.call('signCorpApplyUpdate', { ...s, readAll: true, signature: png().toString('base64') }))).toBe(ErrorCode.SIGN_NO_NEED);
    // staff export the same signed bytes, and see the ticket done
    const exported = (await runCommand(ops(), 'sign-export', { ticketId: issued.ticketId, document: 'openingForm', out: 'unused.pdf' })) as { base64: string };
    const openingFormId = (signed.body.result.signed as { fileId: string; fileName: string }[]).find((f) => f.fileName.startsWith('openingForm'))!.fileId;
    expect(exported.base64).toBe((await c.call('signFileDownload', { ...s, fileId: openingFormId })).body.result.data);
    const listed = (await runCommand(ops(), 'sign-tickets', { org: null, limit: 100 })) as { ticketId: string; state: string; idPhoto: string }[];
    expect(listed.find((r) => r.ticketId === issued.ticketId)).toMatchObject({ state: 'done', idPhoto: 'kept' });
    const photoOut = (await runCommand(ops(), 'sign-export', { ticketId: issued.ticketId, document: 'idPhoto', out: 'unused.png' })) as { base64: string };
    // the photo as kept: re-encoded (files/clean.ts), the same pixels
    const [kept, sent] = await Promise.all([sharp(Buffer.from(photoOut.base64, 'base64')).raw().toBuffer(), sharp(png(60, 40)).raw().toBuffer()]);
    expect(kept.equals(sent)).toBe(true);

    const dir = mkdtempSync(join(tmpdir(), 'org-sign-'));
    try {
      const root = await t.app.deps.vendors.ca.rootCertificate();
      writeFileSync(join(dir, 'root.pem'), new X509Certificate(root).toString());
      for (const f of signed.body.result.signed as { fileId: string }[]) {
        const pdf = Buffer.from((await c.call('signFileDownload', { ...s, fileId: f.fileId })).body.result.data, 'base64');
        // poppler's pdfsig, as a reader's signature panel: the signature is valid and covers the whole file
        writeFileSync(join(dir, 'signed.pdf'), pdf);
        const pdfsig = execFileSync('pdfsig', [join(dir, 'signed.pdf')]).toString();
        expect(pdfsig).toMatch(/Signature Validation: Signature is Valid\./);
        expect(pdfsig).toMatch(/Total document signed/);
        expect(pdfsig).toMatch(/Signer Certificate Common Name: CHAN Tai Man/);
        const text = pdf.toString('latin1');
        const [, a, l1, b, l2] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(text)!.map(Number) as number[];
        expect(a).toBe(0);
        expect(b! + l2!).toBe(pdf.length);
        const content = Buffer.concat([pdf.subarray(0, l1), pdf.subarray(b!, b! + l2!)]);
        const hex = Buffer.from(text.slice(l1! + 1, b! - 1), 'hex');
        const len = hex[1]! & 0x80 ? hex.subarray(2, 2 + (hex[1]! & 0x7f)).reduce((n, x) => n * 256 + x, 0) + 2 + (hex[1]! & 0x7f) : hex[1]! + 2;
        writeFileSync(join(dir, 'sig.der'), hex.subarray(0, len));
        writeFileSync(join(dir, 'content.bin'), content);
        const verify = () =>
          execFileSync('openssl', ['cms', '-verify', '-inform', 'DER', '-in', join(dir, 'sig.der'), '-content', join(dir, 'content.bin'), '-binary', '-CAfile', join(dir, 'root.pem'), '-purpose', 'any', '-out', '/dev/null'], { stdio: 'pipe' }).toString();
        expect(() => verify()).not.toThrow();
        content[100] = content[100]! ^ 1;
        writeFileSync(join(dir, 'content.bin'), content);
        expect(() => verify()).toThrow();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
