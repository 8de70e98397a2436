/**
 * The saved data of each step, typed: one interface per step with the fields its validator (step-rules/*.ts) checks
 * and its sample (step-samples.ts) fills, and `stepData(data, step)`, a reader that returns the typed shape of
 * whatever is stored. Every field is read defensively: a field of the wrong type (an older save, a hand-edited row)
 * is left out, never passed on; a text field also takes a number (as its String). Code that reads saved steps (the
 * certificate documents' layout) reads them through here, so that a renamed field is a type error.
 *
 * These are readers of stored data, not rules: whether data is valid is the validators' business.
 */
import type { StepName } from './steps';

// ------------------------------------------------------------------------------------------- readers

/** Reads one value of unknown type: its typed form, or undefined when it has another type. */
export type Reader<T> = (v: unknown) => T | undefined;

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** a string, or a finite number as its String */
export const text: Reader<string> = (v) => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);
/** a finite number */
export const num: Reader<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const bool: Reader<boolean> = (v) => (typeof v === 'boolean' ? v : undefined);
/** a number or a string as stored (codes some saves keep as either) */
export const code: Reader<number | string> = (v) => num(v) ?? (typeof v === 'string' ? v : undefined);

/** an array, its items read by `item` (items of another type left out) */
export const listOf =
  <T>(item: Reader<T>): Reader<T[]> =>
  (v) =>
    Array.isArray(v) ? v.map(item).filter((x): x is T => x !== undefined) : undefined;

/** an object used as a map, its values read by `value` (keys in their stored order) */
export const mapOf =
  <T>(value: Reader<T>): Reader<Record<string, T>> =>
  (v) => {
    if (!isRecord(v)) return undefined;
    const out: Record<string, T> = {};
    for (const [k, x] of Object.entries(v)) {
      const read = value(x);
      if (read !== undefined) out[k] = read;
    }
    return out;
  };

/** The readers of an interface's fields: one per field, each typed as the field (a missing or extra one is a type error). */
export type Fields<T> = { [K in keyof T]-?: Reader<NonNullable<T[K]>> };

/** an object of known fields, each read by its reader (unknown fields left out) */
export const shape =
  <T extends object>(fields: Fields<T>): Reader<T> =>
  (v) => {
    if (!isRecord(v)) return undefined;
    const out: Record<string, unknown> = {};
    for (const [k, read] of Object.entries(fields) as [string, Reader<unknown>][]) {
      const x = read(v[k]);
      if (x !== undefined) out[k] = x;
    }
    return out as T;
  };

// ------------------------------------------------------------------------------------------- shared parts

/** A file of the applicant as the steps store it (an upload: ossId, its URL, description, category). */
export interface StoredFile {
  ossId?: string;
  url?: string;
  description?: string;
  ossCategory?: string;
}
const storedFileFields: Fields<StoredFile> = { ossId: text, url: text, description: text, ossCategory: text };
const storedFile = shape<StoredFile>(storedFileFields);
const files = listOf(storedFile);

/** The two sides of a card. */
export interface CardSides {
  front?: StoredFile;
  back?: StoredFile;
}
const cardSides = shape<CardSides>({ front: storedFile, back: storedFile });

/** Residential and mailing addresses (IDCARD, PROOFADDRESS). */
export interface ContactInfo {
  residentialAddress?: string;
  residentialAddressCity?: string;
  residentialAddressCountry?: string;
  mailingAddress?: string;
  mailingAddressCity?: string;
  mailingAddressCountry?: string;
  /** 1 the mailing address is the residential one */
  mailingSameResidential?: number;
}
const contactInfo = shape<ContactInfo>({
  residentialAddress: text,
  residentialAddressCity: text,
  residentialAddressCountry: text,
  mailingAddress: text,
  mailingAddressCity: text,
  mailingAddressCountry: text,
  mailingSameResidential: num,
});

/** Another identity document: its issuing country, type and number. */
export interface OtherDocument {
  idCountry?: string;
  idType?: number | string;
  idNumber?: string;
}
const otherDocument = shape<OtherDocument>({ idCountry: text, idType: code, idNumber: text });

/** A ticked box. */
export interface Checked {
  title?: string;
  checked?: number;
}
const checked = shape<Checked>({ title: text, checked: num });

/** A ticked box with a chosen option (its index in the option list). */
export interface CheckedChoice {
  checked?: number;
  selectIndex?: string;
  selectContent?: string;
}
const checkedChoice = shape<CheckedChoice>({ checked: num, selectIndex: text, selectContent: text });

