/**
 * Valid step data for the steps that have rules (IDCARD, BANKCARD, HK_IDCARD, USERINFO, PROOFADDRESS, STATEMENT,
 * and the profile steps JOBSTATUS, FINANCE, INVESTMENT, SELECTACCOUNT, IDENTITYEXPOSURE, TAXINFO), with real uploads
 * of the caller and identity numbers unique in the test database; plus the small call helpers the step tests share.
 * Steps without rules yet take any object. The profile builders that depend on the application (its client type,
 * saved identity and account type, its AML check) read it with ApplyDetail.
 */
import { CALLS, ErrorCode, STEP_VERSION, cnIdCheckDigit, todayInHongKong, type ApplicationView, type StepName } from '@core/domain';
import {
  AML_CONFIRM_ITEMS,
  AML_HIT,
  DERIVATIVE_PRODUCTS,
  DISCLOSURE_ITEMS,
  cleanTaxNumber,
  disclosureItemsOf,
  fixedMarketMask,
  fundTradeForced,
  identityDocuments,
  minTaxRows,
} from '@core/domain/profile';
import { stepContextOfApp, type StepContext } from '@core/domain/step-rules/types';
import { userMaker, type CallResult, type TestApp, type TestClient } from './helpers';

/** A PNG signature and a body: enough for the service's content sniffing. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);
export const PDF = (n: number) => Buffer.from(`%PDF-1.7\n% document ${n}\n1 0 obj <<>> endobj\n%%EOF\n`);

export interface Ref {
  ossId: string;
  url: string;
  description: string;
  ossCategory: 'UserInfo' | 'UserApply';
}

let seq = 0;
const next = () => ++seq + Math.floor(Math.random() * 1000) * 1000;

/** A real upload of the caller: a PNG, or a PDF with `pdf`. */
export async function uploadRef(c: TestClient, category: 'UserInfo' | 'UserApply' = 'UserInfo', pdf = false): Promise<Ref> {
  const n = next();
  const description = pdf ? `doc-${n}.pdf` : `photo-${n}.png`;
  const res = await c.upload(`${CALLS.upload.path}/${category}`, { filename: description }, pdf ? PDF(n) : PNG);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return { ossId: res.body.result.ossId, url: res.body.result.ossUrl, description, ossCategory: category };
}

const phones = new WeakMap<TestClient, string>();

/**
 * A maker of new logged-in users with phones `prefix` + (start + n), as helpers' userMaker (which moves the clock past
 * the login limits every 20 users), in the given area (852 unless given); phoneOf tells each one's phone.
 */
export function stepUser(t: TestApp, prefix: string, { start = 1000000, areaCode = '852' }: { start?: number; areaCode?: string } = {}): () => Promise<TestClient> {
  const login = async (phone?: string) => {
    const c = await t.login(phone, areaCode);
    phones.set(c, phone!);
    return c;
  };
  return userMaker({ ...t, login }, prefix, start);
}

/** The phone a stepUser maker logged this client in with. */
export function phoneOf(c: TestClient): string {
  const phone = phones.get(c);
  if (!phone) throw new Error('not a client of stepUser');
  return phone;
}

/** ApplyStart for the caller (oaType 1 cn, 2 hk; `extra` e.g. {withStatement}); the new application's id. */
export async function startApp(c: TestClient, oaType: 1 | 2 = 1, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await c.call('applyStart', { oaType, ...extra });
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  return res.body.result.appId as string;
}

let idSeq = 0;
/**
 * A valid mainland ID number with this birthday, unique in the run for 500 numbers (region 440305, Shenzhen Nanshan):
 * the two sequence digits count on, then the gender digit moves to the next odd one (male, as the fixtures' gender 1).
 */
export function cnIdNumber(birthday = '1990-03-07', region = '440305'): string {
  const k = idSeq++;
  const first17 = region + birthday.replace(/-/g, '') + String(k % 100).padStart(2, '0') + '13579'[Math.floor(k / 100) % 5];
  return first17 + cnIdCheckDigit(first17);
}

/** An HK ID (one letter, seven digits) unique in the run. */
export const hkIdNumber = () => `K${String(1_000_000 + (next() % 9_000_000)).padStart(7, '0')}`;

export function saveStep(c: TestClient, appId: string, step: StepName | string, data: Record<string, unknown>, draft = false): Promise<CallResult> {
  return c.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: step, draft, data });
}

