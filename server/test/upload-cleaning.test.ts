/**
 * What is kept of an upload (issue 25, server/src/modules/files/clean.ts), through the real calls: Upload (the
 * applicant's photos, proof of address, tax files, signature) and organisation signing's FileUpload (documents and ID
 * card photos). An image comes back re-encoded (only its pixels: nothing appended, no EXIF or GPS, upright, at most
 * IMAGE_LIMITS.maxSide); a PDF with JavaScript or attached files is refused with 1012; a plain PDF is kept as sent.
 */
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { CALLS, ErrorCode } from '@core/domain';
import { IMAGE_LIMITS } from '../src/modules/files/clean';
import { createOrganisation, issueTicket } from '../src/modules/org-sign/service';
import { errorMessage } from '../src/i18n';
import { createTestApp, userMaker, type CallResult, type TestApp, type TestClient } from './helpers';
import { testPdf, testPng } from './upload-fixtures';

let t: TestApp;
let user: () => Promise<TestClient>;

beforeAll(async () => {
  t = await createTestApp();
  user = userMaker(t, '6');
});
afterAll(() => t.close());

const HTML = Buffer.from('<html><body><script>fetch("/kyc/v1/user/info").then(r=>r.text()).then(alert)</script></body></html>\n');

async function upload(c: TestClient, bytes: Uint8Array, filename: string): Promise<CallResult> {
  return c.upload(`${CALLS.upload.path}/UserInfo`, { filename }, bytes);
}

/** Uploads and downloads through the signed URL: what the service serves, with its headers. */
async function roundTrip(c: TestClient, bytes: Uint8Array, filename: string) {
  const res = await upload(c, bytes, filename);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  const served = await c.inject({ method: 'GET', url: res.body.result.ossUrl });
  expect(served.statusCode).toBe(200);
  return { ossId: res.body.result.ossId as string, body: served.rawPayload, headers: served.headers };
}

const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text));

/** A PDF whose catalog opens with JavaScript, its objects compressed in an object stream (as pdf-lib saves). */
async function pdfWithCompressedScript(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  const action = doc.context.register(doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.launchURL("https://example.invalid/")') }));
  doc.catalog.set(PDFName.of('OpenAction'), action);
  return doc.save({ useObjectStreams: true });
}

describe('images: only the picture is kept', () => {
  test('a PNG followed by an HTML page comes back as a clean PNG: same picture, no HTML, still image/png with nosniff', async () => {
    const c = await user();
    const png = testPng({ width: 40, height: 30, seed: 5 });
    const { body, headers } = await roundTrip(c, Buffer.concat([png, HTML]), 'front.png');
    expect(has(body, '<html') || has(body, '<script')).toBe(false);
    expect([headers['content-type'], headers['x-content-type-options']]).toEqual(['image/png', 'nosniff']);
    const [sent, kept] = await Promise.all([sharp(png).raw().toBuffer({ resolveWithObject: true }), sharp(body).raw().toBuffer({ resolveWithObject: true })]);
    expect([kept.info.width, kept.info.height]).toEqual([40, 30]);
    // lossless: the same pixels (greyscale kept greyscale)
    expect(kept.data.equals(sent.data)).toBe(true);
  });

  test('a PNG with text chunks holding HTML: the chunks are gone', async () => {
    const c = await user();
    const plain = testPng({ seed: 6 });
    // a tEXt chunk before IEND
    const text = Buffer.from('Comment\0<script>alert(1)</script>', 'latin1');
    const len = Buffer.alloc(4);
    len.writeUInt32BE(text.length);
    const { crc32 } = await import('node:zlib');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from('tEXt'), text])));
    const iend = plain.length - 12;
    const withText = Buffer.concat([plain.subarray(0, iend), len, Buffer.from('tEXt'), text, crc, plain.subarray(iend)]);
    expect((await sharp(withText).metadata()).width).toBe(16); // a valid PNG
    const { body } = await roundTrip(c, withText, 'text.png');
    expect(has(body, '<script')).toBe(false);
  });

  test('a phone JPEG turned by EXIF, with a GPS position: stored upright, no EXIF, no GPS; an HTML tail is dropped', async () => {
    const c = await user();
    // 60 wide, 20 high as stored; orientation 6 shows it 20 wide, 60 high
    const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#3a6' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 16/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '114/1 9/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect([before.orientation, before.exif?.includes(Buffer.from('PhoneCo'))]).toEqual([6, true]);
    const { body, headers } = await roundTrip(c, Buffer.concat([jpeg, HTML]), 'card.jpg');
    const after = await sharp(body).metadata();
    expect([after.format, after.width, after.height, after.orientation, after.exif, after.xmp, after.icc]).toEqual(['jpeg', 20, 60, undefined, undefined, undefined, undefined]);
    expect(has(body, 'PhoneCo') || has(body, 'GPS') || has(body, '<html')).toBe(false);
    expect(headers['content-type']).toBe('image/jpeg');
  });

  test(`a picture over ${IMAGE_LIMITS.maxSide} px is scaled down to it on its longer side (the shape kept)`, async () => {
    const c = await user();
    const wide = await sharp({ create: { width: IMAGE_LIMITS.maxSide + 904, height: 1000, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    const { body } = await roundTrip(c, wide, 'letter.jpg');
    const m = await sharp(body).metadata();
    expect([m.width, m.height]).toEqual([IMAGE_LIMITS.maxSide, Math.round((1000 * IMAGE_LIMITS.maxSide) / (IMAGE_LIMITS.maxSide + 904))]);
  });

  test('a file with an image signature that does not decode → 1009, nothing stored; HEIC is not among the accepted types (1009)', async () => {
    const c = await user();
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), HTML]);
    const res = await upload(c, fake, 'fake.png');
    expect([res.status, res.body.error?.code]).toEqual([415, ErrorCode.FILE_TYPE]);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(16)]);
    expect((await upload(c, heic, 'photo.heic')).body.error?.code).toBe(ErrorCode.FILE_TYPE);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE owner_user_id = $1', [c.user!.userId]);
    expect(rows[0].n).toBe(0);
  });
});

