/**
 * The OCR service with the HTTP vendor adapter (a fake vendor answering through fetch: no engine runs here),
 * the per-user rate limit, the OCR settings, and table tests of the text parsing every vendor's text goes
 * through (look-alike digits, ID checksum, validity, bank numbers).
 */
import { CALLS, ErrorCode, RATE_LIMITS } from '@core/domain';
import sharp from 'sharp';
import { makeHkIdFront, makeIdBack, makeIdFront, makePassportPage, passportMrz, SAMPLE_BACK, SAMPLE_FRONT, SAMPLE_HK_FRONT, SAMPLE_PASSPORT } from '../../scripts/make-card-images';
import { ConfigError, parseEnv } from '../src/config';
import { createHttpOcr } from '../src/vendors/ocr';
import { nameReading } from '../src/vendors/ocr/local';
import { findBankNumber, findIdNumber, nameLineIndex, parseBack, parseFront, sideOf, validityOf } from '../src/vendors/ocr/parse';
import { createTestApp, TestClock, userMaker, type TestApp, type TestClient } from './helpers';

const NOW = Date.UTC(2026, 5, 1, 4, 0, 0);

interface Seen {
  url: string;
  auth: string | null;
  image: Buffer;
}
const seen: Seen[] = [];
/** what the fake vendor answers next, by path */
const answers: Record<string, { status: number; body: unknown }> = {};

const fakeFetch: typeof fetch = async (input, init) => {
  const url = String(input);
  const headers = new Headers(init?.headers);
  const body = JSON.parse(String(init?.body)) as { image: string };
  seen.push({ url, auth: headers.get('authorization'), image: Buffer.from(body.image, 'base64') });
  const path = url.endsWith('/idcard') ? 'idcard' : url.endsWith('/hkid') ? 'hkid' : url.endsWith('/mrz') ? 'mrz' : 'bankcard';
  const a = answers[path] ?? { status: 404, body: {} };
  return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
};

let t: TestApp;
let user: () => Promise<TestClient>;
let front: Buffer;
beforeAll(async () => {
  t = await createTestApp({
    clock: new TestClock(NOW),
    vendors: { ocr: createHttpOcr({ OCR_HTTP_URL: 'https://ocr.example.com/v1', OCR_HTTP_KEY: 'k-123' }, fakeFetch) },
  });
  user = userMaker(t, '7');
  front = await makeIdFront(SAMPLE_FRONT);
});
afterAll(() => t.close());
beforeEach(() => {
  seen.length = 0;
});

async function uploaded(c: TestClient, bytes: Uint8Array): Promise<string> {
  const res = await c.upload(`${CALLS.upload.path}/UserInfo`, { filename: 'card.jpg' }, bytes);
  expect(res.status).toBe(200);
  return res.body.result.ossId as string;
}

