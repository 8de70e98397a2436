/**
 * Profile and suitability rules (spec part 2): the options of employment, finance, investment, derivatives,
 * account and market, disclosure and tax, with every age band and visibility rule. Pure and zod-free: the
 * screens show what these allow and the step validators (step-rules/) refuse what they do not.
 *
 * Values travel as the spec gives them: employmentInfo and financialInfo as strings ("1".."6", lists comma
 * joined), account fields and flags as numbers.
 */
import { W8_ADDRESS_MAX } from './w8-address';
import type { ClientType } from './client-type';
import { OA_TYPE_OF } from './client-type';
import { ageOn, isIsoDate } from './identity';
import type { StepContext } from './step-rules/types';

// ---------------------------------------------------------------- helpers

/** "1,3" → ["1", "3"] ('' → []). */
export const splitList = (v: unknown): string[] => (typeof v === 'string' && v !== '' ? v.split(',') : []);
/** The options in their display order, comma-joined ("3,1" ticked → "1,3"). */
export const joinList = (values: Iterable<string>, order: readonly string[]): string => {
  const set = new Set(values);
  return order.filter((o) => set.has(o)).join(',');
};
/** A comma list of distinct allowed options, at least `min` (default 1) of them. */
export function isListOf(v: unknown, allowed: readonly string[], min = 1): boolean {
  if (typeof v !== 'string') return false;
  const items = splitList(v);
  return items.length >= min && new Set(items).size === items.length && items.every((i) => allowed.includes(i));
}

const range = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

// ---------------------------------------------------------------- age of the applicant

/** The birthday the identity steps captured: the mainland ID card (IDCARD) or the personal information (USERINFO). */
export function applicantBirthday(ctx: Pick<StepContext, 'saved' | 'clientType'>): string | undefined {
  const b = ctx.clientType === 'cn' ? ctx.saved.IDCARD?.birthday : ctx.saved.USERINFO?.birthday;
  return isIsoDate(b) ? b : undefined;
}

/**
 * The applicant's age in whole years on ctx.today (the exact age, as the identity steps count it), or
 * undefined when no birthday was saved yet: the age-limited lists then offer everything (the identity steps
 * are saved first in every step list, and submitting needs every step saved).
 */
export function applicantAge(ctx: Pick<StepContext, 'saved' | 'clientType' | 'today'>): number | undefined {
  const b = applicantBirthday(ctx);
  return b ? ageOn(b, ctx.today) : undefined;
}

// ---------------------------------------------------------------- employment (JOBSTATUS)

/** degree: 1 primary or below, 2 secondary, 3 pre-university or college, 4 university, 5 master or above. */
export const DEGREES = range(1, 5);
/** Primary or below: online opening is not offered (a dialog asks the applicant to contact customer service). */
export const OFFLINE_DEGREE = '1';

/** employment: 1 employed, 2 self-employed, 3 retired, 4 student, 5 unemployed. */
export const EMPLOYMENT = { EMPLOYED: '1', SELF_EMPLOYED: '2', RETIRED: '3', STUDENT: '4', UNEMPLOYED: '5' } as const;
export const EMPLOYMENTS = range(1, 5);
/** Employed and self-employed give company details; the others give fund sources and debts. */
export const hasCompany = (employment: unknown): boolean => employment === EMPLOYMENT.EMPLOYED || employment === EMPLOYMENT.SELF_EMPLOYED;

/** Retired is offered from this age (under it the option is hidden). */
export const RETIREMENT_MIN_AGE = 30;
/** The employment options for an age (retired hidden under 30). */
export function employmentOptions(age: number | undefined): string[] {
  return EMPLOYMENTS.filter((e) => e !== EMPLOYMENT.RETIRED || age === undefined || age >= RETIREMENT_MIN_AGE);
}

/** Industry codes in their six groups. */
export const INDUSTRY_GROUPS = [
  { group: 'agriculture', codes: ['11'] },
  { group: 'industry', codes: ['21', '22', '23', '24'] },
  { group: 'finance', codes: ['31', '32', '33', '34', '35'] },
  { group: 'technology', codes: ['41', '42'] },
  { group: 'public', codes: ['51', '52', '53', '54', '55', '56', '57'] },
  { group: 'international', codes: ['61'] },
] as const;
export const INDUSTRIES: readonly string[] = INDUSTRY_GROUPS.flatMap((g) => g.codes);

