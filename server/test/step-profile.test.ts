/**
 * ApplyUpdate of the profile and suitability steps (spec part 2) against the migrated database: each step's
 * valid payload is stored as sent; each broken field is refused (100400) with its path and rule and changes
 * nothing; wrong types are refused; another user's application is refused; a draft may be incomplete. Age rules
 * read the birthday of the saved identity steps; TAXINFO's files must be the caller's UserApply uploads.
 */
import { ErrorCode, todayInHongKong, type StepName } from '@core/domain';
import { MARKET } from '@core/domain/profile';
import { createTestApp, type TestApp, type TestClient } from './helpers';
import {
  appView,
  bankcardData,
  cnIdNumber,
  derivativeFull,
  disclosureData,
  financeData,
  hkIdcardData,
  idcardData,
  invalidIssues,
  investmentData,
  jobstatusData,
  jobstatusFundsData,
  saveStep,
  selectAccountData,
  startApp,
  stepUser,
  taxFile,
  taxInfoData,
  taxPage,
  uploadRef,
  userinfoData,
} from './step-fixtures';

type Data = Record<string, unknown>;

let t: TestApp;
let user: () => Promise<TestClient>;
beforeAll(async () => {
  t = await createTestApp();
  user = stepUser(t, '5');
}, 60_000);
afterAll(() => t.close());

/** The birthday making the applicant exactly `age` today (the birthday), or `age` on its last day (`lastDay`). */
function bornAged(c: TestClient, age: number, lastDay = false): string {
  const [y, m, d] = todayInHongKong(c.clock.now()).split('-').map(Number);
  return new Date(Date.UTC(y - age - (lastDay ? 1 : 0), m - 1, d + (lastDay ? 1 : 0))).toISOString().slice(0, 10);
}

async function ok(c: TestClient, appId: string, step: StepName, data: Data): Promise<void> {
  const res = await saveStep(c, appId, step, data);
  expect([step, res.status, res.body.error]).toEqual([step, 200, undefined]);
}

interface Applicant {
  c: TestClient;
  appId: string;
}

/** An hk applicant with the identity steps saved: permanent unless `nonPermanent`, aged `age` (40). */
async function hkApplicant(o: { age?: number; lastDay?: boolean; nonPermanent?: boolean; start?: Data } = {}): Promise<Applicant> {
  const c = await user();
  const appId = await startApp(c, 2, o.start);
  const identity = o.nonPermanent
    ? await hkIdcardData(c, {
        permanentResident: 2,
        nationality: 'SG',
        defaultLanguage: 'en',
        documentInfo: { nonMainlandDocument: { front: await uploadRef(c) }, idCard: [await uploadRef(c)] },
        idExtraInfo: { permanent: { idType: null, idNumber: `S${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}D`, idCountry: 'SG' } },
      })
    : await hkIdcardData(c);
  await ok(c, appId, 'HK_IDCARD', identity);
  await ok(c, appId, 'USERINFO', userinfoData({ birthday: bornAged(c, o.age ?? 40, o.lastDay), defaultLanguage: o.nonPermanent ? 'en' : 'zhTc' }));
  return { c, appId };
}

/** A cn applicant with the ID card (aged `age`, 40) and bank card saved. */
async function cnApplicant(age = 40): Promise<Applicant> {
  const c = await user();
  const appId = await startApp(c, 1);
  const birthday = bornAged(c, age);
  await ok(c, appId, 'IDCARD', await idcardData(c, { birthday, idNumber: cnIdNumber(birthday) }));
  await ok(c, appId, 'BANKCARD', bankcardData());
  return { c, appId };
}

const savedStep = async (a: Applicant, step: StepName) => (await appView(a.c, a.appId)).data[step];

/** Saves `data` and expects it refused with exactly `issues`, the step's stored data unchanged. */
async function refused(a: Applicant, step: StepName, data: Data, issues: string[]): Promise<void> {
  const before = await savedStep(a, step);
  expect(invalidIssues(await saveStep(a.c, a.appId, step, data))).toEqual(issues);
  expect(await savedStep(a, step)).toEqual(before);
}

const job = (over: Data) => jobstatusData(over);