describe('IdcardOcr with the HTTP vendor', () => {
  test('the vendor gets the card cut out of the photo with the key; its answer is checked and mapped', async () => {
    answers.idcard = {
      status: 200,
      body: { side: 'front', name: '张伟明', gender: '女', nation: '汉', birthday: '1990.03.07', address: '广东省深圳市福田区深南大道1001号', idNumber: '44030419900307211x' },
    };
    const c = await user();
    const photo = await uploaded(c, front);
    const res = await c.call('idcardOcr', { ossId: photo });
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    // kept for the review desk, by the photo read
    const kept = await t.db.query<{ kind: string; fields: Record<string, unknown> }>('SELECT kind, fields FROM ocr_readings WHERE oss_id = $1', [photo]);
    expect(kept.rows).toEqual([{ kind: 'idcardFront', fields: expect.objectContaining({ name: '张伟明', idNumber: '44030419900307211X', gender: 1 }) }]);
    expect(res.body.result).toEqual(
      // gender from the number (male), not the vendor's 女
      expect.objectContaining({ side: 'front', name: '张伟明', idNumber: '44030419900307211X', gender: 1, birthday: '1990-03-07', idAddress: '广东省深圳市福田区深南大道1001号', idValidTime: '' }),
    );
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('https://ocr.example.com/v1/idcard');
    expect(seen[0].auth).toBe('Bearer k-123');
    const meta = await sharp(seen[0].image).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width! / meta.height!).toBeCloseTo(85.6 / 54, 1);
  });

  test.each([
    ['an ID number failing the checksum', { side: 'front', idNumber: '440304199003072110' }, ErrorCode.ID_UNCLEAR],
    ['an ID number with an unknown province', { side: 'front', idNumber: '990304199003072116' }, ErrorCode.ID_UNCLEAR],
    ['a Hong Kong code (81) with a valid check digit', { side: 'front', idNumber: '810000199003072117' }, ErrorCode.ID_UNCLEAR],
    ['a birth date in the future', { side: 'front', idNumber: '440304203003072119' }, ErrorCode.ID_UNCLEAR],
    ['no side', { side: null, name: '张伟明' }, ErrorCode.ID_UNCLEAR],
    ['a back without validity', { side: 'back', authority: '深圳市公安局' }, ErrorCode.ID_UNCLEAR],
    ['a validity ended yesterday', { side: 'back', authority: '深圳市公安局', validFrom: '2006.05.31', validTo: '2026.05.31' }, ErrorCode.ID_VALIDITY_INVALID],
    ['a validity starting tomorrow', { side: 'back', authority: '深圳市公安局', validFrom: '2026.06.02', validTo: '2046.06.02' }, ErrorCode.ID_VALIDITY_INVALID],
    ['an end before the start', { side: 'back', authority: '深圳市公安局', validFrom: '2036.05.20', validTo: '2016.05.20' }, ErrorCode.ID_VALIDITY_INVALID],
    ['a date that does not exist', { side: 'back', authority: '深圳市公安局', validFrom: '2016.02.30', validTo: '2036.02.30' }, ErrorCode.ID_VALIDITY_INVALID],
  ])('%s → the matching error', async (_what, body, code) => {
    answers.idcard = { status: 200, body };
    const c = await user();
    const res = await c.call('idcardOcr', { ossId: await uploaded(c, front) });
    expect([res.status, res.body.error?.code]).toEqual([400, code]);
  });

  test('validity ending today is still valid; 长期 is kept as the word', async () => {
    for (const [validTo, expected] of [['2026.06.01', '2006-06-01,2026-06-01'], ['长期', '2006-06-01,长期']]) {
      answers.idcard = { status: 200, body: { side: 'back', authority: '深圳市公安局', validFrom: '2006.06.01', validTo } };
      const c = await user();
      const res = await c.call('idcardOcr', { ossId: await uploaded(c, await makeIdBack(SAMPLE_BACK)) });
      expect(res.body.result).toEqual(expect.objectContaining({ side: 'back', idAuthority: '深圳市公安局', idValidTime: expected, gender: 0 }));
    }
  });

  test('a vendor failure is a server error (100500), nothing stored', async () => {
    answers.idcard = { status: 503, body: {} };
    const c = await user();
    const res = await c.call('idcardOcr', { ossId: await uploaded(c, front) });
    expect([res.status, res.body.error?.code]).toEqual([500, ErrorCode.INTERNAL]);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE owner_user_id = $1', [c.user!.userId]);
    expect(rows[0].n).toBe(1);
  });
});

describe('BankcardOcr with the HTTP vendor', () => {
  test.each([
    ['6217 0012 3456 7890 123', 200, { result: { acctNumber: '6217001234567890123' } }],
    ['12345678901', 400, ErrorCode.BANK_CARD_WRONG],
    ['12345678901234567890123456', 400, ErrorCode.BANK_CARD_WRONG],
    ['', 400, ErrorCode.BANK_CARD_WRONG],
  ])('vendor reads %j → %s', async (acctNumber, status, expected) => {
    answers.bankcard = { status: 200, body: { acctNumber } };
    const c = await user();
    const res = await c.call('bankcardOcr', { ossId: await uploaded(c, front) });
    expect(res.status).toBe(status);
    if (typeof expected === 'number') expect(res.body.error?.code).toBe(expected);
    else expect(res.body).toEqual(expected);
  });
});

