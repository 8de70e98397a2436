import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, RATE_LIMITS } from '@core/domain';
import { AML_CONFIRM_ITEMS } from '@core/domain/profile';
import { auditTrail } from '../src/db/audit';
import { applicantForms, editDistance, latinLetters, matchEntry, nameForm, nearDistance, screenEntries, type WatchEntry } from '../src/modules/aml/match';
import { IDENTITY_NOT_SAVED } from '../src/modules/aml/service';
import { executeCli } from '../src/ops/execute';
import { OpsError, type OpsIo } from '../src/ops/framework';
import { createHttpAmlVendor } from '../src/vendors/aml/http';
import { importWatchlistCsv } from '../src/modules/aml/watchlist-import';
import { countWatchlist } from '../src/modules/aml/watchlist-repository';
import { SEED_SOURCE, seedWatchlistIfEmpty } from '../src/modules/aml/watchlist-seed';
import type { AmlSubject } from '../src/vendors/aml/types';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import { cnIdNumber, disclosureData, idcardData, invalidIssues, saveStep, startApp, stepUser, userinfoData } from './step-fixtures';

let t: TestApp;
let user: () => Promise<TestClient>;
let dir: string;

/** The test's own list (source 'testlist'): invented names, one per case below, none near another. */
const TEST_LIST = [
  'id,name,aliases,birth_date,country,listed_at',
  'T-01,司马青云,,1970-04-12,CN,2020-01-01', // a Chinese entry (dated)
  'T-02,"HOLLINGSWORTH-VANCE, Peregrine",Perry VANCE,,GB,', // a Latin entry without a date
  'T-03,TANTAMOUNT Leopoldina,,1966-09-30,IT,', // near names on its date
  'T-04,XIAHOU Qiushui,,1980-02-02,CN,', // pinyin only: the reverse of T-01
  'T-05,"KAMINSKI-O\'HARE, Ruairí",,1975-12-24,IE,',
].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '6');
  dir = mkdtempSync(join(tmpdir(), 'esop-aml-'));
  const file = join(dir, 'testlist.csv');
  writeFileSync(file, TEST_LIST);
  const report = await importWatchlistCsv(t.db, file, { source: 'testlist' });
  expect(report).toMatchObject({ rows: 5, inserted: 5, rejected: 0 });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- matching (match.ts)

const subject = (s: Partial<AmlSubject>): AmlSubject => ({ chineseName: '', lastName: '', firstName: '', birthday: '1980-01-01', ...s });
const entry = (e: Partial<WatchEntry>): WatchEntry => ({ source: 'x', id: 'E1', fullName: '', aliases: [], birthDate: null, ...e });

