/**
 * The generated documents as a broker files them (issue 25): a complete mainland (cn) and a complete Hong Kong /
 * overseas (hk) application filled through the service, and an organisation's signing ticket; each document's text
 * is extracted (poppler's pdftotext) and must hold every section the applicant answered in the document's two
 * languages (the words the screens offered, read from locales/ and the country picker's names), and no code where
 * words belong (a band number, a bit mask, a lone M/F, an ISO region code, a dash for an answered field).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CA_DOCUMENTS, STEPS_OF, type CaDocument, type StepName } from '@core/domain';
import { MARKET } from '@core/domain/profile';
import { sampleStep } from '@core/domain/step-samples';
import { createOrganisation, issueTicket } from '../src/modules/org-sign/service';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import {
  BANK_CARD,
  appContext,
  financeData,
  investmentData,
  jobstatusFundsData,
  sampleSource,
  saveStep,
  selectAccountData,
  startApp,
  stepUser,
  validStepData,
} from './step-fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let newUser: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  newUser = stepUser(t, '725', { start: 10000 });
}, 60_000);
afterAll(() => t.close());

// ------------------------------------------------------------------------------------------- the words expected

type Tree = { [k: string]: string | Tree };
const root = join(__dirname, '..', '..');
const locale = (lang: string) => JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8')) as Tree;
const countries = (lang: string) => JSON.parse(readFileSync(join(root, 'src', 'core', 'ui', 'pickers', 'countries', `${lang}.json`), 'utf8')) as Record<string, string>;
const LOCALES: Record<string, Tree> = { en: locale('en'), 'zh-CN': locale('zh-CN'), 'zh-TW': locale('zh-TW') };
const COUNTRIES: Record<string, Record<string, string>> = { en: countries('en'), 'zh-CN': countries('zh-CN'), 'zh-TW': countries('zh-TW') };

function textOf(lang: string, key: string): string {
  let node: string | Tree | undefined = LOCALES[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`${lang}: no ${key}`);
  return node;
}
/** A locale text (a screen's option label) in the document's Chinese and in English. */
const both = (zh: string, key: string) => [textOf(zh, key), textOf('en', key)];
const country = (zh: string, code: string) => [COUNTRIES[zh][code], COUNTRIES.en[code]];

// ------------------------------------------------------------------------------------------- text of a PDF

/** DOCUMENT_TEXT_DUMP=<dir> keeps each PDF and its text there (to look at them: pdftoppm -r 60 -png). */
const DUMP = process.env.DOCUMENT_TEXT_DUMP;