test('OCR calls are limited per user (RATE_LIMITS.ocr) → 100429', async () => {
  const c = await user();
  const foreign = 'B'.repeat(24);
  const max = RATE_LIMITS.ocr.perUser.max;
  for (let i = 0; i < max; i++) {
    const res = await c.call(i % 2 ? 'idcardOcr' : 'bankcardOcr', { ossId: foreign });
    expect(res.body.error?.code).toBe(ErrorCode.FORBIDDEN);
  }
  const over = await c.call('idcardOcr', { ossId: foreign });
  expect([over.status, over.body.error?.code, over.body.error?.data?.scope]).toEqual([429, ErrorCode.RATE_LIMITED, 'user']);
});

test('settings: OCR_VENDOR=http needs OCR_HTTP_URL; the timeout stays under the screens\' 60 s', () => {
  expect(() => parseEnv({ OCR_VENDOR: 'http' })).toThrow(ConfigError);
  expect(() => parseEnv({ OCR_TIMEOUT_MS: '60000' })).toThrow(ConfigError);
  expect(parseEnv({ OCR_VENDOR: 'http', OCR_HTTP_URL: 'https://ocr.example.com', OCR_HTTP_KEY: 'x' }).OCR_VENDOR).toBe('http');
  expect(parseEnv({}).OCR_VENDOR).toBe('local');
});

// ---------------------------------------------------------------- parsing (every vendor's text goes through it)

const TODAY = '2026-06-01';

describe('findIdNumber', () => {
  test.each([
    ['clean', ['公民身份号码 44030419900307211X'], '44030419900307211X', true],
    ['spaced, lower-case x', ['公民身份号码 4403 0419 9003 0721 1x'], '44030419900307211X', true],
    ['O for 0, l for 1, S for 5', ['公民身份号码 44O3O4l99OO3O72llX'], '44030419900307211X', true],
    ['B for 8, Z for 2', ['号码 11010519491Z31002X', '姓名 王芳'], '11010519491231002X', true],
    ['a stray character before it', ['公民身份号码 ”320102198506154867'], '320102198506154867', true],
    ['found on another line', ['住址 北京市', '110101200002293323'], '110101200002293323', true],
    ['wrong check digit: kept but not valid', ['公民身份号码 440304199003072110'], '440304199003072110', false],
    ['17 characters: none', ['公民身份号码 44030419900307211'], '', false],
    ['no number', ['姓名 张伟明'], '', false],
  ])('%s', (_what, lines, idNumber, valid) => {
    expect(findIdNumber(lines, TODAY)).toEqual({ idNumber, valid });
  });
});