describe('PDFs: no script, no attached file', () => {
  const refusal = (res: CallResult) => [res.status, res.body.error?.code, res.body.error?.data?.reason, res.body.error?.message];
  const refused = (reason: string) => [422, ErrorCode.FILE_PDF_REFUSED, reason, errorMessage(ErrorCode.FILE_PDF_REFUSED, 'zh-CN')];

  test('a PDF that runs JavaScript when opened (/OpenAction) → 1012 javascript, with the catalogue text; nothing stored', async () => {
    const c = await user();
    const pdf = testPdf('statement', { catalog: '/OpenAction 4 0 R', objects: ['<< /Type /Action /S /JavaScript /JS (app.alert\\(document.cookie\\)) >>'] });
    expect(refusal(await upload(c, pdf, 'statement.pdf'))).toEqual(refused('javascript'));
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE owner_user_id = $1', [c.user!.userId]);
    expect(rows[0].n).toBe(0);
  });

  test('the same hidden in a compressed object stream, or behind #-escaped names, or as a page action (/AA) → 1012 javascript', async () => {
    const c = await user();
    const compressed = await pdfWithCompressedScript();
    expect(Buffer.from(compressed).includes('JavaScript')).toBe(false); // not findable in the bytes
    expect(refusal(await upload(c, compressed, 'a.pdf'))).toEqual(refused('javascript'));
    expect(refusal(await upload(c, testPdf('x', { catalog: '/OpenAction << /S /J#61vaScript /J#53 (1) >>' }), 'b.pdf'))).toEqual(refused('javascript'));
    const pageAction = testPdf('x', { objects: ['<< /Type /Annot /Subtype /Widget /Rect [0 0 10 10] /AA << /E << /S /Launch /F (calc.exe) >> >> >>'] });
    expect(refusal(await upload(c, pageAction, 'c.pdf'))).toEqual(refused('javascript'));
  });

  test('a PDF carrying an attached file (/EmbeddedFiles, a file attachment) → 1012 embeddedFile', async () => {
    const c = await user();
    const attached = testPdf('x', {
      catalog: '/Names << /EmbeddedFiles << /Names [(invoice.exe) 4 0 R] >> >>',
      objects: ['<< /Type /Filespec /F (invoice.exe) /EF << /F 5 0 R >> >>', '<< /Type /EmbeddedFile /Length 4 >>\nstream\nMZ..\nendstream'],
    });
    expect(refusal(await upload(c, attached, 'a.pdf'))).toEqual(refused('embeddedFile'));
    const doc = await PDFDocument.create();
    doc.addPage();
    await doc.attach(Buffer.from('hello'), 'note.txt', { mimeType: 'text/plain' });
    expect(refusal(await upload(c, await doc.save(), 'b.pdf'))).toEqual(refused('embeddedFile'));
  });

  test('plain PDFs are kept byte for byte (signatures stay valid), less what follows their last %%EOF; links and a go-to opening are fine', async () => {
    const c = await user();
    const plain = testPdf('bank statement', { catalog: '/OpenAction [3 0 R /Fit]', objects: ['<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://bank.example/) >> >>'] });
    const kept = await roundTrip(c, plain, 'statement.pdf');
    expect([kept.body.equals(plain), kept.headers['content-type'], kept.headers['x-content-type-options']]).toEqual([true, 'application/pdf', 'nosniff']);
    const generated = await (async () => {
      const doc = await PDFDocument.create();
      doc.addPage().drawText('Proof of address');
      return Buffer.from(await doc.save({ useObjectStreams: true }));
    })();
    expect((await roundTrip(c, generated, 'proof.pdf')).body.equals(generated)).toBe(true);
    const tailed = await roundTrip(c, Buffer.concat([plain, HTML]), 'tailed.pdf');
    expect(tailed.body.equals(plain)).toBe(true);
  });

  test('a file that starts like a PDF but is none → 1009', async () => {
    const c = await user();
    const res = await upload(c, Buffer.concat([Buffer.from('%PDF-1.7\n'), HTML]), 'fake.pdf');
    expect([res.status, res.body.error?.code]).toEqual([415, ErrorCode.FILE_TYPE]);
  });
});