/** Positions by employment: employed 1 senior executive … 4 ordinary staff; self-employed 5 partner … 8 senior executive. */
export const POSITIONS_OF: Readonly<Record<string, readonly string[]>> = {
  [EMPLOYMENT.EMPLOYED]: ['1', '2', '3', '4'],
  [EMPLOYMENT.SELF_EMPLOYED]: ['5', '6', '7', '8'],
};
export const positionOptions = (employment: unknown): readonly string[] => (typeof employment === 'string' ? (POSITIONS_OF[employment] ?? []) : []);

/** workLife: 1 under 1 year, 2 1-2 years, 3 3-5 years, 4 6-9 years, 5 10 years or more. */
export const WORK_LIFES = range(1, 5);
/** The longest working-years option for an age: under 23 → 2, 23-25 → 3, 26-29 → 4, 30 and over → 5. */
export function workLifeMax(age: number | undefined): number {
  if (age === undefined || age >= 30) return 5;
  if (age >= 26) return 4;
  if (age >= 23) return 3;
  return 2;
}
export const workLifeOptions = (age: number | undefined): string[] => WORK_LIFES.slice(0, workLifeMax(age));

/** investFundsSource (retired, student, unemployed): 1 family, 2 part-time salary, 3 rent, 4 pension,
 * 5 real-estate gains, 6 financial-market gains, 7 other labour income. */
export const INVEST_FUNDS_SOURCES = range(1, 7);
export const RENT_SOURCE = '3';
/**
 * The fund sources offered: rent is hidden for retired applicants and students in the mainland reading
 * (cn); the international reading offers it to everyone (docs/decisions.md).
 */
export function investFundsSourceOptions(employment: unknown, clientType: ClientType): string[] {
  const noRent = clientType === 'cn' && (employment === EMPLOYMENT.RETIRED || employment === EMPLOYMENT.STUDENT);
  return INVEST_FUNDS_SOURCES.filter((s) => !(noRent && s === RENT_SOURCE));
}

/** financialStatus boxes: 1 no liabilities, 2 housing loan, 3 other debt (2 and 3 may both be ticked). */
export const DEBT = { NONE: '1', HOUSING: '2', OTHER: '3' } as const;
export const DEBTS = ['1', '2', '3'];
/**
 * Ticking or unticking a debt box: "no liabilities" clears the others; a debt clears "no liabilities";
 * unticking the last box ticks "no liabilities" again.
 */
export function toggleDebt(current: readonly string[], box: string, checked: boolean): string[] {
  if (checked) {
    if (box === DEBT.NONE) return [DEBT.NONE];
    return DEBTS.filter((d) => d !== DEBT.NONE && (d === box || current.includes(d)));
  }
  const left = current.filter((d) => d !== box);
  return left.length ? left : [DEBT.NONE];
}
/** A financialStatus value: "1" alone, or "2", "3", "2,3". */
export function isDebtStatus(v: unknown): boolean {
  if (!isListOf(v, DEBTS)) return false;
  const items = splitList(v);
  return !(items.includes(DEBT.NONE) && items.length > 1);
}
export const hasOtherDebt = (financialStatus: unknown): boolean => splitList(financialStatus).includes(DEBT.OTHER);

export const PROFILE_MAX_LEN = { companyName: 200, officeAddress: 500, debtDetail: 200, w8Address: W8_ADDRESS_MAX } as const;

// ---------------------------------------------------------------- finance (FINANCE)

/** fundsSource: 1 salary/business income, 2 personal savings, 3 inheritance, 4 investment gains, 5 asset resale. */
export const FUNDS_SOURCES = range(1, 5);
export const SALARY_SOURCE = '1';
/** Salary or business income is offered (and ticked at first) only to the employed and self-employed. */
export const fundsSourceOptions = (employment: unknown): string[] => FUNDS_SOURCES.filter((s) => s !== SALARY_SOURCE || hasCompany(employment));

/** annualIncome 1-6: under 200k, 200k-500k, 500k-1M, 1M-5M, 5M-10M, over 10M. */
export const INCOME_BANDS = range(1, 6);
/** netAsset and currentAsset 1-4: under 1M, 1M-5M, 5M-10M, over 10M (values 100, 500, 1000, 2000 in ten-thousands). */
export const ASSET_BANDS = range(1, 4);
export const ASSET_BAND_VALUES: Readonly<Record<string, number>> = { '1': 100, '2': 500, '3': 1000, '4': 2000 };
/** annualAverageInvestAmount 1-6: under 1M, 1M-3M, 3M-5M, 5M-7M, 7M-10M, over 10M. */
export const INVEST_AMOUNT_BANDS = range(1, 6);
/** The investable-asset bands offered: up to the chosen net-asset band (all before one is chosen). */
export const currentAssetOptions = (netAsset: unknown): string[] =>
  typeof netAsset === 'string' && netAsset in ASSET_BAND_VALUES ? ASSET_BANDS.filter((b) => ASSET_BAND_VALUES[b] <= ASSET_BAND_VALUES[netAsset]) : ASSET_BANDS;