describe('JOBSTATUS', () => {
  let a: Applicant;
  beforeAll(async () => {
    a = await hkApplicant();
  });

  test.each([
    ['employed with a company', jobstatusData()],
    ['self-employed, company from the registry', jobstatusData({ employment: '2', position: '6', companyName: '华为', companyNameVendor: '华为', officeAddressVendor: '深圳市龙岗区', officeAddress: '深圳市龙岗区' })],
    ['unemployed with debts', jobstatusFundsData()],
  ])('%s: stored as sent, next FINANCE', async (_, data) => {
    const res = await saveStep(a.c, a.appId, 'JOBSTATUS', data);
    expect([res.status, res.body.error, res.body.result?.nextStep]).toEqual([200, undefined, 'FINANCE']);
    expect(await savedStep(a, 'JOBSTATUS')).toEqual(data);
  });

  test.each([
    ['primary education', job({ degree: '1' }), 'data.employmentInfo.degree:offlineOpening'],
    ['an unknown employment', job({ employment: '6' }), 'data.employmentInfo.employment:choice'],
    ['a short company typed by hand', job({ companyName: 'ABC' }), 'data.employmentInfo.companyName:tooShort'],
    ['a company name of 201', job({ companyName: 'A'.repeat(201) }), 'data.employmentInfo.companyName:tooLong'],
    ['the office at the company name', job({ officeAddress: 'Harbour View Trading Limited' }), 'data.employmentInfo.officeAddress:sameAsName'],
    ['an office address of 501', job({ officeAddress: 'A'.repeat(501) }), 'data.employmentInfo.officeAddress:tooLong'],
    ['an unknown industry', job({ industry: '25' }), 'data.employmentInfo.industry:choice'],
    ['a self-employed position for the employed', job({ position: '5' }), 'data.employmentInfo.position:choice'],
    ['no working years', job({ workLife: '' }), 'data.employmentInfo.workLife:required'],
    ['fund sources on the company branch', job({ investFundsSource: '1' }), 'data.employmentInfo.investFundsSource:choice'],
    ['no fund source', jobstatusFundsData({ investFundsSource: '' }), 'data.employmentInfo.investFundsSource:needOne'],
    ['none with a debt', jobstatusFundsData({ financialStatus: '1,2', financialStatusDetail: undefined }), 'data.employmentInfo.financialStatus:choice'],
    ['other debt without its text', jobstatusFundsData({ financialStatusDetail: '' }), 'data.employmentInfo.financialStatusDetail:required'],
    ['a debt text without other debt', jobstatusFundsData({ financialStatus: '2' }), 'data.employmentInfo.financialStatusDetail:choice'],
    ['the dispute box unticked', jobstatusFundsData({ noDispute: '0' }), 'data.employmentInfo.noDispute:debtDispute'],
    ['company fields on the fund branch', jobstatusFundsData({ industry: '11' }), 'data.employmentInfo.industry:choice'],
  ])('%s → 100400', async (_, data, issue) => refused(a, 'JOBSTATUS', data, [issue]));

  test.each([
    ['degree as a number', job({ degree: 4 }), ['data.employmentInfo.degree:choice']],
    ['employment as a number', job({ employment: 1 }), ['data.employmentInfo.employment:choice']],
    ['company name as a number', job({ companyName: 12345 }), ['data.employmentInfo.companyName:required']],
    ['industry as an array', job({ industry: ['34'] }), ['data.employmentInfo.industry:choice']],
    ['the vendor name as null', job({ companyNameVendor: null }), ['data.employmentInfo.companyNameVendor:choice']],
    ['fund sources as an array', jobstatusFundsData({ investFundsSource: ['1'] }), ['data.employmentInfo.investFundsSource:choice']],
    ['the dispute box as a number', jobstatusFundsData({ noDispute: 1 }), ['data.employmentInfo.noDispute:choice']],
    ['employmentInfo as an array', { employmentInfo: [] }, ['data.employmentInfo:required', 'data.employmentInfo.degree:required', 'data.employmentInfo.employment:required']],
    ['employmentInfo as null', { employmentInfo: null }, ['data.employmentInfo:required', 'data.employmentInfo.degree:required', 'data.employmentInfo.employment:required']],
  ])('wrong type: %s → 100400', async (_, data, issues) => refused(a, 'JOBSTATUS', data, issues));

  test.each([
    ['29 (last day): refused', 29, true, 'notOffered'],
    ['30 (birthday): accepted', 30, false, null],
  ])('retired, hk applicant aged %s', async (_, age, lastDay, rule) => {
    const r = await hkApplicant({ age, lastDay });
    const data = jobstatusFundsData({ employment: '3', investFundsSource: '4' });
    const res = await saveStep(r.c, r.appId, 'JOBSTATUS', data);
    if (rule) expect(invalidIssues(res)).toEqual([`data.employmentInfo.employment:${rule}`]);
    else expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test.each([
    [29, 'notOffered'],
    [30, null],
  ])('retired, cn applicant aged %p (ID card birthday)', async (age, rule) => {
    const r = await cnApplicant(age);
    if (age === 29) {
      // 29 on the ID card: one day short of 30
      const birthday = bornAged(r.c, 29, true);
      await ok(r.c, r.appId, 'IDCARD', await idcardData(r.c, { birthday, idNumber: cnIdNumber(birthday) }));
    }
    const res = await saveStep(r.c, r.appId, 'JOBSTATUS', jobstatusFundsData({ employment: '3', investFundsSource: '4' }));
    if (rule) expect(invalidIssues(res)).toEqual([`data.employmentInfo.employment:${rule}`]);
    else expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test.each([
    [22, true, '3', 'notOffered'],
    [23, false, '3', null],
    [29, true, '5', 'notOffered'],
    [30, false, '5', null],
  ])('working years at %p (last day %p): option %p', async (age, lastDay, workLife, rule) => {
    const r = await hkApplicant({ age, lastDay });
    const res = await saveStep(r.c, r.appId, 'JOBSTATUS', job({ workLife }));
    if (rule) expect(invalidIssues(res)).toEqual([`data.employmentInfo.workLife:${rule}`]);
    else expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test('rent for a cn student is not offered; for an hk student it is', async () => {
    const cn = await cnApplicant(20);
    const student = jobstatusFundsData({ degree: '4', employment: '4', investFundsSource: '1,3' });
    expect(invalidIssues(await saveStep(cn.c, cn.appId, 'JOBSTATUS', student))).toEqual(['data.employmentInfo.investFundsSource:notOffered']);
    const hk = await hkApplicant({ age: 20 });
    await ok(hk.c, hk.appId, 'JOBSTATUS', student);
  });

  test('a draft may be incomplete; a later full save replaces it', async () => {
    const r = await hkApplicant();
    const draft = await saveStep(r.c, r.appId, 'JOBSTATUS', { employmentInfo: { degree: '1' } }, true);
    expect([draft.status, draft.body.error]).toEqual([200, undefined]);
    expect((await appView(r.c, r.appId)).data.drafts).toEqual({ JOBSTATUS: { employmentInfo: { degree: '1' } } });
    await ok(r.c, r.appId, 'JOBSTATUS', jobstatusData());
    expect((await appView(r.c, r.appId)).data.drafts).toBeUndefined();
  });

  test("another user's application is refused", async () => {
    const other = await user();
    const res = await saveStep(other, a.appId, 'JOBSTATUS', jobstatusData());
    expect(res.body.error?.code).toBe(ErrorCode.NO_APPLICATION);
  });
});

describe('FINANCE', () => {
  test('stored as sent after an employed JOBSTATUS', async () => {
    const a = await hkApplicant();
    await ok(a.c, a.appId, 'JOBSTATUS', jobstatusData());
    const res = await saveStep(a.c, a.appId, 'FINANCE', financeData());
    expect([res.status, res.body.error, res.body.result?.nextStep]).toEqual([200, undefined, 'INVESTMENT']);
    expect(await savedStep(a, 'FINANCE')).toEqual(financeData());
  });

  test('by the saved JOBSTATUS: salary only for the employed, mortgage not with no liabilities', async () => {
    const a = await hkApplicant();
    await ok(a.c, a.appId, 'JOBSTATUS', jobstatusFundsData({ financialStatus: '1', financialStatusDetail: undefined }));
    await refused(a, 'FINANCE', financeData({ fundsSource: '1,2' }), ['data.financialInfo.fundsSource:notOffered']);
    await refused(a, 'FINANCE', financeData({ fundsSource: '2', houseType: '4' }), ['data.financialInfo.houseType:notOffered']);
    await ok(a.c, a.appId, 'FINANCE', financeData({ fundsSource: '2,3', houseType: '5' }));
    await ok(a.c, a.appId, 'JOBSTATUS', jobstatusFundsData());
    await ok(a.c, a.appId, 'FINANCE', financeData({ fundsSource: '2', houseType: '4' }));
  });

  test.each([
    ['investable above net assets', financeData({ netAsset: '2', currentAsset: '3' }), ['data.financialInfo.currentAsset:assetsInverted']],
    ['no fund source', financeData({ fundsSource: '' }), ['data.financialInfo.fundsSource:needOne']],
    ['income band 7', financeData({ annualIncome: '7' }), ['data.financialInfo.annualIncome:choice']],
    ['net asset band 5', financeData({ netAsset: '5' }), ['data.financialInfo.netAsset:choice']],
    ['invest amount 0', financeData({ annualAverageInvestAmount: '0' }), ['data.financialInfo.annualAverageInvestAmount:choice']],
    ['no house type', financeData({ houseType: '' }), ['data.financialInfo.houseType:required']],
    ['bands as numbers', financeData({ annualIncome: 2, houseType: 3 }), ['data.financialInfo.annualIncome:choice', 'data.financialInfo.houseType:choice']],
    ['fund sources as an array', financeData({ fundsSource: ['1'] }), ['data.financialInfo.fundsSource:choice']],
    ['an unknown field', financeData({ wealth: '1' }), ['data.financialInfo.wealth:choice']],
  ])('%s → 100400', async (_, data, issues) => {
    const a = await hkApplicant();
    await ok(a.c, a.appId, 'JOBSTATUS', jobstatusData());
    await refused(a, 'FINANCE', data, issues);
  });
});

describe('INVESTMENT', () => {
  test.each([
    ['not intending', investmentData()],
    ['intending with training', investmentData({}, true)],
    [
      'the simple questionnaire, yes',
      {
        ...investmentData(),
        openDerivative: 1,
        derivativeInfo: { version: 1, derivative: { title: 'experience', checked: 1 }, trainingCourse: { checked: 1 }, experienceRelated: { checked: 1 }, derivativeProducts: { checked: 1 } },
      },
    ],
  ])('%s: stored as sent', async (_, data) => {
    const a = await hkApplicant();
    await ok(a.c, a.appId, 'JOBSTATUS', jobstatusData());
    await ok(a.c, a.appId, 'INVESTMENT', data);
    expect(await savedStep(a, 'INVESTMENT')).toEqual(data);
  });

  test.each([
    [24, true, '3', 'notOffered'],
    [25, false, '3', null],
    [29, true, '4', 'notOffered'],
    [30, false, '4', null],
  ])('experience at %p (last day %p): level %p', async (age, lastDay, level, rule) => {
    const a = await hkApplicant({ age, lastDay });
    const res = await saveStep(a.c, a.appId, 'INVESTMENT', investmentData({ fund: level }));
    if (rule) expect(invalidIssues(res)).toEqual([`data.investmentInfo.fund:${rule}`]);
    else expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test.each([
    ['degree 2 at 24: a student, refused', '2', 24, true, 'notOffered'],
    ['degree 3 at 24: accepted', '3', 24, true, null],
    ['degree 2 at 25: accepted', '2', 25, false, null],
  ])('the related-job box, %s', async (_, degree, age, lastDay, rule) => {
    const a = await hkApplicant({ age, lastDay });
    await ok(a.c, a.appId, 'JOBSTATUS', jobstatusData({ degree }));
    const d = derivativeFull(true, {
      experienceRelated: { checked: 1 },
      workExperience: { selectIndex: '2', selectContent: 'securities' },
      yearsParticipation: { selectIndex: '2', selectContent: 'y1to3' },
    });
    const res = await saveStep(a.c, a.appId, 'INVESTMENT', { ...investmentData(), openDerivative: 1, derivativeInfo: d });
    if (rule) expect(invalidIssues(res)).toEqual([`data.derivativeInfo.experienceRelated.checked:${rule}`]);
    else expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test.each([
    ['no goal', investmentData({ investGoal: '' }), ['data.investmentInfo.investGoal:needOne']],
    ['openDerivative not matching the answer', { ...investmentData(), openDerivative: 1 }, ['data.openDerivative:choice']],
    ['intending without the risk box', { ...investmentData({}, true), derivativeInfo: derivativeFull(true, { risk: 0 }) }, ['data.derivativeInfo.risk:mustTick']],
    [
      'intending with no box',
      { ...investmentData({}, true), derivativeInfo: derivativeFull(true, { trainingCourse: { checked: 0, selectIndex: '', selectContent: '' }, derivativeProducts: derivativeFull(false).derivativeProducts }) },
      ['data.derivativeInfo.trainingCourse:needOne'],
    ],
    ['openDerivative as a string', { ...investmentData(), openDerivative: '0' }, ['data.openDerivative:choice']],
    ['a level as a number', investmentData({ hkStock: 2 }), ['data.investmentInfo.hkStock:choice']],
    ['no questionnaire', { ...investmentData(), derivativeInfo: undefined }, ['data.derivativeInfo:required']],
    ['the questionnaire as a string', { ...investmentData(), derivativeInfo: 'none' }, ['data.derivativeInfo:required']],
  ])('%s → 100400', async (_, data, issues) => {
    const a = await hkApplicant();
    await refused(a, 'INVESTMENT', data, issues);
  });
});

describe('INVESTMENT: evidence of derivatives knowledge (issue 41)', () => {
  test('optional (the default): stored with the step; a file of another user is refused (100403); files for a box not ticked are refused', async () => {
    const a = await hkApplicant();
    const evidence = { trainingCourse: [await uploadRef(a.c, 'UserApply', true)] };
    const data = { ...investmentData({}, true), derivativeEvidence: evidence };
    await ok(a.c, a.appId, 'INVESTMENT', data);
    expect(await savedStep(a, 'INVESTMENT')).toEqual(data);
    const other = await hkApplicant();
    const res = await saveStep(other.c, other.appId, 'INVESTMENT', data);
    expect(res.body.error?.code).toBe(ErrorCode.FORBIDDEN);
    // the sample ticks training and products, not the related job
    await refused(a, 'INVESTMENT', { ...investmentData({}, true), derivativeEvidence: { experienceRelated: [await uploadRef(a.c, 'UserApply', true)] } }, ['data.derivativeEvidence.experienceRelated:choice']);
  });

  test('DERIVATIVE_EVIDENCE=required: a ticked box without a file is refused; with one it is saved', async () => {
    const own = await createTestApp({ env: { DERIVATIVE_EVIDENCE: 'required' } });
    try {
      const c = await stepUser(own, '5')();
      const appId = await startApp(c, 2);
      await ok(c, appId, 'HK_IDCARD', await hkIdcardData(c));
      await ok(c, appId, 'USERINFO', userinfoData({ birthday: bornAged(c, 40) }));
      const without = await saveStep(c, appId, 'INVESTMENT', investmentData({}, true));
      expect(invalidIssues(without)).toEqual(['data.derivativeEvidence.trainingCourse:fileRequired', 'data.derivativeEvidence.derivativeProducts:fileRequired']);
      const half = await saveStep(c, appId, 'INVESTMENT', { ...investmentData({}, true), derivativeEvidence: { trainingCourse: [await uploadRef(c, 'UserApply', true)] } });
      expect(invalidIssues(half)).toEqual(['data.derivativeEvidence.derivativeProducts:fileRequired']);
      // not intending: nothing to prove
      await ok(c, appId, 'INVESTMENT', investmentData());
      const evidence = { trainingCourse: [await uploadRef(c, 'UserApply', true)], derivativeProducts: [await uploadRef(c, 'UserApply', true), await uploadRef(c, 'UserApply')] };
      await ok(c, appId, 'INVESTMENT', { ...investmentData({}, true), derivativeEvidence: evidence });
    } finally {
      await own.close();
    }
  });
});

describe('SELECTACCOUNT', () => {
  const { HK, US, STOCK_CONNECT: SC, OPTIONS: OPT } = MARKET;

  test('hk permanent margin: HK, US and stock-connect; stored as sent, next IDENTITYEXPOSURE', async () => {
    const a = await hkApplicant();
    const data = await selectAccountData(a.c, a.appId);
    expect(data.marketOpen).toBe(HK | US | SC);
    const res = await saveStep(a.c, a.appId, 'SELECTACCOUNT', data);
    expect([res.status, res.body.error, res.body.result?.nextStep]).toEqual([200, undefined, 'IDENTITYEXPOSURE']);
    expect(await savedStep(a, 'SELECTACCOUNT')).toEqual(data);
  });

  test.each([
    ['hk non-permanent', { nonPermanent: true }],
    ['cn', null],
  ])('%s: stock-connect refused, HK and US accepted', async (_, o) => {
    const a = o ? await hkApplicant(o) : await cnApplicant();
    await refused(a, 'SELECTACCOUNT', { accountType: 1, marketOpen: HK | US | SC, openFundTrade: 0, openDerivative: 0 }, ['data.marketOpen:notOffered']);
    await ok(a.c, a.appId, 'SELECTACCOUNT', { accountType: 1, marketOpen: HK | US, openFundTrade: 0, openDerivative: 0 });
  });

  test('options: refused without derivative information, on cash, accepted with the dialog or the saved INVESTMENT', async () => {
    const a = await cnApplicant();
    const options = { accountType: 2, marketOpen: HK | US | OPT, openFundTrade: 0, openDerivative: 1 };
    await refused(a, 'SELECTACCOUNT', options, ['data.marketOpen:derivativeInfo']);
    await refused(a, 'SELECTACCOUNT', { ...options, accountType: 1, derivativeInfo: derivativeFull(true) }, ['data.marketOpen:notOffered']);
    await refused(a, 'SELECTACCOUNT', { ...options, derivativeInfo: derivativeFull(false) }, ['data.marketOpen:derivativeInfo']);
    const withDialog = { ...options, derivativeInfo: derivativeFull(true) };
    await ok(a.c, a.appId, 'SELECTACCOUNT', withDialog);
    expect(await savedStep(a, 'SELECTACCOUNT')).toEqual(withDialog);
    await ok(a.c, a.appId, 'JOBSTATUS', jobstatusData());
    await ok(a.c, a.appId, 'INVESTMENT', investmentData({}, true));
    await refused(a, 'SELECTACCOUNT', withDialog, ['data.derivativeInfo:choice']);
    await ok(a.c, a.appId, 'SELECTACCOUNT', options);
  });

  test('fund trade is forced for agent B1 on the fund channel', async () => {
    const a = await hkApplicant({ start: { aecode: 'B1', channel: 'fund' } });
    const data = await selectAccountData(a.c, a.appId);
    expect(data.openFundTrade).toBe(1);
    await refused(a, 'SELECTACCOUNT', { ...data, openFundTrade: 0 }, ['data.openFundTrade:mustTick']);
    await ok(a.c, a.appId, 'SELECTACCOUNT', data);
  });

  test.each([
    ['account type 3', { accountType: 3 }, ['data.accountType:choice']],
    ['account type as a string', { accountType: '2' }, ['data.accountType:choice']],
    ['marketOpen as a string', { marketOpen: '7' }, ['data.marketOpen:choice']],
    ['a bit outside the markets', { marketOpen: HK | US | SC | 8 }, ['data.marketOpen:choice']],
    ['openDerivative 1 without options', { openDerivative: 1 }, ['data.openDerivative:choice']],
    ['openFundTrade as a boolean', { openFundTrade: false }, ['data.openFundTrade:choice']],
    ['a questionnaire without options', { derivativeInfo: derivativeFull(true) }, ['data.derivativeInfo:choice']],
  ])('%s → 100400', async (_, over, issues) => {
    const a = await hkApplicant();
    await refused(a, 'SELECTACCOUNT', { ...(await selectAccountData(a.c, a.appId)), ...over }, issues);
  });
});

describe('IDENTITYEXPOSURE', () => {
  test.each([
    ['cash: items 1-6', 1, 6],
    ['margin: items 1-13', 2, 13],
  ])('%s stored as sent', async (_, accountType, n) => {
    const a = await hkApplicant();
    await ok(a.c, a.appId, 'SELECTACCOUNT', await selectAccountData(a.c, a.appId, { accountType }));
    const data = await disclosureData(a.c, a.appId);
    expect(Object.keys(data.identityExposureInfo as Data)).toHaveLength(n);
    await ok(a.c, a.appId, 'IDENTITYEXPOSURE', data);
    expect(await savedStep(a, 'IDENTITYEXPOSURE')).toEqual(data);
  });

  test('refused answers and shapes', async () => {
    const a = await hkApplicant();
    await ok(a.c, a.appId, 'SELECTACCOUNT', await selectAccountData(a.c, a.appId, { accountType: 1 }));
    const data = await disclosureData(a.c, a.appId);
    const items = data.identityExposureInfo as Record<string, Data>;
    await refused(a, 'IDENTITYEXPOSURE', { ...data, identityExposureInfo: { ...items, '1': { title: 'notUsPerson', value: 'no' } } }, ['data.identityExposureInfo.1:usPerson']);
    await refused(a, 'IDENTITYEXPOSURE', { ...data, identityExposureInfo: { ...items, '3': { title: 'notBrokerRelated', value: 'no' } } }, ['data.identityExposureInfo.3:offlineOpening']);
    await refused(a, 'IDENTITYEXPOSURE', { ...data, identityExposureInfo: { ...items, '7': { title: 'noCorporateControl', value: 'yes' } } }, ['data.identityExposureInfo.7:choice']);
    await refused(a, 'IDENTITYEXPOSURE', { ...data, identityExposureInfo: { ...items, '2': { title: 'notIntermediaryStaff', value: true } } }, ['data.identityExposureInfo.2:choice']);
    await refused(a, 'IDENTITYEXPOSURE', { ...data, frontInfo: { RAW_amlConfirmInfoTime: '2026-06-15' } }, ['data.frontInfo.RAW_amlConfirmInfoTime:format']);
    await refused(a, 'IDENTITYEXPOSURE', { ...data, amlInfoId: 42 }, ['data.amlInfoId:format']);
    await refused(a, 'IDENTITYEXPOSURE', { ...data, identityExposureInfo: [] }, ['data.identityExposureInfo:required', ...[1, 2, 3, 4, 5, 6].map((n) => `data.identityExposureInfo.${n}:required`)]);
  });

  test("another application's AML check is refused", async () => {
    const a = await hkApplicant();
    const b = await hkApplicant();
    const theirs = await disclosureData(b.c, b.appId);
    const mine = await disclosureData(a.c, a.appId);
    const res = await saveStep(a.c, a.appId, 'IDENTITYEXPOSURE', { ...mine, amlInfoId: theirs.amlInfoId });
    expect(invalidIssues(res)).toEqual(['data.amlInfoId:choice']);
  });
});

describe('TAXINFO', () => {
  test.each([
    ['hk permanent: the HK ID row', {}],
    ['hk non-permanent: two rows from the identity documents', { nonPermanent: true }],
  ])('%s stored as sent', async (_, o) => {
    const a = await hkApplicant(o);
    const data = await taxInfoData(a.c, a.appId);
    const res = await saveStep(a.c, a.appId, 'TAXINFO', data);
    expect([res.status, res.body.error, res.body.result?.nextStep]).toEqual([200, undefined, 'RISK']);
    expect(await savedStep(a, 'TAXINFO')).toEqual(data);
  });

  test('cn: the ID card row stored as sent; another first row refused', async () => {
    const a = await cnApplicant();
    const data = await taxInfoData(a.c, a.appId);
    await ok(a.c, a.appId, 'TAXINFO', data);
    await refused(a, 'TAXINFO', taxPage([{ countryCode: 'HK', taxNumber: 'A1234567' }], [await taxFile(a.c, 'HK')]), ['data.frontInfo.RAW_taxInfo.0.countryCode:identityCountry']);
    await refused(a, 'TAXINFO', taxPage([{ countryCode: 'CN', taxNumber: 'A1234567' }], [await taxFile(a.c, 'CN')]), ['data.frontInfo.RAW_taxInfo.0.taxNumber:identityNumber']);
    await refused(a, 'TAXINFO', taxPage([{ countryCode: 'CN', taxNumber: 'A'.repeat(19) }]), ['data.frontInfo.RAW_taxInfo.0.taxNumber:tooLong', 'data.documentInfo.idCardTaxInfo.CN:fileRequired']);
  });

  test('a row with its files: 1 and 3 accepted, 0 and 4 refused; a file of another user refused (100403)', async () => {
    const a = await hkApplicant();
    const own = (await taxInfoData(a.c, a.appId)).frontInfo as { RAW_taxInfo: Array<{ countryCode: string; taxNumber: string }> };
    const rows = [{ countryCode: own.RAW_taxInfo[0].countryCode, taxNumber: own.RAW_taxInfo[0].taxNumber }, { countryCode: 'US', taxNumber: '123456789' }];
    const files = [await taxFile(a.c, 'US'), await taxFile(a.c, 'US'), await taxFile(a.c, 'US'), await taxFile(a.c, 'US')];
    await ok(a.c, a.appId, 'TAXINFO', taxPage(rows, files.slice(0, 1)));
    await ok(a.c, a.appId, 'TAXINFO', taxPage(rows, files.slice(0, 3)));
    await refused(a, 'TAXINFO', taxPage(rows, []), ['data.documentInfo.idCardTaxInfo.US:fileRequired']);
    await refused(a, 'TAXINFO', taxPage(rows, files), ['data.documentInfo.idCardTaxInfo.US:tooManyFiles']);

    const other = await user();
    const theirs = await taxFile(other, 'US');
    const res = await saveStep(a.c, a.appId, 'TAXINFO', taxPage(rows, [theirs]));
    expect(res.body.error?.code).toBe(ErrorCode.FORBIDDEN);
  });

  test('a file uploaded in another category is refused, as is a country outside the ISO list', async () => {
    const a = await hkApplicant();
    const first = ((await taxInfoData(a.c, a.appId)).frontInfo as { RAW_taxInfo: Array<{ countryCode: string; taxNumber: string }> }).RAW_taxInfo[0];
    const row0 = { countryCode: first.countryCode, taxNumber: first.taxNumber };
    const identityPhoto = await uploadRef(a.c, 'UserInfo');
    const posing = { ...identityPhoto, ossCategory: 'UserApply' as const, taxInfoCountryCode: 'US' };
    await refused(a, 'TAXINFO', taxPage([row0, { countryCode: 'US', taxNumber: '1' }], [posing]), ['data.documentInfo.idCardTaxInfo.US:category']);
    await refused(a, 'TAXINFO', taxPage([row0, { countryCode: 'XX', taxNumber: '1' }], [await taxFile(a.c, 'XX')]), ['data.frontInfo.RAW_taxInfo.1.countryCode:country']);
    await refused(a, 'TAXINFO', taxPage([row0], [], { w8Info: { country: 'ZZ', residenceAddress: 'X' } }), ['data.w8Info.country:country']);
  });

  test.each([
    ['six rows', 'rows6', ['data.frontInfo.RAW_taxInfo:tooManyRows']],
    ['a country twice', 'dup', ['data.frontInfo.RAW_taxInfo.1.countryCode:duplicateCountry', 'data.taxInfo:choice']],
    ['a number not cleaned', 'dirty', ['data.frontInfo.RAW_taxInfo.0.taxNumber:format']],
    ['a W-8 address with Chinese', 'w8Chinese', ['data.w8Info.residenceAddress:noChinese']],
    ['a W-8 address with punctuation', 'w8Punct', ['data.w8Info.residenceAddress:w8Address']],
    ['a W-8 address of 501', 'w8Long', ['data.w8Info.residenceAddress:tooLong']],
    ['taxInfo not the rows', 'pairs', ['data.taxInfo:choice']],
    ['rows as an object', 'rowsObject', ['data.frontInfo.RAW_taxInfo:required', 'data.taxInfo:choice', 'data.documentInfo.idCardTaxInfo.HK:choice']],
    ['a number as a number', 'numberType', ['data.frontInfo.RAW_taxInfo.0.taxNumber:format', 'data.taxInfo:choice']],
  ])('%s → 100400', async (_, kind, issues) => {
    const a = await hkApplicant();
    const hk = { countryCode: 'HK', taxNumber: 'TIN0001' };
    const f = await taxFile(a.c, 'HK');
    const pages: Record<string, () => Promise<Data>> = {
      rows6: async () => {
        const codes = ['HK', 'US', 'GB', 'SG', 'JP', 'FR'];
        return taxPage(codes.map((countryCode) => ({ countryCode, taxNumber: 'TIN1' })), await Promise.all(codes.map((code) => taxFile(a.c, code))));
      },
      dup: async () => ({ ...taxPage([hk], [f]), frontInfo: { RAW_taxInfo: [hk, hk].map((r) => ({ ...r, taxCountry: 'HK' })) } }),
      dirty: async () => taxPage([{ countryCode: 'HK', taxNumber: 'tin-1' }], [f]),
      w8Chinese: async () => taxPage([hk], [f], { w8Info: { country: 'HK', residenceAddress: '香港 10 HARBOUR ROAD' } }),
      w8Punct: async () => taxPage([hk], [f], { w8Info: { country: 'HK', residenceAddress: 'FLAT 1, 10 HARBOUR ROAD' } }),
      w8Long: async () => taxPage([hk], [f], { w8Info: { country: 'HK', residenceAddress: 'A'.repeat(501) } }),
      pairs: async () => taxPage([hk], [f], { taxInfo: { HK: 'TIN0002' } }),
      rowsObject: async () => ({ ...taxPage([hk], [f]), frontInfo: { RAW_taxInfo: { 0: { ...hk, taxCountry: 'HK' } } } }),
      numberType: async () => ({ ...taxPage([hk], [f]), frontInfo: { RAW_taxInfo: [{ countryCode: 'HK', taxNumber: 1234, taxCountry: 'HK' }] } }),
    };
    await refused(a, 'TAXINFO', await pages[kind](), issues);
  });

  test('non-permanent: one row refused, a first row of no identity document refused', async () => {
    const a = await hkApplicant({ nonPermanent: true });
    const data = await taxInfoData(a.c, a.appId);
    const rows = (data.frontInfo as { RAW_taxInfo: Array<{ countryCode: string; taxNumber: string }> }).RAW_taxInfo.map((r) => ({ countryCode: r.countryCode, taxNumber: r.taxNumber }));
    await refused(a, 'TAXINFO', taxPage(rows.slice(0, 1)), ['data.frontInfo.RAW_taxInfo.1.countryCode:required']);
    await refused(a, 'TAXINFO', taxPage([{ countryCode: 'US', taxNumber: '1' }, rows[0]], [await taxFile(a.c, 'US')]), ['data.frontInfo.RAW_taxInfo.0.countryCode:identityCountry']);
    await refused(a, 'TAXINFO', taxPage([{ ...rows[0], taxNumber: 'OTHER1' }, rows[1]], [await taxFile(a.c, rows[0].countryCode)]), ['data.frontInfo.RAW_taxInfo.0.taxNumber:identityNumber']);
  });

  test('a draft may be incomplete', async () => {
    const a = await hkApplicant();
    const res = await saveStep(a.c, a.appId, 'TAXINFO', { frontInfo: { RAW_taxInfo: [{ countryCode: 'US' }] } }, true);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
  });

  test("another user's application is refused", async () => {
    const a = await hkApplicant();
    const other = await user();
    const res = await saveStep(other, a.appId, 'TAXINFO', taxPage([{ countryCode: 'HK', taxNumber: 'TIN1' }], [await taxFile(other, 'HK')]));
    expect(res.body.error?.code).toBe(ErrorCode.NO_APPLICATION);
  });
});