/** A chosen option (its index in the option list). */
export interface Choice {
  selectIndex?: string;
  selectContent?: string;
}
const choice = shape<Choice>({ selectIndex: text, selectContent: text });

/** The derivatives questionnaire (INVESTMENT, or the options dialog of SELECTACCOUNT); version 1 simple, 2 full. */
export interface DerivativeInfo {
  version?: number;
  derivative?: Checked;
  risk?: number;
  trainingCourse?: CheckedChoice;
  experienceRelated?: CheckedChoice;
  workExperience?: Choice;
  yearsParticipation?: Choice;
  derivativeProducts?: { checked?: number; items?: Checked[] };
}
const derivativeInfo = shape<DerivativeInfo>({
  version: num,
  derivative: checked,
  risk: num,
  trainingCourse: checkedChoice,
  experienceRelated: checkedChoice,
  workExperience: choice,
  yearsParticipation: choice,
  derivativeProducts: shape<NonNullable<DerivativeInfo['derivativeProducts']>>({ checked: num, items: listOf(checked) }),
});

// ------------------------------------------------------------------------------------------- identity and contact

/** IDCARD (cn): the mainland ID card, the person on it, the contact addresses. */
export interface IdCardStep {
  chineseName?: string;
  firstName?: string;
  lastName?: string;
  englishName?: string;
  idType?: number | string;
  idNumber?: string;
  idAddress?: string;
  idAuthority?: string;
  /** from,to (YYYY-MM-DD, or LONG_TERM as to) */
  idValidTime?: string;
  idCountry?: string;
  birthCity?: string;
  birthCountry?: string;
  /** 1 male, 2 female */
  gender?: number;
  birthday?: string;
  documentInfo?: { idCard?: CardSides; CropIdCard?: CardSides };
  contactInfo?: ContactInfo;
  frontInfo?: { surnamePinyinModify?: number; RAW_amlConfirmInfoTime?: string };
}

/** BANKCARD (cn): the bank card, the statements' e-mail, language and delivery. */
export interface BankCardStep {
  bankInfo?: { acctNumber?: string; phone?: string };
  documentInfo?: { bankCard?: StoredFile[] };
  email?: string;
  /** zhTc or en */
  defaultLanguage?: string;
  statementDeliveryWay?: string;
}

/** HK_IDCARD (hk): the identity document, permanent residence, a non-permanent resident's other document. */
export interface HkIdCardStep {
  /** PERMANENT: 1 yes, 2 no */
  permanentResident?: number;
  nationality?: string;
  idType?: number | string;
  idCountry?: string;
  idNumber?: string;
  defaultLanguage?: string;
  documentInfo?: { nonMainlandDocument?: CardSides; idCard?: StoredFile[] };
  idExtraInfo?: { permanent?: OtherDocument };
}

/** USERINFO (hk): the person, the statements' e-mail, language and delivery. */
export interface UserInfoStep {
  chineseName?: string;
  firstName?: string;
  lastName?: string;
  englishName?: string;
  /** 1 male, 2 female */
  gender?: number;
  birthday?: string;
  birthCity?: string;
  birthCountry?: string;
  email?: string;
  defaultLanguage?: string;
  statementDeliveryWay?: string;
}

/** PROOFADDRESS (hk): the addresses and their proof; the W-8's residence address. */
export interface ProofAddressStep {
  contactInfo?: ContactInfo;
  documentInfo?: { proofOfAddress?: StoredFile[] };
  w8Info?: { residenceAddress?: string };
}

/** STATEMENT (strict mainland area): another broker's statement and the holder's documents. */
export interface StatementStep {
  statementInfo?: { type?: number; broker?: number | string; brokerName?: string; name?: string; account?: string };
  documentInfo?: { statement?: StoredFile[]; idCardForeign?: StoredFile[]; idCardHK?: CardSides };
  idExtraInfo?: { idcardHK?: OtherDocument };
  promise?: boolean;
}

// ------------------------------------------------------------------------------------------- profile and suitability

/** JOBSTATUS: education and employment (codes as strings); without a company, the funds and liabilities. */
export interface JobStatusStep {
  employmentInfo?: {
    degree?: string;
    employment?: string;
    companyName?: string;
    companyNameVendor?: string;
    officeAddress?: string;
    officeAddressVendor?: string;
    industry?: string;
    position?: string;
    workLife?: string;
    /** comma-separated codes */
    investFundsSource?: string;
    /** comma-separated codes */
    financialStatus?: string;
    financialStatusDetail?: string;
    /** '1' no dispute */
    noDispute?: string;
  };
}

