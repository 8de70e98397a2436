/**
 * PassportOcr (issue 41) with the real offline engine (tesseract.js, eng) on passport data pages drawn by
 * scripts/make-card-images.ts, and the zone's parsing (mrz package) on lines as OCR gives them. The clock is fixed,
 * so expiry and the birth date's century are judged on a known date.
 */
import sharp from 'sharp';
import { CALLS, ErrorCode } from '@core/domain';
import { makeBlank, makeGlare, makeHkIdFront, makePassportPage, makePhotocopy, passportMrz, SAMPLE_PASSPORT, type PassportOptions } from '../../scripts/make-card-images';
import { countryOfIcao, mrzDate, readPassportZone } from '../src/modules/ocr/passport';
import { mrzLinesOf } from '../src/vendors/ocr/mrz';
import { createTestApp, TestClock, userMaker, type TestApp, type TestClient } from './helpers';
import { browserCompressed, testPdf } from './upload-fixtures';

const OCR_TIMEOUT = 60_000;
/** 2026-06-01 12:00 Hong Kong */
const NOW = Date.UTC(2026, 5, 1, 4, 0, 0);
const TODAY = '2026-06-01';

describe('the zone in OCR text (mrzLinesOf)', () => {
  const [l1, l2] = passportMrz(SAMPLE_PASSPORT);
  test.each<[string, string[], string[]]>([
    ['the two lines as printed, among other text', ['PASSPORT', 'SMITH', l1, l2], [l1, l2]],
    ['spaces between characters and lower case dropped', [l1.split('').join(' '), l2.toLowerCase()], [l1, l2]],
    ['fillers read as « or {', [l1.replace(/<</g, '«<'), l2.replace(/<<</, '{<<')], [l1, l2]],
    ["line 1's tail after three fillers misread (< as K, L)", [`${l1.slice(0, -2)}KL`, l2], [l1, l2]],
    ['two fillers dropped from a long run', [l1.slice(0, -2), l2.replace('<<', '')], [l1, l2]],
    ['one filler too many', [`${l1}<`, l2.replace('<<', '<<<')], [l1, l2]],
    ['no P line: not a passport zone', [l2, l2], []],
    ['line 2 far too short', [l1, l2.slice(0, 30)], []],
    ['nothing', [], []],
  ])('%s', (_, texts, expected) => expect(mrzLinesOf(texts)).toEqual(expected));
});