describe("organisation signing's FileUpload: the same rules", () => {
  test("a document's PNG+HTML is kept clean, a PDF with JavaScript is refused, an ID card photo is re-encoded", async () => {
    const ops = { config: t.config, db: t.db, clock: t.clock, storage: t.storage };
    const org = await createOrganisation(
      ops,
      { name: 'Clean Files Limited', nameZh: '清潔檔案有限公司', registrationNumber: '71234567', country: 'HK', signerName: 'CHAN Tai Man', signerIdNumber: 'K1234567' },
      'ops:test',
    );
    const { ticket } = await issueTicket(ops, { org: org.id }, 'ops:test');
    const c = await t.handshake();
    const auth = await c.call('signApplyAuth', { ticket, idNumber: 'K1234567' });
    const s = { token: auth.body.result.token as string, idNumber: 'K1234567' };
    const doc = await c.upload(CALLS.signFileUpload.path, { ...s, fileName: 'resolution.png' }, Buffer.concat([testPng({ seed: 9 }), HTML]));
    expect(doc.body.error).toBeUndefined();
    const back = await c.call('signFileDownload', { ...s, fileId: doc.body.result.fileId });
    const bytes = Buffer.from(back.body.result.data, 'base64');
    expect([has(bytes, '<html'), (await sharp(bytes).metadata()).format, doc.body.result.size]).toEqual([false, 'png', bytes.length]);
    const js = testPdf('x', { catalog: '/OpenAction 4 0 R', objects: ['<< /S /JavaScript /JS (1) >>'] });
    const refused = await c.upload(CALLS.signFileUpload.path, { ...s, fileName: 'resolution.pdf' }, js);
    expect([refused.body.error?.code, refused.body.error?.data?.reason]).toEqual([ErrorCode.FILE_PDF_REFUSED, 'javascript']);
    const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#ddd' } }).jpeg().withExif({ IFD0: { Make: 'PhoneCo' } }).withMetadata({ orientation: 8 }).toBuffer();
    const up = await c.upload(CALLS.signFileUpload.path, { ...s, fileName: 'id.jpg', purpose: 'idPhoto' }, Buffer.concat([photo, HTML]));
    expect(up.body.error).toBeUndefined();
    const kept = Buffer.from((await c.call('signFileDownload', { ...s, fileId: up.body.result.fileId })).body.result.data, 'base64');
    const m = await sharp(kept).metadata();
    expect([m.width, m.height, m.exif, has(kept, '<html')]).toEqual([20, 30, undefined, false]);
  });
});
