/**
 * JOBSTATUS (/jobStatus, spec part 2 §3 "employmentInfo", §4 "Employment", §5 "Employment", §9 limits).
 * Data: {employmentInfo: {degree, employment, then either the company fields (employed, self-employed:
 * companyName, companyNameVendor, officeAddress, officeAddressVendor, industry, position, workLife) or the
 * fund-source fields (retired, student, unemployed: investFundsSource, financialStatus, financialStatusDetail
 * when other debt is ticked, noDispute '1')}}; every value a string. The fields of the other branch are absent.
 *
 * Also the small option checks the other profile steps share (checkOption, checkOptionList, extraKeys).
 */
import { checkText, MIN_LEN, type Check } from '../identity';
import {
  applicantAge,
  DEGREES,
  employmentOptions,
  EMPLOYMENTS,
  hasCompany,
  hasOtherDebt,
  INDUSTRIES,
  investFundsSourceOptions,
  INVEST_FUNDS_SOURCES,
  isDebtStatus,
  isListOf,
  OFFLINE_DEGREE,
  positionOptions,
  PROFILE_MAX_LEN,
  splitList,
  workLifeOptions,
  WORK_LIFES,
} from '../profile';
import { issuesOf, str, type StepContext, type StepValidator } from '../step-rules/types';
import { shape, text, type DataOf } from './schema';
import type { Data, StepSample } from './sample-kit';
import { defineStep } from './define';
import { Rows, txt, msg, optionParts, type Describe } from './words-kit';

/** The step's definition (its light part: steps/index.ts). */
export const meta = defineStep({ name: 'JOBSTATUS', route: '/jobStatus', titleKey: 'job.title', introKey: 'job.intro', status: 1020, progress: { cn: 3, hk: 4 } });

/** JOBSTATUS: education and employment (codes as strings); without a company, the funds and liabilities. */
export const data = shape({
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
    /** comma-separated codes */
    investFundsSource: text,
    /** comma-separated codes */
    financialStatus: text,
    financialStatusDetail: text,
    /** '1' no dispute */
    noDispute: text,
  }),
});
export type JobStatusStep = DataOf<typeof data>;

type Pairs = Array<readonly [string, Check]>;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** The object at a value, or an empty one (its fields then report 'required'). */
export const objectOf = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});

/**
 * One value of a list: 'required' when missing or empty, 'choice' when not one of `all` (wrong types
 * included: "1" is not 1), 'notOffered' when a known value the applicant is not offered (`offered`).
 */
export function checkOption(v: unknown, all: readonly unknown[], offered: readonly unknown[] = all): Check {
  if (v === undefined || v === null || v === '') return 'required';
  if (!all.includes(v)) return 'choice';
  return offered.includes(v) ? null : 'notOffered';
}

/** A comma list of distinct values of `all`, at least one ('needOne'); values not offered → 'notOffered'. */
export function checkOptionList(v: unknown, all: readonly string[], offered: readonly string[] = all): Check {
  if (v === undefined || v === null || v === '') return 'needOne';
  if (!isListOf(v, all)) return 'choice';
  return splitList(v).every((i) => offered.includes(i)) ? null : 'notOffered';
}

/** Keys of `obj` outside `allowed`, each refused ('choice') at `<prefix>.<key>`. */
export function extraKeys(obj: unknown, allowed: readonly string[], prefix: string): Pairs {
  if (!isObject(obj)) return [];
  return Object.keys(obj)
    .filter((k) => !allowed.includes(k))
    .map((k) => [`${prefix}.${k}`, 'choice'] as const);
}

/** A box that must be absent: 'choice' when present. */
export const absent = (v: unknown): Check => (v === undefined ? null : 'choice');

const COMMON_FIELDS = ['degree', 'employment'] as const;
export const COMPANY_FIELDS = ['companyName', 'companyNameVendor', 'officeAddress', 'officeAddressVendor', 'industry', 'position', 'workLife'] as const;
export const FUNDS_FIELDS = ['investFundsSource', 'financialStatus', 'financialStatusDetail', 'noDispute'] as const;

/** The "no debt dispute" box: '1' ticked; unticked (absent, '', '0') is the debt-dispute notice. */
export function checkNoDispute(v: unknown): Check {
  if (v === '1') return null;
  return v === undefined || v === null || v === '' || v === '0' ? 'debtDispute' : 'choice';
}

/** An optional string of at most `max` characters ('' allowed): the vendor copies of company name and address. */
const checkOptionalText = (v: unknown, max: number): Check => (typeof v !== 'string' ? 'choice' : v.length > max ? 'tooLong' : null);

/** Company name: 1..200 trimmed, and at least 4 when typed by hand (no registry name). */
export function checkCompanyName(name: unknown, vendor: unknown): Check {
  const base = checkText(name, PROFILE_MAX_LEN.companyName);
  if (base) return base;
  return vendor === '' && str(name).trim().length < MIN_LEN.companyNameManual ? 'tooShort' : null;
}

