/**
 * The /Finance form's values, where they start from, and the FINANCE data they become (spec part 2 §3
 * "financialInfo": every value a string, the fund sources comma joined). What is offered depends on the saved
 * employment step: salary income only for the employed and self-employed, a mortgaged home only with debts.
 */
import type { ApplicationView } from '@core/domain/contract';
import {
  ASSET_BANDS,
  INCOME_BANDS,
  INVEST_AMOUNT_BANDS,
  SALARY_SOURCE,
  currentAssetOptions,
  fundsSourceOptions,
  hasCompany,
  houseTypeOptions,
  joinList,
  splitList,
} from '@core/domain/profile';
import { at } from '@core/domain/step-rules/types';

export const STEP = 'FINANCE';

export interface FinanceForm {
  fundsSource: string[];
  annualIncome: string;
  netAsset: string;
  currentAsset: string;
  annualAverageInvestAmount: string;
  houseType: string;
}

/** What the saved employment step (JOBSTATUS) decides here. */
export interface JobFacts {
  employment: unknown;
  financialStatus: unknown;
}

export const jobFactsOf = (app: ApplicationView): JobFacts => ({
  employment: at(app.data?.JOBSTATUS, 'employmentInfo.employment'),
  financialStatus: at(app.data?.JOBSTATUS, 'employmentInfo.financialStatus'),
});

const oneOf = (v: unknown, allowed: readonly string[]) => (typeof v === 'string' && allowed.includes(v) ? v : '');

/**
 * The form at first: the draft, else the saved step, else empty with salary income ticked for the employed and
 * self-employed. Answers no longer offered (salary after a change of employment, a mortgaged home after
 * "no liabilities", investable assets above the net assets) start empty.
 */
export function initialFinanceForm(step: Record<string, unknown> | undefined, job: JobFacts): FinanceForm {
  const src = (at(step, 'financialInfo') ?? {}) as Record<string, unknown>;
  const offered = fundsSourceOptions(job.employment);
  const netAsset = oneOf(src.netAsset, ASSET_BANDS);
  return {
    fundsSource: step ? splitList(src.fundsSource).filter((s) => offered.includes(s)) : hasCompany(job.employment) ? [SALARY_SOURCE] : [],
    annualIncome: oneOf(src.annualIncome, INCOME_BANDS),
    netAsset,
    currentAsset: oneOf(src.currentAsset, currentAssetOptions(netAsset)),
    annualAverageInvestAmount: oneOf(src.annualAverageInvestAmount, INVEST_AMOUNT_BANDS),
    houseType: oneOf(src.houseType, houseTypeOptions(job.financialStatus)),
  };
}

/** The FINANCE step data. */
export function toFinanceData(f: FinanceForm, job: JobFacts): Record<string, unknown> {
  return {
    financialInfo: {
      fundsSource: joinList(f.fundsSource, fundsSourceOptions(job.employment)),
      annualIncome: f.annualIncome,
      netAsset: f.netAsset,
      currentAsset: f.currentAsset,
      annualAverageInvestAmount: f.annualAverageInvestAmount,
      houseType: f.houseType,
    },
  };
}