/** FINANCE: the source of funds (comma-separated codes) and the bands. */
export interface FinanceStep {
  financialInfo?: { fundsSource?: string; annualIncome?: string; netAsset?: string; currentAsset?: string; annualAverageInvestAmount?: string; houseType?: string };
}

/** INVESTMENT: experience levels per field, goals (comma-separated), the derivatives questionnaire. */
export interface InvestmentStep {
  investmentInfo?: { hkStock?: string; preciousMetals?: string; foreignExchange?: string; aShares?: string; fund?: string; investGoal?: string };
  openDerivative?: number;
  derivativeInfo?: DerivativeInfo;
}

/** SELECTACCOUNT: the account type (1 cash, 2 margin), the markets (a bit mask), fund trade, derivatives. */
export interface SelectAccountStep {
  accountType?: number;
  marketOpen?: number;
  openFundTrade?: number;
  openDerivative?: number;
  derivativeInfo?: DerivativeInfo;
}

/** One AML confirmation of the disclosure step (on an AML hit). */
export interface AmlConfirmation {
  index?: number;
  title?: string;
  value?: string;
  checked?: number;
}

/** IDENTITYEXPOSURE: the disclosure items by number (1-based), the AML check and its confirmations. */
export interface DisclosureStep {
  identityExposureInfo?: Record<string, { title?: string; value?: string }>;
  amlInfoId?: string;
  amlConfirmInfo?: AmlConfirmation[];
  frontInfo?: { RAW_amlConfirmInfoTime?: string };
}

/** A tax row as the applicant ordered them (frontInfo.RAW_taxInfo). */
export interface TaxRowEntry {
  countryCode?: string;
  taxNumber?: string;
  taxCountry?: string;
}

/** TAXINFO: country → TIN (taxInfo; the keys come back sorted from the database), the rows in order, the W-8, the files. */
export interface TaxInfoStep {
  taxInfo?: Record<string, string>;
  frontInfo?: { RAW_taxInfo?: TaxRowEntry[] };
  w8Info?: { country?: string; residenceAddress?: string };
  documentInfo?: { idCardTaxInfo?: Array<StoredFile & { taxInfoCountryCode?: string }> };
}

// ------------------------------------------------------------------------------------------- closing steps

/** RISK: the heard track (disclosureId) and the risk agreements confirmed. */
export interface RiskStep {
  disclosureId?: string;
  agreements?: string[];
}

/** SIGN: the agreements read; the asset transfer answer (1 yes). */
export interface SignStep {
  agreements?: string[];
  readAll?: number;
  assetTransfer?: number;
}

/** SIGNATURE: the drawn signature. */
export interface SignatureStep {
  documentInfo?: { customerSignature?: StoredFile[] };
}

/** LIVINGWITNESS: the passed face check and its frame. */
export interface LivingWitnessStep {
  livingBodyVerifyId?: number;
  documentInfo?: { livingBodyCertificationPicture?: StoredFile };
}

/** CAAPPLY: the box ticked and the generated documents (document → ossId). */
export interface CaApplyStep {
  agreed?: boolean;
  documents?: Record<string, string>;
}

/** Each step's saved data. */
export interface StepShapes {
  IDCARD: IdCardStep;
  BANKCARD: BankCardStep;
  HK_IDCARD: HkIdCardStep;
  USERINFO: UserInfoStep;
  PROOFADDRESS: ProofAddressStep;
  STATEMENT: StatementStep;
  JOBSTATUS: JobStatusStep;
  FINANCE: FinanceStep;
  INVESTMENT: InvestmentStep;
  SELECTACCOUNT: SelectAccountStep;
  IDENTITYEXPOSURE: DisclosureStep;
  TAXINFO: TaxInfoStep;
  RISK: RiskStep;
  SIGN: SignStep;
  SIGNATURE: SignatureStep;
  LIVINGWITNESS: LivingWitnessStep;
  CAAPPLY: CaApplyStep;
}

const personFields = { chineseName: text, firstName: text, lastName: text, englishName: text, gender: num, birthday: text, birthCity: text, birthCountry: text } as const;
const statementsFields = { email: text, defaultLanguage: text, statementDeliveryWay: text } as const;