/** ApplyUpdate of one step, as saveStep without the step argument. */
export const stepSaver =
  (step: StepName) =>
  (c: TestClient, appId: string, data: Record<string, unknown>, draft = false): Promise<CallResult> =>
    saveStep(c, appId, step, data, draft);

/** data.issues of a 100400 answer. */
export const issuesOf = (res: CallResult) => (res.body.error?.data?.issues ?? []) as { path: string; message: string }[];

/** Expects a 100400 answer (HTTP 400) and gives its issues as `path:message` lines. */
export function invalidIssues(res: CallResult): string[] {
  expect([res.status, res.body.error?.code]).toEqual([400, ErrorCode.INVALID_INPUT]);
  return issuesOf(res).map((i) => `${i.path}:${i.message}`);
}

type Data = Record<string, unknown>;

export async function idcardData(c: TestClient, over: Data = {}): Promise<Data> {
  const [front, back, cropFront, cropBack] = [await uploadRef(c), await uploadRef(c), await uploadRef(c), await uploadRef(c)];
  const address = '广东省深圳市南山区科技园路1号';
  return {
    chineseName: '张三',
    firstName: 'SAN',
    lastName: 'ZHANG',
    englishName: 'ZHANG SAN',
    idType: 1,
    idNumber: cnIdNumber(),
    idAddress: address,
    idAuthority: '深圳市公安局南山分局',
    birthCity: '广东省深圳市',
    birthCountry: 'CN',
    gender: 1,
    birthday: '1990-03-07',
    idValidTime: '2020-01-01,长期',
    idCountry: 'CN',
    documentInfo: { idCard: { front, back }, CropIdCard: { front: cropFront, back: cropBack } },
    contactInfo: { residentialAddress: address, residentialAddressCountry: 'CN', mailingAddress: address, mailingAddressCountry: 'CN', mailingSameResidential: 1 },
    frontInfo: { surnamePinyinModify: 2, RAW_amlConfirmInfoTime: '2026-11-21T03:59:00.000Z' },
    ...over,
  };
}

/** A UnionPay-style card number with a valid Luhn digit. */
export const BANK_CARD = '6222021234567890128';

export const bankcardData = (over: Data = {}): Data => ({
  bankInfo: { acctNumber: BANK_CARD, phone: '13812345678' },
  email: 'zhang.san@qq.com',
  defaultLanguage: 'zhTc',
  statementDeliveryWay: 'email',
  ...over,
});

export async function hkIdcardData(c: TestClient, over: Data = {}): Promise<Data> {
  return {
    permanentResident: 1,
    nationality: 'HK',
    idType: 1,
    idCountry: 'HK',
    idNumber: hkIdNumber(),
    defaultLanguage: 'zhTc',
    documentInfo: { nonMainlandDocument: { front: await uploadRef(c) } },
    ...over,
  };
}

export const userinfoData = (over: Data = {}): Data => ({
  chineseName: '陳大文',
  firstName: 'TAI MAN',
  lastName: 'CHAN',
  englishName: 'CHAN TAI MAN',
  gender: 1,
  birthday: '1990-05-04',
  birthCity: 'Hong Kong',
  birthCountry: 'HK',
  email: 'taiman@gmail.com',
  defaultLanguage: 'zhTc',
  statementDeliveryWay: 'email',
  ...over,
});

export async function proofAddressData(c: TestClient, over: Data = {}): Promise<Data> {
  const address = 'Flat 1, 10 Harbour Road';
  return {
    contactInfo: {
      residentialAddress: address,
      residentialAddressCountry: 'HK',
      residentialAddressCity: '',
      mailingAddress: address,
      mailingAddressCountry: 'HK',
      mailingAddressCity: '',
      mailingSameResidential: 1,
    },
    documentInfo: { proofOfAddress: [await uploadRef(c, 'UserApply', true)] },
    w8Info: { residenceAddress: 'FLAT 1, 10 HARBOUR ROAD' },
    ...over,
  };
}

/** A statement of the new variant without an HK document (overseas proof and the promise). */
export async function statementData(c: TestClient, over: Data = {}): Promise<Data> {
  return {
    statementInfo: { type: 0, broker: 21, name: 'ZHANG SAN', account: '88001234' },
    documentInfo: { statement: [await uploadRef(c, 'UserApply')], idCardForeign: [await uploadRef(c)] },
    promise: true,
    ...over,
  };
}

