/**
 * The /jobStatus form's values, where they start from, and the JOBSTATUS data they become (spec part 2 §3
 * "employmentInfo": every value a string, lists comma joined). The form remembers both branches while the page
 * is open; the data carries only the branch of the chosen employment (company details for the employed and
 * self-employed, fund sources and debts for the others).
 */
import type { StepContext } from '@core/domain/step-rules/types';
import {
  DEBT,
  DEBTS,
  EMPLOYMENT,
  OFFLINE_DEGREE,
  DEGREES,
  applicantAge,
  employmentOptions,
  hasCompany,
  hasOtherDebt,
  investFundsSourceOptions,
  isDebtStatus,
  joinList,
  positionOptions,
  splitList,
  workLifeOptions,
  INDUSTRIES,
} from '@core/domain/profile';
import { at } from '@core/domain/step-rules/types';

export const STEP = 'JOBSTATUS';

export interface JobForm {
  degree: string;
  employment: string;
  companyName: string;
  /** the name as the registry returned it; '' when typed by hand */
  companyNameVendor: string;
  officeAddress: string;
  /** the registry's registered location; '' when typed by hand */
  officeAddressVendor: string;
  industry: string;
  position: string;
  workLife: string;
  investFundsSource: string[];
  /** the ticked debt boxes (DEBT), never empty: "no liabilities" alone at first */
  debts: string[];
  debtDetail: string;
  /** the "I have no debt dispute" box */
  noDispute: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const oneOf = (v: unknown, allowed: readonly string[]) => (typeof v === 'string' && allowed.includes(v) ? v : '');

/** The employmentInfo of the step's draft or saved data. */
function infoOf(step: Record<string, unknown> | undefined): Record<string, unknown> {
  const info = at(step, 'employmentInfo');
  return info && typeof info === 'object' ? (info as Record<string, unknown>) : {};
}

/**
 * The form at first: the draft, else the saved step, else empty (with "no liabilities" ticked). Answers the
 * applicant's age or type does not offer (a retired answer under 30, working years beyond the age's band) and
 * primary education (never kept) start empty.
 */
export function initialJobForm(step: Record<string, unknown> | undefined, ctx: StepContext): JobForm {
  const src = infoOf(step);
  const age = applicantAge(ctx);
  const employment = oneOf(src.employment, employmentOptions(age));
  const status = isDebtStatus(src.financialStatus) ? splitList(src.financialStatus) : [DEBT.NONE];
  const fundsOffered = investFundsSourceOptions(employment || EMPLOYMENT.UNEMPLOYED, ctx.clientType);
  return {
    degree: src.degree === OFFLINE_DEGREE ? '' : oneOf(src.degree, DEGREES),
    employment,
    companyName: text(src.companyName),
    companyNameVendor: text(src.companyNameVendor),
    officeAddress: text(src.officeAddress),
    officeAddressVendor: text(src.officeAddressVendor),
    industry: oneOf(src.industry, INDUSTRIES),
    position: oneOf(src.position, positionOptions(employment)),
    workLife: oneOf(src.workLife, workLifeOptions(age)),
    investFundsSource: splitList(src.investFundsSource).filter((s) => fundsOffered.includes(s)),
    debts: status,
    debtDetail: text(src.financialStatusDetail),
    noDispute: src.noDispute === '1',
  };
}

/** A new employment: a position of the other kind's list no longer applies. */
export function withEmployment(f: JobForm, employment: string): JobForm {
  return { ...f, employment, position: positionOptions(employment).includes(f.position) ? f.position : '' };
}

/** The JOBSTATUS step data: degree and employment, then exactly the fields of the employment's branch. */
export function toJobStatusData(f: JobForm, ctx: Pick<StepContext, 'clientType'>): Record<string, unknown> {
  const { clientType } = ctx;
  const info: Record<string, string> = { degree: f.degree, employment: f.employment };
  if (hasCompany(f.employment)) {
    Object.assign(info, {
      companyName: f.companyName.trim(),
      companyNameVendor: f.companyNameVendor,
      officeAddress: f.officeAddress.trim(),
      officeAddressVendor: f.officeAddressVendor,
      industry: f.industry,
      position: f.position,
      workLife: f.workLife,
    });
  } else if (f.employment) {
    const financialStatus = joinList(f.debts, DEBTS);
    info.investFundsSource = joinList(f.investFundsSource, investFundsSourceOptions(f.employment, clientType));
    info.financialStatus = financialStatus;
    if (hasOtherDebt(financialStatus)) info.financialStatusDetail = f.debtDetail.trim();
    info.noDispute = f.noDispute ? '1' : '0';
  }
  return { employmentInfo: info };
}