describe('the zone parsed and checked (readPassportZone)', () => {
  const sample = { idNumber: '533401372', issuingCountry: 'GB', nationality: 'GB', lastName: 'SMITH', firstName: 'JOHN PETER', birthday: '1985-04-12', expiry: '2031-09-30', gender: 1 };
  const zone = (o: Partial<PassportOptions>) => passportMrz({ ...SAMPLE_PASSPORT, ...o });
  test.each<[string, string[], object | null]>([
    ['the sample', zone({}), sample],
    ['a letter in a date read as a digit is corrected (O for 0)', (([a, b]) => [a, b.replace('8504124', '85O4124')])(zone({})), sample],
    ['a wrong check digit of the number: not used', zone({ badCheckDigit: true }), null],
    ['one digit of the birth date misread: its check digit fails', (([a, b]) => [a, b.replace('8504124', '8504134')])(zone({})), null],
    ['Germany (D), a woman, a letter in the number', zone({ issuingState: 'D', nationality: 'D', surname: 'MUSTERMANN', givenNames: 'ERIKA', number: 'C01X00T47', sex: 'F', birthday: '1964-08-12' }), { ...sample, idNumber: 'C01X00T47', issuingCountry: 'DE', nationality: 'DE', lastName: 'MUSTERMANN', firstName: 'ERIKA', birthday: '1964-08-12', gender: 2 }],
    ['Hong Kong SAR, born 2008', zone({ issuingState: 'HKG', nationality: 'CHN', number: 'K12345678', birthday: '2008-02-29' }), { ...sample, idNumber: 'K12345678', issuingCountry: 'HK', nationality: 'CN', birthday: '2008-02-29' }],
    ['a TD1 card zone is no passport', ['I<UTOD23145890<1233<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<2', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'], null],
    ['one line', [zone({})[0]], null],
  ])('%s', (_, lines, expected) => expect(readPassportZone(lines, TODAY)).toEqual(expected));

  test.each([
    ['GBR', 'GB'],
    ['D', 'DE'],
    ['D<<', 'DE'],
    ['GBN', 'GB'],
    ['HKG', 'HK'],
    ['MAC', 'MO'],
    ['UNO', ''],
    ['XXA', ''],
  ])('state code %s → %s', (code, iso) => expect(countryOfIcao(code)).toBe(iso));

  test.each([
    ['850412', 'birth', '1985-04-12'],
    ['260601', 'birth', '2026-06-01'],
    ['260602', 'birth', '1926-06-02'],
    ['310930', 'expiry', '2031-09-30'],
    ['990101', 'expiry', '1999-01-01'],
    ['850230', 'birth', ''],
    ['8504AB', 'birth', ''],
  ] as const)('%s read as the %s date → %s', (yymmdd, kind, iso) => expect(mrzDate(yymmdd, kind, TODAY)).toBe(iso));
});

describe('PassportOcr', () => {
  let t: TestApp;
  let user: () => Promise<TestClient>;
  beforeAll(async () => {
    t = await createTestApp({ clock: new TestClock(NOW) });
    user = userMaker(t, '7');
  }, OCR_TIMEOUT);
  afterAll(() => t.close());

  async function uploaded(c: TestClient, bytes: Uint8Array, filename = 'passport.jpg'): Promise<string> {
    const res = await c.upload(`${CALLS.upload.path}/UserInfo`, { filename }, bytes);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    return res.body.result.ossId as string;
  }

  test(
    'the data page as the page uploads it: every field of the zone; the page kept as the caller\'s file, the reading for the desk',
    async () => {
      const c = await user();
      const ossId = await uploaded(c, await browserCompressed(await makePassportPage({ ...SAMPLE_PASSPORT, surname: 'WONG', givenNames: 'MEI LING', sex: 'F', number: 'KJ0482913', issuingState: 'HKG', nationality: 'CHN', birthday: '1992-12-03' })));
      const res = await c.call('passportOcr', { ossId });
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      const { cropIdCard, ...fields } = res.body.result as Record<string, unknown> & { cropIdCard: { ossId: string } };
      expect(fields).toEqual({ idNumber: 'KJ0482913', issuingCountry: 'HK', nationality: 'CN', lastName: 'WONG', firstName: 'MEI LING', birthday: '1992-12-03', gender: 2, expiry: SAMPLE_PASSPORT.expiry });
      const { rows: files } = await t.db.query<{ oss_id: string }>('SELECT oss_id FROM files WHERE owner_user_id = $1', [c.user!.userId]);
      expect(files.map((f) => f.oss_id).sort()).toEqual([ossId, cropIdCard.ossId].sort());
      const kept = await t.db.query('SELECT kind, fields FROM ocr_readings WHERE oss_id = $1', [ossId]);
      expect(kept.rows).toEqual([{ kind: 'passport', fields }]);
    },
    OCR_TIMEOUT,
  );

  test(
    'the open booklet (no page stands apart) is read whole',
    async () => {
      const c = await user();
      const page = await makePassportPage();
      const { width, height } = await sharp(page).metadata();
      // the facing page above the data page, pale like it: the photo is taller than wide, no card shape in it
      const booklet = await sharp(page).extend({ top: Math.round(height! * 0.9), background: { r: 226, g: 232, b: 224 } }).jpeg().toBuffer();
      expect((await sharp(booklet).metadata()).width).toBe(width);
      const res = await c.call('passportOcr', { ossId: await uploaded(c, await browserCompressed(booklet)) });
      expect(res.body.result).toEqual(expect.objectContaining({ idNumber: SAMPLE_PASSPORT.number, lastName: 'SMITH', firstName: 'JOHN PETER' }));
    },
    OCR_TIMEOUT,
  );

  test(
    'refusals: a wrong check digit or an HKID card or a blank picture 151202, expired 151201, photocopy 151203, glare 151204, a PDF 151202',
    async () => {
      const c = await user();
      for (const bytes of [await makePassportPage({ ...SAMPLE_PASSPORT, badCheckDigit: true }), await makeHkIdFront(), await makeBlank()]) {
        const res = await c.call('passportOcr', { ossId: await uploaded(c, bytes) });
        expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.ID_UNCLEAR]);
      }
      const expired = await c.call('passportOcr', { ossId: await uploaded(c, await makePassportPage({ ...SAMPLE_PASSPORT, expiry: '2026-05-31' })) });
      expect(expired.body.error?.code).toBe(ErrorCode.ID_VALIDITY_INVALID);
      const copy = await c.call('passportOcr', { ossId: await uploaded(c, await makePhotocopy(await makePassportPage())) });
      expect(copy.body.error?.code).toBe(ErrorCode.ID_NOT_ORIGINAL);
      const glare = await c.call('passportOcr', { ossId: await uploaded(c, await makeGlare(await makePassportPage())) });
      expect(glare.body.error?.code).toBe(ErrorCode.ID_REFLECTIVE);
      const pdf = await c.call('passportOcr', { ossId: await uploaded(c, testPdf(), 'passport.pdf') });
      expect(pdf.body.error?.code).toBe(ErrorCode.ID_UNCLEAR);
    },
    OCR_TIMEOUT * 2,
  );

  test("another user's photo → 100403; without a login → 100008", async () => {
    const owner = await user();
    const ossId = await uploaded(owner, await makeBlank());
    const other = await user();
    expect((await other.call('passportOcr', { ossId })).body.error?.code).toBe(ErrorCode.FORBIDDEN);
    expect((await (await t.handshake()).call('passportOcr', { ossId })).body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
  });
});