/** Office address: 1..500 trimmed, not the company name again. */
export function checkOfficeAddress(address: unknown, name: unknown): Check {
  const base = checkText(address, PROFILE_MAX_LEN.officeAddress);
  if (base) return base;
  return str(address).trim().toLowerCase() === str(name).trim().toLowerCase() ? 'sameAsName' : null;
}

export const rules: StepValidator = (data, ctx: StepContext) => {
  const info = objectOf(data.employmentInfo);
  const p = (field: string) => `employmentInfo.${field}`;
  const age = applicantAge(ctx);
  const degreeRule = checkOption(info.degree, DEGREES);
  const employment = info.employment;
  const pairs: Pairs = [
    ['employmentInfo', isObject(data.employmentInfo) ? null : 'required'],
    [p('degree'), degreeRule ?? (info.degree === OFFLINE_DEGREE ? 'offlineOpening' : null)],
    [p('employment'), checkOption(employment, EMPLOYMENTS, employmentOptions(age))],
  ];
  const known = EMPLOYMENTS.includes(employment as string);
  if (known && hasCompany(employment)) {
    pairs.push(
      [p('companyName'), checkCompanyName(info.companyName, info.companyNameVendor)],
      [p('companyNameVendor'), checkOptionalText(info.companyNameVendor, PROFILE_MAX_LEN.companyName)],
      [p('officeAddress'), checkOfficeAddress(info.officeAddress, info.companyName)],
      [p('officeAddressVendor'), checkOptionalText(info.officeAddressVendor, PROFILE_MAX_LEN.officeAddress)],
      [p('industry'), checkOption(info.industry, INDUSTRIES)],
      [p('position'), checkOption(info.position, positionOptions(employment))],
      [p('workLife'), checkOption(info.workLife, WORK_LIFES, workLifeOptions(age))],
      ...FUNDS_FIELDS.map((f) => [p(f), absent(info[f])] as const),
    );
  } else if (known) {
    const otherDebt = hasOtherDebt(info.financialStatus) && isDebtStatus(info.financialStatus);
    pairs.push(
      [p('investFundsSource'), checkOptionList(info.investFundsSource, INVEST_FUNDS_SOURCES, investFundsSourceOptions(employment, ctx.clientType))],
      [p('financialStatus'), info.financialStatus === undefined || info.financialStatus === '' ? 'required' : isDebtStatus(info.financialStatus) ? null : 'choice'],
      [p('financialStatusDetail'), otherDebt ? checkText(info.financialStatusDetail, PROFILE_MAX_LEN.debtDetail) : absent(info.financialStatusDetail)],
      [p('noDispute'), checkNoDispute(info.noDispute)],
      ...COMPANY_FIELDS.map((f) => [p(f), absent(info[f])] as const),
    );
  }
  pairs.push(...extraKeys(data.employmentInfo, [...COMMON_FIELDS, ...COMPANY_FIELDS, ...FUNDS_FIELDS], 'employmentInfo'));
  return issuesOf(pairs);
};

/** How the review desk shows the step's saved data (case-words.ts): its rows. */
export const describe: Describe<JobStatusStep> = (s) => {
  const job = s.employmentInfo ?? {};
  const r = new Rows();
  const p = 'employmentInfo';
  const opt = (group: string, v: string | undefined) => (v ? msg(`job.${group}.${v}`) : []);
  r.row(`${p}.degree`, 'job.degreeLabel', opt('degree', job.degree));
  r.row(`${p}.employment`, 'job.employmentLabel', opt('employment', job.employment));
  r.rowIf(`${p}.companyName`, 'job.companyName', txt(job.companyName));
  r.rowIf(`${p}.companyNameVendor`, 'desk.field.companyRegistry', txt(job.companyNameVendor));
  r.rowIf(`${p}.officeAddress`, 'job.officeAddress', txt(job.officeAddress));
  r.rowIf(`${p}.officeAddressVendor`, 'desk.field.officeRegistry', txt(job.officeAddressVendor));
  r.rowIf(`${p}.industry`, 'job.industryLabel', opt('industry', job.industry));
  r.rowIf(`${p}.position`, 'job.positionLabel', opt('position', job.position));
  r.rowIf(`${p}.workLife`, 'job.workLifeLabel', opt('workLife', job.workLife));
  r.rowIf(`${p}.investFundsSource`, 'job.fundsLabel', optionParts('job.funds', splitList(job.investFundsSource)));
  r.rowIf(`${p}.financialStatus`, 'job.debtLabel', optionParts('job.debt', splitList(job.financialStatus)));
  r.rowIf(`${p}.financialStatusDetail`, 'job.debtDetail', txt(job.financialStatusDetail));
  r.rowIf(`${p}.noDispute`, 'documents.fields.debtDispute', job.noDispute === '1' ? msg('documents.values.noDispute') : txt(job.noDispute));
  return r;
};

/** The step as steps/full.ts lists it; its `describe` (the desk's, steps/words.ts) and `sample` (tests' and tools', steps/samples.ts) apart. */
export const definition = { meta, data, rules };

// ------------------------------------------------------------------------------------------- sample

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

export const sample: StepSample = () => jobstatusSample();
