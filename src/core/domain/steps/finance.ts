/**
 * FINANCE (/Finance, spec part 2 §3 "financialInfo", §4 "Finance", §5 "Finance").
 * Data: {financialInfo: {fundsSource (comma list, salary only for the employed and self-employed), annualIncome
 * '1'..'6', netAsset '1'..'4', currentAsset (not above the net-asset band), annualAverageInvestAmount '1'..'6',
 * houseType '1'..'5' (mortgaged not with "no liabilities")}}; every value a string. The employment and debt
 * answers come from the saved JOBSTATUS step.
 */
import {
  ASSET_BANDS,
  assetsInverted,
  currentAssetOptions,
  FUNDS_SOURCES,
  fundsSourceOptions,
  HOUSE_TYPES,
  houseTypeOptions,
  INCOME_BANDS,
  INVEST_AMOUNT_BANDS,
} from '../profile';
import type { Check } from '../identity';
import { checkOption, checkOptionList, extraKeys, objectOf } from './jobstatus';
import { issuesOf, type StepContext, type StepValidator } from '../step-rules/types';

export const FINANCE_FIELDS = ['fundsSource', 'annualIncome', 'netAsset', 'currentAsset', 'annualAverageInvestAmount', 'houseType'] as const;

/** The saved employment answers (undefined before JOBSTATUS is saved: every option is then offered). */
export function savedEmployment(ctx: Pick<StepContext, 'saved'>): { degree?: unknown; employment?: unknown; financialStatus?: unknown } | undefined {
  const info = ctx.saved.JOBSTATUS?.employmentInfo;
  return info && typeof info === 'object' && !Array.isArray(info) ? (info as Record<string, unknown>) : undefined;
}

export const validateFinance: StepValidator = (data, ctx) => {
  const info = objectOf(data.financialInfo);
  const job = savedEmployment(ctx);
  const p = (field: string) => `financialInfo.${field}`;
  const currentRule = checkOption(info.currentAsset, ASSET_BANDS);
  const netRule = checkOption(info.netAsset, ASSET_BANDS);
  const current: Check = currentRule ?? (netRule ? null : assetsInverted(info.netAsset, info.currentAsset) || !currentAssetOptions(info.netAsset).includes(info.currentAsset as string) ? 'assetsInverted' : null);
  return issuesOf([
    ['financialInfo', data.financialInfo !== null && typeof data.financialInfo === 'object' && !Array.isArray(data.financialInfo) ? null : 'required'],
    [p('fundsSource'), checkOptionList(info.fundsSource, FUNDS_SOURCES, job ? fundsSourceOptions(job.employment) : FUNDS_SOURCES)],
    [p('annualIncome'), checkOption(info.annualIncome, INCOME_BANDS)],
    [p('netAsset'), netRule],
    [p('currentAsset'), current],
    [p('annualAverageInvestAmount'), checkOption(info.annualAverageInvestAmount, INVEST_AMOUNT_BANDS)],
    [p('houseType'), checkOption(info.houseType, HOUSE_TYPES, houseTypeOptions(job?.financialStatus))],
    ...extraKeys(data.financialInfo, FINANCE_FIELDS, 'financialInfo'),
  ]);
};
