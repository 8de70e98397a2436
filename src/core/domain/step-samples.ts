/**
 * Valid step data, in one place (test data, kept beside the rules it satisfies), for every kind of test: the domain's own table tests check that each sample passes
 * its step's validator, the service tests (server/test/step-fixtures.ts) save them through ApplyUpdate, and the
 * browser journeys and screenshots (e2e/lib/prefill.ts) prefill applications with them through the service.
 *
 * A sample that needs files or the application's state asks its `SampleSource` (real uploads of the applicant, this
 * application's AML check, its step context); the pure ones take only options.
 */
import { cnIdCheckDigit, hkIdCheckDigit } from './identity';
import { w8Address } from './w8-address';
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
} from './profile';
import type { StepName } from './steps';
import { CA_DOCUMENTS, RISK_AGREEMENTS, agreementsOf, type CaDocument } from './closing';
import type { StepContext } from './step-rules/types';

export type Data = Record<string, unknown>;

/** A file of the applicant as the steps store it. */
export interface SampleFile {
  ossId: string;
  url: string;
  description: string;
  ossCategory: 'UserInfo' | 'UserApply';
}

/** What the samples that depend on the application ask for. */
export interface SampleSource {
  /**
   * uploads a small real file of the applicant (a PNG, a PDF, a PNG of a drawn signature, or the ID card's portrait
   * side: a PNG, or a card photo with the applicant's face where the source has one)
   */
  file(category: 'UserInfo' | 'UserApply', kind?: 'png' | 'pdf' | 'signature' | 'idFront'): Promise<SampleFile>;
  /** runs this application's AML check (the disclosure step names it) */
  amlCheck(): Promise<{ hitStatus: number; amlInfoId: string }>;
  /** the application's step context now (its saved steps, client type, today) */
  context(): Promise<StepContext>;
  /** now, as the service's clock has it */
  now(): Date;
  /** hears the application's risk track (fetches its audio, lets the time pass) and confirms it: the disclosureId */
  riskDisclosure?(): Promise<string>;
  /** a passed and confirmed face check of the application: its id and the frame kept (LIVINGWITNESS) */
  faceCheck?(): Promise<{ id: number; picture: SampleFile }>;
  /** generates one of the application's certificate documents (ApplyDocument): its ossId (CAAPPLY) */
  caDocument?(document: CaDocument): Promise<string>;
}

export interface SampleOptions {
  /** YYYY-MM-DD; the applicant's birthday on the identity step (1990-03-07 cn, 1990-05-04 hk) */
  birthday?: string;
  /** hk: 1 permanent resident (default), 2 non-permanent */
  permanent?: 1 | 2;
  /** SELECTACCOUNT: 1 cash, 2 margin (default) */
  accountType?: 1 | 2;
  /** the identity step's names (cn IDCARD, hk USERINFO) */
  name?: { chinese: string; last: string; first: string };
  /** the identity document's number (cn IDCARD, hk HK_IDCARD); a fresh one by default */
  idNumber?: string;
}

// ------------------------------------------------------------------------------------------- identity numbers

let idSeq = Math.floor(Math.random() * 50);

/**
 * A valid mainland ID number with this birthday (region 440305, Shenzhen Nanshan), unique in the run for 500 numbers:
 * the two sequence digits count on from a random start, then the gender digit moves to the next odd one (male).
 */
export function cnIdNumber(birthday = '1990-03-07', region = '440305'): string {
  const k = idSeq++;
  const first17 = region + birthday.replace(/-/g, '') + String(k % 100).padStart(2, '0') + '13579'[Math.floor(k / 100) % 5];
  return first17 + cnIdCheckDigit(first17);
}

let hkSeq = Math.floor(Math.random() * 8_000_000);
/** An HK identity card number (one letter, seven digits), unique in the run. */
export const hkIdNumber = () => {
  const body = `K${String(100_000 + (hkSeq++ % 900_000)).padStart(6, '0')}`;
  return body + hkIdCheckDigit(body);
};

// ------------------------------------------------------------------------------------------- identity and contact

const CN_ADDRESS = '广东省深圳市南山区科技园路1号';

export interface IdCardFiles {
  front: SampleFile;
  back: SampleFile;
  cropFront: SampleFile;
  cropBack: SampleFile;
}