/** The reader of each step (a step without one, or a field without its reader, is a type error). */
const READERS: { [S in StepName]: Reader<StepShapes[S]> } = {
  IDCARD: shape<IdCardStep>({
    ...personFields,
    idType: code,
    idNumber: text,
    idAddress: text,
    idAuthority: text,
    idValidTime: text,
    idCountry: text,
    documentInfo: shape({ idCard: cardSides, CropIdCard: cardSides }),
    contactInfo,
    frontInfo: shape({ surnamePinyinModify: num, RAW_amlConfirmInfoTime: text }),
  }),
  BANKCARD: shape<BankCardStep>({ bankInfo: shape({ acctNumber: text, phone: text }), documentInfo: shape({ bankCard: files }), ...statementsFields }),
  HK_IDCARD: shape<HkIdCardStep>({
    permanentResident: num,
    nationality: text,
    idType: code,
    idCountry: text,
    idNumber: text,
    defaultLanguage: text,
    documentInfo: shape({ nonMainlandDocument: cardSides, idCard: files }),
    idExtraInfo: shape({ permanent: otherDocument }),
  }),
  USERINFO: shape<UserInfoStep>({ ...personFields, ...statementsFields }),
  PROOFADDRESS: shape<ProofAddressStep>({ contactInfo, documentInfo: shape({ proofOfAddress: files }), w8Info: shape({ residenceAddress: text }) }),
  STATEMENT: shape<StatementStep>({
    statementInfo: shape({ type: num, broker: code, brokerName: text, name: text, account: text }),
    documentInfo: shape({ statement: files, idCardForeign: files, idCardHK: cardSides }),
    idExtraInfo: shape({ idcardHK: otherDocument }),
    promise: bool,
  }),
  JOBSTATUS: shape<JobStatusStep>({
    employmentInfo: shape({
      degree: text,
      employment: text,
      companyName: text,
      companyNameVendor: text,
      officeAddress: text,
      officeAddressVendor: text,
      industry: text,
      position: text,
      workLife: text,
      investFundsSource: text,
      financialStatus: text,
      financialStatusDetail: text,
      noDispute: text,
    }),
  }),
  FINANCE: shape<FinanceStep>({
    financialInfo: shape({ fundsSource: text, annualIncome: text, netAsset: text, currentAsset: text, annualAverageInvestAmount: text, houseType: text }),
  }),
  INVESTMENT: shape<InvestmentStep>({
    investmentInfo: shape({ hkStock: text, preciousMetals: text, foreignExchange: text, aShares: text, fund: text, investGoal: text }),
    openDerivative: num,
    derivativeInfo,
  }),
  SELECTACCOUNT: shape<SelectAccountStep>({ accountType: num, marketOpen: num, openFundTrade: num, openDerivative: num, derivativeInfo }),
  IDENTITYEXPOSURE: shape<DisclosureStep>({
    identityExposureInfo: mapOf(shape({ title: text, value: text })),
    amlInfoId: text,
    amlConfirmInfo: listOf(shape<AmlConfirmation>({ index: num, title: text, value: text, checked: num })),
    frontInfo: shape({ RAW_amlConfirmInfoTime: text }),
  }),
  TAXINFO: shape<TaxInfoStep>({
    taxInfo: mapOf(text),
    frontInfo: shape({ RAW_taxInfo: listOf(shape<TaxRowEntry>({ countryCode: text, taxNumber: text, taxCountry: text })) }),
    w8Info: shape({ country: text, residenceAddress: text }),
    documentInfo: shape({ idCardTaxInfo: listOf(shape({ ...storedFileFields, taxInfoCountryCode: text })) }),
  }),
  RISK: shape<RiskStep>({ disclosureId: text, agreements: listOf(text) }),
  SIGN: shape<SignStep>({ agreements: listOf(text), readAll: num, assetTransfer: num }),
  SIGNATURE: shape<SignatureStep>({ documentInfo: shape({ customerSignature: files }) }),
  LIVINGWITNESS: shape<LivingWitnessStep>({ livingBodyVerifyId: num, documentInfo: shape({ livingBodyCertificationPicture: storedFile }) }),
  CAAPPLY: shape<CaApplyStep>({ agreed: bool, documents: mapOf(text) }),
};

/**
 * The saved data of `step` in an application's data (`{IDCARD: {...}, ...}`), typed: only the fields of its shape,
 * each of its type. Undefined when the step is not saved (no object under its name).
 */
export function stepData<S extends StepName>(data: Record<string, unknown> | null | undefined, step: S): StepShapes[S] | undefined {
  return READERS[step](data?.[step]);
}