describe('match: names as keys', () => {
  test.each([
    ['Nguyễn Văn Á', 'NGUYENVANA'],
    ["O'Brien-Smith", 'OBRIENSMITH'],
    ['  xiao  ming ', 'XIAOMING'],
    ['Strauß Ørsted Łukasz', 'STRAUSSORSTEDLUKASZ'],
    ['ＺＨＡＮＧ', 'ZHANG'], // full-width letters
    ['12 ·, -', ''],
  ])('latinLetters(%j) = %s', (text, letters) => {
    expect(latinLetters(text)).toBe(letters);
  });

  test.each([
    ['陈伟明', '陈伟明', ['CHENWEIMING', 'WEIMINGCHEN']],
    ['陳偉明', '陳偉明', ['CHENWEIMING', 'WEIMINGCHEN']], // traditional characters read the same
    ['欧阳娜娜', '欧阳娜娜', ['OUYANGNANA', 'NANAOUYANG']], // compound surname kept whole
    ['阿依·买买提', '阿依买买提', ['MAIMAITIAYI', 'AYIMAIMAITI']], // given·family
    ['吕青', '吕青', ['LYUQING', 'LVQING', 'LUQING', 'QINGLYU', 'QINGLV', 'QINGLU']], // ü as YU, V, U
    ['曾雨', '曾雨', ['CENGYU', 'YUCENG', 'ZENGYU', 'YUZENG']], // usual and surname readings
    ['ZHANG, Wei-Ming', '', ['ZHANGWEIMING', 'WEIMINGZHANG']],
    ['Peregrine Quincy HOLLINGS', '', ['PEREGRINEQUINCYHOLLINGS', 'QUINCYHOLLINGSPEREGRINE', 'HOLLINGSPEREGRINEQUINCY']],
  ])('nameForm(%j)', (name, han, keys) => {
    const form = nameForm(name);
    expect(form.han).toBe(han);
    expect([...form.keys].sort()).toEqual([...keys].sort());
  });

  test("the applicant's Latin name in both orders, the Chinese name as its pinyin", () => {
    expect(applicantForms(subject({ chineseName: '陳大文', lastName: 'CHAN', firstName: 'TAI MAN' }))).toEqual([
      { label: 'latinName', han: '', keys: ['CHANTAIMAN', 'TAIMANCHAN'], romanised: false },
      { label: 'chineseName', han: '陳大文', keys: ['CHENDAWEN', 'DAWENCHEN'], romanised: true },
    ]);
    expect(applicantForms(subject({ lastName: 'CHAN', firstName: 'TAI MAN' }))).toHaveLength(1);
  });

  test.each([
    ['KITTEN', 'SITTING', 3],
    ['ABCD', 'ACBD', 1], // a swap of neighbours is one edit
    ['VOSKUIJLEN', 'VOSKUYLEN', 2],
    ['SAME', 'SAME', 0],
    ['', 'ABC', 3],
  ])('editDistance(%s, %s) = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });

  test('editDistance stops early above the limit', () => {
    expect(editDistance('ABCDEFGHIJ', 'KLMNOPQRST', 1)).toBe(2);
    expect(editDistance('ABCDEFGHIJ', 'ABC', 2)).toBe(3);
  });

  test.each([
    [7, 0],
    [8, 1],
    [15, 1],
    [16, 2],
  ])('nearDistance(%i) = %i', (length, allowed) => {
    expect(nearDistance(length)).toBe(allowed);
  });
});

describe('match: when an entry is the applicant', () => {
  const cases: Array<[string, Partial<AmlSubject>, Partial<WatchEntry>, string | null, number?]> = [
    ['the same Chinese characters', { chineseName: '陈伟明', lastName: 'CHAN', firstName: 'WAI MING' }, { fullName: '陈伟明' }, 'chinese'],
    ['the same Latin name, case, spacing and order aside', { lastName: 'ZHANG', firstName: 'WEI MING' }, { fullName: 'weiming Zhang' }, 'latin'],
    ['surname first with a comma and a hyphen', { lastName: 'ZHANG', firstName: 'WEIMING' }, { fullName: 'ZHANG, Wei-Ming' }, 'latin'],
    ['diacritics and apostrophes of the list', { lastName: 'KAMINSKI-OHARE', firstName: 'RUAIRI' }, { fullName: "KAMINSKI-O'HARE, Ruairí" }, 'latin'],
    ['an alias', { lastName: 'VANCE', firstName: 'PERRY' }, { fullName: 'Peregrine HOLLINGSWORTH-VANCE', aliases: ['Perry VANCE'] }, 'latin'],
    ['a Chinese entry and the pinyin applicant', { lastName: 'CHEN', firstName: 'WEIMING' }, { fullName: '陈伟明' }, 'romanised'],
    ['a Chinese entry and the pinyin applicant, given name first', { lastName: 'CHEN', firstName: 'WEI MING' }, { fullName: '陈伟明' }, 'romanised'],
    ['a pinyin entry and the Chinese applicant', { chineseName: '陈伟明', lastName: 'CHAN', firstName: 'WAI MING' }, { fullName: 'Weiming CHEN' }, 'romanised'],
    ['traditional and simplified characters', { chineseName: '陳偉明', lastName: 'CHAN', firstName: 'WAI MING' }, { fullName: '陈伟明' }, 'romanised'],
    ['a compound surname, given name first', { lastName: 'NANA', firstName: 'OUYANG' }, { fullName: '欧阳娜娜' }, 'romanised'],
    ['ü written LYU', { lastName: 'LYU', firstName: 'QINGHENG' }, { fullName: '吕青蘅' }, 'romanised'],
    ['ü written LU', { lastName: 'LU', firstName: 'QINGHENG' }, { fullName: '吕青蘅' }, 'romanised'],
    ['a surname reading (曾 ZENG)', { lastName: 'ZENG', firstName: 'YUTONG' }, { fullName: '曾雨桐' }, 'romanised'],
    ['a dated entry on the same date', { lastName: 'ZHANG', firstName: 'WEIMING', birthday: '1975-03-04' }, { fullName: 'ZHANG Weiming', birthDate: '1975-03-04' }, 'latin'],
    ['a dated entry on another date', { lastName: 'ZHANG', firstName: 'WEIMING', birthday: '1975-03-05' }, { fullName: 'ZHANG Weiming', birthDate: '1975-03-04' }, null],
    ['a Chinese dated entry on another date', { chineseName: '陈伟明', lastName: 'CHEN', firstName: 'WEIMING', birthday: '1975-03-05' }, { fullName: '陈伟明', birthDate: '1975-03-04' }, null],
    ['one letter off on the same date', { lastName: 'VOSKUIJLEN', firstName: 'RADOMIER', birthday: '1981-07-22' }, { fullName: 'Radomír VOSKUIJLEN', birthDate: '1981-07-22' }, 'near', 1],
    ['two letters swapped on the same date', { lastName: 'KORSAKWOSKI', firstName: 'DMITRIJ', birthday: '1966-01-19' }, { fullName: 'Dmitrij KORSAKOWSKI', birthDate: '1966-01-19' }, 'near', 1],
    ['three letters off in a long name on the same date', { lastName: 'WOLSTONECRAFTIBE', firstName: 'TADEUS', birthday: '1970-01-01' }, { fullName: 'Thaddeus WOLLSTONECRAFT-IBE', birthDate: '1970-01-01' }, null],
    ['two letters off in a name of 16 letters or more on the same date', { lastName: 'HALVORSENSTROEM', firstName: 'INGRD', birthday: '1958-08-28' }, { fullName: 'Ingrid HALVORSEN-STRØM', birthDate: '1958-08-28' }, 'near', 2],
    ['one letter off on another date', { lastName: 'VOSKUIJLEN', firstName: 'RADOMIER', birthday: '1981-07-23' }, { fullName: 'Radomír VOSKUIJLEN', birthDate: '1981-07-22' }, null],
    ['one letter off, the entry without a date', { lastName: 'VOSKUIJLEN', firstName: 'RADOMIER' }, { fullName: 'Radomír VOSKUIJLEN' }, null],
    ['one letter off in a short name', { lastName: 'LI', firstName: 'SU', birthday: '1990-01-01' }, { fullName: 'LI Si', birthDate: '1990-01-01' }, null],
    ['a Cantonese romanisation is not pinyin', { lastName: 'CHAN', firstName: 'TAI MAN' }, { fullName: '陳大文' }, null],
    ['another person', { chineseName: '王小红', lastName: 'WANG', firstName: 'XIAOHONG' }, { fullName: '陈伟明', aliases: ['CHEN Weiming'] }, null],
  ];
  test.each(cases)('%s', (_name, s, e, how, distance = 0) => {
    const found = matchEntry(subject(s), entry(e));
    if (how === null) expect(found).toBeNull();
    else expect(found).toMatchObject({ how, distance });
  });

  test('the strongest way is reported, with the name that matched and the applicant name', () => {
    const s = subject({ chineseName: '陈伟明', lastName: 'CHEN', firstName: 'WEIMING' });
    expect(matchEntry(s, entry({ fullName: 'Weiming CHEN', aliases: ['陈伟明'] }))).toEqual({
      source: 'x',
      id: 'E1',
      listedName: 'Weiming CHEN',
      matchedName: '陈伟明',
      applicantName: 'chineseName',
      how: 'chinese',
      distance: 0,
      birthDate: null,
    });
  });

  test('screenEntries keeps the matches, strongest first', () => {
    const s = subject({ chineseName: '陈伟明', lastName: 'CHEN', firstName: 'WEIMING', birthday: '1975-03-04' });
    const found = screenEntries(s, [
      entry({ id: 'near', fullName: 'CHEN Weiminh', birthDate: '1975-03-04' }),
      entry({ id: 'miss', fullName: 'Somebody ELSE' }),
      entry({ id: 'latin', fullName: 'CHEN WEIMING' }),
      entry({ id: 'chinese', fullName: '陈伟明' }),
    ]);
    expect(found.map((m) => [m.id, m.how])).toEqual([
      ['chinese', 'chinese'],
      ['latin', 'latin'],
      ['near', 'near'],
    ]);
  });
});

// ---------------------------------------------------------------- ApplyAmlCheck

interface Names {
  chineseName: string;
  lastName: string;
  firstName: string;
  birthday: string;
}

/** An hk applicant whose USERINFO holds these names. */
async function hkApplicant(n: Names): Promise<{ c: TestClient; appId: string }> {
  const c = await user();
  const appId = await startApp(c, 2);
  const res = await saveStep(c, appId, 'USERINFO', userinfoData({ ...n, englishName: `${n.lastName} ${n.firstName}` }));
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return { c, appId };
}

/** A cn applicant whose IDCARD holds these names (an ID number of that birthday). */
async function cnApplicant(n: Names): Promise<{ c: TestClient; appId: string }> {
  const c = await user();
  const appId = await startApp(c, 1);
  const data = await idcardData(c, { ...n, englishName: `${n.lastName} ${n.firstName}`, idNumber: cnIdNumber(n.birthday) });
  const res = await saveStep(c, appId, 'IDCARD', data);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return { c, appId };
}

const amlCheck = (c: TestClient, appId: string) => c.call('applyAmlCheck', { appId });

interface CheckRow {
  app_id: string;
  user_id: string;
  client_type: string;
  chinese_name: string;
  last_name: string;
  first_name: string;
  birth_date: string;
  hit_status: number;
  matches: Array<{ source: string; id: string; how: string }>;
  vendor: string;
  vendor_ref: string | null;
}

async function storedCheck(id: string): Promise<CheckRow> {
  const { rows } = await t.db.query<CheckRow>(
    `SELECT app_id, user_id, client_type, chinese_name, last_name, first_name, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, hit_status, matches, vendor, vendor_ref
       FROM aml_checks WHERE id = $1`,
    [id],
  );
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe('ApplyAmlCheck', () => {
  test('the seeded sample list is loaded at the first start, once', async () => {
    expect(await countWatchlist(t.db, SEED_SOURCE)).toBeGreaterThanOrEqual(40);
    expect(await seedWatchlistIfEmpty(t.db)).toBeNull();
  });

  test('exact hit on the Chinese name (cn applicant, seed entry FIC-001): stored with the names screened and audited without them', async () => {
    const { c, appId } = await cnApplicant({ chineseName: '欧阳铁柱', lastName: 'OUYANG', firstName: 'TIEZHU', birthday: '1972-08-19' });
    const res = await amlCheck(c, appId);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    expect(res.body.result.hitStatus).toBe(1);
    expect(res.body.result.amlInfoId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const row = await storedCheck(res.body.result.amlInfoId);
    expect(row).toMatchObject({
      app_id: appId,
      user_id: c.user!.userId,
      client_type: 'cn',
      chinese_name: '欧阳铁柱',
      last_name: 'OUYANG',
      first_name: 'TIEZHU',
      birth_date: '1972-08-19',
      hit_status: 1,
      vendor: 'local',
      vendor_ref: null,
    });
    expect(row.matches).toEqual([expect.objectContaining({ source: 'seed', id: 'FIC-001', how: 'chinese', listedName: '欧阳铁柱', birthDate: '1972-08-19' })]);
    const [entryAudit] = await auditTrail(t.db, { appId, limit: 1 });
    expect(entryAudit).toMatchObject({ action: 'aml.check', user_id: c.user!.userId, detail: { amlInfoId: res.body.result.amlInfoId, hitStatus: 1, vendor: 'local' } });
    expect(JSON.stringify(entryAudit.detail)).not.toMatch(/OUYANG|欧阳/);
  });

  test('exact hit on the Latin name (hk applicant, an entry without a birth date: any birthday)', async () => {
    const { c, appId } = await hkApplicant({ chineseName: '', lastName: 'HOLLINGSWORTH-VANCE', firstName: 'PEREGRINE', birthday: '1999-09-09' });
    const res = await amlCheck(c, appId);
    expect(res.body.result.hitStatus).toBe(1);
    expect((await storedCheck(res.body.result.amlInfoId)).matches).toEqual([expect.objectContaining({ source: 'testlist', id: 'T-02', how: 'latin' })]);
  });

  test('romanised: a pinyin applicant against a Chinese entry, surname last and in lower-case spacing', async () => {
    const { c, appId } = await cnApplicant({ chineseName: '王五', lastName: 'QINGYUN', firstName: 'SI MA', birthday: '1970-04-12' });
    const res = await amlCheck(c, appId);
    expect(res.body.result.hitStatus).toBe(1);
    expect((await storedCheck(res.body.result.amlInfoId)).matches).toEqual([
      expect.objectContaining({ id: 'T-01', how: 'romanised', applicantName: 'latinName', matchedName: '司马青云' }),
    ]);
  });

  test('romanised the other way: a Chinese applicant against a pinyin entry', async () => {
    const { c, appId } = await hkApplicant({ chineseName: '夏侯秋水', lastName: 'HA HAU', firstName: 'CHAU SHUI', birthday: '1980-02-02' });
    const res = await amlCheck(c, appId);
    expect(res.body.result.hitStatus).toBe(1);
    expect((await storedCheck(res.body.result.amlInfoId)).matches).toEqual([expect.objectContaining({ id: 'T-04', how: 'romanised', applicantName: 'chineseName' })]);
  });

  test('near hit: one letter off on the same birth date; the same name on another date misses', async () => {
    const near = await hkApplicant({ chineseName: '', lastName: 'TANTAMOUNT', firstName: 'LEOPOLDINE', birthday: '1966-09-30' });
    const hit = await amlCheck(near.c, near.appId);
    expect(hit.body.result.hitStatus).toBe(1);
    expect((await storedCheck(hit.body.result.amlInfoId)).matches).toEqual([expect.objectContaining({ id: 'T-03', how: 'near', distance: 1 })]);

    const otherDay = await hkApplicant({ chineseName: '', lastName: 'TANTAMOUNT', firstName: 'LEOPOLDINA', birthday: '1966-09-29' });
    const miss = await amlCheck(otherDay.c, otherDay.appId);
    expect([miss.status, miss.body.result?.hitStatus]).toEqual([200, 0]);
    const row = await storedCheck(miss.body.result.amlInfoId);
    expect(row).toMatchObject({ hit_status: 0, matches: [], birth_date: '1966-09-29', last_name: 'TANTAMOUNT' });
  });

  test('a clear miss: stored with hit status 0; each call is a check of its own', async () => {
    const { c, appId } = await hkApplicant({ chineseName: '陳大文', lastName: 'CHAN', firstName: 'TAI MAN', birthday: '1990-05-04' });
    const first = await amlCheck(c, appId);
    const second = await amlCheck(c, appId);
    expect([first.body.result.hitStatus, second.body.result.hitStatus]).toEqual([0, 0]);
    expect(first.body.result.amlInfoId).not.toBe(second.body.result.amlInfoId);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM aml_checks WHERE app_id = $1', [appId]);
    expect(rows[0].n).toBe(2);
    expect((await auditTrail(t.db, { appId })).filter((a) => a.action === 'aml.check')).toHaveLength(2);
  });

  test("another user's application, an unknown one: 151301, nothing stored", async () => {
    const owner = await hkApplicant({ chineseName: '', lastName: 'OWNER', firstName: 'ONLY', birthday: '1990-05-04' });
    const other = await user();
    const res = await amlCheck(other, owner.appId);
    expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.NO_APPLICATION]);
    expect((await amlCheck(other, 'unknownApp123')).body.error?.code).toBe(ErrorCode.NO_APPLICATION);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM aml_checks WHERE app_id = $1', [owner.appId]);
    expect(rows[0].n).toBe(0);
  });

  test('an application whose identity step is not saved (or only as a draft): 100400 on appId', async () => {
    const c = await user();
    const appId = await startApp(c, 2);
    expect(invalidIssues(await amlCheck(c, appId))).toEqual([`appId:${IDENTITY_NOT_SAVED}`]);
    await saveStep(c, appId, 'USERINFO', userinfoData(), true);
    expect(invalidIssues(await amlCheck(c, appId))).toEqual([`appId:${IDENTITY_NOT_SAVED}`]);
    const cn = await user();
    const cnApp = await startApp(cn, 1);
    expect(invalidIssues(await amlCheck(cn, cnApp))).toEqual([`appId:${IDENTITY_NOT_SAVED}`]);
  });

  test('checks are limited per user (RATE_LIMITS.amlCheck) → 100429', async () => {
    const c = await user();
    const max = RATE_LIMITS.amlCheck.perUser.max;
    for (let i = 0; i < max; i++) expect((await amlCheck(c, 'unknownApp123')).body.error?.code).toBe(ErrorCode.NO_APPLICATION);
    const over = await amlCheck(c, 'unknownApp123');
    expect([over.status, over.body.error?.code, over.body.error?.data?.scope]).toEqual([429, ErrorCode.RATE_LIMITED, 'user']);
  });

  test('a malformed appId is refused by the schema', async () => {
    const c = await user();
    expect((await c.call('applyAmlCheck', { appId: 'bad id!' })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    expect((await c.call('applyAmlCheck', {})).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });

  test('needs a login', async () => {
    const anon = await t.handshake();
    expect((await anon.call('applyAmlCheck', { appId: 'abcdefgh' })).status).toBe(401);
  });
});

// ---------------------------------------------------------------- the HTTP vendor

describe('AML_VENDOR=http', () => {
  test('AML_VENDOR=http needs AML_HTTP_URL', async () => {
    await expect(createTestApp({ env: { AML_VENDOR: 'http' } })).rejects.toThrow(/AML_HTTP_URL/);
  });

  test('posts the names with the key; its matches, name and reference are stored; a bad answer is 100500 and stores nothing', async () => {
    const sent: Array<{ url: string; init: RequestInit }> = [];
    let answer: { status: number; body: unknown } = {
      status: 200,
      body: { matches: [{ id: 'W-9', name: 'Jane ROE', how: 'latin' }], reference: 'scr-77', vendor: 'acme' },
    };
    const fakeFetch = (async (url: URL | string, init: RequestInit) => {
      sent.push({ url: String(url), init });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const aml = createHttpAmlVendor({ AML_VENDOR: 'http', AML_HTTP_URL: 'https://aml.example.com/v1', AML_HTTP_KEY: 'k-123' }, fakeFetch);
    const own = await createTestApp({ vendors: { aml } });
    try {
      const c = await own.login('61230001');
      const appId = await startApp(c, 2);
      const saved = await saveStep(c, appId, 'USERINFO', userinfoData({ chineseName: '', lastName: 'ROE', firstName: 'JANE', englishName: 'ROE JANE', birthday: '1980-01-02' }));
      expect(saved.body.error).toBeUndefined();
      const res = await amlCheck(c, appId);
      expect(res.body.result.hitStatus).toBe(1);
      expect(sent).toHaveLength(1);
      expect(sent[0].url).toBe('https://aml.example.com/v1/screen');
      expect((sent[0].init.headers as Record<string, string>).authorization).toBe('Bearer k-123');
      expect(JSON.parse(String(sent[0].init.body))).toEqual({ chineseName: '', lastName: 'ROE', firstName: 'JANE', birthDate: '1980-01-02' });
      const { rows } = await own.db.query<{ vendor: string; vendor_ref: string; matches: unknown[] }>('SELECT vendor, vendor_ref, matches FROM aml_checks WHERE id = $1', [
        res.body.result.amlInfoId,
      ]);
      expect(rows[0]).toEqual({
        vendor: 'acme',
        vendor_ref: 'scr-77',
        matches: [{ source: 'acme', id: 'W-9', listedName: 'Jane ROE', matchedName: 'Jane ROE', applicantName: null, how: 'latin', distance: 0, birthDate: null }],
      });

      answer = { status: 200, body: { matches: [] } };
      expect((await amlCheck(c, appId)).body.result.hitStatus).toBe(0);

      answer = { status: 502, body: {} };
      expect((await amlCheck(c, appId)).body.error?.code).toBe(ErrorCode.INTERNAL);
      answer = { status: 200, body: { hit: true } };
      expect((await amlCheck(c, appId)).body.error?.code).toBe(ErrorCode.INTERNAL);
      const count = await own.db.query<{ n: number }>('SELECT count(*)::int AS n FROM aml_checks WHERE app_id = $1', [appId]);
      expect(count.rows[0].n).toBe(2);
    } finally {
      await own.close();
    }
  });
});

// ---------------------------------------------------------------- IDENTITYEXPOSURE: the AML check named by the step

const confirmations = (checked: Array<0 | 1> = [1, 1, 1]) => AML_CONFIRM_ITEMS.map((title, i) => ({ index: i + 1, title, value: 'yes', checked: checked[i] }));

describe('ApplyUpdate IDENTITYEXPOSURE: the AML check', () => {
  const hitNames: Names = { chineseName: '', lastName: 'HOLLINGSWORTH-VANCE', firstName: 'PEREGRINE', birthday: '1985-01-01' };

  test('after a hit: refused without the three confirmations (or with one unticked), saved with them', async () => {
    const { c, appId } = await hkApplicant(hitNames);
    const data = await disclosureData(c, appId);
    expect(data.amlConfirmInfo).toEqual(confirmations());
    const { amlConfirmInfo: _dropped, ...without } = data;
    expect(invalidIssues(await saveStep(c, appId, 'IDENTITYEXPOSURE', without))).toEqual(['data.amlConfirmInfo:amlConfirm']);
    expect(invalidIssues(await saveStep(c, appId, 'IDENTITYEXPOSURE', { ...data, amlConfirmInfo: confirmations([1, 0, 1]) }))).toEqual([
      'data.amlConfirmInfo:amlConfirm',
    ]);
    const saved = await saveStep(c, appId, 'IDENTITYEXPOSURE', data);
    expect([saved.status, saved.body.error]).toEqual([200, undefined]);
    expect(saved.body.result.application.data.IDENTITYEXPOSURE).toEqual(data);
  });

  test('after a miss: saved without confirmations', async () => {
    const { c, appId } = await hkApplicant({ chineseName: '', lastName: 'PLAINSWORTH', firstName: 'ORDINARY', birthday: '1985-01-01' });
    const data = await disclosureData(c, appId);
    expect(data.amlConfirmInfo).toBeUndefined();
    expect((await saveStep(c, appId, 'IDENTITYEXPOSURE', data)).body.error).toBeUndefined();
  });

  test("another application's check, an unknown id: refused on amlInfoId", async () => {
    const mine = await hkApplicant({ chineseName: '', lastName: 'PLAINSWORTH', firstName: 'SECOND', birthday: '1985-01-01' });
    const theirs = await hkApplicant({ chineseName: '', lastName: 'PLAINSWORTH', firstName: 'THIRD', birthday: '1985-01-01' });
    const theirCheck = await amlCheck(theirs.c, theirs.appId);
    const data = await disclosureData(mine.c, mine.appId);
    expect(invalidIssues(await saveStep(mine.c, mine.appId, 'IDENTITYEXPOSURE', { ...data, amlInfoId: theirCheck.body.result.amlInfoId }))).toEqual(['data.amlInfoId:choice']);
    expect(invalidIssues(await saveStep(mine.c, mine.appId, 'IDENTITYEXPOSURE', { ...data, amlInfoId: 'notACheckOfAnyone' }))).toEqual(['data.amlInfoId:choice']);
  });

  test('a check of the applicant before the identity was changed: refused; a new check is taken', async () => {
    const { c, appId } = await hkApplicant({ chineseName: '', lastName: 'PLAINSWORTH', firstName: 'FOURTH', birthday: '1985-01-01' });
    const data = await disclosureData(c, appId);
    // the applicant goes back and changes their name to a listed one: the earlier miss no longer speaks for them
    const edited = await saveStep(c, appId, 'USERINFO', userinfoData({ ...hitNames, englishName: `${hitNames.lastName} ${hitNames.firstName}` }));
    expect(edited.body.error).toBeUndefined();
    expect(invalidIssues(await saveStep(c, appId, 'IDENTITYEXPOSURE', data))).toEqual(['data.amlInfoId:choice']);
    const fresh = await disclosureData(c, appId);
    expect(fresh.amlConfirmInfo).toEqual(confirmations());
    expect((await saveStep(c, appId, 'IDENTITYEXPOSURE', fresh)).body.error).toBeUndefined();
  });

  test('a draft is kept without the check', async () => {
    const { c, appId } = await hkApplicant({ chineseName: '', lastName: 'PLAINSWORTH', firstName: 'FIFTH', birthday: '1985-01-01' });
    const draft = await saveStep(c, appId, 'IDENTITYEXPOSURE', { amlInfoId: 'notACheckOfAnyone' }, true);
    expect(draft.body.error).toBeUndefined();
  });
});

// ---------------------------------------------------------------- ops aml-import

describe('ops aml-import', () => {
  async function ops(argv: string[]): Promise<string> {
    const lines: string[] = [];
    const io: OpsIo = { out: (l) => lines.push(l), writeFile: () => undefined };
    expect(await executeCli(argv, { config: t.config, db: t.db, io })).toBe(0);
    return lines.join('\n');
  }
  const entriesOf = async (source: string) =>
    (
      await t.db.query<{ id: string; full_name: string; aliases: string[]; birth_date: string | null; country: string | null; listed_at: string | null }>(
        `SELECT id, full_name, aliases, to_char(birth_date, 'YYYY-MM-DD') AS birth_date, country, to_char(listed_at, 'YYYY-MM-DD') AS listed_at
           FROM aml_watchlist WHERE source = $1 ORDER BY id`,
        [source],
      )
    ).rows;

  test('quoted fields, aliases and a BOM are read; bad rows are reported by line and skipped; a second run updates', async () => {
    const file = join(dir, 'list.csv');
    writeFileSync(
      file,
      '\uFEFFname,id,birth_date,aliases,country,listed_at\r\n' +
        '"DOE, ""Johnny"" John",L-1,1961-02-03,"J. DOE;Johnny DOE",us,2020-01-01\r\n' +
        '"邓一二\n(鄧一二)",L-2,,DENG Yier;鄧一二,CN,\r\n' +
        '\r\n' +
        'Bad Date,L-3,1961-02-30,,,\r\n' +
        'No Country,L-4,,,USA,\r\n' +
        ',L-5,,,,\r\n' +
        'Bad Id,bad id!,,,,\r\n' +
        'Too Few,L-7,,\r\n' +
        '1234,L-8,,,,\r\n' +
        'DOE John Again,L-1,1961-02-03,,US,',
    );
    const out = await ops(['aml-import', file, '--source', 'acme-list']);
    expect(out).toContain('list acme-list: 9 rows read, 2 new, 0 updated, 6 rejected');
    expect(out).toMatch(/line 6: birth_date/); // the quoted line break of L-2 counts as a line
    expect(out).toMatch(/line 7: country/);
    expect(out).toMatch(/line 8: name/);
    expect(out).toMatch(/line 9: id/);
    expect(out).toMatch(/line 10: expected 6 fields, found 4/);
    expect(out).toMatch(/line 11: name: no Latin letters or Chinese characters/);
    expect(await entriesOf('acme-list')).toEqual([
      { id: 'L-1', full_name: 'DOE John Again', aliases: [], birth_date: '1961-02-03', country: 'US', listed_at: null },
      { id: 'L-2', full_name: '邓一二 (鄧一二)', aliases: ['DENG Yier', '鄧一二'], birth_date: null, country: 'CN', listed_at: null },
    ]);
    // the new entries are screened at once (an alias, no birth date: any applicant of that name)
    const { c, appId } = await hkApplicant({ chineseName: '', lastName: 'DENG', firstName: 'YIER', birthday: '1991-07-08' });
    expect((await amlCheck(c, appId)).body.result.hitStatus).toBe(1);

    const again = JSON.parse(await ops(['aml-import', file, '--source', 'acme-list', '--json']));
    expect(again).toMatchObject({ source: 'acme-list', rows: 9, inserted: 0, updated: 2, rejected: 6, applied: true });
    expect(again.errors).toHaveLength(6);
  });

  test('--replace: the file becomes the whole list (its other entries go, other lists stay); with a bad row nothing changes', async () => {
    const file = join(dir, 'replace.csv');
    writeFileSync(file, 'id,name\nR-1,Alpha ONE\nR-2,Beta TWO\nR-3,Gamma THREE\n');
    expect(await ops(['aml-import', file, '--source', 'rlist'])).toContain('3 new');
    writeFileSync(file, 'id,name,aliases\nR-2,Beta TWO,B. TWO\nR-4,Delta FOUR,\n');
    expect(await ops(['aml-import', file, '--source', 'rlist', '--replace'])).toContain('2 rows read, 1 new, 1 updated, 2 removed, 0 rejected');
    expect((await entriesOf('rlist')).map((e) => [e.id, e.aliases])).toEqual([
      ['R-2', ['B. TWO']],
      ['R-4', []],
    ]);
    expect((await entriesOf('testlist')).length).toBe(5);

    writeFileSync(file, 'id,name\nR-5,Epsilon FIVE\nbad id,Zeta SIX\n');
    await expect(ops(['aml-import', file, '--source', 'rlist', '--replace'])).rejects.toThrow(/nothing changed.*1 of 2 rejected[\s\S]*line 3: id/);
    expect((await entriesOf('rlist')).map((e) => e.id)).toEqual(['R-2', 'R-4']);
    await expect(ops(['aml-import', '--replace', file])).rejects.toThrow(/--replace takes no value/);
  });

  test('a bad header, a missing or empty file, an open quote, a bad source name: refused with a message', async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'id,person,birth_date\nX1,A,\n');
    await expect(ops(['aml-import', bad])).rejects.toThrow(/unknown column.*"person"/);
    writeFileSync(bad, 'id,birth_date\nX1,\n');
    await expect(ops(['aml-import', bad])).rejects.toThrow(/missing column.*name/);
    writeFileSync(bad, '');
    await expect(ops(['aml-import', bad])).rejects.toThrow(/empty file/);
    writeFileSync(bad, 'id,name\nX1,"Open quote\n');
    await expect(ops(['aml-import', bad])).rejects.toThrow(/not closed/);
    await expect(ops(['aml-import', join(dir, 'none.csv')])).rejects.toThrow(/no such file/);
    await expect(ops(['aml-import'])).rejects.toThrow(/missing <file.csv>/);
    await expect(ops(['aml-import', bad, '--source', 'a b'])).rejects.toThrow(OpsError);
  });

  test('a large list goes in batches, in one transaction', async () => {
    const file = join(dir, 'many.csv');
    const lines = ['id,name,birth_date'];
    for (let i = 0; i < 2300; i++) lines.push(`M${i},Batchperson NUMBER${i},`);
    writeFileSync(file, lines.join('\n') + '\n');
    const report = JSON.parse(await ops(['aml-import', file, '--source', 'bulk', '--json']));
    expect(report).toMatchObject({ rows: 2300, inserted: 2300, rejected: 0 });
    expect(await countWatchlist(t.db, 'bulk')).toBe(2300);
  });
});