/** Net assets lower than the investable assets: the error dialog (and a refused save). */
export const assetsInverted = (netAsset: unknown, currentAsset: unknown): boolean =>
  typeof netAsset === 'string' && typeof currentAsset === 'string' && netAsset in ASSET_BAND_VALUES && currentAsset in ASSET_BAND_VALUES
    ? ASSET_BAND_VALUES[netAsset] < ASSET_BAND_VALUES[currentAsset]
    : false;

/** houseType: 1 dormitory, 2 with relatives, 3 rented, 4 mortgaged, 5 self-owned. */
export const HOUSE_TYPES = range(1, 5);
export const MORTGAGED_HOUSE = '4';
/** A mortgaged home is not offered to someone who said they have no liabilities. */
export const houseTypeOptions = (financialStatus: unknown): string[] => HOUSE_TYPES.filter((h) => h !== MORTGAGED_HOUSE || financialStatus !== DEBT.NONE);

// ---------------------------------------------------------------- investment (INVESTMENT)

export const EXPERIENCE_FIELDS = ['hkStock', 'preciousMetals', 'foreignExchange', 'aShares', 'fund'] as const;
export type ExperienceField = (typeof EXPERIENCE_FIELDS)[number];
/** Experience levels 1-4: under 1 year, 1-5 years, 6-10 years, over 10 years; 1 is the default. */
export const EXPERIENCE_LEVELS = range(1, 4);
export const DEFAULT_EXPERIENCE = '1';
/** The longest experience offered: under 25 → 2, 25-29 → 3, 30 and over → 4. */
export function experienceMax(age: number | undefined): number {
  if (age === undefined || age >= 30) return 4;
  return age >= 25 ? 3 : 2;
}
export const experienceOptions = (age: number | undefined): string[] => EXPERIENCE_LEVELS.slice(0, experienceMax(age));

/** investGoal 1-6: capital preservation, growth, dividend, hedging, arbitrage, speculation. */
export const INVEST_GOALS = range(1, 6);

// ---------------------------------------------------------------- derivatives questionnaire

/** The two questionnaire versions: simple (knowledge yes/no and three boxes) and full (version 2). */
export const DERIVATIVE_VERSION = { SIMPLE: 1, FULL: 2 } as const;
export type DerivativeVersion = (typeof DERIVATIVE_VERSION)[keyof typeof DERIVATIVE_VERSION];

/** Knowledge sources of the training box: 1 a seminar by a financial institution, 2 an online or classroom course. */
export const TRAINING_SOURCES = [
  { index: '1', key: 'seminar' },
  { index: '2', key: 'course' },
] as const;
/** Institution types of the related-job box. */
export const INSTITUTION_TYPES = [
  { index: '1', key: 'bank' },
  { index: '2', key: 'securities' },
  { index: '3', key: 'fund' },
  { index: '4', key: 'exchange' },
  { index: '5', key: 'insurance' },
] as const;
/** Years in the related job: 1 under 1 year, 2 1-3 years, 3 3-5 years, 4 over 5 years. */
export const PARTICIPATION_YEARS = [
  { index: '1', key: 'under1' },
  { index: '2', key: 'y1to3' },
  { index: '3', key: 'y3to5' },
  { index: '4', key: 'over5' },
] as const;
/** Products of the products box, in order. */
export const DERIVATIVE_PRODUCTS = ['warrants', 'cbbc', 'futuresOptions', 'eln', 'forwards', 'swaps'] as const;

/** The longest years-of-participation option: under 25 → 2, 25-29 → 3, otherwise 4. */
export function participationYearsMax(age: number | undefined): number {
  if (age === undefined || age >= 30) return 4;
  return age >= 25 ? 3 : 2;
}

/** A "student" for the questionnaire: education below 3 and under 25; the related-job box is not offered. */
export const STUDENT_MAX_DEGREE = 2;
export const STUDENT_AGE_BELOW = 25;
export function isQuestionnaireStudent(degree: unknown, age: number | undefined): boolean {
  return typeof degree === 'string' && Number(degree) >= 1 && Number(degree) <= STUDENT_MAX_DEGREE && age !== undefined && age < STUDENT_AGE_BELOW;
}