/** IDCARD: 张三 (or `name`), male, born 1990-03-07 (or `birthday`), long-term validity. */
export function idcardSample(files: IdCardFiles, opts: SampleOptions & { idNumber?: string; amlConfirmedAt?: string } = {}): Data {
  const birthday = opts.birthday ?? '1990-03-07';
  const name = opts.name ?? { chinese: '张三', last: 'ZHANG', first: 'SAN' };
  return {
    chineseName: name.chinese,
    firstName: name.first,
    lastName: name.last,
    englishName: `${name.last} ${name.first}`,
    idType: 1,
    idNumber: opts.idNumber ?? cnIdNumber(birthday),
    idAddress: CN_ADDRESS,
    idAuthority: '深圳市公安局南山分局',
    birthCity: '广东省深圳市',
    birthCountry: 'CN',
    gender: 1,
    birthday,
    idValidTime: '2020-01-01,长期',
    idCountry: 'CN',
    documentInfo: { idCard: { front: files.front, back: files.back }, CropIdCard: { front: files.cropFront, back: files.cropBack } },
    contactInfo: { residentialAddress: CN_ADDRESS, residentialAddressCountry: 'CN', mailingAddress: CN_ADDRESS, mailingAddressCountry: 'CN', mailingSameResidential: 1 },
    frontInfo: { surnamePinyinModify: 2, RAW_amlConfirmInfoTime: opts.amlConfirmedAt ?? '2026-11-21T03:59:00.000Z' },
  };
}

/** A UnionPay-style card number with a valid Luhn digit. */
export const BANK_CARD = '6222021234567890128';

export const bankcardSample = (): Data => ({
  bankInfo: { acctNumber: BANK_CARD, phone: '13812345678' },
  email: 'zhang.san@qq.com',
  defaultLanguage: 'zhTc',
  statementDeliveryWay: 'email',
});

/** HK_IDCARD: a permanent resident with an HK identity card, or (permanent 2) a British non-permanent resident. */
export function hkIdcardSample(front: SampleFile, opts: SampleOptions & { idNumber?: string; residence?: SampleFile } = {}): Data {
  const idNumber = opts.idNumber ?? hkIdNumber();
  if (opts.permanent === 2) {
    if (!opts.residence) throw new Error('a non-permanent resident needs the residence document');
    return {
      permanentResident: 2,
      nationality: 'GB',
      idType: 1,
      idCountry: 'HK',
      idNumber,
      defaultLanguage: 'en',
      documentInfo: { nonMainlandDocument: { front }, idCard: [opts.residence] },
      idExtraInfo: { permanent: { idCountry: 'GB', idType: null, idNumber: '123456789' } },
    };
  }
  return { permanentResident: 1, nationality: 'HK', idType: 1, idCountry: 'HK', idNumber, defaultLanguage: 'zhTc', documentInfo: { nonMainlandDocument: { front } } };
}

/** USERINFO: 陳大文 (or `name`; no Chinese name for a non-permanent resident), born 1990-05-04 (or `birthday`). */
export function userinfoSample(opts: SampleOptions = {}): Data {
  const name = opts.name ?? { chinese: opts.permanent === 2 ? '' : '陳大文', last: 'CHAN', first: 'TAI MAN' };
  return {
    chineseName: name.chinese,
    firstName: name.first,
    lastName: name.last,
    englishName: `${name.last} ${name.first}`,
    gender: 1,
    birthday: opts.birthday ?? '1990-05-04',
    birthCity: 'Hong Kong',
    birthCountry: 'HK',
    email: 'taiman@gmail.com',
    defaultLanguage: opts.permanent === 2 ? 'en' : 'zhTc',
    statementDeliveryWay: 'email',
  };
}

/** PROOFADDRESS: a Wan Chai flat, mailing the same, one proof (a PDF of the applicant). */
export function proofAddressSample(proof: SampleFile): Data {
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
    documentInfo: { proofOfAddress: [proof] },
    w8Info: { residenceAddress: w8Address(address) },
  };
}

/** STATEMENT of the new variant without an HK document (overseas proof and the promise). */
export function statementSample(statement: SampleFile, foreignId: SampleFile): Data {
  return {
    statementInfo: { type: 0, broker: 21, name: 'ZHANG SAN', account: '88001234' },
    documentInfo: { statement: [statement], idCardForeign: [foreignId] },
    promise: true,
  };
}