describe('parseFront / parseBack / sideOf', () => {
  const front = ['姓 名 ” 张 伟 明', '性 别 “ 男 民族 汉', '出 生 1990 年 3 月 7 日', '住址 ”广东 省 深圳 市 福田 区 深 南', '大 道 1001 号 华强 花园 3 栋', '502 房', '公民 身份 号 码 44030419900307211X'];
  test('front fields by their labels; spaces and stray quotes dropped; the address joined across lines', () => {
    expect(parseFront(front)).toEqual({ name: '张伟明', gender: '男', nation: '汉', birthday: '1990-03-07', address: '广东省深圳市福田区深南大道1001号华强花园3栋502房' });
    expect(sideOf(front.join('\n'))).toBe('front');
  });
  test('a misread label character still finds its line; a minority name keeps its middle dot', () => {
    expect(parseFront(['娃名 阿依古丽•买买提', '性剐 女 民族 维吾尔', '出生 1988年11月2日', '住址 新疆乌鲁木齐市天山区解放南路1号']))
      .toEqual(expect.objectContaining({ gender: '女', nation: '维吾尔', birthday: '1988-11-02', address: '新疆乌鲁木齐市天山区解放南路1号' }));
    expect(parseFront(['姓名 阿依古丽•买买提']).name).toBe('阿依古丽·买买提');
  });
  test('a birth date that does not exist is left empty', () => {
    expect(parseFront(['出生 1990年2月30日']).birthday).toBe('');
  });
  test('back fields', () => {
    const back = ['中 华 人 民 共 和 国', '居 民 身份 证', '签发 机 关 “深圳 市 公安 局 福田 分 局', '有 效 期 限 2016.05.20-2036.05.20'];
    expect(parseBack(back)).toEqual({ authority: '深圳市公安局福田分局', validity: { start: '2016-05-20', end: '2036-05-20' } });
    expect(sideOf(back.join('\n'))).toBe('back');
    expect(sideOf('6217 0012 3456 7890 123')).toBeNull();
  });
  test.each([
    ['有效期限 2016.05.20-2036.05.20', { start: '2016-05-20', end: '2036-05-20' }],
    ['有效期限 2016.O5.2O一2036.05.2O', { start: '2016-05-20', end: '2036-05-20' }],
    ['有效期限 20160520-20360520', { start: '2016-05-20', end: '2036-05-20' }],
    ['有效期限 2012.08.15-长 期', { start: '2012-08-15', end: '长期' }],
    ['有效期限 2016.13.20-2036.05.20', { start: '', end: '2036-05-20' }],
    ['2016.05.20-2036.05.20', { start: '2016-05-20', end: '2036-05-20' }],
    ['有效期限 2016.05.20', null],
    ['签发机关 深圳市公安局', null],
  ])('validity of %j', (line, expected) => {
    expect(validityOf([line])).toEqual(expected);
  });
});

describe('the name line read on its own', () => {
  /** a single-line reading: one symbol per character (spaces are not symbols) with its confidence */
  const line = (text: string, confidences: number[]) => {
    const chars = [...text.replace(/\s/g, '')];
    return { text, bbox: { x0: 0, y0: 0, x1: 100, y1: 20 }, symbols: chars.map((c, i) => ({ text: c, confidence: confidences[i], bbox: { x0: i * 10, y0: 0, x1: i * 10 + 9, y1: 20 } })) };
  };
  test.each([
    ['the name after its label, scored by its own characters', line('姓 名 “ 张 伟 明', [10, 10, 10, 90, 96, 99]), { name: '张伟明', confidence: 95 }],
    ['half the label lost: its other character still finds the name', line('“名 李明', [40, 90, 98, 96]), { name: '李明', confidence: 97 }],
    ['a middle dot (• read) keeps the name whole', line('姓名 阿依•买买提', [90, 90, 80, 80, 90, 90, 90, 90]), { name: '阿依·买买提', confidence: 87 }],
    ['no label: no name', line('张伟明', [99, 99, 99]), { name: '', confidence: 0 }],
    ['nothing read', undefined, { name: '', confidence: 0 }],
  ])('%s', (_, read, expected) => {
    const got = nameReading(read);
    expect({ name: got.name, confidence: Math.round(got.confidence) }).toEqual(expected);
  });
  test('the 姓名 line is found by its label, or by one of its characters at the start', () => {
    expect(nameLineIndex(['中华', '姓 名 张伟明', '性别 男'])).toBe(1);
    expect(nameLineIndex(['名 张伟明', '性别 男'])).toBe(0);
    expect(nameLineIndex(['性别 男 民族 汉'])).toBe(-1);
  });
});

describe('findBankNumber', () => {
  test.each([
    ['6217 0012 3456 7890 123\n\n0931', '6217001234567890123'],
    ['6222 O2O2 0000 1234', '6222020200001234'],
    ['621700 1234567890123', '6217001234567890123'],
    ['2016.05.20-2036.05.20', ''],
    ['09/31', ''],
    ['1234 5678 901', ''],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(findBankNumber(text)).toBe(expected);
  });
  test('a number passing Luhn is preferred to a longer one that does not', () => {
    expect(findBankNumber('1234 5678 9012 3456 789\n4111 1111 1111 1111')).toBe('4111111111111111');
  });
});