// ---------------------------------------------------------------- profile and suitability steps (part 2)

/** The caller's application (the active one unless appId is given), as ApplyDetail answers it. */
export async function appView(c: TestClient, appId?: string): Promise<ApplicationView> {
  const res = await c.call('applyDetail', appId ? { appId } : undefined);
  expect([res.status, res.body.error]).toEqual([200, undefined]);
  expect(res.body.result).not.toBeNull();
  return res.body.result as ApplicationView;
}

/** The step rules' context of the caller's application today (test clock). */
export async function appContext(c: TestClient, appId?: string): Promise<StepContext> {
  return stepContextOfApp(await appView(c, appId), todayInHongKong(c.clock.now()));
}

/** Employed, with a company typed by hand: valid at every age of 18 or more. `over` changes employmentInfo. */
export const jobstatusData = (over: Data = {}): Data => ({
  employmentInfo: {
    degree: '4',
    employment: '1',
    companyName: 'Harbour View Trading Limited',
    companyNameVendor: '',
    officeAddress: '88 Queensway, Admiralty',
    officeAddressVendor: '',
    industry: '34',
    position: '4',
    workLife: '2',
    ...over,
  },
});

/** Unemployed with a housing loan and another debt (the fund-source branch). `over` changes employmentInfo. */
export const jobstatusFundsData = (over: Data = {}): Data => ({
  employmentInfo: { degree: '3', employment: '5', investFundsSource: '1,6', financialStatus: '2,3', financialStatusDetail: 'Car loan', noDispute: '1', ...over },
});

/** Salary and savings (salary needs the employed JOBSTATUS of jobstatusData). `over` changes financialInfo. */
export const financeData = (over: Data = {}): Data => ({
  financialInfo: { fundsSource: '1,2', annualIncome: '2', netAsset: '2', currentAsset: '1', annualAverageInvestAmount: '1', houseType: '3', ...over },
});

/** The full derivatives questionnaire: not intending (all boxes 0), or intending with training and one product. */
export function derivativeFull(intending: boolean, over: Data = {}): Data {
  return {
    version: 2,
    derivative: { title: 'intend', checked: intending ? 1 : 0 },
    risk: intending ? 1 : 0,
    trainingCourse: intending ? { checked: 1, selectIndex: '2', selectContent: 'course' } : { checked: 0, selectIndex: '', selectContent: '' },
    experienceRelated: { checked: 0 },
    workExperience: { selectIndex: '', selectContent: '' },
    yearsParticipation: { selectIndex: '', selectContent: '' },
    derivativeProducts: { checked: intending ? 1 : 0, items: DERIVATIVE_PRODUCTS.map((title, i) => ({ title, checked: intending && i === 0 ? 1 : 0 })) },
    ...over,
  };
}

/** Experience levels every adult is offered, two goals, no derivatives (or `intending`). */
export const investmentData = (over: Data = {}, intending = false): Data => ({
  investmentInfo: { hkStock: '2', preciousMetals: '1', foreignExchange: '1', aShares: '1', fund: '1', investGoal: '1,2', ...over },
  openDerivative: intending ? 1 : 0,
  derivativeInfo: derivativeFull(intending),
});

/** A margin account (unless `accountType`) with the fixed markets of the application, fund trade when forced. */
export async function selectAccountData(c: TestClient, appId?: string, over: Data = {}): Promise<Data> {
  const view = await appView(c, appId);
  const ctx = stepContextOfApp(view, todayInHongKong(c.clock.now()));
  return { accountType: 2, marketOpen: fixedMarketMask(ctx), openFundTrade: fundTradeForced(ctx.app) ? 1 : 0, openDerivative: 0, ...over };
}

/** Every disclosure item of the saved account type answered yes, with this application's AML check (confirmed on a hit). */
export async function disclosureData(c: TestClient, appId?: string, over: Data = {}): Promise<Data> {
  const view = await appView(c, appId);
  const aml = await c.call('applyAmlCheck', { appId: view.appId });
  expect([aml.status, aml.body.error]).toEqual([200, undefined]);
  const accountType = (view.data.SELECTACCOUNT as Data | undefined)?.accountType ?? 2;
  return {
    identityExposureInfo: Object.fromEntries(disclosureItemsOf(accountType).map((n) => [String(n), { title: DISCLOSURE_ITEMS[n - 1], value: 'yes' }])),
    amlInfoId: aml.body.result.amlInfoId,
    ...(aml.body.result.hitStatus === AML_HIT ? { amlConfirmInfo: AML_CONFIRM_ITEMS.map((title, i) => ({ index: i + 1, title, value: 'yes', checked: 1 })) } : {}),
    frontInfo: { RAW_amlConfirmInfoTime: new Date(c.clock.now()).toISOString() },
    ...over,
  };
}