function pdfText(pdf: Buffer, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'doc-text-'));
  try {
    writeFileSync(join(dir, 'd.pdf'), pdf);
    if (DUMP) writeFileSync(join(DUMP, `${name}.pdf`), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'd.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whitespace does not count (pdftotext breaks wrapped lines, CJK lines between any two characters). */
const squash = (s: string) => s.replace(/\s+/g, '');

/** Every word is in the text (missing: none) and no code stands where words belong (codes: none). */
function expectDocument(text: string, words: readonly string[], appId: string) {
  const flat = squash(text);
  const missing = words.filter((w) => !flat.includes(squash(w)));
  expect({ missing, codes: codesIn(text, appId) }).toEqual({ missing: [], codes: [] });
}

/** The places in a document's text where a code stands for words. */
function codesIn(text: string, appId: string): string[] {
  const lines = text.split(appId).join(' ').split('\n').map((l) => l.trim());
  const found: string[] = [];
  const flag = (what: string, re: RegExp) => {
    for (const l of lines) if (re.test(l)) found.push(`${what}: ${l}`);
  };
  flag('band number', /\bband\s*\d/i);
  flag('bit mask', /\(mask\)|\bmask\b/i);
  flag('lone gender code', /^[MF]$/);
  flag('lone option code', /^\d{1,2}$/);
  flag('option list', /^\d{1,2}(,\d{1,2})+$/);
  flag('ISO region code', /(^|[\s,(（：:])(CN|HK|GB|MO|TW|SG)(?![$\w])/);
  flag('dash for a value', /^[—–-]$/);
  flag('internal key', /\b(?:[a-z]+[A-Z][a-zA-Z]*|zhTc)\b/);
  return found;
}

async function documentsOf(c: TestClient, appId: string): Promise<Record<CaDocument, string>> {
  const out = {} as Record<CaDocument, string>;
  for (const document of CA_DOCUMENTS) {
    const res = await c.call('applyDocument', { appId, document });
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    const file = await c.inject({ method: 'GET', url: res.body.result.ossUrl });
    expect(file.statusCode).toBe(200);
    out[document] = pdfText(file.rawPayload, `${appId}-${document}`);
  }
  return out;
}

async function save(c: TestClient, appId: string, step: StepName, data: Record<string, unknown>) {
  const res = await saveStep(c, appId, step, data);
  expect([step, res.status, res.body.error]).toEqual([step, 200, undefined]);
}

// ------------------------------------------------------------------------------------------- the applications

/** A restricted mainland applicant (with the statement step): margin with options, derivatives intended, up to the signature. */
async function cnApplication(): Promise<{ appId: string; docs: Record<CaDocument, string>; idNumber: string }> {
  const c = await newUser();
  const appId = await startApp(c, 1, { withStatement: 'first' });
  const steps: StepName[] = ['STATEMENT', ...STEPS_OF.cn.slice(0, STEPS_OF.cn.indexOf('SIGNATURE') + 1)];
  for (const step of steps) {
    if (step === 'INVESTMENT') await save(c, appId, step, investmentData({}, true));
    else if (step === 'SELECTACCOUNT') {
      const data = await selectAccountData(c, appId);
      await save(c, appId, step, { ...data, marketOpen: (data.marketOpen as number) | MARKET.OPTIONS, openDerivative: 1 });
    } else await save(c, appId, step, await validStepData(c, step, appId));
  }
  const ctx = await appContext(c, appId);
  return { appId, docs: await documentsOf(c, appId), idNumber: String(ctx.saved.IDCARD?.idNumber) };
}

/** A British non-permanent Hong Kong resident on the watch list's sample (an AML hit, confirmed), unemployed with debts. */
async function hkApplication(): Promise<{ appId: string; docs: Record<CaDocument, string>; idNumber: string }> {
  const c = await newUser();
  const appId = await startApp(c, 2);
  const opts = { permanent: 2 as const, name: { chinese: '司徒浩南', last: 'SZETO', first: 'HO NAM' }, birthday: '1968-11-03' };
  for (const step of STEPS_OF.hk.slice(0, STEPS_OF.hk.indexOf('SIGNATURE') + 1)) {
    if (step === 'HK_IDCARD' || step === 'USERINFO') await save(c, appId, step, await sampleStep(step, sampleSource(c, appId), opts));
    else if (step === 'JOBSTATUS') await save(c, appId, step, jobstatusFundsData());
    else if (step === 'FINANCE') await save(c, appId, step, financeData({ fundsSource: '2,4', annualIncome: '3', netAsset: '3', currentAsset: '2', annualAverageInvestAmount: '2', houseType: '2' }));
    else await save(c, appId, step, await validStepData(c, step, appId));
  }
  const ctx = await appContext(c, appId);
  expect(Array.isArray(ctx.saved.IDENTITYEXPOSURE?.amlConfirmInfo)).toBe(true); // the sample name is on the watch list
  return { appId, docs: await documentsOf(c, appId), idNumber: String(ctx.saved.HK_IDCARD?.idNumber) };
}

// ------------------------------------------------------------------------------------------- the tests

describe('the documents of a mainland application (simplified Chinese and English)', () => {
  let app: Awaited<ReturnType<typeof cnApplication>>;
  beforeAll(async () => {
    app = await cnApplication();
  }, 120_000);
  const zh = 'zh-CN';

  test('the account opening form names every answer in words, in both languages', () => {
    const text = app.docs.accountOpeningForm;
    expectDocument(text, [
      // personal and identity
      '张三', 'ZHANG SAN', ...both(zh, 'idcard.male'), '1990-03-07', ...country(zh, 'CN'), app.idNumber, '深圳市公安局南山分局',
      ...both(zh, 'documents.values.mainlandIdCard'), ...both(zh, 'documents.values.longTerm'),
      // addresses, statements, bank, the other broker's statement
      '广东省深圳市南山区科技园路1号', 'zhang.san@qq.com', ...both(zh, 'bankcard.zhTc'), BANK_CARD, '13812345678', '富途证券', 'Futu Securities International', '88001234',
      // employment and finances
      ...both(zh, 'job.degree.4'), ...both(zh, 'job.employment.1'), 'Harbour View Trading Limited', '88 Queensway, Admiralty', ...both(zh, 'job.industry.34'),
      ...both(zh, 'job.position.4'), ...both(zh, 'job.workLife.2'), ...both(zh, 'finance.funds.1'), ...both(zh, 'finance.funds.2'),
      ...both(zh, 'finance.income.RMB.2'), ...both(zh, 'finance.asset.RMB.2'), ...both(zh, 'finance.asset.RMB.1'), ...both(zh, 'finance.invest.RMB.1'), ...both(zh, 'finance.house.3'),
      // investment experience and the derivatives questionnaire
      ...both(zh, 'investment.experience.hkStock'), ...both(zh, 'investment.levels.2'), ...both(zh, 'investment.goals.1'), ...both(zh, 'investment.goals.2'),
      ...both(zh, 'derivative.full.question'), ...both(zh, 'derivative.full.intend'), ...both(zh, 'derivative.sources.course'), ...both(zh, 'derivative.productNames.warrants'),
      // account type and markets by name
      ...both(zh, 'account.margin.name'), ...both(zh, 'account.markets.hk'), ...both(zh, 'account.markets.us'), ...both(zh, 'account.markets.options'),
      // identity disclosure (all 13 margin items) and the AML screening
      ...both(zh, 'disclosure.items.notUsPerson'), ...both(zh, 'disclosure.items.marginInterest'), ...both(zh, 'documents.values.trueOfMe'), ...both(zh, 'documents.values.amlNotAsked'),
      // tax residence and TIN
      ...both(zh, 'documents.sections.tax'),
      // the risk track heard and the confirmations, the agreements signed
      ...both(zh, 'documents.values.riskLang.zh'), '陈美玲', 'CE No. BQX218', ...both(zh, 'risk.agreements.riskHeard'), ...both(zh, 'sign.docs.clientAgreement'), ...both(zh, 'sign.docs.usOptionsAgreement'),
      // the declaration and the signature with its date
      ...both(zh, 'documents.declarations.accountOpeningForm'), ...both(zh, 'documents.fields.signedOn'),
    ], app.appId);
  });

  test('the W-8BEN answers in English, the self-certification form names the tax residence', () => {
    expectDocument(app.docs.w8ben, ['ZHANG SAN', 'China', '1990-03-07', `${app.idNumber} (China)`, ...both(zh, 'documents.w8.part1'), textOf('en', 'documents.values.notApplicable')], app.appId);
    expectDocument(app.docs.selfCertificationForm, ['张三', 'ZHANG SAN', ...country(zh, 'CN'), app.idNumber, ...both(zh, 'documents.declarations.selfCertificationForm')], app.appId);
  });
});

describe('the documents of a Hong Kong / overseas application (traditional Chinese and English)', () => {
  let app: Awaited<ReturnType<typeof hkApplication>>;
  beforeAll(async () => {
    app = await hkApplication();
  }, 120_000);
  const zh = 'zh-TW';

  test('the account opening form names every answer in words, in both languages', () => {
    const text = app.docs.accountOpeningForm;
    expect(text).not.toMatch(/[们这发个户关]/); // traditional Chinese, not simplified
    expectDocument(text, [
      '司徒浩南', 'SZETO HO NAM', ...both(zh, 'userinfo.male'), '1968-11-03', ...country(zh, 'GB'), ...both(zh, 'hkid.docType.hkId'), app.idNumber, ...country(zh, 'HK'),
      ...both(zh, 'hkid.permanent.no'), '123456789', 'Flat 1, 10 Harbour Road', 'taiman@gmail.com', ...both(zh, 'userinfo.en'),
      ...both(zh, 'job.degree.3'), ...both(zh, 'job.employment.5'), ...both(zh, 'job.funds.1'), ...both(zh, 'job.funds.6'), ...both(zh, 'job.debt.2'), ...both(zh, 'job.debt.3'), 'Car loan',
      ...both(zh, 'documents.values.noDispute'),
      ...both(zh, 'finance.funds.2'), ...both(zh, 'finance.funds.4'), ...both(zh, 'finance.income.HKD.3'), ...both(zh, 'finance.asset.HKD.3'), ...both(zh, 'finance.asset.HKD.2'),
      ...both(zh, 'finance.invest.HKD.2'), ...both(zh, 'finance.house.2'),
      ...both(zh, 'investment.experience.fund'), ...both(zh, 'investment.levels.1'), ...both(zh, 'derivative.full.notIntend'),
      ...both(zh, 'account.margin.name'), ...both(zh, 'account.markets.hk'), ...both(zh, 'account.markets.us'),
      ...both(zh, 'disclosure.items.notPep'), ...both(zh, 'disclosure.aml.notListedPerson'), ...both(zh, 'disclosure.aml.noSanctions'), ...both(zh, 'disclosure.aml.truthful'), ...both(zh, 'documents.values.confirmed'),
      ...country(zh, 'GB'),
      ...both(zh, 'documents.values.riskLang.yue'), '陳美玲', ...both(zh, 'risk.agreements.riskOwnDecision'), ...both(zh, 'sign.docs.marginStandingAuthority'),
      ...both(zh, 'documents.fields.signedOn'),
    ], app.appId);
  });

  test('the W-8BEN and the self-certification form name the countries, with both TINs', () => {
    expectDocument(app.docs.w8ben, ['SZETO HO NAM', 'Hong Kong, China', '10 HARBOUR ROAD WAN CHAI', '1968-11-03', `${app.idNumber} (Hong Kong, China)`], app.appId);
    expectDocument(app.docs.selfCertificationForm, ['司徒浩南', ...country(zh, 'HK'), ...country(zh, 'GB'), app.idNumber, '123456789'], app.appId);
  });
});

test("an organisation's opening form and chart name the place of incorporation in English and traditional Chinese", async () => {
  const deps = { config: t.config, db: t.db, clock: t.clock, storage: t.storage };
  const org = await createOrganisation(
    deps,
    { name: 'Harbour Text Trading Limited', nameZh: '海港文字貿易有限公司', registrationNumber: '72500001', country: 'HK', signerName: 'CHAN Tai Man', signerIdNumber: 'K1234567' },
    'ops:test',
  );
  const { ticket } = await issueTicket(deps, { org: org.id }, 'ops:test');
  const c = await t.handshake();
  const auth = await c.call('signApplyAuth', { ticket, idNumber: 'K1234567' });
  expect(auth.body.error).toBeUndefined();
  const s = { token: auth.body.result.token as string, idNumber: 'K1234567' };
  const detail = await c.call('signApplyDetail', s);
  expect(detail.body.error).toBeUndefined();
  for (const d of detail.body.result.documents as Array<{ fileId: string; kind: string }>) {
    const file = await c.call('signFileDownload', { ...s, fileId: d.fileId });
    const text = pdfText(Buffer.from(file.body.result.data, 'base64'), `org-${d.kind}`);
    expectDocument(text, ['Harbour Text Trading Limited', d.kind === 'openingForm' ? 'Place of incorporation' : 'Country', ...country('zh-TW', 'HK')], '72500001');
  }
});