// ------------------------------------------------------------------------------------------- profile and suitability

/** JOBSTATUS: employed, with a company typed by hand: valid at every age of 18 or more. `over` changes employmentInfo. */
export const jobstatusSample = (over: Data = {}): Data => ({
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

/** FINANCE: salary and savings (salary needs the employed JOBSTATUS of jobstatusSample). `over` changes financialInfo. */
export const financeSample = (over: Data = {}): Data => ({
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

/** INVESTMENT: experience levels every adult is offered, two goals, no derivatives (or `intending`). */
export const investmentSample = (over: Data = {}, intending = false): Data => ({
  investmentInfo: { hkStock: '2', preciousMetals: '1', foreignExchange: '1', aShares: '1', fund: '1', investGoal: '1,2', ...over },
  openDerivative: intending ? 1 : 0,
  derivativeInfo: derivativeFull(intending),
});

/** SELECTACCOUNT: a margin account (unless `accountType`) with the application's fixed markets, fund trade when forced. */
export const selectAccountSample = (ctx: StepContext, accountType: 1 | 2 = 2): Data => ({
  accountType,
  marketOpen: fixedMarketMask(ctx),
  openFundTrade: fundTradeForced(ctx.app) ? 1 : 0,
  openDerivative: 0,
});

/** IDENTITYEXPOSURE: every item of the account type answered yes, with an AML check (confirmed on a hit). */
export function disclosureSample(accountType: number, aml: { hitStatus: number; amlInfoId: string }, confirmedAt: Date): Data {
  return {
    identityExposureInfo: Object.fromEntries(disclosureItemsOf(accountType).map((n) => [String(n), { title: DISCLOSURE_ITEMS[n - 1], value: 'yes' }])),
    amlInfoId: aml.amlInfoId,
    ...(aml.hitStatus === AML_HIT ? { amlConfirmInfo: AML_CONFIRM_ITEMS.map((title, i) => ({ index: i + 1, title, value: 'yes', checked: 1 })) } : {}),
    frontInfo: { RAW_amlConfirmInfoTime: confirmedAt.toISOString() },
  };
}

export interface TaxRow {
  countryCode: string;
  taxNumber: string;
}

export type TaxFile = SampleFile & { taxInfoCountryCode: string };

/** TAXINFO data of rows: taxInfo and RAW_taxInfo of the same pairs, the files given, a W-8 in the first row's country. */
export function taxPage(rows: readonly TaxRow[], files: readonly TaxFile[] = [], over: Data = {}): Data {
  return {
    taxInfo: Object.fromEntries(rows.map((r) => [r.countryCode, r.taxNumber])),
    frontInfo: { RAW_taxInfo: rows.map((r) => ({ ...r, taxCountry: r.countryCode })) },
    w8Info: { country: rows[0]?.countryCode ?? 'HK', residenceAddress: '10 HARBOUR ROAD WAN CHAI' },
    documentInfo: { idCardTaxInfo: files.map((f) => ({ ossId: f.ossId, description: f.description, ossCategory: f.ossCategory, taxInfoCountryCode: f.taxInfoCountryCode })) },
    ...over,
  };
}

/**
 * TAXINFO rows of an application: the identity documents' countries and numbers first (no file needed), as many as
 * the minimum (a non-permanent resident's two); without identity documents one row with a typed number and a file.
 */
export async function taxInfoSample(ctx: StepContext, file: (country: string) => Promise<TaxFile>): Promise<Data> {
  const rows: TaxRow[] = identityDocuments(ctx)
    .slice(0, minTaxRows(ctx))
    .map((d) => ({ countryCode: d.country, taxNumber: cleanTaxNumber(d.number, ctx.clientType) }));
  const files: TaxFile[] = [];
  for (const country of ['HK', 'GB', 'SG']) {
    if (rows.length >= minTaxRows(ctx)) break;
    if (rows.some((r) => r.countryCode === country)) continue;
    rows.push({ countryCode: ctx.clientType === 'cn' && !rows.length ? 'CN' : country, taxNumber: `TIN${100000 + rows.length}` });
    files.push(await file(rows[rows.length - 1].countryCode));
  }
  return taxPage(rows, files);
}

// ------------------------------------------------------------------------------------------- closing steps

/** RISK: the confirmed track and every risk agreement (the customer authorisation one first when `authorisation`). */
export const riskSample = (disclosureId: string, authorisation = false): Data => ({
  disclosureId,
  agreements: [...(authorisation ? ['customerAuthorisation'] : []), ...RISK_AGREEMENTS],
});

/** SIGN: the application's agreement list, read. */
export const signSample = (ctx: StepContext): Data => ({ agreements: agreementsOf(ctx), readAll: 1 });

/** SIGNATURE: the drawn signature (a PNG of the applicant, category UserApply). */
export const signatureSample = (signature: SampleFile): Data => ({ documentInfo: { customerSignature: [signature] } });

/** LIVINGWITNESS: a passed face check and the frame it kept. */
export const livingWitnessSample = (check: { id: number; picture: SampleFile }): Data => ({
  livingBodyVerifyId: check.id,
  documentInfo: { livingBodyCertificationPicture: check.picture },
});

/** CAAPPLY: the box ticked and the three documents the service generated (their ossIds). */
export const caApplySample = (documents: Record<CaDocument, string>): Data => ({ agreed: true, documents });

// ------------------------------------------------------------------------------------------- any step

/** The error of a step whose sample needs what the source does not offer (riskDisclosure, faceCheck, caDocument). */
const noSample = (step: StepName) => new Error(`no sample data for the step ${step}`);

/**
 * Valid data of a step for the application behind `src`. Every step has a case (a new step without one is a type
 * error); RISK, LIVINGWITNESS and CAAPPLY throw when the source cannot hear the track, pass a face check or generate
 * the documents.
 */
export async function sampleStep(step: StepName, src: SampleSource, opts: SampleOptions = {}): Promise<Data> {
  switch (step) {
    case 'IDCARD': {
      const [front, back, cropFront, cropBack] = [await src.file('UserInfo', 'idFront'), await src.file('UserInfo'), await src.file('UserInfo'), await src.file('UserInfo')];
      return idcardSample({ front, back, cropFront, cropBack }, { ...opts, amlConfirmedAt: src.now().toISOString() });
    }
    case 'BANKCARD':
      return bankcardSample();
    case 'HK_IDCARD':
      return hkIdcardSample(await src.file('UserInfo'), { ...opts, residence: opts.permanent === 2 ? await src.file('UserInfo') : undefined });
    case 'USERINFO':
      return userinfoSample(opts);
    case 'PROOFADDRESS':
      return proofAddressSample(await src.file('UserApply', 'pdf'));
    case 'STATEMENT':
      return statementSample(await src.file('UserApply'), await src.file('UserInfo'));
    case 'JOBSTATUS':
      return jobstatusSample();
    case 'FINANCE':
      return financeSample();
    case 'INVESTMENT':
      return investmentSample();
    case 'SELECTACCOUNT':
      return selectAccountSample(await src.context(), opts.accountType ?? 2);
    case 'IDENTITYEXPOSURE': {
      const ctx = await src.context();
      const accountType = Number((ctx.saved.SELECTACCOUNT as Data | undefined)?.accountType ?? opts.accountType ?? 2);
      return disclosureSample(accountType, await src.amlCheck(), src.now());
    }
    case 'TAXINFO':
      return taxInfoSample(await src.context(), async (country) => ({ ...(await src.file('UserApply', 'pdf')), taxInfoCountryCode: country }));
    case 'RISK':
      if (!src.riskDisclosure) throw noSample(step);
      return riskSample(await src.riskDisclosure());
    case 'SIGN':
      return signSample(await src.context());
    case 'SIGNATURE':
      return signatureSample(await src.file('UserApply', 'signature'));
    case 'LIVINGWITNESS':
      if (!src.faceCheck) throw noSample(step);
      return livingWitnessSample(await src.faceCheck());
    case 'CAAPPLY': {
      const { caDocument } = src;
      if (!caDocument) throw noSample(step);
      const documents = {} as Record<CaDocument, string>;
      for (const document of CA_DOCUMENTS) documents[document] = await caDocument.call(src, document);
      return caApplySample(documents);
    }
    default: {
      // every step has a case above: a step added to STEP without one fails to compile here
      const unknown: never = step;
      throw noSample(unknown);
    }
  }
}