export interface TaxRow {
  countryCode: string;
  taxNumber: string;
}

/** TAXINFO data of rows: taxInfo and RAW_taxInfo of the same pairs, the files given, a W-8 in the first row's country. */
export function taxPage(rows: readonly TaxRow[], files: ReadonlyArray<Ref & { taxInfoCountryCode: string }> = [], over: Data = {}): Data {
  return {
    taxInfo: Object.fromEntries(rows.map((r) => [r.countryCode, r.taxNumber])),
    frontInfo: { RAW_taxInfo: rows.map((r) => ({ ...r, taxCountry: r.countryCode })) },
    w8Info: { country: rows[0]?.countryCode ?? 'HK', residenceAddress: '10 HARBOUR ROAD WAN CHAI' },
    documentInfo: { idCardTaxInfo: files.map((f) => ({ ossId: f.ossId, description: f.description, ossCategory: f.ossCategory, taxInfoCountryCode: f.taxInfoCountryCode })) },
    ...over,
  };
}

/** A tax file of the caller (UserApply PDF) for a row's country. */
export async function taxFile(c: TestClient, country: string): Promise<Ref & { taxInfoCountryCode: string }> {
  return { ...(await uploadRef(c, 'UserApply', true)), taxInfoCountryCode: country };
}

/**
 * Tax rows of the application: the identity documents' countries and numbers first (no file needed), as many
 * as the minimum (a non-permanent resident's two); without identity documents one row with a typed number and a file.
 */
export async function taxInfoData(c: TestClient, appId?: string, over: Data = {}): Promise<Data> {
  const ctx = await appContext(c, appId);
  const docs = identityDocuments(ctx);
  const rows: TaxRow[] = docs.slice(0, minTaxRows(ctx)).map((d) => ({ countryCode: d.country, taxNumber: cleanTaxNumber(d.number, ctx.clientType) }));
  const files: Array<Ref & { taxInfoCountryCode: string }> = [];
  for (const country of ['HK', 'GB', 'SG']) {
    if (rows.length >= minTaxRows(ctx)) break;
    if (rows.some((r) => r.countryCode === country)) continue;
    rows.push({ countryCode: ctx.clientType === 'cn' && !rows.length ? 'CN' : country, taxNumber: `TIN${100000 + rows.length}` });
    files.push(await taxFile(c, rows[rows.length - 1].countryCode));
  }
  return taxPage(rows, files, over);
}

/**
 * Valid data for any step: the builders above for steps with rules, a marker object for the others. The profile
 * steps read the caller's application (appId, or the active one).
 */
/** LIVINGWITNESS: the face check's id and the caller's certification picture (UserApply). */
export async function livingWitnessData(c: TestClient, over: Data = {}): Promise<Data> {
  return { livingBodyVerifyId: 1, documentInfo: { livingBodyCertificationPicture: await uploadRef(c, 'UserApply') }, ...over };
}

export async function validStepData(c: TestClient, step: StepName | string, appId?: string): Promise<Data> {
  switch (step) {
    case 'JOBSTATUS':
      return jobstatusData();
    case 'FINANCE':
      return financeData();
    case 'INVESTMENT':
      return investmentData();
    case 'SELECTACCOUNT':
      return selectAccountData(c, appId);
    case 'IDENTITYEXPOSURE':
      return disclosureData(c, appId);
    case 'TAXINFO':
      return taxInfoData(c, appId);
    case 'IDCARD':
      return idcardData(c);
    case 'BANKCARD':
      return bankcardData();
    case 'HK_IDCARD':
      return hkIdcardData(c);
    case 'USERINFO':
      return userinfoData();
    case 'PROOFADDRESS':
      return proofAddressData(c);
    case 'STATEMENT':
      return statementData(c);
    case 'LIVINGWITNESS':
      return livingWitnessData(c);
    default:
      return { filled: step };
  }
}