describe('HkIdcardOcr with the HTTP vendor (issue 41)', () => {
  test('the card goes to {url}/hkid; the answer is checked as the local one is: a wrong check digit is refused, a bad date or name answered unread', async () => {
    const c = await user();
    const ossId = await uploaded(c, await makeHkIdFront(SAMPLE_HK_FRONT));
    answers.hkid = { status: 200, body: { isHkId: true, idNumber: 'K123456(0)', surname: 'chan', givenNames: 'Tai Man', chineseName: '陳大文', birthday: '1988-06-15', sex: 'M' } };
    const res = await c.call('hkIdcardOcr', { ossId });
    expect(seen.map((s) => [s.url, s.auth])).toEqual([['https://ocr.example.com/v1/hkid', 'Bearer k-123']]);
    expect(res.body.result).toEqual(expect.objectContaining({ idNumber: 'K1234560', lastName: 'CHAN', firstName: 'TAI MAN', chineseName: '陳大文', birthday: '1988-06-15', gender: 1 }));

    answers.hkid = { status: 200, body: { isHkId: true, idNumber: 'K1234561', surname: 'CHAN', givenNames: 'TAI MAN' } };
    expect((await c.call('hkIdcardOcr', { ossId })).body.error?.code).toBe(ErrorCode.ID_UNCLEAR);

    answers.hkid = { status: 200, body: { isHkId: true, idNumber: 'K1234560', surname: 'CHAN 2', givenNames: 'TAI MAN', birthday: '2999-01-01', sex: 'X' } };
    expect((await c.call('hkIdcardOcr', { ossId })).body.error?.code).toBe(ErrorCode.INTERNAL);
    answers.hkid = { status: 200, body: { isHkId: true, idNumber: 'K1234560', surname: 'CHAN 2', givenNames: 'TAI MAN', birthday: '2999-01-01' } };
    expect((await c.call('hkIdcardOcr', { ossId })).body.result).toEqual(expect.objectContaining({ idNumber: 'K1234560', lastName: '', firstName: 'TAI MAN', birthday: '', gender: 0 }));
  });
});

describe('PassportOcr with the HTTP vendor (issue 41)', () => {
  test('the page goes to {url}/mrz; the lines are cleaned and checked as the local reading is: a failing check digit is refused', async () => {
    const c = await user();
    const ossId = await uploaded(c, await makePassportPage(SAMPLE_PASSPORT));
    const [l1, l2] = passportMrz(SAMPLE_PASSPORT);
    // as a vendor may send them: spaces, a filler short, other text around
    answers.mrz = { status: 200, body: { lines: ['PASSPORT', l1.split('').join(' '), l2.replace('<<', '<')] } };
    const res = await c.call('passportOcr', { ossId });
    expect(seen.map((s) => [s.url, s.auth])).toEqual([['https://ocr.example.com/v1/mrz', 'Bearer k-123']]);
    expect(res.body.result).toEqual(expect.objectContaining({ idNumber: SAMPLE_PASSPORT.number, issuingCountry: 'GB', nationality: 'GB', lastName: 'SMITH', firstName: 'JOHN PETER', birthday: SAMPLE_PASSPORT.birthday, expiry: SAMPLE_PASSPORT.expiry, gender: 1 }));

    const [, bad] = passportMrz({ ...SAMPLE_PASSPORT, badCheckDigit: true });
    answers.mrz = { status: 200, body: { lines: [l1, bad] } };
    expect((await c.call('passportOcr', { ossId })).body.error?.code).toBe(ErrorCode.ID_UNCLEAR);
    answers.mrz = { status: 200, body: { lines: 'P<GBR' } };
    expect((await c.call('passportOcr', { ossId })).body.error?.code).toBe(ErrorCode.INTERNAL);
    answers.mrz = { status: 200, body: {} };
    expect((await c.call('passportOcr', { ossId })).body.error?.code).toBe(ErrorCode.ID_UNCLEAR);
  });
});