/** The experience boxes offered (ticked together when the applicant answers yes). */
export function derivativeBoxes(student: boolean): Array<'trainingCourse' | 'experienceRelated' | 'derivativeProducts'> {
  return student ? ['trainingCourse', 'derivativeProducts'] : ['trainingCourse', 'experienceRelated', 'derivativeProducts'];
}

// ---------------------------------------------------------------- account and markets (SELECTACCOUNT)

/** accountType: 1 cash, 2 margin (3, a second margin type, is not offered by this flow). */
export const ACCOUNT_TYPE = { CASH: 1, MARGIN: 2, MARGIN_SPECIAL: 3 } as const;
export const OFFERED_ACCOUNT_TYPES: readonly number[] = [ACCOUNT_TYPE.CASH, ACCOUNT_TYPE.MARGIN];
export const isMargin = (accountType: unknown): boolean => accountType === ACCOUNT_TYPE.MARGIN || accountType === ACCOUNT_TYPE.MARGIN_SPECIAL;

/** Ages with the senior notice on margin and the cash card shown without "view more": 65 to 75. */
export const SENIOR_AGE = { from: 65, to: 75 } as const;
export const isSenior = (age: number | undefined): boolean => age !== undefined && age >= SENIOR_AGE.from && age <= SENIOR_AGE.to;
/** The cash card shows without "view more" when it is the saved choice or the applicant is 65-75. */
export const cashCardOpen = (accountType: unknown, age: number | undefined): boolean => accountType === ACCOUNT_TYPE.CASH || isSenior(age);

/** marketOpen bits. HK and US are always on; stock-connect is on where offered; options optional on margin. */
export const MARKET = { HK: 1, US: 2, STOCK_CONNECT: 4, OPTIONS: 16 } as const;
export const FIXED_MARKETS = MARKET.HK | MARKET.US;

/** Stock-connect is offered to Hong Kong permanent residents only (hidden for cn and for non-permanent residents). */
export function stockConnectOffered(ctx: Pick<StepContext, 'clientType' | 'saved'>): boolean {
  return ctx.clientType === 'hk' && ctx.saved.HK_IDCARD?.permanentResident === 1;
}
/** Options are offered on margin accounts only. */
export const optionsOffered = (accountType: unknown): boolean => isMargin(accountType);

/** The markets that are on whatever the applicant does. */
export const fixedMarketMask = (ctx: Pick<StepContext, 'clientType' | 'saved'>): number => FIXED_MARKETS | (stockConnectOffered(ctx) ? MARKET.STOCK_CONNECT : 0);
export const hasMarket = (mask: number, bit: number): boolean => (mask & bit) === bit;

/** The agent-code and channel combination whose applicants always open fund trading (the option is locked on). */
export const FUND_TRADE_FORCED = { aecode: 'B1', channel: 'fund' } as const;
export function fundTradeForced(app: { aecode?: string | null; channel?: string | null } | undefined): boolean {
  return !!app && app.aecode === FUND_TRADE_FORCED.aecode && app.channel === FUND_TRADE_FORCED.channel;
}

// ---------------------------------------------------------------- disclosure (IDENTITYEXPOSURE)

/**
 * The disclosure items: each a declaration the applicant answers yes (true of them) or no. Any "no" blocks
 * online opening (offline message; the US-person item has its own). Cash accounts answer 1-6, margin 1-13.
 */
export const DISCLOSURE_ITEMS = [
  'notUsPerson',
  'notIntermediaryStaff',
  'notBrokerRelated',
  'ownBeneficiary',
  'notPep',
  'lawfulFunds',
  'noCorporateControl',
  'noOtherMarginAccount',
  'noSpouseMargin',
  'marginRisk',
  'collateralAuthority',
  'forcedSale',
  'marginInterest',
] as const;
export type DisclosureKey = (typeof DISCLOSURE_ITEMS)[number];
export const US_PERSON_ITEM = 1;
export const CASH_DISCLOSURE_COUNT = 6;
/** The item numbers (1-based) an account type answers. */
export const disclosureItemsOf = (accountType: unknown): number[] =>
  Array.from({ length: isMargin(accountType) ? DISCLOSURE_ITEMS.length : CASH_DISCLOSURE_COUNT }, (_, i) => i + 1);
export const DISCLOSURE_YES = 'yes';
export const DISCLOSURE_NO = 'no';

