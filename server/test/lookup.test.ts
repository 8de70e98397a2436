import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@core/domain';
import { isKnownRegion } from '../src/modules/lookup/service';
import { executeCli } from '../src/ops/execute';
import { OpsError, type OpsIo } from '../src/ops/framework';
import { createHttpCompanyVendor } from '../src/vendors/company/http';
import { countCompanies, upsertCompanies } from '../src/vendors/company/repository';
import { seedCompanies } from '../src/vendors/company/seed';
import { createTestApp, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let c: TestClient;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  c = await t.login('62000001');
  dir = mkdtempSync(join(tmpdir(), 'esop-lookup-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const kv = (type: unknown, key: unknown) => c.call('kycKeyValue', { type, key });

describe('KYCKeyValue type 2: ID region → birthplace', () => {
  test.each([
    ['110101', '北京市'], // municipality: the municipality alone
    ['310115', '上海市'],
    ['500229', '重庆市'], // a county of Chongqing (prefecture row 县)
    ['440305', '广东省深圳市'],
    ['441900', '广东省东莞市'], // a prefecture without counties
    ['419001', '河南省济源市'], // county-level city administered by the province
    ['469002', '海南省琼海市'],
    ['440399', '广东省深圳市'], // unknown county → its prefecture
    ['342601', '安徽省'], // former 巢湖地区 (abolished 2011) → its province
    ['650102', '新疆维吾尔自治区乌鲁木齐市'],
    ['999999', ''], // nothing known
    ['810000', ''], // Hong Kong residence permit: not a mainland region
  ])('%s → %j', async (key, value) => {
    const res = await kv(2, key);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ value });
  });

  test.each(['44030', '4403051', '44030a', ' 440305', '', '４４０３０５'])('key %j is refused (100400)', async (key) => {
    const res = await kv(2, key);
    expect(res.body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    expect(res.status).toBe(400);
  });

  test('isKnownRegion: a mainland province and a prefecture (current or former); not HK/MO/TW, not 00 prefectures', () => {
    for (const code of ['110101', '440305', '342601', '110228', '419001', '441900', '650102']) expect([code, isKnownRegion(code)]).toEqual([code, true]);
    for (const code of ['810000', '820000', '710000', '830000', '990101', '000000', '110000', '440000', '44030', '4403051', 'abcdef']) {
      expect([code, isKnownRegion(code)]).toEqual([code, false]);
    }
  });
});

describe('KYCKeyValue type 3: Chinese name → passport pinyin', () => {
  test.each([
    ['单田芳', 'SHAN', 'TIANFANG'],
    ['曾国藩', 'ZENG', 'GUOFAN'],
    ['区志航', 'OU', 'ZHIHANG'],
    ['仇英', 'QIU', 'YING'],
    ['解缙', 'XIE', 'JIN'],
    ['查良镛', 'ZHA', 'LIANGYONG'],
    ['朴槿惠', 'PIAO', 'JINHUI'],
    ['欧阳修', 'OUYANG', 'XIU'],
    ['司马光', 'SIMA', 'GUANG'],
    ['诸葛亮', 'ZHUGE', 'LIANG'],
    ['尉迟恭', 'YUCHI', 'GONG'],
    ['吕布', 'LYU', 'BU'],
    ['张三丰', 'ZHANG', 'SANFENG'],
    ['李', 'LI', ''],
    ['阿依古丽·买买提', 'MAIMAITI', 'AYIGULI'],
  ])('%s → %s %s', async (name, surname, given) => {
    const res = await kv(3, name);
    expect(res.status).toBe(200);
    expect(res.body.result.namePinyin).toMatchObject({ surnamePinyin: surname, namePinyin: given });
  });

  test('polyphone flags: a surname with several readings is flagged even when the surname reading is fixed; a plain name is not', async () => {
    expect((await kv(3, '单田芳')).body.result.namePinyin).toEqual({ surnamePinyin: 'SHAN', namePinyin: 'TIANFANG', surnameIsPolyphone: true, nameIsPolyphone: false });
    expect((await kv(3, '王小明')).body.result.namePinyin).toEqual({ surnamePinyin: 'WANG', namePinyin: 'XIAOMING', surnameIsPolyphone: false, nameIsPolyphone: false });
    expect((await kv(3, '李长乐')).body.result.namePinyin).toMatchObject({ surnameIsPolyphone: false, nameIsPolyphone: true });
  });

  test('spaces are ignored and middle-dot variants accepted', async () => {
    expect((await kv(3, ' 张 三丰 ')).body.result.namePinyin.namePinyin).toBe('SANFENG');
    expect((await kv(3, '约翰・史密斯')).body.result.namePinyin).toMatchObject({ surnamePinyin: 'SHIMISI', namePinyin: 'YUEHAN' });
  });

  test.each(['Zhang San', '张3', '张三!', '·张三', '张三·', '张··三', '张'.repeat(101), ''])('key %j is refused (100400)', async (name) => {
    expect((await kv(3, name)).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });
});

describe('KYCKeyValue type 4: address → W-8BEN line', () => {
  test.each([
    ['北京市朝阳区建国路88号SOHO现代城2号楼1201室', 'ROOM 1201 BUILDING 2 SOHO XIANDAICHENG NO 88 JIANGUO ROAD CHAOYANG DISTRICT BEIJING'],
    ['上海市浦东新区世纪大道100号上海环球金融中心75层', 'FLOOR 75 SHANGHAIHUANQIUJINRONG CENTER NO 100 SHIJI AVENUE PUDONG NEW AREA SHANGHAI'],
    ['浙江省杭州市余杭区文一西路969号', 'NO 969 WENYI WEST ROAD YUHANG DISTRICT HANGZHOU ZHEJIANG PROVINCE'],
    ['广东深圳市福田区福华一路6号免税商务大厦3栋2单元501', '501 UNIT 2 BLOCK 3 MIANSHUISHANGWU BUILDING NO 6 FUHUAYI ROAD FUTIAN DISTRICT SHENZHEN GUANGDONG PROVINCE'],
    ['北京市海淀区中关村南大街5号', 'NO 5 ZHONGGUANCUN SOUTH STREET HAIDIAN DISTRICT BEIJING'],
    ['江苏省苏州市昆山市花桥镇张家村三组12号', 'NO 12 GROUP 3 ZHANGJIA VILLAGE HUAQIAO TOWN KUNSHAN CITY SUZHOU JIANGSU PROVINCE'],
    ['四川省成都市武侯区人民南路四段1号', 'NO 1 SECTION 4 RENMIN SOUTH ROAD WUHOU DISTRICT CHENGDU SICHUAN PROVINCE'],
    ['新疆维吾尔自治区乌鲁木齐市天山区解放北路1号', 'NO 1 JIEFANG NORTH ROAD TIANSHAN DISTRICT URUMQI XINJIANG UYGUR AUTONOMOUS REGION'],
    ['陕西省西安市雁塔区高新路25号', 'NO 25 GAOXIN ROAD YANTA DISTRICT XIAN SHAANXI PROVINCE'],
    ['河南省济源市济水大街1号', 'NO 1 JISHUI STREET JIYUAN CITY HENAN PROVINCE'],
    ['湖北省恩施土家族苗族自治州恩施市舞阳大道188号', 'NO 188 WUYANG AVENUE ENSHI CITY ENSHITUJIA MIAO AUTONOMOUS PREFECTURE HUBEI PROVINCE'],
    ['香港九龙旺角弥敦道688号12楼A室', 'ROOM A FLOOR 12 NO 688 WANGJIAOMIDUN ROAD KOWLOON HONG KONG'],
    ['广州市天河区珠江新城，花城大道８５号（高德置地广场）Ａ座１８０１', '1801 TOWER A GAODEZHIDI PLAZA NO 85 HUACHENG AVENUE ZHUJIANGXINCHENG TIANHE DISTRICT GUANGZHOU'],
  ])('%s', async (address, line) => {
    const res = await kv(4, encodeURIComponent(address));
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ value: line });
    expect(line).toMatch(/^[A-Z0-9 ]+$/);
  });

  test('a key that is not URI-encoded, or not decodable, is read as it is', async () => {
    expect((await kv(4, '北京市东城区东长安街1号')).body.result.value).toBe('NO 1 DONGCHANGAN STREET DONGCHENG DISTRICT BEIJING');
    expect((await kv(4, '北京市东城区%E4%B8')).body.result.value).toBe('E4 B8 DONGCHENG DISTRICT BEIJING');
  });

  test('an address over 500 characters, or an empty one, is refused', async () => {
    expect((await kv(4, encodeURIComponent('北'.repeat(501)))).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    expect((await kv(4, encodeURIComponent('   '))).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
    const long = await kv(4, encodeURIComponent('北京市朝阳区' + '建国路'.repeat(160)));
    expect(long.body.result.value.length).toBeLessThanOrEqual(500);
  });

  test.each([[1], [5], ['2'], [null]])('type %j is refused', async (type) => {
    expect((await kv(type, '440305')).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });
});

describe('MainlandCity', () => {
  test('31 provinces with their prefecture-level cities; municipalities list themselves; county-level units under a province are listed by name', async () => {
    const res = await c.call('mainlandCity');
    expect(res.status).toBe(200);
    const map = res.body.result as Record<string, string[]>;
    expect(Object.keys(map)).toHaveLength(31);
    expect(map['广东省']).toEqual(expect.arrayContaining(['广州市', '深圳市', '东莞市', '中山市']));
    expect(map['广东省']).toHaveLength(21);
    expect(map['北京市']).toEqual(['北京市']);
    expect(map['重庆市']).toEqual(['重庆市']);
    expect(map['河南省']).toContain('济源市');
    expect(map['海南省']).toEqual(expect.arrayContaining(['海口市', '三亚市', '琼海市']));
    expect(Object.values(map).flat()).not.toEqual(expect.arrayContaining(['市辖区']));
    expect(Object.values(map).flat().filter((n) => /直辖县级|^县$/.test(n))).toEqual([]);
  });
});

describe('CompanySearch and CompanyInfo (local vendor, seeded table)', () => {
  const search = (word: unknown, pageSize?: number, pageNum?: number) => c.call('companySearch', { word, pageSize, pageNum });

  test('the seed is imported at start-up; importing it again changes nothing', async () => {
    const count = await countCompanies(t.db);
    expect(count).toBeGreaterThanOrEqual(150);
    expect(await seedCompanies(t.db)).toMatchObject({ inserted: 0, updated: 0, unchanged: count, rejected: 0 });
  });

  test('a 2-character Chinese word finds every name containing it; the exact name ranks first', async () => {
    const res = await search('腾讯');
    expect(res.status).toBe(200);
    expect(res.body.result.vendor).toBe('local');
    expect(res.body.result.total).toBe(2);
    expect(res.body.result.items.map((i: { name: string }) => i.name)).toEqual(['腾讯控股有限公司', '深圳市腾讯计算机系统有限公司']);
    const exact = await search('招商银行股份有限公司');
    expect(exact.body.result.items[0]).toEqual({ id: expect.any(String), name: '招商银行股份有限公司', regLocation: '广东省深圳市福田区' });
  });

  test('English words match the English name, case-insensitively, prefix first', async () => {
    const res = await search('tencent');
    expect(res.body.result.items[0].name).toBe('腾讯控股有限公司');
    const hsbc = await search('HSBC');
    expect(hsbc.body.result.items.map((i: { name: string }) => i.name)).toEqual(expect.arrayContaining(['汇丰控股有限公司', '汇丰银行(中国)有限公司']));
    expect(hsbc.body.result.items[0].name).toBe('汇丰控股有限公司');
  });

  test('a misspelt word of 3 or more characters still finds the company (trigram word similarity)', async () => {
    const res = await search('Kweichow Moutia');
    expect(res.body.result.items.map((i: { name: string }) => i.name)).toContain('贵州茅台酒股份有限公司');
  });

  test('pages: distinct items, the same total, an empty page past the end', async () => {
    const first = await search('银行', 5, 1);
    const second = await search('银行', 5, 2);
    expect(first.body.result.total).toBeGreaterThan(20);
    expect(second.body.result.total).toBe(first.body.result.total);
    expect(first.body.result.items).toHaveLength(5);
    const ids = new Set([...first.body.result.items, ...second.body.result.items].map((i: { id: string }) => i.id));
    expect(ids.size).toBe(10);
    const all = await search('银行', 50, 1);
    expect(all.body.result.items.length).toBe(Math.min(50, first.body.result.total));
    const past = await search('银行', 10, 99);
    expect(past.body.result).toEqual({ items: [], total: first.body.result.total, vendor: 'local' });
    expect((await search('银行')).body.result.items).toHaveLength(10); // pageSize 10 by default
  });

  test('wildcards are literal; nothing found is an empty page', async () => {
    expect((await search('%%')).body.result).toEqual({ items: [], total: 0, vendor: 'local' });
    expect((await search('no such company')).body.result).toEqual({ items: [], total: 0, vendor: 'local' });
  });

  test.each([
    [{ word: '腾' }],
    [{ word: ' 腾 ' }],
    [{ word: 'x'.repeat(101) }],
    [{ word: '腾讯', pageSize: 51 }],
    [{ word: '腾讯', pageSize: 0 }],
    [{ word: '腾讯', pageNum: 0 }],
    [{}],
  ])('%j is refused (100400)', async (payload) => {
    expect((await c.call('companySearch', payload)).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });

  test('CompanyInfo by the id of a search item; unknown id → 100404', async () => {
    const item = (await search('比亚迪')).body.result.items[0];
    const res = await c.call('companyInfo', { keyword: item.id });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ id: item.id, name: '比亚迪股份有限公司', regLocation: '广东省深圳市坪山区', vendor: 'local' });
    const unknown = await c.call('companyInfo', { keyword: 'NO-SUCH-ID' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe(ErrorCode.NOT_FOUND);
    expect((await c.call('companyInfo', { keyword: '' })).body.error?.code).toBe(ErrorCode.INVALID_INPUT);
  });
});

describe('CompanySearch and CompanyInfo in the applicant\'s language', () => {
  type Item = { id: string; name: string; regLocation: string };
  const inLang = (lang: string) => ({ headers: { 'x-esop-lang': lang } });
  const search = async (word: string, lang: string): Promise<Item[]> => {
    const res = await c.call('companySearch', { word }, inLang(lang));
    expect(res.status).toBe(200);
    return res.body.result.items as Item[];
  };
  const info = async (id: string, lang: string): Promise<Item> => (await c.call('companyInfo', { keyword: id }, inLang(lang))).body.result as Item;
  const ids = (items: Item[]) => items.map((i) => i.id).sort();

  test('English: the English names and registered locations the registry has', async () => {
    const hsbc = await search('HSBC', 'en');
    expect(hsbc[0]).toEqual({ id: 'C0005', name: 'HSBC Holdings plc', regLocation: 'London, United Kingdom' });
    expect(hsbc.every((i) => !/\p{Script=Han}/u.test(i.name + i.regLocation))).toBe(true);
    // a Chinese word typed in English is answered in English too
    expect((await search('汇丰控股', 'en'))[0]).toEqual({ id: 'C0005', name: 'HSBC Holdings plc', regLocation: 'London, United Kingdom' });
    expect(await info('C0006', 'en')).toMatchObject({ name: 'The Hongkong and Shanghai Banking Corporation Limited', regLocation: "1 Queen's Road Central, Central, Hong Kong" });
  });

  test('traditional Chinese: 騰訊, 腾讯 and Tencent find the same companies, named in traditional characters', async () => {
    const traditional = await search('騰訊', 'zh-TW');
    expect(traditional.map((i) => i.name)).toEqual(['騰訊控股有限公司', '深圳市騰訊計算機系統有限公司']);
    expect(traditional[0].regLocation).toBe('廣東省深圳市南山區');
    expect(ids(await search('腾讯', 'zh-TW'))).toEqual(ids(traditional));
    expect((await search('Tencent', 'zh-TW')).map((i) => i.id)).toEqual(expect.arrayContaining(ids(traditional)));
    expect(await info('C0005', 'zh-TW')).toMatchObject({ name: '滙豐控股有限公司', regLocation: '英國倫敦' });
    // Taiwan forms of a character (匯 for 滙) find it too
    expect((await search('匯豐控股', 'zh-TW'))[0].id).toBe('C0005');
  });

  test('simplified Chinese (the default language): simplified names, whichever script the word is typed in', async () => {
    const simplified = await search('騰訊', 'zh-CN');
    expect(simplified.map((i) => i.name)).toEqual(['腾讯控股有限公司', '深圳市腾讯计算机系统有限公司']);
    expect(simplified[0].regLocation).toBe('广东省深圳市南山区');
    const noHeader = await c.call('companySearch', { word: '騰訊' });
    expect(noHeader.body.result.items).toEqual(simplified);
  });

  test('the language comes from accept-language when x-esop-lang is absent', async () => {
    const res = await c.call('companySearch', { word: 'HSBC' }, { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(res.body.result.items[0]).toMatchObject({ name: 'HSBC Holdings plc', regLocation: 'London, United Kingdom' });
    const hk = await c.call('companySearch', { word: 'HSBC' }, { headers: { 'accept-language': 'zh-HK' } });
    expect(hk.body.result.items[0]).toMatchObject({ name: '滙豐控股有限公司', regLocation: '英國倫敦' });
  });

  test('a registry holding traditional names: found by simplified words, shown in the applicant\'s script; no English → the registered name', async () => {
    const other = await createTestApp();
    try {
      await upsertCompanies(other.db, [{ id: 'TC-1', name: '長江數碼科技有限公司', nameEn: '', regLocation: '香港灣仔', regLocationEn: '', source: 'import' }]);
      const oc = await other.login('62000003');
      const found = await oc.call('companySearch', { word: '长江数码' }, inLang('zh-CN'));
      expect(found.body.result.items).toEqual([{ id: 'TC-1', name: '长江数码科技有限公司', regLocation: '香港湾仔' }]);
      expect((await oc.call('companySearch', { word: '長江數碼' }, inLang('zh-TW'))).body.result.items).toEqual([{ id: 'TC-1', name: '長江數碼科技有限公司', regLocation: '香港灣仔' }]);
      expect((await oc.call('companyInfo', { keyword: 'TC-1' }, inLang('en'))).body.result).toMatchObject({ name: '長江數碼科技有限公司', regLocation: '香港灣仔' });
    } finally {
      await other.close();
    }
  });
});

describe('the shipped company seed', () => {
  test('refreshes the rows it put there (an earlier release\'s seed) and adds its new ones; never mixes with an operator\'s import', async () => {
    const other = await createTestApp();
    try {
      const db = other.db;
      const count = await countCompanies(db);
      // as an earlier release left it: no English locations, one row missing, one name different
      await db.query("UPDATE companies SET reg_location_en = ''");
      await db.query("UPDATE companies SET name = '旧名称有限公司' WHERE id = 'C0005'");
      await db.query("DELETE FROM companies WHERE id = 'C0255'");
      expect(await seedCompanies(db)).toMatchObject({ inserted: 1, updated: count - 1, rejected: 0 });
      const { rows } = await db.query<{ name: string; reg_location_en: string }>("SELECT name, reg_location_en FROM companies WHERE id = 'C0005'");
      expect(rows[0]).toEqual({ name: '汇丰控股有限公司', reg_location_en: 'London, United Kingdom' });
      expect(await seedCompanies(db)).toMatchObject({ inserted: 0, updated: 0 });
      // an operator's import: the seed is left out from then on, and the operator's edits stay
      await upsertCompanies(db, [{ id: 'OP-1', name: '运营导入有限公司', nameEn: '', regLocation: '', regLocationEn: '', source: 'qcc' }]);
      await db.query("UPDATE companies SET name = '运营更名有限公司' WHERE id = 'C0005'");
      expect(await seedCompanies(db)).toBeNull();
      expect((await db.query<{ name: string }>("SELECT name FROM companies WHERE id = 'C0005'")).rows[0].name).toBe('运营更名有限公司');
    } finally {
      await other.close();
    }
  });
});

describe('every lookup needs a session', () => {
  test.each([
    ['kycKeyValue', { type: 2, key: '440305' }],
    ['mainlandCity', {}],
    ['companySearch', { word: '腾讯' }],
    ['companyInfo', { keyword: 'C0001' }],
  ] as const)('%s without login → 100008', async (name, payload) => {
    const anon = await t.handshake();
    const res = await anon.call(name, payload);
    expect(res.body.error?.code).toBe(ErrorCode.LOGIN_EXPIRED);
    expect(res.body.result).toBeUndefined();
  });
});

describe('the HTTP company vendor', () => {
  const answers: Record<string, { status: number; body: unknown }> = {};
  const seen: { url: string; auth: string | null }[] = [];
  const fakeFetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const url = new URL(String(input));
    seen.push({ url: url.toString(), auth: new Headers(init?.headers).get('authorization') });
    const a = answers[url.pathname.split('/').pop()!];
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const vendor = createHttpCompanyVendor({ COMPANY_HTTP_URL: 'https://registry.example.com/v1', COMPANY_HTTP_KEY: 'k-123' }, fakeFetch);

  test('search and info go to {url}/search and {url}/info with the key; the upstream name is passed on', async () => {
    answers.search = { status: 200, body: { items: [{ id: 'X1', name: '示例有限公司', regLocation: '上海市' }], total: 1, vendor: 'acme' } };
    expect(await vendor.search({ word: '示例', pageSize: 10, pageNum: 2 })).toEqual({
      items: [{ id: 'X1', name: '示例有限公司', nameEn: '', regLocation: '上海市', regLocationEn: '' }],
      total: 1,
      vendor: 'acme',
    });
    expect(seen[0].url).toBe('https://registry.example.com/v1/search?word=%E7%A4%BA%E4%BE%8B&pageSize=10&pageNum=2');
    expect(seen[0].auth).toBe('Bearer k-123');
    answers.info = { status: 200, body: { id: 'X1', name: '示例有限公司', regLocation: '上海市' } };
    expect(await vendor.info('X1')).toEqual({ id: 'X1', name: '示例有限公司', nameEn: '', regLocation: '上海市', regLocationEn: '', vendor: 'http' });
    answers.info = { status: 404, body: {} };
    expect(await vendor.info('X2')).toBeNull();
    answers.search = { status: 200, body: { items: 'nope' } };
    await expect(vendor.search({ word: '示例', pageSize: 10, pageNum: 1 })).rejects.toThrow();
    answers.search = { status: 503, body: {} };
    await expect(vendor.search({ word: '示例', pageSize: 10, pageNum: 1 })).rejects.toThrow(/503/);
  });

  test('the app answers with the vendor that answered; a failing vendor is a 100500', async () => {
    const other = await createTestApp({ vendors: { company: vendor } });
    try {
      const oc = await other.login('62000002');
      answers.search = { status: 200, body: { items: [], total: 0 } };
      expect((await oc.call('companySearch', { word: '示例' })).body.result).toEqual({ items: [], total: 0, vendor: 'http' });
      answers.search = { status: 503, body: {} };
      expect((await oc.call('companySearch', { word: '示例' })).body.error?.code).toBe(ErrorCode.INTERNAL);
      answers.info = { status: 404, body: {} };
      expect((await oc.call('companyInfo', { keyword: 'X9' })).body.error?.code).toBe(ErrorCode.NOT_FOUND);
      // the registry's English where it has it, its Chinese in the applicant's script
      const item = { id: 'X3', name: '示例银行有限公司', nameEn: 'Example Bank Limited', regLocation: '香港湾仔', regLocationEn: 'Wan Chai, Hong Kong' };
      answers.search = { status: 200, body: { items: [item], total: 1 } };
      answers.info = { status: 200, body: item };
      const lang = (l: string) => ({ headers: { 'x-esop-lang': l } });
      expect((await oc.call('companySearch', { word: '示例' }, lang('en'))).body.result.items).toEqual([{ id: 'X3', name: 'Example Bank Limited', regLocation: 'Wan Chai, Hong Kong' }]);
      expect((await oc.call('companySearch', { word: '示例' }, lang('zh-TW'))).body.result.items).toEqual([{ id: 'X3', name: '示例銀行有限公司', regLocation: '香港灣仔' }]);
      expect((await oc.call('companyInfo', { keyword: 'X3' }, lang('en'))).body.result).toEqual({ id: 'X3', name: 'Example Bank Limited', regLocation: 'Wan Chai, Hong Kong', vendor: 'http' });
      expect((await oc.call('companyInfo', { keyword: 'X3' }, lang('zh-CN'))).body.result).toEqual({ id: 'X3', name: '示例银行有限公司', regLocation: '香港湾仔', vendor: 'http' });
    } finally {
      await other.close();
    }
  });

  test('COMPANY_VENDOR=http needs COMPANY_HTTP_URL', async () => {
    await expect(createTestApp({ env: { COMPANY_VENDOR: 'http' } })).rejects.toThrow(/COMPANY_HTTP_URL/);
  });
});

describe('ops companies-import', () => {
  async function ops(argv: string[]): Promise<string> {
    const lines: string[] = [];
    const io: OpsIo = { out: (l) => lines.push(l), writeFile: () => undefined };
    expect(await executeCli(argv, { config: t.config, db: t.db, io })).toBe(0);
    return lines.join('\n');
  }

  test('imports good rows, reports bad ones by line, updates on a second run', async () => {
    const file = join(dir, 'companies.csv');
    writeFileSync(
      file,
      '\uFEFFname,id,reg_location,name_en\r\n' +
        '测试科技有限公司,T-0001,广东省深圳市南山区,"Test Technology Co., Ltd."\r\n' +
        '"引号""公司""有限公司",T-0002,"上海市\n浦东新区",\r\n' +
        '\r\n' +
        '坏行有限公司,bad id!,北京市,\r\n' +
        '少一列有限公司,T-0004,北京市\r\n' +
        ',T-0005,北京市,\r\n' +
        '测试科技有限公司二,T-0001,广东省深圳市福田区,Test Technology Two',
    );
    const out = await ops(['companies-import', file, '--vendor', 'qcc']);
    expect(out).toContain('6 rows read, 2 new, 0 updated, 3 rejected');
    expect(out).toMatch(/line 6: id/);
    expect(out).toMatch(/line 7: expected 4 fields, found 3/);
    expect(out).toMatch(/line 8: name/); // the quoted line break of T-0002 counts as a line
    const found = await c.call('companySearch', { word: '测试科技' });
    expect(found.body.result.items).toEqual([{ id: 'T-0001', name: '测试科技有限公司二', regLocation: '广东省深圳市福田区' }]);
    expect((await c.call('companyInfo', { keyword: 'T-0002' })).body.result).toEqual({ id: 'T-0002', name: '引号"公司"有限公司', regLocation: '上海市 浦东新区', vendor: 'local' });
    expect((await c.call('companySearch', { word: 'test technology two' })).body.result.total).toBe(1);
    const { rows } = await t.db.query<{ source: string }>("SELECT source FROM companies WHERE id = 'T-0001'");
    expect(rows[0].source).toBe('qcc');

    const again = JSON.parse(await ops(['companies-import', file, '--json']));
    expect(again).toMatchObject({ rows: 6, inserted: 0, updated: 2, rejected: 3 });
    expect(again.errors).toHaveLength(3);
  });

  test('reg_location_en: the English location an English applicant reads (at most 500 characters)', async () => {
    const file = join(dir, 'english.csv');
    writeFileSync(file, `id,name,name_en,reg_location,reg_location_en\nE-1,英文地址有限公司,English Address Limited,香港湾仔,"Wan Chai, Hong Kong"\nE-2,太长地址有限公司,,香港,${'x'.repeat(501)}\n`);
    expect(JSON.parse(await ops(['companies-import', file, '--json']))).toMatchObject({ rows: 2, inserted: 1, rejected: 1, errors: [{ line: 3, message: expect.stringMatching(/reg_location_en/) }] });
    const res = await c.call('companySearch', { word: '英文地址' }, { headers: { 'x-esop-lang': 'en' } });
    expect(res.body.result.items).toEqual([{ id: 'E-1', name: 'English Address Limited', regLocation: 'Wan Chai, Hong Kong' }]);
  });

  test('a bad header, a missing or empty file, a bad vendor name: refused with a message', async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'id,company,reg_location\nX1,A,B\n');
    await expect(ops(['companies-import', bad])).rejects.toThrow(/unknown column.*"company"/);
    writeFileSync(bad, 'id,reg_location\nX1,B\n');
    await expect(ops(['companies-import', bad])).rejects.toThrow(/missing column.*name/);
    writeFileSync(bad, '');
    await expect(ops(['companies-import', bad])).rejects.toThrow(/empty file/);
    await expect(ops(['companies-import', join(dir, 'none.csv')])).rejects.toThrow(/no such file/);
    await expect(ops(['companies-import'])).rejects.toThrow(/missing <file.csv>/);
    await expect(ops(['companies-import', bad, '--vendor', 'a b'])).rejects.toThrow(OpsError);
  });

  test('a large file goes in batches', async () => {
    const file = join(dir, 'many.csv');
    const lines = ['id,name,name_en,reg_location'];
    for (let i = 0; i < 2500; i++) lines.push(`B${i},批量公司${i}号有限公司,Batch Company ${i} Limited,北京市`);
    writeFileSync(file, lines.join('\n') + '\n');
    const report = JSON.parse(await ops(['companies-import', file, '--json']));
    expect(report).toMatchObject({ rows: 2500, inserted: 2500, updated: 0, rejected: 0 });
    expect((await c.call('companySearch', { word: '批量公司2499号' })).body.result.items[0].id).toBe('B2499');
  });
});