/** The AML confirmation popup's three items (shown when the screening hit). */
export const AML_CONFIRM_ITEMS = ['notListedPerson', 'noSanctions', 'truthful'] as const;
export const AML_HIT = 1;
/** A confirmation within this many days spares the applicant the countdown. */
export const AML_CONFIRM_VALID_DAYS = 7;
/** The Next button's countdown in seconds. */
export const DISCLOSURE_COUNTDOWN_S = 3;
/**
 * The last AML confirmation of the application: the disclosure step's own (frontInfo.RAW_amlConfirmInfoTime), else
 * the mainland ID card's confirmation dialog, which records the same field (part 1 §3).
 */
export function lastAmlConfirmation(saved: StepContext['saved']): string | undefined {
  for (const step of ['IDENTITYEXPOSURE', 'IDCARD'] as const) {
    const t = (saved[step]?.frontInfo as Record<string, unknown> | undefined)?.RAW_amlConfirmInfoTime;
    if (typeof t === 'string' && !Number.isNaN(Date.parse(t))) return t;
  }
  return undefined;
}
/** The countdown applies when there is no earlier confirmation time, or it is more than 7 days before `now`. */
export function needsDisclosureCountdown(lastConfirmation: unknown, now: number): boolean {
  if (typeof lastConfirmation !== 'string') return true;
  const t = Date.parse(lastConfirmation);
  if (Number.isNaN(t)) return true;
  return now - t > AML_CONFIRM_VALID_DAYS * 86_400_000 || t > now;
}

// ---------------------------------------------------------------- tax (TAXINFO)

export const MAX_TAX_ROWS = 5;
export const MAX_TAX_FILES = 3;
/** Tax number limits: 18 for oaType 1 (mainland), 100 otherwise. */
export const taxNumberMax = (clientType: ClientType): number => (OA_TYPE_OF[clientType] === 1 ? 18 : 100);
/** A tax number as kept: letters, digits, "|", "(" and ")" only, upper-cased, cut at the limit. */
export const cleanTaxNumber = (raw: string, clientType: ClientType): string =>
  raw.replace(/[^A-Za-z0-9|()]/g, '').toUpperCase().slice(0, taxNumberMax(clientType));

/** An identity document of the applicant: its country and number (tax numbers equal to it need no file). */
export interface IdentityDocument {
  country: string;
  number: string;
}
/**
 * The identity documents the identity steps saved: the mainland ID card (CN); the overseas route's document
 * (its issuing country) and, for a non-permanent resident, the permanent-residence ID.
 */
export function identityDocuments(ctx: Pick<StepContext, 'clientType' | 'saved'>): IdentityDocument[] {
  const docs: IdentityDocument[] = [];
  const push = (country: unknown, number: unknown) => {
    if (typeof country === 'string' && country && typeof number === 'string' && number && !docs.some((d) => d.country === country)) docs.push({ country, number });
  };
  if (ctx.clientType === 'cn') push('CN', ctx.saved.IDCARD?.idNumber);
  else {
    const hk = ctx.saved.HK_IDCARD ?? {};
    push(hk.idCountry, hk.idNumber);
    const extra = (hk.idExtraInfo as Record<string, Record<string, unknown>> | undefined)?.permanent;
    if (extra) push(extra.idCountry, extra.idNumber);
  }
  return docs;
}
/** A non-permanent Hong Kong resident declares two tax residences; the second row cannot be deleted. */
export const isNonPermanentResident = (ctx: Pick<StepContext, 'clientType' | 'saved'>): boolean =>
  ctx.clientType === 'hk' && ctx.saved.HK_IDCARD?.permanentResident === 2;
export const minTaxRows = (ctx: Pick<StepContext, 'clientType' | 'saved'>): number => (isNonPermanentResident(ctx) ? 2 : 1);
/** A number compared as a tax number: the characters a tax number keeps, upper case (a passport's "-" and "/" dropped). */
const taxNumberKey = (s: string): string => s.replace(/[^A-Za-z0-9|()]/g, '').toUpperCase();
/** No file is needed for a tax number equal to the number of an identity document of the same country. */
export const taxFileNeeded = (country: string, number: string, docs: readonly IdentityDocument[]): boolean =>
  !docs.some((d) => d.country === country && number !== '' && taxNumberKey(d.number) === taxNumberKey(number));

export const hasChinese = (s: string): boolean => /\p{Script=Han}/u.test(s);
/** The local flag remembering that the tax help dialog was shown. */
export const TAX_POPUP_FLAG = 'taxPopup';
